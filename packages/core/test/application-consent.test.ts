import { managementScopes } from '@gatehouse/schemas';
import { sql } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createExperienceClient, createWebApp } from './setup/experience-client.js';
import { basicAuth, postForm } from './setup/forms.js';
import { apiWithScopes } from './setup/grants.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

/**
 * Per-application sign-in branding and the scopes a third-party application's users may consent
 * to: the management routes, and what the hosted pages (experience config, consent) make of them.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let jwks: ReturnType<typeof createRemoteJWKSet>;

const password = 'Correct-Horse-92!';

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  jwks = createRemoteJWKSet(new URL(`${server.endpoint}/oidc/jwks`));
});
afterAll(async () => server?.close());

const branding = {
  displayName: 'Partner Portal',
  color: { primaryColor: '#0A7B83', darkPrimaryColor: '#35C2C9' },
  branding: { logoUrl: 'https://cdn.example.com/partner.svg', darkLogoUrl: 'https://cdn.example.com/partner-dark.svg' },
  termsOfUseUrl: 'https://partner.example.com/terms',
  privacyPolicyUrl: 'https://partner.example.com/privacy',
};

/** Signs `username` in through the experience API; answers where the browser lands next. */
const signIn = async (browser: Awaited<ReturnType<typeof createExperienceClient>>, username: string) => browser.signInWithPassword(username, password);

describe('application sign-in experience', () => {
  it('is absent until set, replaced as a whole by PUT, and removed by DELETE', async () => {
    const app = await createWebApp(admin, { name: 'Branded' });
    const path = `/applications/${app.id}/sign-in-experience`;
    const missing = await admin.get(path);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('entity.not_found');

    const saved = await admin.put(path, branding);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ applicationId: app.id, ...branding });
    expect((await admin.get(path)).body).toEqual({ applicationId: app.id, ...branding });

    const replaced = await admin.put(path, { color: { primaryColor: '#123' } });
    expect(replaced.body).toEqual({
      applicationId: app.id,
      displayName: null,
      color: { primaryColor: '#123' },
      branding: {},
      termsOfUseUrl: null,
      privacyPolicyUrl: null,
    });

    expect((await admin.delete(path)).status).toBe(204);
    expect((await admin.get(path)).status).toBe(404);
    expect((await admin.delete(path)).status).toBe(404);
  });

  it('validates colours and URLs, and refuses apps that do not sign users in', async () => {
    const app = await createWebApp(admin);
    const invalid = await admin.put(`/applications/${app.id}/sign-in-experience`, {
      color: { primaryColor: 'teal' },
      termsOfUseUrl: 'javascript:alert(1)',
      extra: true,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('guard.invalid_input');

    const machine = (await admin.post('/applications', { name: 'worker', type: 'MachineToMachine' })).body;
    const refused = await admin.put(`/applications/${machine.id}/sign-in-experience`, branding);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('application.branding_not_applicable');
    expect((await admin.get('/applications/nope/sign-in-experience')).status).toBe(404);
  });

  it("is what the hosted pages show for that app's sign-ins, and only for them", async () => {
    const branded = await createWebApp(admin, { name: 'Partner app (internal name)', isThirdParty: true });
    const plain = await createWebApp(admin, { name: 'Plain app' });
    await admin.patch('/sign-in-exp', {
      color: { primaryColor: '#6139F6', isDarkModeEnabled: true, darkPrimaryColor: '#8F73FF' },
      branding: { logoUrl: 'https://cdn.example.com/tenant.svg', darkLogoUrl: 'https://cdn.example.com/tenant-dark.svg' },
      termsOfUseUrl: 'https://tenant.example.com/terms',
    });
    await admin.put(`/applications/${branded.id}/sign-in-experience`, branding);

    const brandedBrowser = await createExperienceClient(server.endpoint, branded);
    await brandedBrowser.authorize();
    const brandedConfig = (await brandedBrowser.api('GET', '/config')).body;
    expect(brandedConfig.color).toEqual({ primaryColor: '#0A7B83', isDarkModeEnabled: true, darkPrimaryColor: '#35C2C9' });
    expect(brandedConfig.branding).toEqual(branding.branding);
    expect(brandedConfig.termsOfUseUrl).toBe(branding.termsOfUseUrl);
    expect(brandedConfig.privacyPolicyUrl).toBe(branding.privacyPolicyUrl);
    expect(brandedConfig.interaction.application).toEqual({ id: branded.id, name: 'Partner Portal', logoUri: branding.branding.logoUrl });

    const plainBrowser = await createExperienceClient(server.endpoint, plain);
    await plainBrowser.authorize();
    const plainConfig = (await plainBrowser.api('GET', '/config')).body;
    expect(plainConfig.color.primaryColor).toBe('#6139F6');
    expect(plainConfig.branding).toEqual({ logoUrl: 'https://cdn.example.com/tenant.svg', darkLogoUrl: 'https://cdn.example.com/tenant-dark.svg' });
    expect(plainConfig.termsOfUseUrl).toBe('https://tenant.example.com/terms');
    expect(plainConfig.interaction.application.name).toBe('Plain app');

    // A colour-only override keeps the tenant's logos.
    await admin.put(`/applications/${branded.id}/sign-in-experience`, { color: { primaryColor: '#222222' } });
    const recolored = (await brandedBrowser.api('GET', '/config')).body;
    expect(recolored.color.primaryColor).toBe('#222222');
    expect(recolored.color.darkPrimaryColor).toBe('#8F73FF');
    expect(recolored.branding.logoUrl).toBe('https://cdn.example.com/tenant.svg');
    expect(recolored.interaction.application.name).toBe('Partner app (internal name)');
    await admin.patch('/sign-in-exp', { color: { primaryColor: '#6139F6', isDarkModeEnabled: false, darkPrimaryColor: '#8F73FF' }, branding: {}, termsOfUseUrl: null });
  });
});

