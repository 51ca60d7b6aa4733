/** Reserved tenants that always exist (ARCHITECTURE §2). */
export const defaultTenantId = 'default';
export const adminTenantId = 'admin';

export const editions = ['oss', 'cloud'] as const;
export type Edition = (typeof editions)[number];

export const ossTenantOnlyMessage = 'Only the default tenant is supported in OSS.';

export const tenantTags = ['development', 'production'] as const;
export type TenantTag = (typeof tenantTags)[number];

/** Organization ids of tenants inside the admin tenant carry this prefix (spec §6). */
export const adminTenantOrganizationPrefix = 't-';

/** The admin console's OIDC client, a first-party SPA of the admin tenant. */
export const consoleApplicationId = 'admin-console';
/** The admin-tenant user role whose holders manage the default tenant from the console. */
export const consoleAdminRoleName = 'Console administrator';
