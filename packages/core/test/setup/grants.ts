import { managementApiIndicator } from '@gatehouse/schemas';
import { eq } from 'drizzle-orm';

import { generateId } from '../../src/crypto/ids.js';
import { resources, scopes } from '../../src/modules/resources/resources.table.js';
import { applicationsRoles, roles, rolesScopes } from '../../src/modules/roles/roles.table.js';
import { basicAuth, postForm } from './forms.js';
import type { TestServer } from './test-server.js';

/**
 * Gives a machine-to-machine application a new role holding `scopeNames` of the resource with
 * `indicator`. Written against the tables directly because the roles API is not part of this suite.
 */
export const grantScopes = async (
  server: TestServer,
  tenantId: string,
  applicationId: string,
  indicator: string,
  scopeNames: string[],
) => {
  const scope = server.gatehouse.scopeFor(tenantId);
  await scope.transaction(async (tx) => {
    const [resource] = await tx.select().from(resources).where(eq(resources.indicator, indicator));
    const roleId = generateId();
    await tx.insert(roles).values({ tenantId, id: roleId, name: `role-${roleId}`, description: 'test', type: 'MachineToMachine' });
    const rows = await tx.select().from(scopes).where(eq(scopes.resourceId, resource!.id));
    const granted = rows.filter((row) => scopeNames.includes(row.name));
    if (granted.length > 0) {
      await tx.insert(rolesScopes).values(granted.map((row) => ({ tenantId, roleId, scopeId: row.id })));
    }
    await tx.insert(applicationsRoles).values({ tenantId, applicationId, roleId });
  });
  await scope.invalidate();
};

/** A management API caller whose token holds exactly `scopeNames` (a new M2M app with a role for them). */
export const apiWithScopes = async (server: TestServer, scopeNames: string[], tenantId = 'default') => {
  const admin = await server.api(tenantId);
  const app = (await admin.post('/applications', { name: `scoped-${generateId()}`, type: 'MachineToMachine' })).body;
  const indicator = managementApiIndicator(tenantId);
  await grantScopes(server, tenantId, app.id, indicator, scopeNames);
  const [secret] = (await admin.get(`/applications/${app.id}/secrets`)).body;
  const issued = await postForm(
    `${server.tenantBase(tenantId)}/oidc/token`,
    { grant_type: 'client_credentials', resource: indicator, scope: scopeNames.join(' ') },
    basicAuth(app.id, secret.value),
  );
  if (issued.status !== 200) {
    throw new Error(`token request failed: ${JSON.stringify(issued.body)}`);
  }
  return server.apiWithToken(tenantId, issued.body.access_token);
};
