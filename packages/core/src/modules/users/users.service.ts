import { emailSpellings, type PaginationQuery, type User, type UserCreate, type UserPatch, type UserProfile } from '@gatehouse/schemas';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';

import { ApiError, notFound } from '../../app/errors.js';
import { pageWindow } from '../../app/pagination.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { generateUserId } from '../../crypto/ids.js';
import type { Tx } from '../../db/database.js';
import { oidcModelInstances } from '../../oidc/oidc-model-instances.table.js';
import { toRole } from '../roles/roles.service.js';
import { roles, usersRoles } from '../roles/roles.table.js';
import { listUserSsoIdentities } from './identities.service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { users } from './users.table.js';

type UserRow = typeof users.$inferSelect;

export const toUser = (
  row: Omit<UserRow, 'tenantId' | 'config' | 'mfaVerifications' | 'passwordEncryptionMethod' | 'usernameLower' | 'primaryEmailLower' | 'nameLower' | 'searchText'>,
): User => ({
  id: row.id,
  username: row.username,
  primaryEmail: row.primaryEmail,
  primaryPhone: row.primaryPhone,
  name: row.name,
  avatar: row.avatar,
  profile: row.profile,
  customData: row.customData,
  identities: row.identities,
  applicationId: row.applicationId,
  isSuspended: row.isSuspended,
  hasPassword: row.passwordEncrypted !== null,
  lastSignInAt: row.lastSignInAt?.getTime() ?? null,
  createdAt: row.createdAt.getTime(),
  updatedAt: row.updatedAt.getTime(),
});

/** The columns a user list shows (never secrets or internal config); also what token claims read. */
export const userListColumns = {
  id: users.id,
  username: users.username,
  primaryEmail: users.primaryEmail,
  primaryPhone: users.primaryPhone,
  name: users.name,
  avatar: users.avatar,
  profile: users.profile,
  customData: users.customData,
  identities: users.identities,
  applicationId: users.applicationId,
  isSuspended: users.isSuspended,
  passwordEncrypted: sql<string | null>`case when ${users.passwordEncrypted} is null then null else '' end`,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const requireUser = async (tx: Tx, id: string) => {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  if (!row) {
    throw notFound('user', id);
  }
  return row;
};

/**
 * What `primary_email_lower` holds for any spelling of the address's mailbox: the canonical one new
 * addresses are stored with, and the ASCII-domain and as-given ones rows stored before may have.
 */
export const emailLookupValues = (email: string) => [...new Set(emailSpellings(email).map((spelling) => spelling.toLowerCase()))];

/**
 * Refuses identifiers another user of the tenant holds (email and username case-insensitively, an
 * email in any spelling of its domain).
 */
export const assertIdentifiersFree = async (
  tx: Tx,
  input: { username?: string | null; primaryEmail?: string | null; primaryPhone?: string | null },
  exceptId?: string,
) => {
  const others = exceptId ? ne(users.id, exceptId) : undefined;
  const checks = [
    ['username', input.username, eq(users.usernameLower, input.username?.toLowerCase() ?? ''), 'user.username_already_in_use'],
    ['primaryEmail', input.primaryEmail, inArray(users.primaryEmailLower, emailLookupValues(input.primaryEmail ?? '')), 'user.email_already_in_use'],
    ['primaryPhone', input.primaryPhone, eq(users.primaryPhone, input.primaryPhone ?? ''), 'user.phone_already_in_use'],
  ] as const;
  for (const [field, value, condition, code] of checks) {
    if (!value) {
      continue;
    }
    const [clash] = await tx.select({ id: users.id }).from(users).where(and(condition, others)).limit(1);
    if (clash) {
      throw new ApiError(409, code, { value }, [{ path: `body.${field}`, code: 'duplicate', message: 'Already used by another user.' }]);
    }
  }
};

const isUniqueViolation = (error: unknown) => {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') {
      return true;
    }
  }
  return false;
};

/**
 * A write that gives a user identifiers, checked free first (`check`), in one transaction. A parallel write
 * (another tab, a double submit, two API calls) can take one between the check and the commit;
 * the unique index then refuses it, and the check, run again, names the identifier taken (409).
 */
export const writeWithIdentifiersFree = async <C, T>(
  scope: TenantScope,
  check: (tx: Tx) => Promise<C>,
  write: (tx: Tx, checked: C) => Promise<T>,
) => {
  try {
    return await scope.transaction(async (tx) => write(tx, await check(tx)));
  } catch (error) {
    if (isUniqueViolation(error)) {
      await scope.transaction(check);
    }
    throw error;
  }
};

