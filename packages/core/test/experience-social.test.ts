import { managementScopes } from '@gatehouse/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAuthorization, startOidcProvider, type TestAccount } from '../../connectors/src/test-utils/oidc-provider.js';
import { createExperienceClient, createWebApp, type TestApp } from './setup/experience-client.js';
import { apiWithScopes } from './setup/grants.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
const accounts: Record<string, TestAccount> = {
  'sam-1': { email: 'sam@example.com', email_verified: true, name: 'Sam', picture: 'https://img.example.com/sam.png' },
  'eve-2': { email: 'existing@example.com', email_verified: true, name: 'Eve' },
  'mal-3': { email: 'unverified@example.com', email_verified: false, name: 'Mal' },
  'twin-4': { email: 'twin@example.com', email_verified: false, name: 'Twin' },
};
const connectorId = 'acme-oidc';
/** Expects ES256 ID tokens from an IdP that signs with RS256: every ID token it gets is invalid. */
const strictConnectorId = 'strict-oidc';
let redirectUri: string;

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  app = await createWebApp(admin);
  redirectUri = `${server.endpoint}/callback/social/${connectorId}`;
  idp = await startOidcProvider(accounts, {
    redirectUris: [redirectUri, ...[strictConnectorId, 'temp-oidc'].map((id) => `${server.endpoint}/callback/social/${id}`)],
  });
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

/** Starts a sign-in and a social verification through `id`; `callback()` signs in at the IdP as `accountId`. */
const startSocial = async (id = connectorId, state = `state-${Date.now()}`) => {
  const browser = await createExperienceClient(server.endpoint, app);
  await browser.authorize();
  await browser.api('PUT', '', { interactionEvent: 'SignIn' });
  const callbackUri = `${server.endpoint}/callback/social/${id}`;
  const started = await browser.api('POST', `/verification/social/${id}/authorization-uri`, { state, redirectUri: callbackUri });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const verificationId = started.body.verificationId as string;
  const callback = async (accountId: string) => {
    idp.nextLogin.accountId = accountId;
    return runAuthorization(started.body.authorizationUri, callbackUri);
  };
  const verify = async (connectorData: Record<string, unknown>, language = 'en') =>
    browser.api('POST', `/verification/social/${id}/verify`, { verificationId, connectorData }, { 'accept-language': language });
  return { browser, verificationId, callback, verify };
};

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

