import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseConfig } from '../../kit/parse-config.js';
import { captureConnectorError } from '../../test-utils/capture-error.js';
import { startOidcStandIn, type OidcStandIn } from '../../test-utils/oidc-stand-in.js';
import { googleConnector } from './index.js';

const clientId = '1234-abc.apps.googleusercontent.com';
const session = { redirectUri: 'https://auth.example.com/callback/google', state: 'st', nonce: 'n-1', codeVerifier: 'c'.repeat(43) };

describe('google connector', () => {
  let google: OidcStandIn;

  beforeAll(async () => {
    google = await startOidcStandIn();
  });
  afterAll(async () => google.close());

  const config = () =>
    parseConfig(googleConnector, {
      clientId,
      clientSecret: 'google-secret',
      customParams: { access_type: 'offline', prompt: 'consent' },
      tokenEndpoint: `${google.url}/token`,
      userinfoEndpoint: `${google.url}/v1/userinfo`,
      jwksUri: `${google.url}/oauth2/v3/certs`,
    });

  it('sends users to Google’s authorization endpoint unless overridden', async () => {
    const uri = new URL(await googleConnector.getAuthorizationUri(config(), session));
    expect(uri.origin + uri.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      client_id: clientId,
      scope: 'openid profile email',
      access_type: 'offline',
      prompt: 'consent',
      nonce: 'n-1',
      code_challenge_method: 'S256',
    });
  });

  it('validates the ID token, merges userinfo and maps the profile', async () => {
    google.state.idTokenClaims = {
      iss: 'https://accounts.google.com',
      aud: clientId,
      sub: '10769150350006150715113082367',
      nonce: 'n-1',
      email: 'jane@gmail.com',
      email_verified: true,
    };
    google.state.userinfo = {
      sub: '10769150350006150715113082367',
      name: 'Jane Doe',
      picture: 'https://lh3.googleusercontent.test/a/jane',
      email: 'jane@gmail.com',
      email_verified: true,
    };
    google.state.checkTokenRequest = async (request) => {
      const basic = Buffer.from(String(request.headers.authorization).replace(/^Basic /, ''), 'base64').toString();
      expect(basic.split(':').map(decodeURIComponent)).toEqual([clientId, 'google-secret']);
      expect(Object.fromEntries(new URLSearchParams(request.body))).toMatchObject({
        grant_type: 'authorization_code',
        code: 'google-code',
        redirect_uri: session.redirectUri,
        code_verifier: session.codeVerifier,
      });
    };

    const user = await googleConnector
      .getUserInfo(config(), { code: 'google-code', state: 'st' }, session)
      .finally(() => (google.state.checkTokenRequest = undefined));
    expect(user).toMatchObject({
      id: '10769150350006150715113082367',
      email: 'jane@gmail.com',
      emailVerified: true,
      name: 'Jane Doe',
      avatar: 'https://lh3.googleusercontent.test/a/jane',
    });
    expect(user.tokens).toMatchObject({ accessToken: 'stand-in-at', idToken: expect.any(String) });
  });

  it('refuses an ID token for another audience', async () => {
    google.state.idTokenClaims = { iss: 'https://accounts.google.com', aud: 'someone-else', sub: '1', nonce: 'n-1' };
    const error = await captureConnectorError(googleConnector.getUserInfo(config(), { code: 'c', state: 'st' }, session));
    expect(error.code).toBe('social_invalid_id_token');
  });

  it('refuses an ID token from another issuer', async () => {
    google.state.idTokenClaims = { iss: 'https://evil.example.com', aud: clientId, sub: '1', nonce: 'n-1' };
    const error = await captureConnectorError(googleConnector.getUserInfo(config(), { code: 'c', state: 'st' }, session));
    expect(error.code).toBe('social_invalid_id_token');
  });
});
