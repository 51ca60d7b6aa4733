import { and, eq } from 'drizzle-orm';

import { notFound } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { applicationsRoles, roles } from './roles.table.js';

/** The tenant's built-in machine-to-machine role that holds the management API's `all` scope. */
export const findManagementRole = async (scope: TenantScope) => {
  const [role] = await scope.transaction((tx) =>
    tx.select().from(roles).where(and(eq(roles.isBuiltIn, true), eq(roles.type, 'MachineToMachine'))),
  );
  if (!role) {
    throw notFound('role', 'management');
  }
  return role;
};

export const assignRolesToApplication = async (scope: TenantScope, applicationId: string, roleIds: string[]) => {
  await scope.transaction((tx) =>
    tx
      .insert(applicationsRoles)
      .values(roleIds.map((roleId) => ({ tenantId: scope.tenantId, applicationId, roleId })))
      .onConflictDoNothing(),
  );
  await scope.invalidate();
};
