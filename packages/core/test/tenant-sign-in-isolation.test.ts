import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { CookieJar } from 'tough-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SecretBox, deriveKey } from '../src/crypto/secret-box.js';
import { ensureTenant } from '../src/modules/tenants/tenants.service.js';
import { testSecretKey } from './setup/constants.js';
import { createExperienceClient, createWebApp, type TestApp } from './setup/experience-client.js';
import { apiWithScopes } from './setup/grants.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

type Api = Awaited<ReturnType<TestServer['api']>>;

let server: TestServer;
let apiA: Api;
let apiB: Api;
let appA: TestApp;
let appB: TestApp;
let outboxA: string;
let outboxB: string;
const password = 'Correct-Horse-92!';

const base = (tenantId: string) => `${server.endpoint}/t/${tenantId}`;

const lastCodeFor = (outbox: string, to: string) => {
  const messages = readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as { to: string; payload: { code: string } });
  return messages.filter((message) => message.to === to).at(-1)?.payload.code;
};

beforeAll(async () => {
  outboxA = mkdtempSync(path.join(tmpdir(), 'gatehouse-outbox-a-'));
  outboxB = mkdtempSync(path.join(tmpdir(), 'gatehouse-outbox-b-'));
  server = await startTestServer({ EDITION: 'cloud', PASSWORD_BREACH_API_URL: 'off', DEV_CONNECTORS: 'true' });
  const box = new SecretBox(deriveKey(testSecretKey));
  await ensureTenant(server.database, box, { id: 'tenant-a', name: 'A' }, 'ES256');
  await ensureTenant(server.database, box, { id: 'tenant-b', name: 'B' }, 'ES256');
  apiA = await server.api('tenant-a');
  apiB = await server.api('tenant-b');
  appA = await createWebApp(apiA, { name: 'App of A' });
  appB = await createWebApp(apiB, { name: 'App of B' });
  for (const [api, outbox] of [
    [apiA, outboxA],
    [apiB, outboxB],
  ] as const) {
    expect((await api.post('/connectors', { connectorId: 'dev-email', config: { directory: outbox } })).status).toBe(201);
    const settings = await api.patch('/sign-in-exp', {
      signUp: { identifiers: ['email'], password: true, verify: true, secondaryIdentifiers: [] },
      signIn: {
        methods: [
          { identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true },
          { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true },
        ],
      },
      sentinelPolicy: { maxAttempts: 2, lockoutDuration: 5 },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    expect((await api.post('/users', { username: 'shared_user', primaryEmail: 'shared@example.com', password })).status).toBe(201);
  }
});
afterAll(async () => {
  await server?.close();
  rmSync(outboxA, { recursive: true, force: true });
  rmSync(outboxB, { recursive: true, force: true });
});

const signInBrowser = async (tenantId: string, app: TestApp) => {
  const browser = await createExperienceClient(base(tenantId), app);
  await browser.authorize();
  expect((await browser.api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);
  return browser;
};

/**
 * The sign-in flow of two tenants on one server (path prefixes): nothing one tenant's users, admins
 * or browsers hold counts in the other.
 */
describe('sign-in across tenants', () => {
  it('locks an identifier out only in the tenant where it failed', async () => {
    const inA = await signInBrowser('tenant-a', appA);
    const wrong = { identifier: { type: 'username', value: 'shared_user' }, password: 'wrong-password-1' };
    expect((await inA.api('POST', '/verification/password', wrong)).status).toBe(422);
    const locked = await inA.api('POST', '/verification/password', wrong);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('session.identifier_locked');
    expect((await inA.api('POST', '/verification/password', { ...wrong, password })).status).toBe(429);
    // The same username (in any case) is another user in tenant B, with its own count.
    const inB = await signInBrowser('tenant-b', appB);
    const right = await inB.api('POST', '/verification/password', { identifier: { type: 'username', value: 'SHARED_USER' }, password });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
  });

  it('keeps one browser signed in to each tenant: a sign-in to one does not end the session of the other', async () => {
    for (const api of [apiA, apiB]) {
      expect((await api.post('/users', { username: 'two_tabs', primaryEmail: 'two-tabs@example.com', password })).status).toBe(201);
    }
    const jar = new CookieJar();
    const signIn = async (tenantId: string, app: TestApp) => {
      const browser = await createExperienceClient(base(tenantId), app, undefined, jar);
      await browser.authorize({ scope: 'openid', prompt: 'login' });
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);
      const verified = await browser.api('POST', '/verification/password', { identifier: { type: 'username', value: 'two_tabs' }, password });
      expect((await browser.api('POST', '/identification', { verificationId: verified.body.verificationId })).status).toBe(204);
      const submitted = await browser.api('POST', '/submit', {});
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      return (await browser.exchange(await browser.follow(submitted.body.redirectTo))).claims()!.sub;
    };
    const inA = await signIn('tenant-a', appA);
    await signIn('tenant-b', appB);
    // Back to tenant A without a sign-in page: the browser is still signed in there.
    const again = await createExperienceClient(base('tenant-a'), appA, undefined, jar);
    const tokens = await again.exchange(await again.authorize({ scope: 'openid', prompt: 'none' }));
    expect(tokens.claims()!.sub).toBe(inA);
  });

  it('keeps verification codes and their resend limits per tenant', async () => {
    const email = 'code-user@example.com';
    const inA = await createExperienceClient(base('tenant-a'), appA);
    await inA.authorize({ first_screen: 'register' });
    await inA.api('PUT', '', { interactionEvent: 'Register' });
    const sentA = await inA.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: email } });
    expect(sentA.status, JSON.stringify(sentA.body)).toBe(200);
    const codeA = lastCodeFor(outboxA, email)!;
    const inB = await createExperienceClient(base('tenant-b'), appB);
    await inB.authorize({ first_screen: 'register' });
    await inB.api('PUT', '', { interactionEvent: 'Register' });
    // A's verification id means nothing in B.
    const foreign = await inB.api('POST', '/verification/verification-code/verify', {
      identifier: { type: 'email', value: email },
      verificationId: sentA.body.verificationId,
      code: codeA,
    });
    expect(foreign.status).toBe(404);
    const sentB = await inB.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: email } });
    expect(sentB.status, JSON.stringify(sentB.body)).toBe(200);
    expect(lastCodeFor(outboxA, email)).toBe(codeA);
    const codeB = lastCodeFor(outboxB, email)!;
    // B's code replaced nothing in A, and A's code means nothing in B.
    if (codeA !== codeB) {
      const crossed = await inB.api('POST', '/verification/verification-code/verify', {
        identifier: { type: 'email', value: email },
        verificationId: sentB.body.verificationId,
        code: codeA,
      });
      expect(crossed.status).toBe(422);
    }
    const ok = await inB.api('POST', '/verification/verification-code/verify', {
      identifier: { type: 'email', value: email },
      verificationId: sentB.body.verificationId,
      code: codeB,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const stillValidInA = await inA.api('POST', '/verification/verification-code/verify', {
      identifier: { type: 'email', value: email },
      verificationId: sentA.body.verificationId,
      code: codeA,
    });
    expect(stillValidInA.status, JSON.stringify(stillValidInA.body)).toBe(200);
  });

  it("refuses another tenant's social connector, and a callback to another tenant", async () => {
    const created = await apiA.post('/connectors', {
      id: 'a-github',
      connectorId: 'github',
      config: { clientId: 'gh-client', clientSecret: 'gh-secret-that-is-long-enough' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await apiA.patch('/sign-in-exp', { socialSignInConnectorTargets: ['github'] })).status).toBe(200);
    const inB = await signInBrowser('tenant-b', appB);
    const started = await inB.api('POST', '/verification/social/a-github/authorization-uri', {
      state: 'state-0123456789',
      redirectUri: `${base('tenant-b')}/callback/social/a-github`,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(404);
    const inA = await signInBrowser('tenant-a', appA);
    const wrongCallback = await inA.api('POST', '/verification/social/a-github/authorization-uri', {
      state: 'state-0123456789',
      redirectUri: `${base('tenant-b')}/callback/social/a-github`,
    });
    expect(wrongCallback.status).toBe(422);
    const rightCallback = await inA.api('POST', '/verification/social/a-github/authorization-uri', {
      state: 'state-0123456789',
      redirectUri: `${base('tenant-a')}/callback/social/a-github`,
    });
    expect(rightCallback.status, JSON.stringify(rightCallback.body)).toBe(200);
    expect((await apiB.get('/connectors/a-github')).status).toBe(404);
    expect((await apiB.patch('/connectors/a-github', { syncProfile: true })).status).toBe(404);
    expect((await apiB.delete('/connectors/a-github')).status).toBe(404);
    const config = await fetch(`${base('tenant-b')}/api/experience/config`);
    expect((await config.json()).socialConnectors).toEqual([]);
  });

  it("keeps a user's routes, the stored provider tokens included, to the user's tenant and the `all` scope", async () => {
    const user = (await apiA.post('/users', { username: 'token_owner' })).body;
    expect((await apiA.put(`/users/${user.id}/identities/github`, { userId: 'gh-1' })).status).toBe(200);
    const tokenA = apiA.token!;
    const crossed = server.apiWithToken('tenant-b', tokenA);
    expect((await crossed.get(`/users/${user.id}/identities/github/token-set`)).status).toBe(401);
    expect((await apiB.get(`/users/${user.id}/identities/github/token-set`)).status).toBe(404);
    expect((await apiA.get(`/users/${user.id}/identities/github/token-set`)).status).toBe(404);
    const reader = await apiWithScopes(server, ['read:users'], 'tenant-a');
    expect((await reader.get(`/users/${user.id}/identities/github/token-set`)).status).toBe(403);
    const writer = await apiWithScopes(server, ['write:users', 'read:users'], 'tenant-a');
    expect((await writer.get(`/users/${user.id}/identities/github/token-set`)).status).toBe(403);
    for (const [method, url] of [
      ['GET', `/users/${user.id}`],
      ['PATCH', `/users/${user.id}`],
      ['DELETE', `/users/${user.id}`],
      ['GET', `/users/${user.id}/identities`],
      ['PUT', `/users/${user.id}/identities/github`],
      ['DELETE', `/users/${user.id}/identities/github`],
      ['GET', `/users/${user.id}/mfa-verifications`],
      ['POST', `/users/${user.id}/password/verify`],
      ['PATCH', `/users/${user.id}/password`],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : method === 'PUT' ? { userId: 'x' } : url.endsWith(user.id) ? { name: 'x' } : { password: 'X-y-z-12345!' };
      const answer = await apiB.call(method, url, body);
      expect(answer.status, `${method} ${url} ${JSON.stringify(answer.body)}`).toBe(404);
    }
  });

  it('offers the way back only to an app of the tenant whose pages are open', async () => {
    const cookie = (value: string) => ({ cookie: `gatehouse_app_tenant_b=${value}` });
    const foreign = await (await fetch(`${base('tenant-b')}/api/experience/config`, { headers: cookie(appA.id) })).json();
    expect(foreign.lastApplication).toBeNull();
    const own = await (await fetch(`${base('tenant-b')}/api/experience/config`, { headers: cookie(appB.id) })).json();
    expect(own.lastApplication).toEqual({ name: 'App of B', url: 'https://app.example.com/' });
    // The cookie of A, sent to B's pages (e.g. the default tenant's root-path cookie): ignored.
    const aCookie = await (await fetch(`${base('tenant-b')}/api/experience/config`, { headers: { cookie: `gatehouse_app_tenant_a=${appA.id}` } })).json();
    expect(aCookie.lastApplication).toBeNull();
  });

  it('keeps phrases, email templates and custom profile fields (and the pages built from them) per tenant', async () => {
    expect((await apiA.put('/custom-phrases/fr', { 'sign_in.submit': 'Entrer A' })).status).toBe(200);
    expect((await apiB.get('/custom-phrases/fr')).status).toBe(404);
    const tmpl = await apiA.put('/email-templates', { templates: [{ languageTag: 'en', templateType: 'SignIn', details: { subject: 'A {{code}}', content: 'A {{code}}', contentType: 'text/plain' } }] });
    expect(tmpl.status, JSON.stringify(tmpl.body)).toBe(200);
    const id = tmpl.body[0].id;
    expect((await apiB.get(`/email-templates/${id}`)).status).toBe(404);
    expect((await apiB.patch(`/email-templates/${id}/details`, { subject: 'B' })).status).toBe(404);
    expect((await apiB.delete(`/email-templates/${id}`)).status).toBe(404);
    expect((await apiB.get('/email-templates')).body).toEqual([]);
    const field = await apiA.post('/custom-profile-fields', { name: 'department', type: 'Text', label: 'Department', required: true, config: {} });
    expect(field.status, JSON.stringify(field.body)).toBe(201);
    expect((await apiB.get('/custom-profile-fields/department')).status).toBe(404);
    const configB = await (await fetch(`${base('tenant-b')}/api/experience/config`)).json();
    expect(configB.customProfileFields).toEqual([]);
    expect(configB.phrases).toEqual({});
  });
});
