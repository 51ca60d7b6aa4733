import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAuthorization, startOidcProvider, type TestAccount } from '../../connectors/src/test-utils/oidc-provider.js';
import { createExperienceClient, createWebApp, type TestApp } from './setup/experience-client.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
const accounts: Record<string, TestAccount> = {
  'sam-1': { email: 'sam@example.com', email_verified: true, name: 'Sam', picture: 'https://img.example.com/sam.png' },
  'eve-2': { email: 'existing@example.com', email_verified: true, name: 'Eve' },
  'mal-3': { email: 'unverified@example.com', email_verified: false, name: 'Mal' },
};
const connectorId = 'acme-oidc';
let redirectUri: string;

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  app = await createWebApp(admin);
  redirectUri = `${server.endpoint}/callback/social/${connectorId}`;
  idp = await startOidcProvider(accounts, { redirectUris: [redirectUri] });
  const connector = await admin.post('/connectors', {
    id: connectorId,
    connectorId: 'oidc',
    config: { issuer: idp.issuer, clientId: 'test-rp', clientSecret: 'test-rp-secret-that-is-long-enough', scope: 'openid profile email' },
    metadata: { target: 'acme', name: { en: 'Acme ID' } },
    syncProfile: true,
    enableTokenStorage: true,
  });
  expect(connector.status, JSON.stringify(connector.body)).toBe(201);
  expect(connector.body.config.clientSecret).toBe('********');
  const settings = await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: ['acme'], socialSignIn: { automaticAccountLinking: true } });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
});
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

/** Signs in at the IdP as `accountId` and hands the callback to the experience API. */
const socialVerification = async (accountId: string) => {
  const browser = await createExperienceClient(server.endpoint, app);
  await browser.authorize();
  const config = await browser.api('GET', '/config');
  expect(config.body.socialConnectors).toEqual([expect.objectContaining({ id: connectorId, target: 'acme', name: { en: 'Acme ID' } })]);
  await browser.api('PUT', '', { interactionEvent: 'SignIn' });
  const state = `state-${accountId}-${Date.now()}`;
  const started = await browser.api('POST', `/verification/social/${connectorId}/authorization-uri`, { state, redirectUri });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  idp.nextLogin.accountId = accountId;
  const callback = await runAuthorization(started.body.authorizationUri, redirectUri);
  const verified = await browser.api('POST', `/verification/social/${connectorId}/verify`, {
    verificationId: started.body.verificationId,
    connectorData: callback,
  });
  return { browser, verified, verificationId: started.body.verificationId as string };
};

const submitAndExchange = async (browser: Awaited<ReturnType<typeof createExperienceClient>>) => {
  const submitted = await browser.api('POST', '/submit', {});
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return browser.exchange(await browser.follow(submitted.body.redirectTo));
};

describe('social sign-in with a real OpenID provider', () => {
  it('registers a new account from the social profile, stores the identity and the tokens (sealed)', async () => {
    const { browser, verified, verificationId } = await socialVerification('sam-1');
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const unknown = await browser.api('POST', '/identification', { verificationId });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('user.identity_not_exist');
    expect((await browser.api('PUT', '/interaction-event', { interactionEvent: 'Register' })).status).toBe(204);
    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    // Usernames are how this tenant's users are known (the default sign-up): the page asks for one.
    const missing = await browser.api('POST', '/submit', {});
    expect(missing.status).toBe(422);
    expect(missing.body.details.map((detail: { path: string }) => detail.path)).toEqual(['username']);
    expect((await browser.api('POST', '/profile', { type: 'username', value: 'sam' })).status).toBe(204);
    const tokens = await submitAndExchange(browser);
    const user = (await admin.get(`/users/${tokens.claims()!.sub}`)).body;
    expect(user).toMatchObject({ username: 'sam', name: 'Sam', avatar: 'https://img.example.com/sam.png', primaryEmail: 'sam@example.com' });
    expect(user.identities.acme).toMatchObject({ userId: 'sam-1', details: { email: 'sam@example.com' } });
    const stored = await server.database.withTenant('default', (tx) =>
      tx.execute(sql`select token_set_sealed from user_social_token_sets where user_id = ${user.id} and target = 'acme'`),
    );
    const sealed = (stored as unknown as { rows: { token_set_sealed: string }[] }).rows[0]!.token_set_sealed;
    expect(sealed).toBeTypeOf('string');
    // Sealed: no JWT header (`{"alg":` in base64url) shows through; shorter prefixes occur by chance.
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('eyJhbGciOi');
  });

  it('signs the same account in again, and syncs the profile from the provider', async () => {
    accounts['sam-1']!.name = 'Samuel';
    const { browser, verificationId } = await socialVerification('sam-1');
    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    const tokens = await submitAndExchange(browser);
    expect((await admin.get(`/users/${tokens.claims()!.sub}`)).body.name).toBe('Samuel');
    expect((await admin.get('/users?search=sam@example.com')).body).toHaveLength(1);
  });

  it('links a verified email to the existing account when automatic linking is on', async () => {
    const existing = (await admin.post('/users', { username: 'eve', primaryEmail: 'existing@example.com', password: 'Correct-Horse-92!' })).body;
    const { browser, verificationId } = await socialVerification('eve-2');
    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    const tokens = await submitAndExchange(browser);
    expect(tokens.claims()!.sub).toBe(existing.id);
    expect((await admin.get(`/users/${existing.id}`)).body.identities.acme.userId).toBe('eve-2');
  });

  it('never links by an unverified email', async () => {
    await admin.post('/users', { primaryEmail: 'unverified@example.com', password: 'Correct-Horse-92!' });
    const { browser, verificationId } = await socialVerification('mal-3');
    const refused = await browser.api('POST', '/identification', { verificationId });
    expect(refused.body.code).toBe('user.identity_not_exist');
  });

  it('refuses a callback for another state, and reports a refusal at the provider', async () => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    await browser.api('PUT', '', { interactionEvent: 'SignIn' });
    const started = await browser.api('POST', `/verification/social/${connectorId}/authorization-uri`, { state: 'the-real-state', redirectUri });
    const forged = await browser.api('POST', `/verification/social/${connectorId}/verify`, {
      verificationId: started.body.verificationId,
      connectorData: { code: 'anything', state: 'another-state' },
    });
    expect(forged.body.code).toBe('session.social_state_mismatch');

    idp.nextLogin.deny = true;
    try {
      const callback = await runAuthorization(started.body.authorizationUri, redirectUri);
      const denied = await browser.api('POST', `/verification/social/${connectorId}/verify`, {
        verificationId: started.body.verificationId,
        connectorData: callback,
      });
      expect(denied.status).toBe(422);
      expect(denied.body.code).toBe('connector.authorization_failed');
    } finally {
      idp.nextLogin.deny = false;
    }
  });

  it('refuses a redirect URI that is not this tenant callback page', async () => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    await browser.api('PUT', '', { interactionEvent: 'SignIn' });
    const refused = await browser.api('POST', `/verification/social/${connectorId}/authorization-uri`, {
      state: 'some-state-value',
      redirectUri: 'https://evil.example.com/callback',
    });
    expect(refused.body.code).toBe('session.invalid_redirect_uri');
  });
});
