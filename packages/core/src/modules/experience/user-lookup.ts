import type { ExperienceIdentifier } from '@gatehouse/schemas';
import { eq, sql } from 'drizzle-orm';

import type { TenantScope } from '../../app/tenant-scope.js';
import { prepared } from '../../db/prepared.js';
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

const byColumn = (name: string, column: typeof users.usernameLower | typeof users.primaryEmailLower | typeof users.primaryPhone | typeof users.id) =>
  prepared(name, (tx) => tx.select(columns).from(users).where(eq(column, sql.placeholder('value'))).limit(1));

const byUsername = byColumn('experience_user_by_username', users.usernameLower);
const byEmail = byColumn('experience_user_by_email', users.primaryEmailLower);
const byPhone = byColumn('experience_user_by_phone', users.primaryPhone);
const byId = byColumn('experience_user_by_id', users.id);

/** The user an identifier names: username and email case-insensitively, phone as given. */
export const findUserByIdentifier = async (scope: TenantScope, identifier: ExperienceIdentifier): Promise<SignInUser | undefined> => {
  const [query, value] =
    identifier.type === 'username'
      ? [byUsername, identifier.value.toLowerCase()]
      : identifier.type === 'email'
        ? [byEmail, identifier.value.toLowerCase()]
        : [byPhone, identifier.value];
  const [row] = await scope.autocommit((tx) => query(tx).execute({ value }));
  return row;
};

export const findUserById = async (scope: TenantScope, id: string): Promise<SignInUser | undefined> => {
  const [row] = await scope.autocommit((tx) => byId(tx).execute({ value: id }));
  return row;
};
