import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { SecretBox, deriveKey } from '../src/crypto/secret-box.js';
import { ensureTenant } from '../src/modules/tenants/tenants.service.js';
import { testSecretKey } from './setup/constants.js';
import { createExperienceClient, createWebApp, type TestApp } from './setup/experience-client.js';
import { basicAuth, postForm } from './setup/forms.js';
import { apiWithScopes } from './setup/grants.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

/**
 * Signing a user out everywhere (`DELETE /users/{id}/sessions`), and the back-channel logout that
 * tells the apps when an administrator or a password reset ends the user's sessions.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let jwks: ReturnType<typeof createRemoteJWKSet>;
let appBackend: Server;
/** The logout tokens the app's back-channel logout endpoint received. */
let logoutTokens: string[];
let app: TestApp;

const password = 'Correct-Horse-92!';
const backchannelEvent = 'http://schemas.openid.net/event/backchannel-logout';

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off', EDITION: 'cloud', OIDC_PRIVATE_NETWORK_CALLS: 'true' });
  await ensureTenant(server.database, new SecretBox(deriveKey(testSecretKey)), { id: 'other-tenant', name: 'Other' }, 'ES256');
  admin = await server.api();
  jwks = createRemoteJWKSet(new URL(`${server.endpoint}/oidc/jwks`));
  appBackend = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
      response.statusCode = 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => appBackend.listen(0, '127.0.0.1', resolve));
  app = await createWebApp(admin, { name: 'Back-channel app' });
  const saved = await admin.patch(`/applications/${app.id}`, {
    oidcClientMetadata: {
      redirectUris: [app.redirectUri],
      backchannelLogoutUri: `http://127.0.0.1:${(appBackend.address() as AddressInfo).port}/logout`,
      backchannelLogoutSessionRequired: true,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(async () => {
  await server?.close();
  appBackend?.close();
});
beforeEach(() => {
  logoutTokens = [];
});

/** Signs `username` in to the app in a new browser; answers the browser and its tokens. */
const signIn = async (username: string) => {
  const browser = await createExperienceClient(server.endpoint, app);
  await browser.authorize();
  await browser.api('PUT', '', { interactionEvent: 'SignIn' });
  const verified = await browser.api('POST', '/verification/password', { identifier: { type: 'username', value: username }, password });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  await browser.api('POST', '/identification', { verificationId: verified.body.verificationId });
  const submitted = await browser.api('POST', '/submit', {});
  const tokens = await browser.exchange(await browser.follow(submitted.body.redirectTo));
  return { browser, tokens, sid: decodeJwt(tokens.id_token!).sid as string };
};

const refresh = (refreshToken: string) =>
  postForm(`${server.endpoint}/oidc/token`, { grant_type: 'refresh_token', refresh_token: refreshToken }, basicAuth(app.id, app.secret!));

/** The logout tokens received, verified as the app would (signature, audience, event, no nonce). */
const receivedLogouts = async () =>
  Promise.all(
    logoutTokens.map(async (token) => {
      const { payload } = await jwtVerify(token, jwks, { audience: app.id, issuer: `${server.endpoint}/oidc` });
      expect(payload.events).toEqual({ [backchannelEvent]: {} });
      expect(payload).not.toHaveProperty('nonce');
      return { sub: payload.sub, sid: payload.sid };
    }),
  );

describe('sign out everywhere', () => {
  it('ends every session and token of the user, tells the app, and leaves the account usable', async () => {
    const user = (await admin.post('/users', { username: 'everywhere', password })).body;
    const laptop = await signIn('everywhere');
    const phone = await signIn('everywhere');
    expect((await refresh(laptop.tokens.refresh_token!)).status).toBe(200);

    expect((await admin.delete(`/users/${user.id}/sessions`)).status).toBe(204);

    expect((await refresh(phone.tokens.refresh_token!)).body.error).toBe('invalid_grant');
    const userinfo = await fetch(`${server.endpoint}/oidc/me`, { headers: { authorization: `Bearer ${phone.tokens.access_token}` } });
    expect(userinfo.status).toBe(401);
    // The browsers' sessions are gone: a silent request needs a sign-in again.
    for (const { browser } of [laptop, phone]) {
      const silent = new URL(await browser.authorize({ prompt: 'none' }));
      expect(silent.searchParams.get('error')).toBe('login_required');
    }
    expect(await receivedLogouts()).toEqual(
      expect.arrayContaining([
        { sub: user.id, sid: laptop.sid },
        { sub: user.id, sid: phone.sid },
      ]),
    );
    expect(logoutTokens).toHaveLength(2);

    // Not a suspension: the user signs in again.
    const again = await signIn('everywhere');
    expect((await jwtVerify(again.tokens.id_token!, jwks, { audience: app.id })).payload.sub).toBe(user.id);
  });

  it('answers 404 for an unknown user and another tenant\'s user, and needs write:users', async () => {
    const user = (await admin.post('/users', { username: 'guarded', password })).body;
    const { tokens } = await signIn('guarded');
    expect((await admin.delete('/users/nobody/sessions')).status).toBe(404);
    const otherTenant = await server.api('other-tenant');
    const crossed = await otherTenant.delete(`/users/${user.id}/sessions`);
    expect(crossed.status).toBe(404);
    expect(crossed.body.code).toBe('entity.not_found');
    const reader = await apiWithScopes(server, ['read:users']);
    const refused = await reader.delete(`/users/${user.id}/sessions`);
    expect(refused.status).toBe(403);
    // Neither touched the user's sign-in.
    expect((await refresh(tokens.refresh_token!)).status).toBe(200);
    expect(logoutTokens).toEqual([]);
  });
});

describe('back-channel logout when an administrator or a reset ends the sessions', () => {
  it('tells the app when the user is suspended or deleted', async () => {
    const suspended = (await admin.post('/users', { username: 'bcl_suspended', password })).body;
    const first = await signIn('bcl_suspended');
    expect((await admin.patch(`/users/${suspended.id}/is-suspended`, { isSuspended: true })).status).toBe(200);
    expect(await receivedLogouts()).toEqual([{ sub: suspended.id, sid: first.sid }]);

    logoutTokens = [];
    const deleted = (await admin.post('/users', { username: 'bcl_deleted', password })).body;
    const second = await signIn('bcl_deleted');
    expect((await admin.delete(`/users/${deleted.id}`)).status).toBe(204);
    expect(await receivedLogouts()).toEqual([{ sub: deleted.id, sid: second.sid }]);
  });

  it('tells the app when the user signs out of it (RP-initiated logout)', async () => {
    const user = (await admin.post('/users', { username: 'bcl_rp', password })).body;
    const { browser, tokens, sid } = await signIn('bcl_rp');
    const { confirmed } = await browser.endSession({ id_token_hint: tokens.id_token! });
    expect(confirmed.status).toBe(303);
    expect(await receivedLogouts()).toEqual([{ sub: user.id, sid }]);
  });

  it('still ends the sessions when the app cannot be reached', async () => {
    const user = (await admin.post('/users', { username: 'bcl_down', password })).body;
    const { tokens } = await signIn('bcl_down');
    const port = (appBackend.address() as AddressInfo).port;
    await new Promise<void>((resolve) => appBackend.close(() => resolve()));
    try {
      expect((await admin.delete(`/users/${user.id}/sessions`)).status).toBe(204);
      expect((await refresh(tokens.refresh_token!)).body.error).toBe('invalid_grant');
    } finally {
      await new Promise<void>((resolve) => appBackend.listen(port, '127.0.0.1', resolve));
    }
  });

  it('refuses loopback and private addresses unless OIDC_PRIVATE_NETWORK_CALLS allows them', async () => {
    const guarded = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
    try {
      const guardedAdmin = await guarded.api();
      const guardedApp = await createWebApp(guardedAdmin);
      await guardedAdmin.patch(`/applications/${guardedApp.id}`, {
        oidcClientMetadata: {
          redirectUris: [guardedApp.redirectUri],
          backchannelLogoutUri: `http://127.0.0.1:${(appBackend.address() as AddressInfo).port}/logout`,
        },
      });
      const user = (await guardedAdmin.post('/users', { username: 'bcl_guarded', password })).body;
      const browser = await createExperienceClient(guarded.endpoint, guardedApp);
      await browser.authorize();
      await browser.api('PUT', '', { interactionEvent: 'SignIn' });
      const verified = await browser.api('POST', '/verification/password', { identifier: { type: 'username', value: 'bcl_guarded' }, password });
      await browser.api('POST', '/identification', { verificationId: verified.body.verificationId });
      await browser.exchange(await browser.follow((await browser.api('POST', '/submit', {})).body.redirectTo));

      expect((await guardedAdmin.delete(`/users/${user.id}/sessions`)).status).toBe(204);
      expect(logoutTokens).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});
