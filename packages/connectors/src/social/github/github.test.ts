import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseConfig } from '../../kit/parse-config.js';
import { captureConnectorError } from '../../test-utils/capture-error.js';
import { sendJson, startHttpServer, type TestHttpServer } from '../../test-utils/http-server.js';
import { githubConnector } from './index.js';

const session = { redirectUri: 'https://auth.example.com/callback/github', state: 'st', codeVerifier: 'v'.repeat(43) };

describe('github connector', () => {
  let github: TestHttpServer;
  let user: Record<string, unknown> = {};
  let emails: { status: number; body: unknown } = { status: 200, body: [] };

  beforeAll(async () => {
    github = await startHttpServer((request, response) => {
      const token = request.headers.authorization;
      if (request.path === '/login/oauth/access_token') {
        const code = new URLSearchParams(request.body).get('code');
        // GitHub answers refused codes with HTTP 200 and an error body.
        sendJson(
          response,
          200,
          code === 'good'
            ? { access_token: 'gho_token', token_type: 'bearer', scope: 'read:user,user:email' }
            : { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' },
        );
      } else if (token !== 'Bearer gho_token') {
        sendJson(response, 401, { message: 'Bad credentials' });
      } else if (request.path === '/api/user') {
        sendJson(response, 200, user);
      } else if (request.path === '/api/user/emails') {
        sendJson(response, emails.status, emails.body);
      } else {
        sendJson(response, 404, { message: 'Not Found' });
      }
    });
  });
  afterAll(async () => github.close());

  const config = () =>
    parseConfig(githubConnector, {
      clientId: 'Iv1.abc',
      clientSecret: 'gh-secret',
      baseUrl: github.url,
      apiBaseUrl: `${github.url}/api`,
    });

  it('points the authorization URI at /login/oauth/authorize with the default scopes', async () => {
    const uri = new URL(await githubConnector.getAuthorizationUri(config(), session));
    expect(uri.origin + uri.pathname).toBe(`${github.url}/login/oauth/authorize`);
    expect(uri.searchParams.get('scope')).toBe('read:user user:email');
    expect(uri.searchParams.get('client_id')).toBe('Iv1.abc');
  });

  it('maps the profile and uses its public email as given', async () => {
    user = { id: 583231, login: 'octocat', name: 'The Octocat', email: 'octocat@github.com', avatar_url: 'https://avatars.test/1' };
    const profile = await githubConnector.getUserInfo(config(), { code: 'good', state: 'st' }, session);
    expect(profile).toEqual({
      id: '583231',
      email: 'octocat@github.com',
      name: 'The Octocat',
      avatar: 'https://avatars.test/1',
      rawData: user,
      tokens: { accessToken: 'gho_token', scope: 'read:user,user:email' },
    });

    const tokenRequest = github.requests.find((request) => request.path === '/login/oauth/access_token')!;
    expect(tokenRequest.headers.accept).toBe('application/json');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest.body))).toMatchObject({
      client_id: 'Iv1.abc',
      client_secret: 'gh-secret',
      code: 'good',
      code_verifier: session.codeVerifier,
    });
    const userRequest = github.requests.find((request) => request.path === '/api/user')!;
    expect(userRequest.headers).toMatchObject({ accept: 'application/vnd.github+json', 'user-agent': 'Gatehouse' });
    expect(github.requests.some((request) => request.path === '/api/user/emails')).toBe(false);
  });

  it('falls back to the primary verified email when the profile has none', async () => {
    user = { id: 1, login: 'hidden', name: null, email: null, avatar_url: null };
    emails = {
      status: 200,
      body: [
        { email: 'old@example.com', primary: false, verified: true },
        { email: 'main@example.com', primary: true, verified: true },
      ],
    };
    const profile = await githubConnector.getUserInfo(config(), { code: 'good', state: 'st' }, session);
    expect(profile).toMatchObject({ id: '1', email: 'main@example.com', emailVerified: true, name: 'hidden' });
  });

  it('leaves the email out when the primary one is unverified or the list is not allowed', async () => {
    user = { id: 2, login: 'u2', email: null };
    emails = { status: 200, body: [{ email: 'main@example.com', primary: true, verified: false }] };
    expect((await githubConnector.getUserInfo(config(), { code: 'good', state: 'st' }, session)).email).toBeUndefined();

    emails = { status: 404, body: { message: 'Not Found' } };
    const profile = await githubConnector.getUserInfo(config(), { code: 'good', state: 'st' }, session);
    expect(profile.email).toBeUndefined();
    expect(profile.emailVerified).toBeUndefined();
  });

  it('reports a refused code even though GitHub answers with HTTP 200', async () => {
    const error = await captureConnectorError(githubConnector.getUserInfo(config(), { code: 'bad', state: 'st' }, session));
    expect(error.code).toBe('social_auth_code_invalid');
    expect(error.data).toMatchObject({ error: 'bad_verification_code' });
  });
});
