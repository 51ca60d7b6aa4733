import { and, asc, eq, sql } from 'drizzle-orm';
import type { Account, FindAccount } from 'oidc-provider';

import type { Database, Tx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import { scopes } from '../modules/resources/resources.table.js';
import { roles, rolesScopes, usersRoles } from '../modules/roles/roles.table.js';
import { listUserSsoIdentities } from '../modules/users/identities.service.js';
import { userClaims } from '../modules/users/user-claims.js';
import { userListColumns } from '../modules/users/users.service.js';
import { users } from '../modules/users/users.table.js';

const roleNamesOf = async (tx: Tx, userId: string) =>
  (
    await tx
      .select({ name: roles.name })
      .from(usersRoles)
      .innerJoin(roles, eq(roles.id, usersRoles.roleId))
      .where(eq(usersRoles.userId, userId))
      .orderBy(asc(roles.name))
  ).map((row) => row.name);

const accountById = prepared('oidc_account_by_id', (tx) =>
  tx.select(userListColumns).from(users).where(eq(users.id, sql.placeholder('id'))),
);

const userinfoOnlyScopes = ['custom_data', 'identities'];

/**
 * oidc-provider's account lookup. A deleted or suspended user is no account: every grant that needs
 * one (refresh token, code, userinfo) then fails with invalid_grant / invalid_token.
 */
export const createFindAccount =
  (tenantId: string, database: Database): FindAccount =>
  async (_ctx, sub): Promise<Account | undefined> => {
    const [user] = await database.withTenantAutocommit(tenantId, (tx) => accountById(tx).execute({ id: sub }));
    if (!user || user.isSuspended) {
      return undefined;
    }
    return {
      accountId: sub,
      claims: async (use, scope) => {
        const granted = new Set(scope.split(' '));
        if (use === 'id_token') {
          // Potentially large claims are served by userinfo only, keeping ID tokens small.
          for (const userinfoOnly of userinfoOnlyScopes) {
            granted.delete(userinfoOnly);
          }
        }
        const needsMore = granted.has('roles') || granted.has('identities');
        const extra = needsMore
          ? await database.withTenant(tenantId, async (tx) => ({
              roleNames: granted.has('roles') ? await roleNamesOf(tx, sub) : undefined,
              ssoIdentities: granted.has('identities')
                ? (await listUserSsoIdentities(tx, sub)).map(({ issuer, identityId, detail }) => ({ issuer, identityId, detail }))
                : undefined,
            }))
          : {};
        const claims = userClaims({ ...user, ...extra });
        if (use === 'id_token') {
          delete claims.custom_data;
          delete claims.identities;
        }
        return claims as Awaited<ReturnType<Account['claims']>>;
      },
    };
  };

/** Scope names of one API resource that the user's roles grant. */
export const userResourceScopes = (database: Database, tenantId: string, userId: string, resourceId: string) =>
  database.withTenant(tenantId, async (tx) =>
    (
      await tx
        .selectDistinct({ name: scopes.name })
        .from(usersRoles)
        .innerJoin(rolesScopes, eq(rolesScopes.roleId, usersRoles.roleId))
        .innerJoin(scopes, eq(scopes.id, rolesScopes.scopeId))
        .where(and(eq(usersRoles.userId, userId), eq(scopes.resourceId, resourceId)))
    ).map((row) => row.name),
  );
