import type { TestServer } from './test-server.js';

/**
 * Leaves a grant and a refresh token for a user exactly as a completed sign-in with consent would
 * (oidc-provider's own models), so token-endpoint behaviour for users is tested independently of
 * the hosted sign-in pages.
 */
export const mintUserRefreshToken = async (
  server: TestServer,
  options: { tenantId?: string; clientId: string; accountId: string; oidcScope: string; resource?: { indicator: string; scope: string } },
) => {
  const provider = await server.gatehouse.runtimes.get(options.tenantId ?? 'default').provider();
  const client = await provider.Client.find(options.clientId);
  if (!client) {
    throw new Error(`no client ${options.clientId}`);
  }
  const grant = new provider.Grant({ accountId: options.accountId, clientId: options.clientId });
  grant.addOIDCScope(options.oidcScope);
  if (options.resource) {
    grant.addResourceScope(options.resource.indicator, options.resource.scope);
  }
  const grantId = await grant.save();
  const refreshToken = new provider.RefreshToken({
    accountId: options.accountId,
    client,
    grantId,
    gty: 'authorization_code',
    scope: [options.oidcScope, options.resource?.scope].filter(Boolean).join(' '),
    ...(options.resource ? { resource: options.resource.indicator } : {}),
  });
  return refreshToken.save();
};
