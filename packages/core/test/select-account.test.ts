import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createExperienceClient, createWebApp, type TestApp } from './setup/experience-client.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

/** `prompt=select_account` (OpenID Connect Core 3.1.2.1): go on with the signed-in account, or sign in with another. */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let jwks: ReturnType<typeof createRemoteJWKSet>;
let app: TestApp;
const password = 'Correct-Horse-92!';

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  jwks = createRemoteJWKSet(new URL(`${server.endpoint}/oidc/jwks`));
  app = await createWebApp(admin, { name: 'Notes' });
});
afterAll(async () => server?.close());

type Browser = Awaited<ReturnType<typeof createExperienceClient>>;

/** Signs `username` in through the experience API; answers where the browser lands next. */
const signIn = async (browser: Browser, username: string) => browser.signInWithPassword(username, password);

const subjectOf = async (browser: Browser, callback: string) => {
  expect(callback.startsWith(app.redirectUri), callback).toBe(true);
  const tokens = await browser.exchange(callback);
  return (await jwtVerify(tokens.id_token!, jwks, { audience: app.id })).payload.sub;
};

/** A browser signed in as `username` to the app: the next authorization request shares its cookies. */
const signedInBrowser = async (username: string) => {
  const first = await createExperienceClient(server.endpoint, app);
  await first.authorize({ prompt: 'login', scope: 'openid' });
  await subjectOf(first, await signIn(first, username));
  return createExperienceClient(server.endpoint, app, first.config, first.jar);
};

describe('prompt=select_account', () => {
  it('is listed in discovery', async () => {
    const discovery = await (await fetch(`${server.endpoint}/oidc/.well-known/openid-configuration`)).json();
    expect(discovery.prompt_values_supported).toContain('select_account');
  });

  it('is the sign-in page without a signed-in account, and the sign-in answers it', async () => {
    const ada = (await admin.post('/users', { username: 'ada_fresh', password })).body;
    const browser = await createExperienceClient(server.endpoint, app);
    expect(await browser.authorize({ prompt: 'select_account', scope: 'openid' })).toBe(`${server.endpoint}/sign-in`);
    expect((await browser.api('GET', '/config')).body.interaction.prompt).toBe('select_account');
    expect(await subjectOf(browser, await signIn(browser, 'ada_fresh'))).toBe(ada.id);
  });

  it('shows the signed-in account, and continuing with it returns to the app without a sign-in', async () => {
    const ada = (await admin.post('/users', { username: 'ada_chooser', password, name: 'Ada Lovelace', primaryEmail: 'ada.chooser@example.com' })).body;
    const browser = await signedInBrowser('ada_chooser');
    expect(await browser.authorize({ prompt: 'select_account', scope: 'openid' })).toBe(`${server.endpoint}/select-account`);
    const shown = await browser.api('GET', '/select-account');
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.user).toEqual({
      id: ada.id,
      name: 'Ada Lovelace',
      username: 'ada_chooser',
      primaryEmail: 'ada.chooser@example.com',
      primaryPhone: null,
      avatar: null,
    });
    expect(shown.body.application).toMatchObject({ id: app.id, name: 'Notes' });

    // The decision goes to the request the page was shown for only.
    const elsewhere = await browser.api('POST', '/select-account', { interactionId: 'another-sign-in' });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([409, 'session.interaction_replaced']);

    const continued = await browser.api('POST', '/select-account', { interactionId: shown.body.interactionId });
    expect(continued.status, JSON.stringify(continued.body)).toBe(200);
    expect(await subjectOf(browser, await browser.follow(continued.body.redirectTo))).toBe(ada.id);

    const logs = await admin.get(`/logs?userId=${ada.id}&logKey=Interaction.SignIn.SelectAccount`);
    // The refused decision above and the choice (in the same millisecond, perhaps: order not asserted).
    const logged = logs.body.map((log: { payload: { result: string; applicationId: string } }) => [log.payload.result, log.payload.applicationId]);
    expect(logged.sort()).toEqual([
      ['Error', app.id],
      ['Success', app.id],
    ]);
  });

  it('signs in with another account for the same request, leaving out the login_hint', async () => {
    await admin.post('/users', { username: 'first_chooser', password });
    const other = (await admin.post('/users', { username: 'other_chooser', password })).body;
    const browser = await signedInBrowser('first_chooser');
    expect(await browser.authorize({ prompt: 'select_account', scope: 'openid', login_hint: 'first_chooser' })).toBe(
      `${server.endpoint}/select-account`,
    );
    const shown = await browser.api('GET', '/select-account');
    const switched = await browser.api('POST', '/select-account/switch', { interactionId: shown.body.interactionId });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    const restarted = new URL(switched.body.redirectTo);
    expect(restarted.searchParams.get('prompt')).toBe('login');
    expect(restarted.searchParams.has('login_hint')).toBe(false);
    expect(await browser.follow(switched.body.redirectTo)).toBe(`${server.endpoint}/sign-in`);
    // Another account ends the first one's session on the way (oidc-provider's self-submitting form).
    const callback = await browser.endPreviousSession(await signIn(browser, 'other_chooser'));
    expect(await subjectOf(browser, callback)).toBe(other.id);
  });

  it('is refused where the sign-in does not ask to choose an account', async () => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ prompt: 'login', scope: 'openid' });
    for (const [method, path] of [
      ['GET', '/select-account'],
      ['POST', '/select-account'],
      ['POST', '/select-account/switch'],
    ] as const) {
      const refused = await browser.api(method, path, method === 'POST' ? {} : undefined, { 'accept-language': 'de' });
      expect([refused.status, refused.body.code]).toEqual([400, 'session.account_choice_not_required']);
      expect(refused.body.message).toBe('Diese Sitzung wartet nicht auf die Auswahl eines Kontos.');
    }
  });

  it('offers no account whose user was suspended meanwhile: the sign-in page opens instead', async () => {
    const gone = (await admin.post('/users', { username: 'suspended_chooser', password })).body;
    const browser = await signedInBrowser('suspended_chooser');
    await admin.patch(`/users/${gone.id}/is-suspended`, { isSuspended: true });
    expect(await browser.authorize({ prompt: 'select_account', scope: 'openid' })).toBe(`${server.endpoint}/sign-in`);
  });
});
