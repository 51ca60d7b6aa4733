import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseConfig } from '../kit/parse-config.js';
import { type SocialConnector } from '../kit/types.js';
import { captureConnectorError } from '../test-utils/capture-error.js';
import { startOidcStandIn, type OidcStandIn } from '../test-utils/oidc-stand-in.js';
import { appleConnector } from './apple/index.js';
import { githubConnector } from './github/index.js';
import { googleConnector } from './google/index.js';
import { microsoftConnector } from './microsoft/index.js';
import { oauth2Connector } from './oauth2/index.js';
import { oidcConnector } from './oidc/index.js';

/** How every social connector reads its token endpoint's refusal of the code exchange. */
describe('token endpoint refusals, in every social connector', () => {
  let provider: OidcStandIn;
  let applePrivateKey: string;

  beforeAll(async () => {
    provider = await startOidcStandIn();
    applePrivateKey = await exportPKCS8((await generateKeyPair('ES256', { extractable: true })).privateKey);
  });
  afterAll(async () => provider.close());

  const connectors = (): [string, SocialConnector, unknown][] => {
    const url = provider.url;
    const secrets = { clientId: 'client-1', clientSecret: 'secret-1' };
    return [
      ['oidc', oidcConnector, { issuer: url, authorizationEndpoint: `${url}/auth`, tokenEndpoint: `${url}/token`, jwksUri: `${url}/jwks`, ...secrets }],
      [
        'oidc (client_secret_post)',
        oidcConnector,
        { issuer: url, authorizationEndpoint: `${url}/auth`, tokenEndpoint: `${url}/token`, jwksUri: `${url}/jwks`, tokenEndpointAuthMethod: 'client_secret_post', ...secrets },
      ],
      ['google', googleConnector, { tokenEndpoint: `${url}/token`, userinfoEndpoint: `${url}/userinfo`, jwksUri: `${url}/certs`, ...secrets }],
      ['microsoft (one tenant)', microsoftConnector, { tenant: '72f988bf-86f1-41af-91ab-2d7cd011db47', baseUrl: url, ...secrets }],
      ['microsoft (common)', microsoftConnector, { baseUrl: url, ...secrets }],
      ['apple', appleConnector, { clientId: 'com.example.signin', teamId: 'TEAM123456', keyId: 'KEY9876543', privateKey: applePrivateKey, baseUrl: url }],
      ['oauth2', oauth2Connector, { authorizationEndpoint: `${url}/auth`, tokenEndpoint: `${url}/token`, userInfoEndpoint: `${url}/userinfo`, ...secrets }],
      ['github', githubConnector, { baseUrl: url, apiBaseUrl: `${url}/api`, ...secrets }],
    ];
  };

  const challenge = { 'www-authenticate': 'Basic realm="provider", error="invalid_client", error_description="client authentication failed"' };
  const refusals: [string, NonNullable<OidcStandIn['state']['tokenError']>, string][] = [
    ['a refused code (invalid_grant)', { status: 400, body: { error: 'invalid_grant', error_description: 'expired' } }, 'social_auth_code_invalid'],
    ['a wrong secret answered with a WWW-Authenticate challenge', { status: 401, body: { error: 'invalid_client' }, headers: challenge }, 'invalid_config'],
    ['a wrong secret answered with invalid_client', { status: 401, body: { error: 'invalid_client' } }, 'invalid_config'],
    ['invalid_client with HTTP 400', { status: 400, body: { error: 'invalid_client' } }, 'invalid_config'],
    ['HTTP 403 without an OAuth error', { status: 403, body: { message: 'Forbidden' } }, 'invalid_config'],
    ['HTTP 503', { status: 503, body: { message: 'Unavailable' } }, 'general'],
  ];

  for (const [what, tokenError, expected] of refusals) {
    it(`reads ${what} as ${expected}`, async () => {
      provider.state.tokenError = tokenError;
      try {
        for (const [name, connector, raw] of connectors()) {
          const session = { redirectUri: 'https://auth.example.com/callback/x', state: 'st', nonce: 'n', codeVerifier: 'v'.repeat(43) };
          const error = await captureConnectorError(
            connector.getUserInfo(parseConfig(connector, raw), { code: 'c', state: 'st' }, session),
          );
          expect([name, error.code]).toEqual([name, expected]);
        }
      } finally {
        provider.state.tokenError = undefined;
      }
    });
  }
});
