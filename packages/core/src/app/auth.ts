import { managementAllScope, managementApiIndicator } from '@gatehouse/schemas';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';

import { ApiError } from './errors.js';

/**
 * Checks the bearer token of a management API call: issued by this tenant (or, for console users,
 * by the admin tenant), for this tenant's management API, and carrying the route's scope (or `all`). A route that declares no scope is
 * treated as needing `all`, so forgetting one fails closed.
 */
export const authenticateManagementRequest = async (request: FastifyRequest) => {
  const required = request.routeOptions.config.scope ?? managementAllScope;
  if (required === 'public') {
    return;
  }
  const header = request.headers.authorization;
  if (!header) {
    throw new ApiError(401, 'auth.authorization_header_missing');
  }
  const [type, token] = header.split(' ');
  if (type?.toLowerCase() !== 'bearer' || !token) {
    throw new ApiError(401, 'auth.authorization_type_not_supported');
  }
  const runtime = request.tenantRuntime();
  let scopes: string[];
  try {
    // Machine clients get tokens from the tenant itself; console users from the admin tenant, for
    // this tenant's management indicator (a resource only the admin tenant's owner can define).
    const admin = request.adminRuntime();
    const issuer = decodeJwt(token).iss;
    const verifier = issuer === admin.issuer ? admin : runtime;
    const payload = await verifier.verifyAccessToken(token, managementApiIndicator(runtime.tenantId));
    scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    request.auth = { subject: String(payload.sub), clientId: String(payload.client_id ?? ''), scopes };
  } catch {
    throw new ApiError(401, 'auth.invalid_token');
  }
  if (!scopes.includes(managementAllScope) && !scopes.includes(required)) {
    throw new ApiError(403, 'auth.insufficient_scope');
  }
};
