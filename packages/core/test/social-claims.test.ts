import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAuthorization, startOidcProvider, type TestAccount } from '../../connectors/src/test-utils/oidc-provider.js';
import { createExperienceClient, createWebApp, type TestApp } from './setup/experience-client.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

/**
 * What a real OpenID provider says about its users is not bound by this tenant's rules: claims that
 * do not fit are made to (or left out) before anything is stored, and the provider's refusals read
 * as what they are.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
const accounts: Record<string, TestAccount> = {};
const connectorId = 'claims-oidc';
const wrongSecretConnectorId = 'wrong-secret-oidc';
const secret = 'test-rp-secret-that-is-long-enough';

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  app = await createWebApp(admin);
  idp = await startOidcProvider(accounts, {
    redirectUris: [connectorId, wrongSecretConnectorId].map((id) => `${server.endpoint}/callback/social/${id}`),
  });
  for (const [id, target, clientSecret] of [
    [connectorId, 'claims', secret],
    [wrongSecretConnectorId, 'wrongsecret', 'not-the-secret-the-provider-knows'],
  ] as const) {
    const created = await admin.post('/connectors', {
      id,
      connectorId: 'oidc',
      config: { issuer: idp.issuer, clientId: 'test-rp', clientSecret, scope: 'openid profile email' },
      metadata: { target, name: { en: target } },
      syncProfile: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  const settings = await admin.patch('/sign-in-exp', {
    socialSignInConnectorTargets: ['claims', 'wrongsecret'],
    socialSignIn: { automaticAccountLinking: true },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
});
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

/** Starts a sign-in with a social verification through `id`; `callback()` signs in at the IdP as `accountId`. */
const startSocial = async (id = connectorId) => {
  const browser = await createExperienceClient(server.endpoint, app);
  await browser.authorize();
  expect((await browser.api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);
  const callbackUri = `${server.endpoint}/callback/social/${id}`;
  const started = await browser.api('POST', `/verification/social/${id}/authorization-uri`, { state: `state-${Date.now()}`, redirectUri: callbackUri });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const verificationId = started.body.verificationId as string;
  return {
    browser,
    verificationId,
    callback: async (accountId: string) => {
      idp.nextLogin.accountId = accountId;
      return runAuthorization(started.body.authorizationUri, callbackUri);
    },
    verify: (connectorData: Record<string, unknown>) =>
      browser.api('POST', `/verification/social/${id}/verify`, { verificationId, connectorData }),
    identify: () => browser.api('POST', '/identification', { verificationId }),
  };
};

/** Signs in at the IdP as `accountId` and verifies the callback (200 expected). */
const verifiedSocial = async (accountId: string) => {
  const flow = await startSocial();
  const verified = await flow.verify(await flow.callback(accountId));
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return flow;
};

const submitAndSignIn = async (browser: Awaited<ReturnType<typeof createExperienceClient>>) => {
  const submitted = await browser.api('POST', '/submit', {});
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const tokens = await browser.exchange(await browser.follow(submitted.body.redirectTo));
  return (await admin.get(`/users/${tokens.claims()!.sub}`)).body;
};

/** A new account from the provider's profile (usernames are this tenant's sign-up identifier). */
const registerSocial = async (accountId: string, username: string) => {
  const flow = await verifiedSocial(accountId);
  expect((await flow.identify()).body.code).toBe('user.identity_not_exist');
  expect((await flow.browser.api('PUT', '/interaction-event', { interactionEvent: 'Register' })).status).toBe(204);
  const identified = await flow.identify();
  expect(identified.status, JSON.stringify(identified.body)).toBe(204);
  expect((await flow.browser.api('POST', '/profile', { type: 'username', value: username })).status).toBe(204);
  return submitAndSignIn(flow.browser);
};

/** Signs the linked account in again through the provider. */
const signInSocial = async (accountId: string) => {
  const flow = await verifiedSocial(accountId);
  const identified = await flow.identify();
  expect(identified.status, JSON.stringify(identified.body)).toBe(204);
  return submitAndSignIn(flow.browser);
};

describe('provider claims that do not fit', () => {
  it('registers from a 300-character name (shortened to the name limit) and a 140-character email (left out)', async () => {
    const name = `Dr. ${'Bartholomew '.repeat(25)}`.trim();
    expect(name.length).toBeGreaterThan(290);
    accounts['long-1'] = { email: `${'a'.repeat(128)}@example.com`, email_verified: true, name };
    const user = await registerSocial('long-1', 'long_one');
    expect(user.name).toBe(name.slice(0, 128).trimEnd());
    expect(user.primaryEmail).toBeNull();
    expect(user.identities.claims.userId).toBe('long-1');
    expect(user.identities.claims.details).toMatchObject({ name: user.name });
    expect(user.identities.claims.details.email).toBeUndefined();
    // The provider's own answer is kept as it came.
    expect(user.identities.claims.details.rawData.name).toBe(name);
  });

  it('keeps signing in a linked user whose provider name grew past the limit, with the profile synced', async () => {
    accounts['grow-2'] = { email: 'grow@example.com', email_verified: true, name: 'Grow' };
    const registered = await registerSocial('grow-2', 'grow_two');
    expect(registered.name).toBe('Grow');
    accounts['grow-2'].name = 'G'.repeat(260);
    for (let time = 0; time < 2; time++) {
      const user = await signInSocial('grow-2');
      expect(user.id).toBe(registered.id);
      expect(user.name).toBe('G'.repeat(128));
    }
  });

  it('takes a name with NUL, control characters and an unpaired surrogate without them', async () => {
    accounts['nul-3'] = { email: 'nul@example.com', email_verified: true, name: 'bad\u0000name' };
    const flow = await startSocial();
    const verified = await flow.verify(await flow.callback('nul-3'));
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    accounts['ctl-3'] = { email: 'ctl@example.com', email_verified: true, name: ' Ada\tB.\nLove\u0085lace\u0007\u009b\ud800 ' };
    const user = await registerSocial('ctl-3', 'ctl_three');
    expect(user.name).toBe('Ada B. Love lace');
    expect(user.identities.claims.details.name).toBe('Ada B. Love lace');

    const nul = await registerSocial('nul-3', 'nul_three');
    expect(nul.name).toBe('badname');
    expect(nul.identities.claims.details.rawData.name).toBe('badname');
  });
});

describe('provider claims the management API would refuse', () => {
  it('trims the provider email before it is matched or copied', async () => {
    const existing = await admin.post('/users', { username: 'reg_one', primaryEmail: 'reg1@example.com', password: 'Correct-Horse-92!' });
    expect(existing.status, JSON.stringify(existing.body)).toBe(201);
    accounts['spaced-5'] = { email: ' reg1@example.com ', email_verified: true, name: 'Reg' };
    // Linked to the account with that address (automatic linking), not registered beside it.
    const linked = await signInSocial('spaced-5');
    expect(linked.id).toBe(existing.body.id);
    expect(linked.identities.claims).toMatchObject({ userId: 'spaced-5', details: { email: 'reg1@example.com' } });
    expect((await admin.get('/users?search=reg1@example.com')).body).toHaveLength(1);

    accounts['spaced-6'] = { email: '\tnew6@example.com ', email_verified: true, name: 'New' };
    const registered = await registerSocial('spaced-6', 'new_six');
    expect(registered.primaryEmail).toBe('new6@example.com');
  });

  it('copies no email that is not one, and no avatar that is not an http(s) URL', async () => {
    accounts['bad-7'] = { email: 'not an email', email_verified: true, name: 'Bad', picture: 'javascript:alert(1)' };
    const user = await registerSocial('bad-7', 'bad_seven');
    expect(user.primaryEmail).toBeNull();
    expect(user.avatar).toBeNull();
    expect(user.identities.claims.details.avatar).toBeUndefined();
    expect(user.identities.claims.details.email).toBeUndefined();

    // With syncProfile on, a later sign-in neither copies such a picture nor clears the avatar.
    expect((await admin.patch(`/users/${user.id}`, { avatar: 'https://img.example.com/bad.png' })).status).toBe(200);
    accounts['bad-7'].picture = `https://img.example.com/${'p'.repeat(2100)}.png`;
    expect((await signInSocial('bad-7')).avatar).toBe('https://img.example.com/bad.png');
    accounts['bad-7'].picture = ' https://img.example.com/new.png ';
    expect((await signInSocial('bad-7')).avatar).toBe('https://img.example.com/new.png');
  });
});

describe('refusals by the provider', () => {
  it('reports a client secret the provider refuses as a configuration to fix', async () => {
    accounts['sam-8'] = { email: 'sam8@example.com', email_verified: true, name: 'Sam' };
    const flow = await startSocial(wrongSecretConnectorId);
    const refused = await flow.verify(await flow.callback('sam-8'));
    expect([refused.status, refused.body.code]).toEqual([422, 'connector.invalid_config']);
    expect(refused.body.message).toBe('Sign-in with this provider is not set up correctly. Contact support, or sign in another way.');
  });

  it('asks to start again for a callback without its issuer, for another issuer, and for a code the provider refuses', async () => {
    const flow = await startSocial();
    const { iss, ...withoutIss } = await flow.callback('sam-8');
    expect(iss).toBe(idp.issuer);
    const incomplete = await flow.verify(withoutIss);
    expect([incomplete.status, incomplete.body.code]).toEqual([422, 'connector.insufficient_request_parameters']);
    expect(incomplete.body.message).toBe("The provider's answer is incomplete. Start the sign-in again.");
    const foreign = await flow.verify({ ...withoutIss, iss: 'https://elsewhere.example.com' });
    expect([foreign.status, foreign.body.code]).toEqual([422, 'connector.invalid_request_parameters']);
    const garbage = await flow.verify({ ...withoutIss, iss, code: 'not-a-code-of-this-provider' });
    expect([garbage.status, garbage.body.code]).toEqual([422, 'connector.social_auth_code_invalid']);
    expect(garbage.body.message).toBe("The provider's sign-in code has expired or was already used. Start the sign-in again.");
    // The callback as it came still signs in.
    expect((await flow.verify({ ...withoutIss, iss })).status).toBe(200);
  });
});