const requireUserRoles = async (tx: Tx, roleIds: string[]) => {
  const rows = await tx.select().from(roles).where(inArray(roles.id, roleIds));
  const missing = roleIds.find((id) => !rows.some((row) => row.id === id));
  if (missing) {
    throw notFound('role', missing);
  }
  const machine = rows.find((row) => row.type !== 'User');
  if (machine) {
    throw new ApiError(422, 'role.not_user_type', { name: machine.name });
  }
  return rows;
};

type NewUser = Omit<typeof users.$inferInsert, 'tenantId' | 'id'>;

/** Inserts a user (identifiers already checked) and gives them the tenant's default roles. */
export const insertUser = async (tx: Tx, tenantId: string, values: NewUser) => {
  const [inserted] = await tx
    .insert(users)
    .values({ ...values, tenantId, id: generateUserId() })
    .returning();
  const defaults = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.isDefault, true), eq(roles.type, 'User')));
  if (defaults.length > 0) {
    await tx.insert(usersRoles).values(defaults.map((role) => ({ tenantId, userId: inserted!.id, roleId: role.id })));
  }
  return inserted!;
};

/** Creates a user with a hashed or imported password and the tenant's default roles, in one transaction. */
export const createUser = async (scope: TenantScope, input: UserCreate): Promise<User> => {
  const password = input.password
    ? await hashPassword(input.password)
    : input.passwordDigest && input.passwordAlgorithm
      ? { passwordEncrypted: input.passwordDigest, passwordEncryptionMethod: input.passwordAlgorithm }
      : { passwordEncrypted: null, passwordEncryptionMethod: null };
  const row = await writeWithIdentifiersFree(scope, (tx) => assertIdentifiersFree(tx, input), (tx) =>
    insertUser(tx, scope.tenantId, {
      username: input.username ?? null,
      primaryEmail: input.primaryEmail ?? null,
      primaryPhone: input.primaryPhone ?? null,
      name: input.name ?? null,
      avatar: input.avatar || null,
      profile: input.profile ?? {},
      customData: input.customData ?? {},
      ...password,
    }),
  );
  return toUser(row);
};

export const getUser = (scope: TenantScope, id: string, options: { includeSsoIdentities?: boolean } = {}) =>
  scope.transaction(async (tx) => {
    const user = toUser(await requireUser(tx, id));
    return options.includeSsoIdentities ? { ...user, ssoIdentities: await listUserSsoIdentities(tx, id) } : user;
  });

