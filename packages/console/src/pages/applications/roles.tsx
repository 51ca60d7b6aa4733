import type { Application } from '@gatehouse/schemas';

import { AssignedRoles } from '../roles/assigned-roles.js';

/** Machine-to-machine roles of an M2M application: their permissions become the app's scopes. */
export const ApplicationRoles = ({ application }: { application: Application }) => (
  <AssignedRoles
    path={`applications/${encodeURIComponent(application.id)}/roles`}
    type="MachineToMachine"
    phrases="app_roles"
    holder={application.name}
  />
);
