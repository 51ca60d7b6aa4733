import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createExperienceClient, createWebApp } from './setup/experience-client.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

/** The `claims` request parameter (OpenID Connect Core 5.5) for first- and third-party apps. */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let jwks: ReturnType<typeof createRemoteJWKSet>;
const password = 'Correct-Horse-92!';

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  jwks = createRemoteJWKSet(new URL(`${server.endpoint}/oidc/jwks`));
  const created = await admin.post('/users', { username: 'claimant', password, primaryEmail: 'claimant@example.com', primaryPhone: '15550100', name: 'Ada' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
});
afterAll(async () => server?.close());

const signIn = async (browser: Awaited<ReturnType<typeof createExperienceClient>>) => {
  await browser.api('PUT', '', { interactionEvent: 'SignIn' });
  const verified = await browser.api('POST', '/verification/password', { identifier: { type: 'username', value: 'claimant' }, password });
  await browser.api('POST', '/identification', { verificationId: verified.body.verificationId });
  const submitted = await browser.api('POST', '/submit', {});
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return browser.follow(submitted.body.redirectTo);
};

const userinfo = async (accessToken: string) =>
  (await fetch(`${server.endpoint}/oidc/me`, { headers: { authorization: `Bearer ${accessToken}` } })).json() as Promise<Record<string, unknown>>;

describe('claims request parameter', () => {
  it('is announced in discovery', async () => {
    const discovery = await (await fetch(`${server.endpoint}/oidc/.well-known/openid-configuration`)).json();
    expect(discovery.claims_parameter_supported).toBe(true);
  });

  it('puts a requested claim into the ID token and userinfo of a first-party app without its scope', async () => {
    const app = await createWebApp(admin);
    const browser = await createExperienceClient(server.endpoint, app);
    const claims = { id_token: { email: null }, userinfo: { phone_number: { essential: true } } };
    await browser.authorize({ scope: 'openid', prompt: 'login', claims: JSON.stringify(claims) });
    const tokens = await browser.exchange(await signIn(browser));
    const { payload } = await jwtVerify(tokens.id_token!, jwks, { audience: app.id });
    expect(payload.email).toBe('claimant@example.com');
    expect(payload).not.toHaveProperty('name');
    expect(payload).not.toHaveProperty('phone_number');
    const info = await userinfo(tokens.access_token);
    expect(info.phone_number).toBe('15550100');
    expect(info).not.toHaveProperty('name');
  });

  it('asks the user on the consent page for a third-party app, and gives nothing its allow list lacks', async () => {
    const app = await createWebApp(admin, { isThirdParty: true, name: 'Claims partner' });
    await admin.post(`/applications/${app.id}/user-consent-scopes`, { userScopes: ['email'] });
    const browser = await createExperienceClient(server.endpoint, app);
    const claims = { id_token: { email: null, phone_number: null, name: null } };
    await browser.authorize({ scope: 'openid', prompt: 'login consent', claims: JSON.stringify(claims) });
    expect(await signIn(browser)).toBe(`${server.endpoint}/consent`);
    const consent = await browser.api('GET', '/consent');
    // The email claim is shown under the scope that holds it; phone and name are not the app's to ask.
    expect(consent.body.missingScopes.map((scope: { name: string }) => scope.name)).toEqual(['email']);
    const granted = await browser.api('POST', '/consent', { interactionId: consent.body.interactionId });
    const tokens = await browser.exchange(await browser.follow(granted.body.redirectTo));
    const { payload } = await jwtVerify(tokens.id_token!, jwks, { audience: app.id });
    expect(payload.email).toBe('claimant@example.com');
    expect(payload).not.toHaveProperty('phone_number');
    expect(payload).not.toHaveProperty('name');
  });
});
