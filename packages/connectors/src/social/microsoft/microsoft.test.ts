import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseConfig } from '../../kit/parse-config.js';
import { captureConnectorError } from '../../test-utils/capture-error.js';
import { startOidcStandIn, type OidcStandIn } from '../../test-utils/oidc-stand-in.js';
import { microsoftConnector } from './index.js';

const clientId = '6731de76-14a6-49ae-97bc-6eba6914391e';
const userTenant = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const otherTenant = '9188040d-6c67-4c5b-b112-36a304b66dad';
const session = { redirectUri: 'https://auth.example.com/callback/microsoft', state: 'st', nonce: 'n-ms', codeVerifier: 'm'.repeat(43) };

describe('microsoft connector', () => {
  let entra: OidcStandIn;

  beforeAll(async () => {
    entra = await startOidcStandIn();
  });
  afterAll(async () => entra.close());

  const config = (tenant?: string) =>
    parseConfig(microsoftConnector, { clientId, clientSecret: 'ms-secret', tenant, baseUrl: entra.url });

  const claimsFor = (tenantId: string, overrides: Record<string, unknown> = {}) => ({
    iss: `${entra.url}/${tenantId}/v2.0`,
    aud: clientId,
    tid: tenantId,
    sub: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
    oid: '00000000-0000-0000-66f3-3332eca7ea81',
    nonce: 'n-ms',
    name: 'Megan Bowen',
    email: 'megan@contoso.test',
    email_verified: true,
    preferred_username: 'megan@contoso.test',
    ...overrides,
  });

  it('uses the tenant’s v2.0 endpoints', async () => {
    const uri = new URL(await microsoftConnector.getAuthorizationUri(config(), session));
    expect(uri.origin + uri.pathname).toBe(`${entra.url}/common/oauth2/v2.0/authorize`);
    expect(uri.searchParams.get('scope')).toBe('openid profile email');
  });

  it('accepts the common endpoint’s ID token issued by the user’s tenant', async () => {
    entra.state.idTokenClaims = claimsFor(userTenant);
    const user = await microsoftConnector.getUserInfo(config(), { code: 'c', state: 'st' }, session);
    expect(user).toMatchObject({
      id: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
      email: 'megan@contoso.test',
      name: 'Megan Bowen',
      rawData: { tid: userTenant, oid: '00000000-0000-0000-66f3-3332eca7ea81' },
    });
    // Entra ID does not verify emails; the claim is not trusted.
    expect(user.emailVerified).toBeUndefined();
    expect(user.tokens?.idToken).toEqual(expect.any(String));

    const tokenRequest = entra.requests.find((request) => request.path === '/common/oauth2/v2.0/token')!;
    expect(Object.fromEntries(new URLSearchParams(tokenRequest.body))).toMatchObject({
      client_id: clientId,
      client_secret: 'ms-secret',
      code: 'c',
      code_verifier: session.codeVerifier,
    });
  });

  it('refuses an issuer that does not match the token’s tenant', async () => {
    entra.state.idTokenClaims = claimsFor(userTenant, { iss: `${entra.url}/${otherTenant}/v2.0` });
    const error = await captureConnectorError(microsoftConnector.getUserInfo(config(), { code: 'c', state: 'st' }, session));
    expect(error.code).toBe('social_invalid_id_token');
  });

  it('refuses a token without a tenant id, for another client, or with another nonce', async () => {
    for (const overrides of [{ tid: undefined }, { aud: 'another-client' }, { nonce: 'replayed' }]) {
      entra.state.idTokenClaims = claimsFor(userTenant, overrides);
      const error = await captureConnectorError(microsoftConnector.getUserInfo(config(), { code: 'c', state: 'st' }, session));
      expect(error.code).toBe('social_invalid_id_token');
    }
  });

  it('pins a single-tenant config to that tenant', async () => {
    entra.state.idTokenClaims = claimsFor(userTenant);
    const user = await microsoftConnector.getUserInfo(config(userTenant), { code: 'c', state: 'st' }, session);
    expect(user.id).toBe('AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ');

    entra.state.idTokenClaims = claimsFor(otherTenant);
    const error = await captureConnectorError(
      microsoftConnector.getUserInfo(config(userTenant), { code: 'c', state: 'st' }, session),
    );
    expect(error.code).toBe('social_invalid_id_token');
  });

  it('reports a refused code', async () => {
    entra.state.tokenError = { status: 400, body: { error: 'invalid_grant', error_description: 'AADSTS70008: expired' } };
    try {
      const error = await captureConnectorError(microsoftConnector.getUserInfo(config(), { code: 'c', state: 'st' }, session));
      expect(error.code).toBe('social_auth_code_invalid');
    } finally {
      entra.state.tokenError = undefined;
    }
  });

  it('refuses a tenant given as a domain name', () => {
    expect(() => config('contoso.onmicrosoft.com')).toThrow(expect.objectContaining({ code: 'invalid_config' }));
  });
});
