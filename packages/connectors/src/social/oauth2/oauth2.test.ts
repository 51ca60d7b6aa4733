import { createHash } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseConfig } from '../../kit/parse-config.js';
import { captureConnectorError } from '../../test-utils/capture-error.js';
import { sendJson, startHttpServer, type TestHttpServer } from '../../test-utils/http-server.js';
import { oauth2Connector } from './index.js';

const session = {
  redirectUri: 'https://auth.example.com/callback/oauth2',
  state: 'state-1',
  codeVerifier: 'verifier-0123456789-0123456789-0123456789-0123',
};

describe('oauth2 connector', () => {
  let idp: TestHttpServer;
  let profile: Record<string, unknown> = {};

  beforeAll(async () => {
    idp = await startHttpServer((request, response) => {
      if (request.path === '/token') {
        const form = new URLSearchParams(request.body);
        if (form.get('code') === 'good-code') {
          sendJson(response, 200, { access_token: 'at-1', token_type: 'bearer', expires_in: 3600, refresh_token: 'rt-1' });
        } else if (form.get('code') === 'revoked-code') {
          sendJson(response, 200, { access_token: 'at-revoked', token_type: 'bearer' });
        } else if (form.get('code') === 'forbidden-code') {
          // A gateway in front of the token endpoint refusing the client, with a body that is no OAuth error.
          response.writeHead(403, { 'content-type': 'text/html' }).end('<h1>Forbidden</h1>');
        } else if (form.get('code') === 'unauthorized-code') {
          sendJson(response, 401, { message: 'Bad credentials' });
        } else if (form.get('code') === 'bad-client-code') {
          sendJson(response, 400, { error: 'invalid_client', error_description: 'Client authentication failed' });
        } else if (form.get('code') === 'busy-code') {
          sendJson(response, 503, { message: 'Try later' });
        } else if (form.get('code') === 'form-code') {
          response
            .writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' })
            .end('access_token=at-form&token_type=bearer');
        } else {
          sendJson(response, 400, { error: 'invalid_grant', error_description: 'Code expired' });
        }
      } else if (request.path === '/userinfo') {
        if (request.headers.authorization === 'Bearer at-1' || request.headers.authorization === 'Bearer at-form') {
          sendJson(response, 200, profile);
        } else {
          sendJson(response, 401, { message: 'bad token' });
        }
      } else {
        response.writeHead(404).end();
      }
    });
  });
  afterAll(async () => idp.close());

  const config = (overrides: Record<string, unknown> = {}) =>
    parseConfig(oauth2Connector, {
      authorizationEndpoint: `${idp.url}/authorize?tenant=acme`,
      tokenEndpoint: `${idp.url}/token`,
      userInfoEndpoint: `${idp.url}/userinfo`,
      clientId: 'client id',
      clientSecret: 's3cret:+/',
      scope: 'read:user',
      ...overrides,
    });

  it('builds the authorization URI, keeping the endpoint’s own query', async () => {
    const uri = new URL(
      await oauth2Connector.getAuthorizationUri(config({ customParams: { prompt: 'login' } }), {
        ...session,
        scope: 'email',
      }),
    );
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      tenant: 'acme',
      prompt: 'login',
      response_type: 'code',
      client_id: 'client id',
      redirect_uri: session.redirectUri,
      state: 'state-1',
      scope: 'read:user email',
      code_challenge: createHash('sha256').update(session.codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code with basic auth and maps the profile with dot paths', async () => {
    profile = { data: { uid: 42, mail: 'grace@example.com', verified: true }, displayName: 'Grace', pic: 'https://img.test/g.png' };
    const user = await oauth2Connector.getUserInfo(
      config({ profileMap: { id: 'data.uid', email: 'data.mail', emailVerified: 'data.verified', name: 'displayName', avatar: 'pic' } }),
      { code: 'good-code', state: 'state-1' },
      session,
    );
    expect(user).toEqual({
      id: '42',
      email: 'grace@example.com',
      emailVerified: true,
      name: 'Grace',
      avatar: 'https://img.test/g.png',
      rawData: profile,
      tokens: { accessToken: 'at-1', refreshToken: 'rt-1', expiresAt: expect.any(Number) },
    });

    const tokenRequest = idp.requests.find((request) => request.path === '/token')!;
    expect(tokenRequest.headers.authorization).toBe(`Basic ${Buffer.from('client+id:s3cret%3A%2B%2F').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(tokenRequest.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      redirect_uri: session.redirectUri,
      code_verifier: session.codeVerifier,
    });
    expect(idp.requests.at(-1)!.headers.authorization).toBe('Bearer at-1');
  });

  it('uses the default profile map and client_secret_post, without PKCE when disabled', async () => {
    profile = { id: 'u-7', email: 'x@example.com', name: 'X', avatar: 'https://img.test/x.png' };
    const user = await oauth2Connector.getUserInfo(
      config({ tokenEndpointAuthMethod: 'client_secret_post', enablePkce: false }),
      { code: 'form-code', state: 'state-1' },
      session,
    );
    expect(user).toMatchObject({ id: 'u-7', email: 'x@example.com', name: 'X', avatar: 'https://img.test/x.png' });
    expect(user.emailVerified).toBeUndefined();

    const tokenRequest = idp.requests.filter((request) => request.path === '/token').at(-1)!;
    expect(tokenRequest.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(tokenRequest.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'form-code',
      redirect_uri: session.redirectUri,
      client_id: 'client id',
      client_secret: 's3cret:+/',
    });
  });

  it('reports a refused code as social_auth_code_invalid', async () => {
    const error = await captureConnectorError(
      oauth2Connector.getUserInfo(config(), { code: 'stale', state: 'state-1' }, session),
    );
    expect(error.code).toBe('social_auth_code_invalid');
    expect(error.data).toMatchObject({ error: 'invalid_grant', error_description: 'Code expired' });
  });

  it('reports refused client credentials (HTTP 401 or 403, or invalid_client) as invalid_config, other failures as general', async () => {
    for (const code of ['forbidden-code', 'unauthorized-code', 'bad-client-code']) {
      const error = await captureConnectorError(oauth2Connector.getUserInfo(config(), { code, state: 'state-1' }, session));
      expect([code, error.code]).toEqual([code, 'invalid_config']);
      expect(error.message).toBe('The provider refused the client credentials.');
    }
    const busy = await captureConnectorError(oauth2Connector.getUserInfo(config(), { code: 'busy-code', state: 'state-1' }, session));
    expect([busy.code, busy.data]).toEqual(['general', expect.objectContaining({ status: 503 })]);
  });

  it('reports an access token the profile endpoint refuses', async () => {
    const error = await captureConnectorError(
      oauth2Connector.getUserInfo(config(), { code: 'revoked-code', state: 'state-1' }, session),
    );
    expect(error.code).toBe('social_invalid_access_token');
  });

  it('reports a profile without an id as invalid_response', async () => {
    profile = { email: 'no-id@example.com' };
    const error = await captureConnectorError(
      oauth2Connector.getUserInfo(config(), { code: 'good-code', state: 'state-1' }, session),
    );
    expect(error.code).toBe('invalid_response');
  });

  it('reports the provider’s error callback as authorization_failed', async () => {
    const error = await captureConnectorError(
      oauth2Connector.getUserInfo(config(), { error: 'access_denied', state: 'state-1' }, session),
    );
    expect(error.code).toBe('authorization_failed');
    expect(error.data).toEqual({ error: 'access_denied' });
  });

  it('fills profile map defaults', () => {
    expect(config().profileMap).toEqual({ id: 'id', email: 'email', name: 'name', avatar: 'avatar' });
  });
});