export const patchUser = async (scope: TenantScope, id: string, patch: UserPatch): Promise<User> => {
  const row = await writeWithIdentifiersFree(
    scope,
    async (tx) => {
      const current = await requireUser(tx, id);
      await assertIdentifiersFree(tx, patch, id);
      return current;
    },
    async (tx, current) => {
      const [updated] = await tx
        .update(users)
        .set({
          ...patch,
          ...(patch.avatar === undefined ? {} : { avatar: patch.avatar || null }),
          ...(patch.profile ? { profile: { ...current.profile, ...patch.profile } } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      return updated!;
    },
  );
  return toUser(row);
};

export const patchUserProfile = async (scope: TenantScope, id: string, profile: UserProfile) =>
  (await patchUser(scope, id, { profile })).profile;

/** Merges keys into custom data at the top level, read and written in one transaction. */
export const patchUserCustomData = async (scope: TenantScope, id: string, customData: Record<string, unknown>) =>
  scope.transaction(async (tx) => {
    const current = await requireUser(tx, id);
    const [updated] = await tx
      .update(users)
      .set({ customData: { ...current.customData, ...customData }, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning({ customData: users.customData });
    return updated!.customData;
  });

/** One app a revoked session had signed the user in to, with the session id the app was given. */
export type EndedSignIn = { userId: string; clientId: string; sid: string };

/**
 * Revokes every session, grant, code and token of the user (suspension, deletion, password reset,
 * sign-out everywhere), and the sign-ins submitted but not yet resumed: the browser would otherwise
 * still get a session and a code after the change. Their interaction names the user only inside its
 * result. Answers the apps the sessions had signed in to, for their back-channel logout.
 */
export const revokeUserTokens = async (tx: Tx, userId: string): Promise<EndedSignIn[]> => {
  const sessions = await tx
    .select({ authorizations: sql<Record<string, { sid?: string }> | null>`${oidcModelInstances.payload}->'authorizations'` })
    .from(oidcModelInstances)
    .where(and(eq(oidcModelInstances.accountId, userId), eq(oidcModelInstances.modelName, 'Session')));
  await tx.delete(oidcModelInstances).where(eq(oidcModelInstances.accountId, userId));
  await tx
    .delete(oidcModelInstances)
    .where(and(eq(oidcModelInstances.modelName, 'Interaction'), sql`${oidcModelInstances.payload}->'result'->'login'->>'accountId' = ${userId}`));
  return sessions.flatMap(({ authorizations }) =>
    Object.entries(authorizations ?? {}).map(([clientId, { sid }]) => ({ userId, clientId, sid: sid ?? '' })),
  );
};

/** Deletes the user with their sessions, grants, identities and role links in one transaction. */
export const deleteUser = (scope: TenantScope, id: string) =>
  scope.transaction(async (tx) => {
    const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (deleted.length === 0) {
      throw notFound('user', id);
    }
    return revokeUserTokens(tx, id);
  });

/** Signs the user out everywhere: sessions, grants, codes and tokens go; the account stays usable. */
export const signOutUser = (scope: TenantScope, id: string) =>
  scope.transaction(async (tx) => {
    await requireUser(tx, id);
    return revokeUserTokens(tx, id);
  });

export const setUserPassword = async (scope: TenantScope, id: string, password: string) => {
  const hashed = await hashPassword(password);
  const row = await scope.transaction(async (tx) => {
    await requireUser(tx, id);
    const [updated] = await tx.update(users).set({ ...hashed, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    return updated!;
  });
  return toUser(row);
};

/** Checks a password; on success an older or weaker hash is upgraded to Argon2id. */
export const verifyUserPassword = async (scope: TenantScope, id: string, password: string) => {
  const [row] = await scope.transaction((tx) =>
    tx
      .select({ passwordEncrypted: users.passwordEncrypted, passwordEncryptionMethod: users.passwordEncryptionMethod })
      .from(users)
      .where(eq(users.id, id)),
  );
  if (!row) {
    throw notFound('user', id);
  }
  if (!row.passwordEncrypted || !row.passwordEncryptionMethod) {
    throw new ApiError(422, 'user.no_password');
  }
  const result = await verifyPassword(password, {
    passwordEncrypted: row.passwordEncrypted,
    passwordEncryptionMethod: row.passwordEncryptionMethod,
  });
  if (!result.valid) {
    throw new ApiError(422, 'user.password_mismatch');
  }
  if (result.needsRehash) {
    const hashed = await hashPassword(password);
    await scope.transaction((tx) => tx.update(users).set(hashed).where(eq(users.id, id)));
  }
};

export const setUserSuspended = async (scope: TenantScope, id: string, isSuspended: boolean) => {
  const { row, ended } = await scope.transaction(async (tx) => {
    await requireUser(tx, id);
    const [updated] = await tx.update(users).set({ isSuspended, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    return { row: updated!, ended: isSuspended ? await revokeUserTokens(tx, id) : [] };
  });
  return { user: toUser(row), ended };
};

export const listUserRoles = (scope: TenantScope, userId: string, page: PaginationQuery) =>
  scope.transaction(async (tx) => {
    await requireUser(tx, userId);
    const { limit, offset } = pageWindow(page);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(usersRoles).where(eq(usersRoles.userId, userId));
    const rows = await tx
      .select({ role: roles })
      .from(usersRoles)
      .innerJoin(roles, eq(roles.id, usersRoles.roleId))
      .where(eq(usersRoles.userId, userId))
      .orderBy(asc(roles.name))
      .limit(limit)
      .offset(offset);
    return { total, items: rows.map(({ role }) => toRole(role)) };
  });

export const assignUserRoles = async (scope: TenantScope, userId: string, roleIds: string[]) => {
  const ids = [...new Set(roleIds)];
  await scope.transaction(async (tx) => {
    await requireUser(tx, userId);
    await requireUserRoles(tx, ids);
    await tx
      .insert(usersRoles)
      .values(ids.map((roleId) => ({ tenantId: scope.tenantId, userId, roleId })))
      .onConflictDoNothing();
  });
};

export const removeUserRole = async (scope: TenantScope, userId: string, roleId: string) => {
  const deleted = await scope.transaction((tx) =>
    tx
      .delete(usersRoles)
      .where(and(eq(usersRoles.userId, userId), eq(usersRoles.roleId, roleId)))
      .returning({ roleId: usersRoles.roleId }),
  );
  if (deleted.length === 0) {
    throw notFound('role assignment', `${userId}/${roleId}`);
  }
};
