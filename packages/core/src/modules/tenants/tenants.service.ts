import {
  managementAllScope,
  managementApiIndicator,
  managementApiResourceName,
  managementRoleDescription,
  managementRoleName,
  managementScopeDescriptions,
  type SigningKeyAlgorithm,
} from '@gatehouse/schemas';
import { eq } from 'drizzle-orm';

import { generateId } from '../../crypto/ids.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Database, Tx } from '../../db/database.js';
import { resources, scopes } from '../resources/resources.table.js';
import { roles, rolesScopes } from '../roles/roles.table.js';
import { insertCookieKey, insertSigningKey } from '../signing-keys/oidc-keys.queries.js';
import { tenants } from './tenants.table.js';

/** What every tenant starts with: its management API, the management role, and its keys. */
const seedTenantContent = async (tx: Tx, box: SecretBox, tenantId: string, algorithm: SigningKeyAlgorithm) => {
  const resourceId = generateId();
  await tx.insert(resources).values({
    tenantId,
    id: resourceId,
    name: managementApiResourceName,
    indicator: managementApiIndicator(tenantId),
    isBuiltIn: true,
  });
  const scopeRows = Object.entries(managementScopeDescriptions).map(([name, description]) => ({
    tenantId,
    id: generateId(),
    resourceId,
    name,
    description,
  }));
  await tx.insert(scopes).values(scopeRows);
  const roleId = generateId();
  await tx.insert(roles).values({
    tenantId,
    id: roleId,
    name: managementRoleName,
    description: managementRoleDescription,
    type: 'MachineToMachine',
    isBuiltIn: true,
  });
  const allScope = scopeRows.find((scope) => scope.name === managementAllScope)!;
  await tx.insert(rolesScopes).values({ tenantId, roleId, scopeId: allScope.id });
  await insertSigningKey(tx, box, tenantId, algorithm);
  await insertCookieKey(tx, box, tenantId);
};

/**
 * Creates a tenant with its built-in content in one transaction. Idempotent: an existing tenant is
 * left as it is, so every process may call it at start-up.
 */
export const ensureTenant = async (
  database: Database,
  box: SecretBox,
  tenant: { id: string; name: string; tag?: string },
  algorithm: SigningKeyAlgorithm,
): Promise<boolean> =>
  database.withTenant(tenant.id, async (tx) => {
    const inserted = await tx
      .insert(tenants)
      .values({ id: tenant.id, name: tenant.name, tag: tenant.tag ?? 'development' })
      .onConflictDoNothing()
      .returning({ id: tenants.id });
    if (inserted.length === 0) {
      return false;
    }
    await seedTenantContent(tx, box, tenant.id, algorithm);
    return true;
  });

export const listTenantIds = async (database: Database) =>
  (await database.db.select({ id: tenants.id }).from(tenants)).map((row) => row.id);

export const findTenant = async (database: Database, id: string) =>
  (await database.db.select().from(tenants).where(eq(tenants.id, id)))[0];
