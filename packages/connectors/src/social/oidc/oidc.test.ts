import { randomPKCECodeVerifier } from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseConfig } from '../../kit/parse-config.js';
import { captureConnectorError } from '../../test-utils/capture-error.js';
import { runAuthorization, startOidcProvider, testClient } from '../../test-utils/oidc-provider.js';
import { oidcConnector } from './index.js';

describe('oidc connector against oidc-provider', () => {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;

  beforeAll(async () => {
    provider = await startOidcProvider({
      'user-1': { email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace', picture: 'https://img.test/ada.png' },
    });
  });
  afterAll(async () => provider.close());

  const config = () =>
    parseConfig(oidcConnector, {
      issuer: provider.issuer,
      clientId: testClient.clientId,
      clientSecret: testClient.clientSecret,
    });

  const startSignIn = async (nonce = 'nonce-1') => {
    const session = {
      redirectUri: testClient.redirectUri,
      state: `state-${Math.random()}`,
      nonce,
      codeVerifier: randomPKCECodeVerifier(),
    };
    const uri = await oidcConnector.getAuthorizationUri(config(), session);
    return { session, uri };
  };

  it('builds an authorization URI with state, nonce and an S256 challenge', async () => {
    const { uri, session } = await startSignIn();
    const url = new URL(uri);
    expect(url.origin + url.pathname).toBe(`${provider.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: testClient.clientId,
      response_type: 'code',
      redirect_uri: testClient.redirectUri,
      scope: 'openid profile email',
      state: session.state,
      nonce: 'nonce-1',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('signs a user in end to end and maps the claims', async () => {
    provider.nextLogin.accountId = 'user-1';
    provider.nextLogin.deny = false;
    const { uri, session } = await startSignIn();
    const callback = await runAuthorization(uri);
    expect(callback).toMatchObject({ state: session.state, iss: provider.issuer });

    const user = await oidcConnector.getUserInfo(config(), callback, session);
    expect(user).toMatchObject({
      id: 'user-1',
      email: 'ada@example.com',
      emailVerified: true,
      name: 'Ada Lovelace',
      avatar: 'https://img.test/ada.png',
      rawData: { sub: 'user-1', email: 'ada@example.com' },
    });
    expect(user.tokens?.accessToken).toEqual(expect.any(String));
    expect(user.tokens?.idToken).toEqual(expect.any(String));
    expect(user.tokens?.expiresAt).toBeGreaterThan(Date.now());
  });

  it('refuses an ID token whose nonce differs from the session’s', async () => {
    provider.nextLogin.accountId = 'user-1';
    provider.nextLogin.deny = false;
    const { uri, session } = await startSignIn('nonce-sent');
    const callback = await runAuthorization(uri);

    const error = await captureConnectorError(
      oidcConnector.getUserInfo(config(), callback, { ...session, nonce: 'nonce-expected' }),
    );
    expect(error.code).toBe('social_invalid_id_token');
    expect(error.message).toMatch(/nonce/);
  });

  it('reports a code the token endpoint refuses (wrong PKCE verifier)', async () => {
    provider.nextLogin.accountId = 'user-1';
    provider.nextLogin.deny = false;
    const { uri, session } = await startSignIn();
    const callback = await runAuthorization(uri);

    const error = await captureConnectorError(
      oidcConnector.getUserInfo(config(), callback, { ...session, codeVerifier: randomPKCECodeVerifier() }),
    );
    expect(error.code).toBe('social_auth_code_invalid');
    expect(error.data).toMatchObject({ error: 'invalid_grant' });
  });

  it('reports a wrong client secret as invalid_config, with client_secret_basic (a WWW-Authenticate challenge) and client_secret_post', async () => {
    for (const tokenEndpointAuthMethod of ['client_secret_basic', 'client_secret_post']) {
      provider.nextLogin.accountId = 'user-1';
      provider.nextLogin.deny = false;
      const wrong = parseConfig(oidcConnector, {
        issuer: provider.issuer,
        clientId: testClient.clientId,
        clientSecret: 'not-the-secret-of-this-client',
        tokenEndpointAuthMethod,
      });
      const session = { redirectUri: testClient.redirectUri, state: `st-${tokenEndpointAuthMethod}`, nonce: 'n', codeVerifier: randomPKCECodeVerifier() };
      const callback = await runAuthorization(await oidcConnector.getAuthorizationUri(wrong, session));
      const error = await captureConnectorError(oidcConnector.getUserInfo(wrong, callback, session));
      expect([tokenEndpointAuthMethod, error.code]).toEqual([tokenEndpointAuthMethod, 'invalid_config']);
      expect(error.data).toMatchObject({ status: 401, error: 'invalid_client' });
    }
  });

  it('asks to start again for a callback without the issuer the provider always sends, or with another one', async () => {
    provider.nextLogin.accountId = 'user-1';
    provider.nextLogin.deny = false;
    const { uri, session } = await startSignIn();
    const { iss, ...withoutIss } = await runAuthorization(uri);
    expect(iss).toBe(provider.issuer);
    expect((await captureConnectorError(oidcConnector.getUserInfo(config(), withoutIss, session))).code).toBe(
      'insufficient_request_parameters',
    );
    expect(
      (await captureConnectorError(oidcConnector.getUserInfo(config(), { ...withoutIss, iss: 'https://other.example.com' }, session))).code,
    ).toBe('invalid_request_parameters');
    // With the issuer, a code the provider never issued is refused by its token endpoint (invalid_grant).
    const garbage = await captureConnectorError(oidcConnector.getUserInfo(config(), { ...withoutIss, iss, code: 'garbage' }, session));
    expect([garbage.code, garbage.data?.error]).toEqual(['social_auth_code_invalid', 'invalid_grant']);
  });

  it('reports a refused authorization from the provider as authorization_failed', async () => {
    provider.nextLogin.deny = true;
    const { uri, session } = await startSignIn();
    const callback = await runAuthorization(uri);
    expect(callback.error).toBe('access_denied');

    const error = await captureConnectorError(oidcConnector.getUserInfo(config(), callback, session));
    expect(error.code).toBe('authorization_failed');
    expect(error.data).toEqual({ error: 'access_denied', error_description: 'The user declined.' });
  });

  it('needs a code and a matching state', async () => {
    const session = { redirectUri: testClient.redirectUri, state: 's1' };
    expect((await captureConnectorError(oidcConnector.getUserInfo(config(), { state: 's1' }, session))).code).toBe(
      'insufficient_request_parameters',
    );
    expect(
      (await captureConnectorError(oidcConnector.getUserInfo(config(), { code: 'c', state: 'other' }, session))).code,
    ).toBe('invalid_request_parameters');
  });

  it('works with explicit endpoints instead of discovery', async () => {
    provider.nextLogin.accountId = 'user-1';
    provider.nextLogin.deny = false;
    const explicit = parseConfig(oidcConnector, {
      issuer: provider.issuer,
      authorizationEndpoint: `${provider.issuer}/auth`,
      tokenEndpoint: `${provider.issuer}/token`,
      userinfoEndpoint: `${provider.issuer}/me`,
      jwksUri: `${provider.issuer}/jwks`,
      clientId: testClient.clientId,
      clientSecret: testClient.clientSecret,
      customParams: { prompt: 'consent' },
    });
    const session = { redirectUri: testClient.redirectUri, state: 'st', nonce: 'n', codeVerifier: randomPKCECodeVerifier() };
    const uri = await oidcConnector.getAuthorizationUri(explicit, session);
    expect(new URL(uri).searchParams.get('prompt')).toBe('consent');

    const user = await oidcConnector.getUserInfo(explicit, await runAuthorization(uri), session);
    expect(user.id).toBe('user-1');
    expect(user.email).toBe('ada@example.com');
  });

  it('combines discovery with a single endpoint override', async () => {
    provider.nextLogin.accountId = 'user-1';
    provider.nextLogin.deny = false;
    const partial = parseConfig(oidcConnector, {
      issuer: provider.issuer,
      userinfoEndpoint: `${provider.issuer}/me`,
      clientId: testClient.clientId,
      clientSecret: testClient.clientSecret,
    });
    const session = { redirectUri: testClient.redirectUri, state: 'st2', nonce: 'n2', codeVerifier: randomPKCECodeVerifier() };
    const uri = await oidcConnector.getAuthorizationUri(partial, session);
    const user = await oidcConnector.getUserInfo(partial, await runAuthorization(uri), session);
    expect(user).toMatchObject({ id: 'user-1', email: 'ada@example.com' });
  });

  it('reports a discovery failure', async () => {
    const unreachable = parseConfig(oidcConnector, {
      issuer: 'http://127.0.0.1:1',
      clientId: 'x',
      clientSecret: 'y',
    });
    const error = await captureConnectorError(
      oidcConnector.getAuthorizationUri(unreachable, { state: 's', redirectUri: testClient.redirectUri }),
    );
    expect(error.code).toBe('general');
  });

  it('refuses reserved custom params, a scope without openid and a plain http issuer', () => {
    for (const raw of [
      { customParams: { state: 'x' } },
      { scope: 'profile email' },
      { issuer: 'http://idp.example.com' },
    ]) {
      expect(() =>
        parseConfig(oidcConnector, { issuer: provider.issuer, clientId: 'a', clientSecret: 'b', ...raw }),
      ).toThrow(expect.objectContaining({ code: 'invalid_config' }));
    }
  });
});
