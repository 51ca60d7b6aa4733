import type { ExperienceIdentifier } from '@gatehouse/schemas';
import { eq, sql } from 'drizzle-orm';

import type { TenantScope } from '../../app/tenant-scope.js';
import { prepared } from '../../db/prepared.js';
import { emailLookupValues } from '../users/users.service.js';
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

const byColumn = (name: string, column: typeof users.usernameLower | typeof users.primaryPhone | typeof users.id) =>
  prepared(name, (tx) => tx.select(columns).from(users).where(eq(column, sql.placeholder('value'))).limit(1));

const byUsername = byColumn('experience_user_by_username', users.usernameLower);
/**
 * By every spelling of the address (emailLookupValues): rows stored before addresses were kept in one
 * spelling may hold the other domain form. Should two such rows exist, the spelling listed first
 * (as given, then canonical) wins, then the older account.
 */
const byEmail = prepared('experience_user_by_email', (tx) =>
  tx
    .select(columns)
    .from(users)
    .where(sql`${users.primaryEmailLower} = any(${sql.placeholder('values')}::varchar[])`)
    .orderBy(sql`array_position(${sql.placeholder('values')}::varchar[], ${users.primaryEmailLower})`, users.createdAt)
    .limit(1),
);
const byPhone = byColumn('experience_user_by_phone', users.primaryPhone);
const byId = byColumn('experience_user_by_id', users.id);

/** The user an identifier names: username and email case-insensitively (an email in any spelling of its domain), phone as given. */
export const findUserByIdentifier = async (scope: TenantScope, identifier: ExperienceIdentifier): Promise<SignInUser | undefined> => {
  if (identifier.type === 'email') {
    const [row] = await scope.autocommit((tx) => byEmail(tx).execute({ values: emailLookupValues(identifier.value) }));
    return row;
  }
  const [query, value] = identifier.type === 'username' ? [byUsername, identifier.value.toLowerCase()] : [byPhone, identifier.value];
  const [row] = await scope.autocommit((tx) => query(tx).execute({ value }));
  return row;
};

export const findUserById = async (scope: TenantScope, id: string): Promise<SignInUser | undefined> => {
  const [row] = await scope.autocommit((tx) => byId(tx).execute({ value: id }));
  return row;
};