const tokenSetTargets = async (userId: string) => {
  const result = await server.database.withTenant('default', (tx) => tx.execute(sql`select target from user_social_token_sets where user_id = ${userId}`));
  return (result as unknown as { rows: { target: string }[] }).rows.map((row) => row.target);
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

    // Read back through the management API, opened, by a full-access token only.
    const kept = await admin.get(`/users/${user.id}/identities/acme/token-set`);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({ connectorId, updatedAt: expect.any(Number) });
    expect(kept.body.tokenSet.accessToken).toEqual(expect.any(String));
    expect(kept.body.tokenSet.idToken).toMatch(/^eyJ/);
    expect(kept.body.tokenSet.scope).toContain('openid');
    const reader = await apiWithScopes(server, [managementScopes.readUsers]);
    expect((await reader.get(`/users/${user.id}`)).status).toBe(200);
    const refused = await reader.get(`/users/${user.id}/identities/acme/token-set`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('auth.insufficient_scope');
    const none = await admin.get(`/users/${user.id}/identities/other/token-set`);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('entity.not_found');
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
    // The answer goes to the connector the verification started with, not through another's URL.
    const elsewhere = await browser.api('POST', `/verification/social/${strictConnectorId}/verify`, {
      verificationId: started.body.verificationId,
      connectorData: { code: 'anything', state: 'the-real-state' },
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 'session.verification_not_found']);

    idp.nextLogin.deny = true;
    try {
      const callback = await runAuthorization(started.body.authorizationUri, redirectUri);
      const denied = await browser.api('POST', `/verification/social/${connectorId}/verify`, {
        verificationId: started.body.verificationId,
        connectorData: callback,
      });
      expect(denied.status).toBe(422);
      expect(denied.body.code).toBe('connector.authorization_failed');
      // What happened, in the page's language, without the provider's own text.
      expect(denied.body.message).toBe('The sign-in was cancelled or refused at the provider. Try again, or sign in another way.');
      expect(denied.body.message).not.toContain('declined');
    } finally {
      idp.nextLogin.deny = false;
    }
  });

  it('tells apart an invalid ID token and a replayed code, in the user language', async () => {
    const created = await admin.post('/connectors', {
      id: strictConnectorId,
      connectorId: 'oidc',
      config: { issuer: idp.issuer, clientId: 'test-rp', clientSecret: 'test-rp-secret-that-is-long-enough', idTokenSignedResponseAlg: 'ES256' },
      metadata: { target: 'strict', name: { en: 'Strict ID' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: ['acme', 'strict'] })).status).toBe(200);
    try {
      const strict = await startSocial(strictConnectorId);
      const invalid = await strict.verify(await strict.callback('sam-1'), 'de');
      expect(invalid.status).toBe(422);
      expect(invalid.body.code).toBe('connector.social_invalid_id_token');
      expect(invalid.body.message).toBe('Das Identitätstoken des Anbieters konnte nicht überprüft werden. Starten Sie die Anmeldung erneut.');

      // A callback replayed into another flow (which chose the same state): the code is used up.
      const flow = await startSocial(connectorId, 'shared-state-1');
      const callback = await flow.callback('sam-1');
      expect((await flow.verify(callback)).status).toBe(200);
      const replayed = await (await startSocial(connectorId, 'shared-state-1')).verify(callback, 'fr');
      expect(replayed.status).toBe(422);
      expect(replayed.body.code).toBe('connector.social_auth_code_invalid');
      expect(replayed.body.message).toBe('Le code de connexion du fournisseur a expiré ou a déjà été utilisé. Recommencez la connexion.');
    } finally {
      await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: ['acme'] });
      await admin.delete(`/connectors/${strictConnectorId}`);
    }
  });

  it('verifies one provider answer per verification: a second callback cannot swap the account after identification', async () => {
    const flow = await startSocial();
    expect((await flow.verify(await flow.callback('sam-1'))).status).toBe(200);
    expect((await flow.browser.api('POST', '/identification', { verificationId: flow.verificationId })).status).toBe(204);
    // The same authorization request run again signs in as another account at the provider.
    const swapped = await flow.verify(await flow.callback('eve-2'), 'fr');
    expect(swapped.status).toBe(422);
    expect(swapped.body.code).toBe('session.social_already_verified');
    expect(swapped.body.message).toBe('Cette connexion sociale a déjà été vérifiée. Recommencez pour utiliser un autre compte.');
    const tokens = await submitAndExchange(flow.browser);
    const user = (await admin.get(`/users/${tokens.claims()!.sub}`)).body;
    expect(user.identities.acme.userId).toBe('sam-1');
  });

  it('ends a social sign-in whose provider was turned off after it started', async () => {
    const beforeVerify = await startSocial();
    const beforeIdentify = await startSocial();
    expect((await beforeIdentify.verify(await beforeIdentify.callback('sam-1'))).status).toBe(200);
    const callback = await beforeVerify.callback('sam-1');
    expect((await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: [] })).status).toBe(200);
    try {
      const verified = await beforeVerify.verify(callback);
      expect(verified.status).toBe(422);
      expect(verified.body.code).toBe('session.social_not_enabled');
      const identified = await beforeIdentify.browser.api('POST', '/identification', { verificationId: beforeIdentify.verificationId });
      expect(identified.status).toBe(422);
      expect(identified.body.code).toBe('session.social_not_enabled');
    } finally {
      await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: ['acme'] });
    }
  });

  it('does not link by a verified email when automatic linking is off', async () => {
    const existing = (await admin.post('/users', { primaryEmail: 'kim@example.com', password: 'Correct-Horse-92!' })).body;
    accounts['kim-4'] = { email: 'kim@example.com', email_verified: true, name: 'Kim' };
    expect((await admin.patch('/sign-in-exp', { socialSignIn: { automaticAccountLinking: false } })).status).toBe(200);
    try {
      const { browser, verificationId } = await socialVerification('kim-4');
      const refused = await browser.api('POST', '/identification', { verificationId });
      expect(refused.body.code).toBe('user.identity_not_exist');
      expect((await admin.get(`/users/${existing.id}`)).body.identities).toEqual({});
    } finally {
      await admin.patch('/sign-in-exp', { socialSignIn: { automaticAccountLinking: true } });
    }
  });

  it('deletes the stored provider tokens with the identity', async () => {
    const [user] = (await admin.get('/users?search=sam@example.com')).body;
    expect(await tokenSetTargets(user.id)).toEqual(['acme']);
    expect((await admin.delete(`/users/${user.id}/identities/acme`)).status).toBe(204);
    expect(await tokenSetTargets(user.id)).toEqual([]);

    // Signed in again, then linked by an administrator to another account at the provider.
    const { browser, verificationId } = await socialVerification('sam-1');
    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    await submitAndExchange(browser);
    expect(await tokenSetTargets(user.id)).toEqual(['acme']);
    expect((await admin.put(`/users/${user.id}/identities/acme`, { userId: 'someone-else' })).status).toBe(200);
    expect(await tokenSetTargets(user.id)).toEqual([]);
  });

  it('deletes the stored provider tokens of a connector when its token storage is turned off, or when it is deleted', async () => {
    const [user] = (await admin.get('/users?search=sam@example.com')).body;
    expect((await admin.put(`/users/${user.id}/identities/acme`, { userId: 'sam-1' })).status).toBe(200);
    const created = await admin.post('/connectors', {
      id: 'temp-oidc',
      connectorId: 'oidc',
      config: { issuer: idp.issuer, clientId: 'test-rp', clientSecret: 'test-rp-secret-that-is-long-enough' },
      metadata: { target: 'temp', name: { en: 'Temp ID' } },
      enableTokenStorage: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: ['acme', 'temp'] })).status).toBe(200);
    try {
      for (const id of [connectorId, 'temp-oidc']) {
        const flow = await startSocial(id);
        expect((await flow.verify(await flow.callback('sam-1'))).status).toBe(200);
        expect((await flow.browser.api('POST', '/identification', { verificationId: flow.verificationId })).status).toBe(204);
        await submitAndExchange(flow.browser);
      }
      expect((await tokenSetTargets(user.id)).sort()).toEqual(['acme', 'temp']);

      expect((await admin.patch(`/connectors/${connectorId}`, { enableTokenStorage: false })).status).toBe(200);
      expect(await tokenSetTargets(user.id)).toEqual(['temp']);

      expect((await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: ['acme'] })).status).toBe(200);
      expect((await admin.delete('/connectors/temp-oidc')).status).toBe(204);
      expect(await tokenSetTargets(user.id)).toEqual([]);
    } finally {
      await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: ['acme'] });
      await admin.delete('/connectors/temp-oidc');
      await admin.patch(`/connectors/${connectorId}`, { enableTokenStorage: true });
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

  it('registers one account per provider account when several tabs register it at once', async () => {
    const tabs = [];
    for (let tab = 0; tab < 4; tab++) {
      const { browser, verified, verificationId } = await socialVerification('twin-4');
      expect(verified.status).toBe(200);
      expect((await browser.api('PUT', '/interaction-event', { interactionEvent: 'Register' })).status).toBe(204);
      expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
      expect((await browser.api('POST', '/profile', { type: 'username', value: `twin_tab_${tab}` })).status).toBe(204);
      tabs.push(browser);
    }
    const answers = await Promise.all(tabs.map((browser) => browser.api('POST', '/submit', {})));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual(refused.map(() => [409, 'user.identity_in_use']));
    const linked = await server.database.withTenant('default', (tx) =>
      tx.execute(sql`select username from users where identities->'acme'->>'userId' = 'twin-4'`),
    );
    expect((linked as unknown as { rows: { username: string }[] }).rows).toHaveLength(1);
    // Nothing of the refused registrations remains.
    expect((await admin.get('/users?search=twin_tab&searchFields=username')).body).toHaveLength(1);
  });
});
