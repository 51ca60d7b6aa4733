/** Every table, for Drizzle's typed queries and for drizzle-kit's migration generator. */
export * from '../modules/applications/applications.table.js';
export * from '../modules/dashboard/user-activity-days.table.js';
export * from '../modules/logs/logs.table.js';
export * from '../modules/resources/resources.table.js';
export * from '../modules/roles/roles.table.js';
export * from '../modules/signing-keys/oidc-keys.table.js';
export * from '../modules/tenants/tenants.table.js';
export * from '../modules/users/users.table.js';
export * from '../oidc/oidc-model-instances.table.js';
export * from '../modules/connectors/connectors.table.js';
export * from '../modules/experience/experience.table.js';
export * from '../modules/sign-in-experience/sign-in-experience.table.js';
