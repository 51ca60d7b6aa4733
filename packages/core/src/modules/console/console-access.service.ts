import {
  adminTenantId,
  consoleAdminRoleName,
  consoleApplicationId,
  defaultSignInExperience,
  defaultTenantId,
  managementAllScope,
  managementApiIndicator,
} from '@gatehouse/schemas';
import { and, count, eq, sql } from 'drizzle-orm';

import { ApiError } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { generateId, generateSecret } from '../../crypto/ids.js';
import type { Tx } from '../../db/database.js';
import { appSealContext } from '../applications/applications.service.js';
import { applications } from '../applications/applications.table.js';
import { resources, scopes } from '../resources/resources.table.js';
import { roles, rolesScopes, usersRoles } from '../roles/roles.table.js';
import { signInExperiences } from '../sign-in-experience/sign-in-experience.table.js';
import { insertUser, assertIdentifiersFree } from '../users/users.service.js';
import { users } from '../users/users.table.js';

/**
 * How console users reach a tenant's management API: the admin tenant holds an API resource with
 * the managed tenant's management indicator and scope `all`, and a User role granting it. A console
 * administrator signs in to the admin tenant and gets an access token for that indicator; the
 * managed tenant accepts it (see app/auth.ts).
 */
const ensureConsoleRole = async (tx: Tx, managedTenantId: string) => {
  const indicator = managementApiIndicator(managedTenantId);
  let [resource] = await tx.select({ id: resources.id }).from(resources).where(eq(resources.indicator, indicator));
  if (!resource) {
    resource = { id: generateId() };
    await tx.insert(resources).values({
      tenantId: adminTenantId,
      id: resource.id,
      name: `Management API of the ${managedTenantId} tenant`,
      indicator,
      isBuiltIn: true,
    });
  }
  let [all] = await tx
    .select({ id: scopes.id })
    .from(scopes)
    .where(and(eq(scopes.resourceId, resource.id), eq(scopes.name, managementAllScope)));
  if (!all) {
    all = { id: generateId() };
    await tx.insert(scopes).values({ tenantId: adminTenantId, id: all.id, resourceId: resource.id, name: managementAllScope, description: 'Everything the console does.' });
  }
  let [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, consoleAdminRoleName));
  if (!role) {
    role = { id: generateId() };
    await tx.insert(roles).values({
      tenantId: adminTenantId,
      id: role.id,
      name: consoleAdminRoleName,
      description: `Manages the ${managedTenantId} tenant from the console.`,
      type: 'User',
      isBuiltIn: true,
    });
    await tx.insert(rolesScopes).values({ tenantId: adminTenantId, roleId: role.id, scopeId: all.id });
  }
  return role.id;
};

/**
 * Keeps the admin tenant ready for the console (idempotent, every start): the role and resource
 * above, the console's SPA client with redirect URIs on `endpoint`, and sign-in without
 * self-registration (administrators are created, never signed up).
 */
export const ensureConsoleAccess = (scope: TenantScope, endpoint: string) =>
  scope.transaction(async (tx) => {
    await ensureConsoleRole(tx, defaultTenantId);
    const oidcClientMetadata = {
      redirectUris: [`${endpoint}/console/callback`],
      postLogoutRedirectUris: [`${endpoint}/console`],
    };
    const [app] = await tx.select({ oidc: applications.oidcClientMetadata }).from(applications).where(eq(applications.id, consoleApplicationId));
    if (!app) {
      await tx.insert(applications).values({
        tenantId: adminTenantId,
        id: consoleApplicationId,
        name: 'Admin console',
        secret: scope.box.seal(generateSecret(), appSealContext(adminTenantId, consoleApplicationId)),
        type: 'SPA',
        oidcClientMetadata,
        customClientMetadata: { alwaysIssueRefreshToken: true, rotateRefreshToken: true },
      });
    } else if (JSON.stringify(app.oidc.redirectUris) !== JSON.stringify(oidcClientMetadata.redirectUris)) {
      await tx.update(applications).set({ oidcClientMetadata: { ...app.oidc, ...oidcClientMetadata } }).where(eq(applications.id, consoleApplicationId));
    }
    const { id: _id, ...settings } = { ...defaultSignInExperience, signInMode: 'SignIn' as const };
    await tx.insert(signInExperiences).values({ tenantId: adminTenantId, settings }).onConflictDoNothing();
  }).then(() => scope.invalidate());

const countAdminUsers = async (tx: Tx) => (await tx.select({ total: count() }).from(users))[0]?.total ?? 0;

/** True until the first administrator exists (the console then shows its welcome screen). */
export const firstAdminNeeded = (scope: TenantScope) => scope.transaction(async (tx) => (await countAdminUsers(tx)) === 0);

/**
 * Creates the first console administrator. Only while the admin tenant has no user at all; two
 * concurrent attempts are serialized, and the second is refused.
 */
export const createFirstAdmin = (
  scope: TenantScope,
  input: { username: string; primaryEmail?: string; password: { passwordEncrypted: string; passwordEncryptionMethod: 'Argon2id' } },
) =>
  scope.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('gatehouse:first-admin'))`);
    if ((await countAdminUsers(tx)) > 0) {
      throw new ApiError(403, 'console.setup_done');
    }
    await assertIdentifiersFree(tx, input);
    const user = await insertUser(tx, adminTenantId, {
      username: input.username,
      primaryEmail: input.primaryEmail ?? null,
      ...input.password,
    });
    const roleId = await ensureConsoleRole(tx, defaultTenantId);
    await tx.insert(usersRoles).values({ tenantId: adminTenantId, userId: user.id, roleId });
    return { id: user.id, username: user.username! };
  });
