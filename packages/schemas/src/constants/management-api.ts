/**
 * The built-in management API every tenant has (ARCHITECTURE §5). Its indicator is tenant-specific,
 * so a token minted for one tenant's management API can never carry the audience of another's.
 */
export const managementApiIndicator = (tenantId: string) =>
  `https://${tenantId}.gatehouse.app/api`;

export const managementApiResourceName = 'Gatehouse Management API';

/** `all` grants every management route. */
export const managementAllScope = 'all';

/** Fine-grained scopes, checked per route. */
export const managementScopes = {
  readApplications: 'read:applications',
  writeApplications: 'write:applications',
  readResources: 'read:resources',
  writeResources: 'write:resources',
  readUsers: 'read:users',
  writeUsers: 'write:users',
  readRoles: 'read:roles',
  writeRoles: 'write:roles',
  readLogs: 'read:logs',
  readSigningKeys: 'read:signing-keys',
  writeSigningKeys: 'write:signing-keys',
  readSignInExperience: 'read:sign-in-experience',
  writeSignInExperience: 'write:sign-in-experience',
  readConnectors: 'read:connectors',
  writeConnectors: 'write:connectors',
} as const;

export type ManagementScope = (typeof managementScopes)[keyof typeof managementScopes];

export const managementScopeDescriptions: Record<ManagementScope | typeof managementAllScope, string> = {
  all: 'Default scope for the management API: grants every management route.',
  'read:applications': 'Read applications and their secrets.',
  'write:applications': 'Create, update and delete applications and their secrets.',
  'read:resources': 'Read API resources and their permissions.',
  'write:resources': 'Create, update and delete API resources and their permissions.',
  'read:users': 'Read users and their roles.',
  'write:users': 'Create, update, suspend and delete users, set passwords and assign roles.',
  'read:roles': 'Read roles.',
  'write:roles': 'Create, update and delete roles and their assignments.',
  'read:logs': 'Read audit logs.',
  'read:signing-keys': 'Read the public part of signing keys.',
  'write:signing-keys': 'Rotate and delete signing keys.',
  'read:sign-in-experience': 'Read the sign-in experience, custom phrases, custom profile fields and captcha settings.',
  'write:sign-in-experience': 'Change the sign-in experience, custom phrases, custom profile fields and captcha settings.',
  'read:connectors': 'Read email, SMS and social connectors and email templates (never their secrets in clear).',
  'write:connectors': 'Create, update, test and delete connectors and email templates.',
};

/** The built-in machine-to-machine role that holds `all` (spec §6). */
export const managementRoleName = 'Management API access';
export const managementRoleDescription = 'Machine-to-machine role with full access to the management API.';
