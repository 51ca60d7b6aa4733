import type { User } from '@gatehouse/schemas';

/** How a user is named in lists and headers: name, else username, email, phone, id. */
export const userDisplayName = (user: Pick<User, 'name' | 'username' | 'primaryEmail' | 'primaryPhone' | 'id'>) =>
  user.name || user.username || user.primaryEmail || user.primaryPhone || user.id;
