import { managementAllScope, managementApiIndicator } from '@gatehouse/schemas';

import type { TenantScope } from '../../app/tenant-scope.js';
import { assignRolesToApplication, findManagementRole } from '../roles/roles.service.js';
import { createApplication, listSecrets } from './applications.service.js';

export type M2mCredentials = {
  clientId: string;
  clientSecret: string;
  tokenEndpoint: string;
  resource: string;
  scope: string;
};

/**
 * Creates a machine-to-machine application that holds the built-in management role, and returns
 * what a script needs to call the management API with it.
 */
export const createManagementM2mApp = async (
  scope: TenantScope,
  name: string,
  issuer: string,
): Promise<M2mCredentials> => {
  const application = await createApplication(scope, { name, type: 'MachineToMachine' });
  const role = await findManagementRole(scope);
  await assignRolesToApplication(scope, application.id, [role.id]);
  const [secret] = await listSecrets(scope, application.id);
  return {
    clientId: application.id,
    clientSecret: secret!.value,
    tokenEndpoint: `${issuer}/token`,
    resource: managementApiIndicator(scope.tenantId),
    scope: managementAllScope,
  };
};
