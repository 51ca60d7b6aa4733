import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createExperienceClient, createWebApp, type TestApp } from './setup/experience-client.js';
import { basicAuth, postForm } from './setup/forms.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

/**
 * Text PostgreSQL cannot store (NUL characters, unpaired surrogates) is bad input wherever a request
 * carries it: 400 with the field, never a 500 from the database, and nothing written.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  app = await createWebApp(admin);
});
afterAll(async () => server?.close());

describe('the management and experience APIs', () => {
  it('refuse NUL characters and unpaired surrogates in values and keys with the field, and save nothing', async () => {
    const before = (await admin.get('/sign-in-exp')).body;
    for (const customCss of ['a\u0000', 'a\ud800']) {
      const refused = await admin.patch('/sign-in-exp', { customCss }, { 'accept-language': 'de' });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('guard.invalid_input');
      expect(refused.body.details).toEqual([
        expect.objectContaining({ path: 'body.customCss', message: 'Darf keine NUL-Zeichen und keine ungepaarten Surrogate enthalten.' }),
      ]);
    }
    expect((await admin.get('/sign-in-exp')).body).toEqual(before);

    const badKey = await admin.put('/custom-phrases/es', { 'sign_in.title': 'Entrar', 'a\u0000': 'x' });
    expect([badKey.status, badKey.body.code]).toEqual([400, 'guard.invalid_input']);
    expect(badKey.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.a\\u0000']);
    expect((await admin.get('/custom-phrases/es')).status).toBe(404);
  });

  it('refuse them in the identifiers of a sign-in', async () => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    expect((await browser.api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);
    for (const identifier of [
      { type: 'username', value: 'alice\u0000' },
      { type: 'email', value: 'a\ud800@b.com' },
      { type: 'phone', value: '1\u00002' },
    ]) {
      const refused = await browser.api('POST', '/verification/password', { identifier, password: 'whatever-it-is' });
      expect([refused.status, refused.body.code], JSON.stringify(refused.body)).toEqual([400, 'guard.invalid_input']);
      expect(refused.body.details[0].path).toBe('body.identifier.value');
    }
  });
});

describe('the OpenID Connect endpoints', () => {
  const oidc = () => `${server.endpoint}/oidc`;

  it("answer a browser's authorization request with the error page, and anything else with OAuth's invalid_request", async () => {
    const query = new URLSearchParams({ client_id: app.id, response_type: 'code', redirect_uri: app.redirectUri, scope: 'openid', login_hint: 'a\u0000b' });
    const page = await fetch(`${oidc()}/auth?${query}`, { headers: { accept: 'text/html', 'accept-language': 'fr' } });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('invalid_request: the request holds a NUL character');

    const json = await fetch(`${oidc()}/auth?${query}`);
    expect([json.status, (await json.json()).error]).toEqual([400, 'invalid_request']);
  });

  it('refuse NUL characters in codes, tokens, scopes and client credentials', async () => {
    const credentials = basicAuth(app.id, app.secret!);
    const forms: Record<string, string>[] = [
      { grant_type: 'authorization_code', code: 'a\u0000b', redirect_uri: app.redirectUri },
      { grant_type: 'refresh_token', refresh_token: 'a\u0000b' },
      { grant_type: 'client_credentials', scope: 'a\u0000' },
    ];
    for (const form of forms) {
      const refused = await postForm(`${oidc()}/token`, form, credentials);
      expect([refused.status, refused.body.error], JSON.stringify(refused.body)).toEqual([400, 'invalid_request']);
    }
    for (const path of ['/token/introspection', '/token/revocation']) {
      const refused = await postForm(`${oidc()}${path}`, { token: 'a\u0000b' }, credentials);
      expect([refused.status, refused.body.error]).toEqual([400, 'invalid_request']);
    }
    const badClient = await postForm(`${oidc()}/token`, { grant_type: 'client_credentials' }, basicAuth(`${app.id}\u0000`, app.secret!));
    expect([badClient.status, badClient.body.error]).toEqual([400, 'invalid_request']);
  });
});
