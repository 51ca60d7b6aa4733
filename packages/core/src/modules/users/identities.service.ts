import type { UserSocialTokenSet, UserSsoIdentity } from '@gatehouse/schemas';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';

import { ApiError, notFound } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import type { Tx } from '../../db/database.js';
import { type UserIdentities, userSocialTokenSets, userSsoIdentities, users } from './users.table.js';

const readIdentities = async (tx: Tx, userId: string) => {
  const [row] = await tx.select({ identities: users.identities }).from(users).where(eq(users.id, userId)).for('update');
  if (!row) {
    throw notFound('user', userId);
  }
  return row.identities;
};

/**
 * The user holding a social identity, through the GIN index on `identities` (by way of
 * gatehouse_user_ids_by_identity(), see migration 0007).
 */
export const findUserIdByIdentity = async (tx: Tx, target: string, identityUserId: string, exceptUserId?: string) => {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, sql`(select gatehouse_user_ids_by_identity(${JSON.stringify({ [target]: { userId: identityUserId } })}::jsonb))`),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return row?.id;
};

export const listUserIdentities = (scope: TenantScope, userId: string) => scope.transaction((tx) => readIdentities(tx, userId));

/** The provider tokens kept for the user's identity at `target` belonged to that identity: they go with it. */
const deleteTokenSet = (tx: Tx, userId: string, target: string) =>
  tx.delete(userSocialTokenSets).where(and(eq(userSocialTokenSets.userId, userId), eq(userSocialTokenSets.target, target)));

/**
 * Links (or replaces) the user's identity for a target; one user per identity in a tenant. Nothing
 * unique guards the identities column, so links of one identity (an administrator's, a
 * registration in another tab) take turns on a lock and the second finds the first's (409).
 */
export const linkIdentity = async (tx: Tx, userId: string, target: string, identity: UserIdentities[string]) => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('identity:' || current_setting('app.tenant_id') || ${`:${target}:${identity.userId}`}))`);
  const identities = await readIdentities(tx, userId);
  if (await findUserIdByIdentity(tx, target, identity.userId, userId)) {
    throw new ApiError(409, 'user.identity_in_use', { target, userId: identity.userId });
  }
  if (identities[target] && identities[target].userId !== identity.userId) {
    await deleteTokenSet(tx, userId, target);
  }
  const next = { ...identities, [target]: identity };
  await tx.update(users).set({ identities: next, updatedAt: new Date() }).where(eq(users.id, userId));
  return next;
};

export const setUserIdentity = (scope: TenantScope, userId: string, target: string, identity: UserIdentities[string]) =>
  scope.transaction((tx) => linkIdentity(tx, userId, target, identity));

export const deleteUserIdentity = (scope: TenantScope, userId: string, target: string) =>
  scope.transaction(async (tx) => {
    const identities = await readIdentities(tx, userId);
    if (!Object.hasOwn(identities, target)) {
      throw notFound('identity', `${userId}/${target}`);
    }
    const { [target]: _removed, ...rest } = identities;
    await tx.update(users).set({ identities: rest, updatedAt: new Date() }).where(eq(users.id, userId));
    await deleteTokenSet(tx, userId, target);
  });

/** The provider tokens kept for the user's identity at `target` (token storage), opened. */
export const readUserTokenSet = (scope: TenantScope, userId: string, target: string): Promise<UserSocialTokenSet> =>
  scope.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userSocialTokenSets)
      .where(and(eq(userSocialTokenSets.userId, userId), eq(userSocialTokenSets.target, target)));
    if (!row) {
      throw notFound('token set', `${userId}/${target}`);
    }
    // Sealed for this tenant, user and target (see the experience's submit step).
    const tokenSet = JSON.parse(scope.box.open(row.tokenSetSealed, `token-set:${scope.tenantId}:${userId}:${target}`)) as UserSocialTokenSet['tokenSet'];
    return { connectorId: row.connectorId, tokenSet, updatedAt: row.updatedAt.getTime() };
  });

export const listUserSsoIdentities = (tx: Tx, userId: string): Promise<UserSsoIdentity[]> =>
  tx
    .select()
    .from(userSsoIdentities)
    .where(eq(userSsoIdentities.userId, userId))
    .orderBy(asc(userSsoIdentities.createdAt))
    .then((rows) =>
      rows.map((row) => ({
        id: row.id,
        ssoConnectorId: row.ssoConnectorId,
        issuer: row.issuer,
        identityId: row.identityId,
        detail: row.detail,
        createdAt: row.createdAt.getTime(),
        updatedAt: row.updatedAt.getTime(),
      })),
    );
