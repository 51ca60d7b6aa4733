import { adminTenantId, defaultTenantId, type Edition } from '@gatehouse/schemas';
import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';

import { ApiError } from './errors.js';

const pathTenant = Symbol('pathTenant');
type TaggedRequest = IncomingMessage & { [pathTenant]?: string };

const prefixPattern = /^\/t\/([\da-z-]{1,21})(?=\/|\?|$)/;

/**
 * Fastify `rewriteUrl`: strips a `/t/{tenantId}` prefix and remembers the tenant, so one set of
 * routes serves every tenant.
 */
export const rewriteTenantPrefix = (request: IncomingMessage): string => {
  const url = request.url ?? '/';
  const match = prefixPattern.exec(url);
  if (!match) {
    return url;
  }
  (request as TaggedRequest)[pathTenant] = match[1];
  // `/t/acme` → `/`, and `/t/acme?x=1` → `/?x=1` (a bare `?x=1` is not a path the router can match).
  const rest = url.slice(match[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
};

export type TenantResolverOptions = {
  edition: Edition;
  tenantBaseDomain: string | undefined;
  tenantExists: (tenantId: string) => Promise<boolean>;
};

/** Reserved tenants the self-hosted edition serves: `default`, and `admin` for the console. */
const ossTenants = new Set([defaultTenantId, adminTenantId]);

/**
 * Resolves the request's tenant (ARCHITECTURE §2): `{tenantId}.{TENANT_BASE_DOMAIN}` host, then the
 * `/t/{tenantId}` path prefix, then the default tenant.
 */
export const resolveTenantId = async (request: FastifyRequest, options: TenantResolverOptions): Promise<string> => {
  let tenantId: string | undefined;
  if (options.tenantBaseDomain) {
    const host = request.hostname.split(':')[0]?.toLowerCase() ?? '';
    const suffix = `.${options.tenantBaseDomain.toLowerCase()}`;
    if (host.endsWith(suffix)) {
      tenantId = host.slice(0, -suffix.length);
    }
  }
  tenantId ??= (request.raw as TaggedRequest)[pathTenant] ?? defaultTenantId;

  if (options.edition === 'oss' && !ossTenants.has(tenantId)) {
    throw new ApiError(404, 'tenant.not_supported_in_oss');
  }
  if (!(await options.tenantExists(tenantId))) {
    throw new ApiError(404, 'tenant.not_found', { tenantId });
  }
  return tenantId;
};
