import type { ExperienceIdentifier } from '@gatehouse/schemas';
import { eq } from 'drizzle-orm';

import type { TenantScope } from '../../app/tenant-scope.js';
import { users } from '../users/users.table.js';

const columns = {
  id: users.id,
  username: users.username,
  primaryEmail: users.primaryEmail,
  primaryPhone: users.primaryPhone,
  name: users.name,
  avatar: users.avatar,
  isSuspended: users.isSuspended,
  passwordEncrypted: users.passwordEncrypted,
  passwordEncryptionMethod: users.passwordEncryptionMethod,
  customData: users.customData,
  profile: users.profile,
};

export type SignInUser = { [K in keyof typeof columns]: (typeof users.$inferSelect)[K] };

/** The user an identifier names: username and email case-insensitively, phone as given. */
export const findUserByIdentifier = async (scope: TenantScope, identifier: ExperienceIdentifier): Promise<SignInUser | undefined> => {
  const condition =
    identifier.type === 'username'
      ? eq(users.usernameLower, identifier.value.toLowerCase())
      : identifier.type === 'email'
        ? eq(users.primaryEmailLower, identifier.value.toLowerCase())
        : eq(users.primaryPhone, identifier.value);
  const [row] = await scope.transaction((tx) => tx.select(columns).from(users).where(condition).limit(1));
  return row;
};

export const findUserById = async (scope: TenantScope, id: string): Promise<SignInUser | undefined> => {
  const [row] = await scope.transaction((tx) => tx.select(columns).from(users).where(eq(users.id, id)));
  return row;
};
