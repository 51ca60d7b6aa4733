import { exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseConfig } from '../../kit/parse-config.js';
import { captureConnectorError } from '../../test-utils/capture-error.js';
import { startOidcStandIn, type OidcStandIn } from '../../test-utils/oidc-stand-in.js';
import { appleConnector } from './index.js';

const clientId = 'com.example.signin';
const session = { redirectUri: 'https://auth.example.com/callback/apple', state: 'st', nonce: 'n-apple', codeVerifier: 'a'.repeat(43) };

describe('apple connector', () => {
  let apple: OidcStandIn;
  let publicKey: CryptoKey;
  let privateKeyPem: string;

  beforeAll(async () => {
    apple = await startOidcStandIn();
    const pair = await generateKeyPair('ES256', { extractable: true });
    publicKey = pair.publicKey;
    privateKeyPem = await exportPKCS8(pair.privateKey);
  });
  afterAll(async () => apple.close());

  const config = (overrides: Record<string, unknown> = {}) =>
    parseConfig(appleConnector, {
      clientId,
      teamId: 'TEAM123456',
      keyId: 'KEY9876543',
      privateKey: privateKeyPem,
      baseUrl: apple.url,
      ...overrides,
    });

  const idTokenClaims = {
    iss: 'https://appleid.apple.com',
    aud: clientId,
    sub: '001234.abcdef0123456789.1234',
    nonce: 'n-apple',
    email: 'x7k2@privaterelay.appleid.com',
    email_verified: 'true',
    is_private_email: 'true',
  };

  it('asks for name and email with form_post and no PKCE', async () => {
    const uri = new URL(await appleConnector.getAuthorizationUri(config(), session));
    expect(uri.origin + uri.pathname).toBe(`${apple.url}/auth/authorize`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      client_id: clientId,
      response_type: 'code',
      response_mode: 'form_post',
      scope: 'name email',
      nonce: 'n-apple',
      state: 'st',
    });
    expect(uri.searchParams.has('code_challenge')).toBe(false);
  });

  it('authenticates with an ES256 client secret verifiable with the key’s public half', async () => {
    apple.state.idTokenClaims = idTokenClaims;
    let clientSecret = '';
    apple.state.checkTokenRequest = async (request) => {
      const form = new URLSearchParams(request.body);
      expect(form.get('client_id')).toBe(clientId);
      expect(form.has('code_verifier')).toBe(false);
      clientSecret = form.get('client_secret') ?? '';
    };
    await appleConnector
      .getUserInfo(config(), { code: 'c', state: 'st' }, session)
      .finally(() => (apple.state.checkTokenRequest = undefined));

    const { payload, protectedHeader } = await jwtVerify(clientSecret, publicKey, {
      issuer: 'TEAM123456',
      subject: clientId,
      audience: 'https://appleid.apple.com',
      algorithms: ['ES256'],
    });
    expect(protectedHeader.kid).toBe('KEY9876543');
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
  });

  it('takes the name from the first sign-in’s user field and the email from the ID token', async () => {
    apple.state.idTokenClaims = idTokenClaims;
    const user = JSON.stringify({ name: { firstName: 'Tim', lastName: 'Apple' }, email: 'x7k2@privaterelay.appleid.com' });
    const profile = await appleConnector.getUserInfo(config(), { code: 'c', state: 'st', user }, session);
    expect(profile).toMatchObject({
      id: '001234.abcdef0123456789.1234',
      email: 'x7k2@privaterelay.appleid.com',
      emailVerified: true,
      name: 'Tim Apple',
      rawData: { sub: '001234.abcdef0123456789.1234', is_private_email: 'true', user: { name: { firstName: 'Tim' } } },
    });
  });

  it('has no name on later sign-ins', async () => {
    apple.state.idTokenClaims = idTokenClaims;
    const profile = await appleConnector.getUserInfo(config(), { code: 'c', state: 'st' }, session);
    expect(profile.name).toBeUndefined();
    expect(profile.id).toBe('001234.abcdef0123456789.1234');
  });

  it('reports a cancelled sign-in and a broken key', async () => {
    expect(
      (await captureConnectorError(appleConnector.getUserInfo(config(), { error: 'user_cancelled_authorize', state: 'st' }, session)))
        .code,
    ).toBe('authorization_failed');

    const broken = config({ privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' });
    expect((await captureConnectorError(appleConnector.getUserInfo(broken, { code: 'c', state: 'st' }, session))).code).toBe(
      'invalid_config',
    );
  });
});