describe('user consent scopes', () => {
  /** A third-party app, an API with three permissions, and a user whose role grants all three. */
  const setUp = async (username: string) => {
    const app = await createWebApp(admin, { isThirdParty: true, name: `Partner ${username}` });
    const indicator = `https://docs-${username}.example.com`;
    const resource = (await admin.post('/resources', { name: 'Docs API', indicator })).body;
    const scopeIds: Record<string, string> = {};
    for (const name of ['read:docs', 'write:docs', 'delete:docs']) {
      scopeIds[name] = (await admin.post(`/resources/${resource.id}/scopes`, { name, description: `Can ${name.split(':')[0]} docs` })).body.id;
    }
    const role = (await admin.post('/roles', { name: `Docs ${username}`, description: 'All docs permissions' })).body;
    await admin.post(`/roles/${role.id}/scopes`, { scopeIds: Object.values(scopeIds) });
    const user = (await admin.post('/users', { username, password, primaryEmail: `${username}@example.com`, name: 'Ada Lovelace' })).body;
    await admin.post(`/users/${user.id}/roles`, { roleIds: [role.id] });
    return { app, resource, indicator, scopeIds, user };
  };

  it('lists, adds and removes user scopes and API permissions of a third-party app', async () => {
    const { app, resource, indicator, scopeIds } = await setUp('lister');
    const path = `/applications/${app.id}/user-consent-scopes`;
    expect((await admin.get(path)).body).toEqual({ userScopes: [], resourceScopes: [] });

    const added = await admin.post(path, { userScopes: ['email', 'profile'], resourceScopes: [scopeIds['read:docs'], scopeIds['write:docs']] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toEqual({
      userScopes: ['profile', 'email'],
      resourceScopes: [
        {
          resource: { id: resource.id, name: 'Docs API', indicator },
          scopes: [
            { id: scopeIds['read:docs'], name: 'read:docs', description: 'Can read docs' },
            { id: scopeIds['write:docs'], name: 'write:docs', description: 'Can write docs' },
          ],
        },
      ],
    });
    // Adding again is harmless.
    expect((await admin.post(path, { userScopes: ['email'] })).status).toBe(201);

    expect((await admin.delete(`${path}/user-scopes/email`)).status).toBe(204);
    expect((await admin.delete(`${path}/user-scopes/email`)).status).toBe(404);
    expect((await admin.delete(`${path}/resource-scopes/${scopeIds['write:docs']}`)).status).toBe(204);
    expect((await admin.delete(`${path}/other/${scopeIds['read:docs']}`)).status).toBe(400);

    // Deleting the permission takes it off the list.
    await admin.delete(`/resources/${resource.id}/scopes/${scopeIds['read:docs']}`);
    expect((await admin.get(path)).body).toEqual({ userScopes: ['profile'], resourceScopes: [] });
  });

  it('refuses first-party apps, unknown scopes, permissions that do not exist and management API permissions', async () => {
    const firstParty = await createWebApp(admin);
    const refused = await admin.get(`/applications/${firstParty.id}/user-consent-scopes`);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('application.not_third_party');

    const { app } = await setUp('refuser');
    const path = `/applications/${app.id}/user-consent-scopes`;
    expect((await admin.post(path, { userScopes: ['organizations'] })).status).toBe(400);
    expect((await admin.post(path, {})).status).toBe(400);
    const unknown = await admin.post(path, { resourceScopes: ['no-such-scope'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('application.consent_scope_not_found');

    const [management] = (await admin.get('/resources?search=Management')).body as { id: string; isBuiltIn: boolean }[];
    const [allScope] = (await admin.get(`/resources/${management!.id}/scopes`)).body as { id: string }[];
    const builtIn = await admin.post(path, { resourceScopes: [allScope!.id] });
    expect(builtIn.status).toBe(422);
    expect(builtIn.body.code).toBe('application.consent_scope_built_in');
    expect((await admin.get(path)).body).toEqual({ userScopes: [], resourceScopes: [] });
  });

  it('needs read:applications to read and write:applications to change', async () => {
    const { app } = await setUp('scoped');
    const reader = await apiWithScopes(server, [managementScopes.readApplications]);
    expect((await reader.get(`/applications/${app.id}/user-consent-scopes`)).status).toBe(200);
    expect((await reader.get(`/applications/${app.id}/sign-in-experience`)).status).toBe(404);
    const forbidden = [
      await reader.post(`/applications/${app.id}/user-consent-scopes`, { userScopes: ['email'] }),
      await reader.delete(`/applications/${app.id}/user-consent-scopes/user-scopes/email`),
      await reader.put(`/applications/${app.id}/sign-in-experience`, branding),
      await reader.delete(`/applications/${app.id}/sign-in-experience`),
    ];
    expect(forbidden.map((response) => response.status)).toEqual([403, 403, 403, 403]);
    const outsider = await apiWithScopes(server, [managementScopes.readUsers]);
    expect((await outsider.get(`/applications/${app.id}/user-consent-scopes`)).status).toBe(403);
    expect((await outsider.get(`/applications/${app.id}/sign-in-experience`)).status).toBe(403);
  });

  it('shows and grants only the listed scopes on the consent page, and the tokens carry no more', async () => {
    const { app, indicator, scopeIds, user } = await setUp('consenter');
    await admin.post(`/applications/${app.id}/user-consent-scopes`, { userScopes: ['profile'], resourceScopes: [scopeIds['read:docs']] });
    await admin.put(`/applications/${app.id}/sign-in-experience`, branding);

    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ prompt: 'login', scope: 'openid profile email phone read:docs write:docs', resource: indicator });
    expect(await signIn(browser, 'consenter')).toBe(`${server.endpoint}/consent`);
    const info = await browser.api('GET', '/consent');
    expect(info.status).toBe(200);
    expect(info.body.application).toEqual({
      id: app.id,
      name: 'Partner Portal',
      logoUri: branding.branding.logoUrl,
      darkLogoUri: branding.branding.darkLogoUrl,
      isThirdParty: true,
      termsOfUseUrl: branding.termsOfUseUrl,
      privacyPolicyUrl: branding.privacyPolicyUrl,
    });
    expect(info.body.missingScopes.map((scope: { name: string }) => scope.name)).toEqual(['profile']);
    expect(info.body.missingResourceScopes).toEqual([
      { indicator, name: 'Docs API', scopes: [{ name: 'read:docs', description: 'Can read docs' }] },
    ]);

    const granted = await browser.api('POST', '/consent');
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const callback = await browser.follow(granted.body.redirectTo);
    expect(callback.startsWith(app.redirectUri), callback).toBe(true);
    const tokens = await browser.exchange(callback);
    const { payload: idToken } = await jwtVerify(tokens.id_token!, jwks, { audience: app.id });
    expect(idToken).toMatchObject({ sub: user.id, name: 'Ada Lovelace', username: 'consenter' });
    expect(idToken).not.toHaveProperty('email');
    expect(idToken).not.toHaveProperty('phone_number');
    const accessToken = decodeJwt(tokens.access_token);
    expect(accessToken.aud).toBe(indicator);
    expect(accessToken.scope).toBe('read:docs');

    // The refused scopes count as answered: asking again in the same session needs no interaction.
    const silent = new URL(await browser.authorize({ scope: 'openid profile email phone read:docs write:docs', resource: indicator, prompt: 'none' }));
    expect(silent.searchParams.get('error')).toBeNull();
    expect(silent.searchParams.get('code')).toBeTruthy();
  });

  it("asks again, for what is new, once the app is allowed a scope the user's grant refused", async () => {
    const { app, indicator, scopeIds } = await setUp('regrant');
    const path = `/applications/${app.id}/user-consent-scopes`;
    await admin.post(path, { userScopes: ['profile'], resourceScopes: [scopeIds['read:docs']] });
    const browser = await createExperienceClient(server.endpoint, app);
    const request = { scope: 'openid profile email read:docs write:docs', resource: indicator };
    await browser.authorize({ prompt: 'login', ...request });
    expect(await signIn(browser, 'regrant')).toBe(`${server.endpoint}/consent`);
    const first = await browser.api('POST', '/consent');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await browser.follow(first.body.redirectTo);

    // Unchanged allow list: the refusals stand, no consent screen.
    expect((await browser.authorize({ ...request, prompt: '' })).startsWith(app.redirectUri)).toBe(true);

    await admin.post(path, { userScopes: ['email'], resourceScopes: [scopeIds['write:docs']] });
    expect(await browser.authorize({ ...request, prompt: '' })).toBe(`${server.endpoint}/consent`);
    const info = await browser.api('GET', '/consent');
    expect(info.body.missingScopes.map((scope: { name: string }) => scope.name)).toEqual(['email']);
    expect(info.body.missingResourceScopes).toEqual([
      { indicator, name: 'Docs API', scopes: [{ name: 'write:docs', description: 'Can write docs' }] },
    ]);
    const granted = await browser.api('POST', '/consent');
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const tokens = await browser.exchange(await browser.follow(granted.body.redirectTo));
    const { payload: idToken } = await jwtVerify(tokens.id_token!, jwks, { audience: app.id });
    expect(idToken.email).toBe('regrant@example.com');
    expect(decodeJwt(tokens.access_token).scope).toBe('read:docs write:docs');

    // Answered: the next request needs no screen.
    expect((await browser.authorize({ ...request, prompt: '' })).startsWith(app.redirectUri)).toBe(true);
  });

  it('takes a scope removed from the list away from the users who had consented to it, and asks them again', async () => {
    const { app, indicator, scopeIds } = await setUp('withdrawn');
    const path = `/applications/${app.id}/user-consent-scopes`;
    await admin.post(path, { userScopes: ['profile', 'email'], resourceScopes: [scopeIds['read:docs'], scopeIds['write:docs']] });
    const browser = await createExperienceClient(server.endpoint, app);
    const request = { scope: 'openid profile email offline_access read:docs write:docs', resource: indicator };
    const consent = async () => {
      const granted = await browser.api('POST', '/consent');
      expect(granted.status, JSON.stringify(granted.body)).toBe(200);
      const tokens = await browser.exchange(await browser.follow(granted.body.redirectTo));
      const { payload: idToken } = await jwtVerify(tokens.id_token!, jwks, { audience: app.id });
      return { tokens, idToken, scope: decodeJwt(tokens.access_token).scope };
    };
    // offline_access counts only with prompt=consent (OpenID Connect Core 11).
    await browser.authorize({ prompt: 'login consent', ...request });
    expect(await signIn(browser, 'withdrawn')).toBe(`${server.endpoint}/consent`);
    const before = await consent();
    expect(before.idToken.email).toBe('withdrawn@example.com');
    expect(before.scope).toBe('read:docs write:docs');
    expect(before.tokens.refresh_token).toBeTruthy();

    // A user scope off the list: the grant that held it goes, with its refresh token.
    expect((await admin.delete(`${path}/user-scopes/email`)).status).toBe(204);
    const refreshed = await postForm(
      `${server.endpoint}/oidc/token`,
      { grant_type: 'refresh_token', refresh_token: before.tokens.refresh_token! },
      basicAuth(app.id, app.secret!),
    );
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
    expect(await browser.authorize({ ...request, prompt: '' })).toBe(`${server.endpoint}/consent`);
    expect((await browser.api('GET', '/consent')).body.missingScopes.map((scope: { name: string }) => scope.name)).toEqual(['profile']);
    const withoutEmail = await consent();
    expect(withoutEmail.idToken).not.toHaveProperty('email');
    expect(withoutEmail.scope).toBe('read:docs write:docs');

    // An API permission off the list: the same.
    expect((await admin.delete(`${path}/resource-scopes/${scopeIds['write:docs']}`)).status).toBe(204);
    expect(await browser.authorize({ ...request, prompt: '' })).toBe(`${server.endpoint}/consent`);
    expect((await consent()).scope).toBe('read:docs');
    // Answered again: the next request needs no screen.
    expect((await browser.authorize({ ...request, prompt: '' })).startsWith(app.redirectUri)).toBe(true);
  });

  it('grants only to the sign-in the consent page was shown for, not to one another tab started since', async () => {
    const shown = await createWebApp(admin, { isThirdParty: true, name: 'Shown app' });
    const other = await createWebApp(admin, { isThirdParty: true, name: 'Other app' });
    await admin.post(`/applications/${shown.id}/user-consent-scopes`, { userScopes: ['profile'] });
    await admin.post(`/applications/${other.id}/user-consent-scopes`, { userScopes: ['profile', 'email'] });
    await admin.post('/users', { username: 'two_tabs', password, primaryEmail: 'two_tabs@example.com' });
    const firstTab = await createExperienceClient(server.endpoint, shown);
    await firstTab.authorize({ prompt: 'login', scope: 'openid profile' });
    expect(await signIn(firstTab, 'two_tabs')).toBe(`${server.endpoint}/consent`);
    const info = await firstTab.api('GET', '/consent');
    expect(info.body.application.name).toBe('Shown app');
    expect(info.body.interactionId).toEqual(expect.any(String));

    // Another tab of the same browser starts a sign-in for another app: it takes over the interaction cookie.
    const secondTab = await createExperienceClient(server.endpoint, other, undefined, firstTab.jar);
    expect(await secondTab.authorize({ prompt: '', scope: 'openid profile email' })).toBe(`${server.endpoint}/consent`);

    // Authorize on the first tab's page: refused, and the other app is granted nothing.
    const stale = await firstTab.api('POST', '/consent', { interactionId: info.body.interactionId }, { 'accept-language': 'fr' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('session.interaction_replaced');
    expect(stale.body.message).toMatch(/navigateur/);
    const waiting = await secondTab.api('GET', '/consent');
    expect(waiting.body.application.name).toBe('Other app');
    expect(waiting.body.missingScopes.map((scope: { name: string }) => scope.name)).toEqual(['profile', 'email']);
    // Cancel on the first tab's page does not end the other app's sign-in either.
    const cancelled = await firstTab.api('DELETE', `?interactionId=${encodeURIComponent(info.body.interactionId)}`);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.code).toBe('session.interaction_replaced');
    expect((await secondTab.api('GET', '/consent')).status).toBe(200);

    // The second tab's own page decides for its own sign-in.
    const granted = await secondTab.api('POST', '/consent', { interactionId: waiting.body.interactionId });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect((await secondTab.follow(granted.body.redirectTo)).startsWith(other.redirectUri)).toBe(true);
  });

  it('names a user who has only a phone number by that number', async () => {
    const app = await createWebApp(admin, { isThirdParty: true, name: 'Phone app' });
    // Sign-in only, by phone and password: an account needs nothing else.
    const { signIn: signInSettings, signUp, signInMode } = (await admin.get('/sign-in-exp')).body;
    const phoneMethod = { identifier: 'phone', password: true, verificationCode: false, isPasswordPrimary: true };
    const changed = await admin.patch('/sign-in-exp', {
      signInMode: 'SignIn',
      signUp: { ...signUp, identifiers: [] },
      signIn: { methods: [...signInSettings.methods, phoneMethod] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    try {
      const user = (await admin.post('/users', { primaryPhone: '15550001234', password })).body;
      const browser = await createExperienceClient(server.endpoint, app);
      await browser.authorize({ prompt: 'login', scope: 'openid' });
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);
      const verified = await browser.api('POST', '/verification/password', { identifier: { type: 'phone', value: '15550001234' }, password });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      expect((await browser.api('POST', '/identification', { verificationId: verified.body.verificationId })).status).toBe(204);
      const submitted = await browser.api('POST', '/submit', {});
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      expect(await browser.follow(submitted.body.redirectTo)).toBe(`${server.endpoint}/consent`);
      const info = await browser.api('GET', '/consent');
      expect(info.body.user).toEqual({ id: user.id, name: null, username: null, primaryEmail: null, primaryPhone: '15550001234', avatar: null });
    } finally {
      await admin.patch('/sign-in-exp', { signIn: signInSettings, signUp, signInMode });
    }
  });

  it('lets the user switch account from the consent page: the same request signs in again, the first account grants nothing', async () => {
    const { app } = await setUp('first_account');
    const second = (await admin.post('/users', { username: 'second_account', password })).body;
    await admin.post(`/applications/${app.id}/user-consent-scopes`, { userScopes: ['profile'] });
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ prompt: 'consent', scope: 'openid profile', login_hint: 'first_account' });
    expect(await signIn(browser, 'first_account')).toBe(`${server.endpoint}/consent`);
    const shown = await browser.api('GET', '/consent');
    expect(shown.body.user.username).toBe('first_account');

    const switched = await browser.api('POST', '/consent/switch-account', { interactionId: shown.body.interactionId });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(await browser.follow(switched.body.redirectTo)).toBe(`${server.endpoint}/sign-in`);
    const restarted = new URL(switched.body.redirectTo);
    expect(restarted.searchParams.get('prompt')).toBe('consent login');
    expect(restarted.searchParams.has('login_hint')).toBe(false);
    // Another account ends the first one's session on the way (oidc-provider's self-submitting form).
    expect(await browser.endPreviousSession(await signIn(browser, 'second_account'))).toBe(`${server.endpoint}/consent`);
    const info = await browser.api('GET', '/consent');
    expect(info.body.user.id).toBe(second.id);
    const granted = await browser.api('POST', '/consent', { interactionId: info.body.interactionId });
    // The app's own request (state, PKCE) goes on: its code exchange succeeds.
    const tokens = await browser.exchange(await browser.follow(granted.body.redirectTo));
    const { payload } = await jwtVerify(tokens.id_token!, jwks, { audience: app.id });
    expect(payload.sub).toBe(second.id);
    const grants = await server.database.withTenant('default', (tx) =>
      tx.execute(sql`select payload ->> 'accountId' as "accountId" from oidc_model_instances where model_name = 'Grant' and client_id = ${app.id}`),
    );
    expect((grants as unknown as { rows: { accountId: string }[] }).rows).toEqual([{ accountId: second.id }]);
  });

  it('keeps one grant when the same consent is submitted again', async () => {
    const { app, user } = await setUp('replayed');
    await admin.post(`/applications/${app.id}/user-consent-scopes`, { userScopes: ['profile'] });
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ prompt: 'login', scope: 'openid profile' });
    expect(await signIn(browser, 'replayed')).toBe(`${server.endpoint}/consent`);
    const first = await browser.api('POST', '/consent');
    const again = await browser.api('POST', '/consent');
    expect([first.status, again.status]).toEqual([200, 200]);
    const callback = await browser.follow(again.body.redirectTo);
    expect((await browser.exchange(callback)).id_token).toBeTruthy();
    const grants = await server.database.withTenant('default', (tx) =>
      tx.execute(sql`select id from oidc_model_instances where model_name = 'Grant' and client_id = ${app.id} and payload ->> 'accountId' = ${user.id}`),
    );
    expect((grants as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    // Finished: one more submission finds no sign-in.
    const late = await browser.api('POST', '/consent');
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('session.not_found');
  });

  it('shows what the app holds when it asks again with prompt=consent and nothing is new', async () => {
    const { app, indicator, scopeIds } = await setUp('reconfirming');
    await admin.post(`/applications/${app.id}/user-consent-scopes`, { userScopes: ['profile', 'email'], resourceScopes: [scopeIds['read:docs']] });
    const browser = await createExperienceClient(server.endpoint, app);
    const request = { scope: 'openid profile read:docs', resource: indicator };
    await browser.authorize({ prompt: 'login', ...request });
    expect(await signIn(browser, 'reconfirming')).toBe(`${server.endpoint}/consent`);
    await browser.exchange(await browser.follow((await browser.api('POST', '/consent')).body.redirectTo));

    // Everything asked for is granted already; the app wants the user to confirm it.
    expect(await browser.authorize({ prompt: 'consent', ...request })).toBe(`${server.endpoint}/consent`);
    const info = (await browser.api('GET', '/consent')).body;
    expect(info.missingScopes.map((scope: { name: string }) => scope.name)).toEqual(['profile']);
    expect(info.missingResourceScopes).toEqual([
      { indicator, name: 'Docs API', scopes: [{ name: 'read:docs', description: 'Can read docs' }] },
    ]);
    const tokens = await browser.exchange(await browser.follow((await browser.api('POST', '/consent', { interactionId: info.interactionId })).body.redirectTo));
    expect(decodeJwt(tokens.access_token).scope).toBe('read:docs');
  });

  it('keeps the rows inside their tenant (row-level security)', async () => {
    const { app, scopeIds } = await setUp('isolated');
    await admin.post(`/applications/${app.id}/user-consent-scopes`, { userScopes: ['email'], resourceScopes: [scopeIds['read:docs']] });
    await admin.put(`/applications/${app.id}/sign-in-experience`, branding);
    const tables = ['application_sign_in_experiences', 'application_user_consent_user_scopes', 'application_user_consent_resource_scopes'];
    const count = async (run: (query: ReturnType<typeof sql.raw>) => Promise<unknown>, table: string) =>
      (await run(sql.raw(`select count(*)::int as n from ${table}`)) as { rows: { n: number }[] }).rows[0]!.n;
    for (const table of tables) {
      expect(await count((query) => server.database.db.execute(query), table), table).toBe(0);
      expect(await count((query) => server.database.withTenant('default', (tx) => tx.execute(query)), table), table).toBeGreaterThan(0);
      expect(await count((query) => server.database.withTenant('admin', (tx) => tx.execute(query)), table), table).toBe(0);
    }
  });

  it('shows nothing to grant when the app has no listed scopes, and still signs the user in', async () => {
    const { app, user } = await setUp('bare');
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ prompt: 'login' });
    expect(await signIn(browser, 'bare')).toBe(`${server.endpoint}/consent`);
    const info = await browser.api('GET', '/consent');
    expect(info.body.missingScopes).toEqual([]);
    expect(info.body.missingResourceScopes).toEqual([]);
    const granted = await browser.api('POST', '/consent');
    const tokens = await browser.exchange(await browser.follow(granted.body.redirectTo));
    const { payload } = await jwtVerify(tokens.id_token!, jwks, { audience: app.id });
    expect(payload.sub).toBe(user.id);
    expect(payload).not.toHaveProperty('name');
    expect(payload).not.toHaveProperty('email');
    // The audit log says who consented.
    const consentLogs = async () =>
      ((await admin.get(`/logs?userId=${user.id}`)).body as { key: string; payload: { applicationId?: string } }[]).filter((entry) =>
        entry.key.endsWith('.Consent'),
      );
    await expect.poll(async () => (await consentLogs()).length).toBe(1);
    // Part of signing in to the app, and filed under it.
    const [entry] = await consentLogs();
    expect(entry).toMatchObject({ key: 'Interaction.SignIn.Consent', payload: { applicationId: app.id } });
  });
});
