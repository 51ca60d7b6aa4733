import type { IncomingHttpHeaders } from 'node:http';

import { nanoid } from 'nanoid';

import type { ClientRecord, TenantRuntime } from './tenant-runtime.js';

/** Form parameters the fast path understands; any other one sends the request to oidc-provider. */
const handledParameters = new Set(['grant_type', 'resource', 'scope', 'client_id']);

export type TokenResponse = { access_token: string; expires_in: number; scope?: string; token_type: 'Bearer' };

/** The headers oidc-provider's token endpoint sends with a success, for a request without Origin. */
export const tokenResponseHeaders = {
  vary: 'Origin',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'WWW-Authenticate',
  'cache-control': 'no-store',
  'content-type': 'application/json; charset=utf-8',
};

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Issues a client-credentials JWT access token without going through oidc-provider's middleware
 * chain, for the one request shape that dominates machine-to-machine traffic: a client that the
 * secret exchange has already authenticated, asking for one known API resource and scopes its
 * roles grant. The token and response are the ones oidc-provider would produce (same claims, same
 * key, same TTL, same headers; a test compares the two). Anything else — DPoP, CORS, duplicate or
 * unknown parameters, several resources, a scope not granted, an error of any kind — returns
 * undefined, and oidc-provider handles the request as usual.
 */
export const issueClientCredentialsToken = async (
  runtime: TenantRuntime,
  record: ClientRecord,
  params: URLSearchParams,
  headers: IncomingHttpHeaders,
): Promise<TokenResponse | undefined> => {
  if (record.source.type !== 'MachineToMachine' || headers.dpop !== undefined || headers.origin !== undefined) {
    return undefined;
  }
  const seen = new Set<string>();
  for (const [key] of params) {
    if (seen.has(key) || !handledParameters.has(key)) {
      return undefined;
    }
    seen.add(key);
  }
  const clientId = record.source.id;
  if (params.get('grant_type') !== 'client_credentials' || (seen.has('client_id') && params.get('client_id') !== clientId)) {
    return undefined;
  }
  const indicator = params.get('resource');
  const resource = indicator ? (await runtime.resources()).byIndicator.get(indicator) : undefined;
  if (!indicator || !resource) {
    return undefined;
  }
  const granted = await runtime.applicationScopes(clientId, resource.id);
  const requested = [...new Set((params.get('scope') ?? '').split(' ').filter(Boolean))];
  if (requested.some((scope) => !granted.includes(scope))) {
    return undefined;
  }
  const [key] = await runtime.signingKeys();
  if (!key) {
    return undefined;
  }

  const now = Math.floor(Date.now() / 1000);
  const scope = requested.join(' ') || undefined;
  // Claim order as oidc-provider writes it.
  const payload = {
    jti: nanoid(43),
    sub: clientId,
    iat: now,
    exp: now + resource.accessTokenTtl,
    scope,
    client_id: clientId,
    iss: runtime.issuer,
    aud: indicator,
  };
  const signingInput = `${base64url({ alg: key.alg, typ: 'at+jwt', kid: key.kid })}.${base64url(payload)}`;
  const signature = Buffer.from(key.sign(Buffer.from(signingInput))).toString('base64url');
  // Member order as oidc-provider answers.
  return {
    access_token: `${signingInput}.${signature}`,
    expires_in: resource.accessTokenTtl,
    ...(scope ? { scope } : {}),
    token_type: 'Bearer',
  };
};
