import type { ManagementScope, managementAllScope } from '@gatehouse/schemas';

import type { TenantRuntime } from '../oidc/tenant-runtime.js';
import type { TenantScope } from './tenant-scope.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The management scope a route needs: a fine-grained one, `all` (full access only), or `public` for none. Omitted means `all`. */
    scope?: ManagementScope | typeof managementAllScope | 'public';
  }
  interface FastifyRequest {
    tenantId: string;
    tenantRuntime: () => TenantRuntime;
    /** The admin tenant's runtime: console users' tokens are issued there. */
    adminRuntime: () => TenantRuntime;
    tenantScope: () => TenantScope;
    auth?: { subject: string; clientId: string; scopes: string[] };
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served outside any tenant (metrics); skips tenant resolution. */
    tenantless?: boolean;
  }
}
