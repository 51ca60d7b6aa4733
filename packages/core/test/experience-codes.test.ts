import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';

import { createExperienceClient, createWebApp, type TestApp } from './setup/experience-client.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
let outbox: string;

const password = 'Correct-Horse-92!';

/** The code in the newest message the development connector wrote to `to`. */
const lastCodeFor = (to: string) => {
  const messages = readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as { to: string; type: string; payload: { code: string } });
  const message = messages.filter((candidate) => candidate.to === to).at(-1);
  if (!message) {
    throw new Error(`no message to ${to}`);
  }
  return message;
};

beforeAll(async () => {
  outbox = mkdtempSync(path.join(tmpdir(), 'gatehouse-outbox-'));
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off', DEV_CONNECTORS: 'true', OIDC_PRIVATE_NETWORK_CALLS: 'true' });
  admin = await server.api();
  app = await createWebApp(admin);
  const connector = await admin.post('/connectors', { connectorId: 'dev-email', config: { directory: outbox } });
  expect(connector.status).toBe(201);
  const settings = await admin.patch('/sign-in-exp', {
    signUp: { identifiers: ['email'], password: true, verify: true, secondaryIdentifiers: [] },
    signIn: {
      methods: [
        { identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true },
        { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true },
      ],
    },
  });
  expect(settings.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  rmSync(outbox, { recursive: true, force: true });
});

type Browser = Awaited<ReturnType<typeof createExperienceClient>>;

const sendCode = async (browser: Browser, email: string) => {
  const sent = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: email } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.verificationId as string;
};

/** Sends and verifies a code for `email` in the browser's current flow; the code goes to `sentTo`, the address in its canonical spelling. */
const verifyEmail = async (browser: Browser, email: string, sentTo = email) => {
  const verificationId = await sendCode(browser, email);
  const verified = await browser.api('POST', '/verification/verification-code/verify', {
    identifier: { type: 'email', value: email },
    verificationId,
    code: lastCodeFor(sentTo).payload.code,
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verificationId;
};

/** Registers `email` with a password; the code goes to `sentTo`, the address in its canonical spelling. */
const registerByEmail = async (email: string, sentTo = email) => {
  const browser = await createExperienceClient(server.endpoint, app);
  await browser.authorize({ first_screen: 'register' });
  await browser.api('PUT', '', { interactionEvent: 'Register' });
  const verificationId = await sendCode(browser, email);
  const message = lastCodeFor(sentTo);
  expect(message.type).toBe('Register');
  expect(message.payload.code).toMatch(/^\d{6}$/);
  const verified = await browser.api('POST', '/verification/verification-code/verify', {
    identifier: { type: 'email', value: email },
    verificationId,
    code: message.payload.code,
  });
  expect(verified.status).toBe(200);
  expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
  expect((await browser.api('POST', '/profile', { type: 'password', value: password })).status).toBe(204);
  const submitted = await browser.api('POST', '/submit', {});
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return browser.exchange(await browser.follow(submitted.body.redirectTo));
};

describe('verification codes by email', () => {
  it('registers with a verified email, then signs in with a code instead of the password', async () => {
    const tokens = await registerByEmail('lin@example.com');
    expect(tokens.claims()?.email).toBe('lin@example.com');

    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    await browser.api('PUT', '', { interactionEvent: 'SignIn' });
    const verificationId = await sendCode(browser, 'lin@example.com');
    const { payload, type } = lastCodeFor('lin@example.com');
    expect(type).toBe('SignIn');
    await browser.api('POST', '/verification/verification-code/verify', { identifier: { type: 'email', value: 'lin@example.com' }, verificationId, code: payload.code });
    await browser.api('POST', '/identification', { verificationId });
    const submitted = await browser.api('POST', '/submit', {});
    expect(submitted.status).toBe(200);
    const signedIn = await browser.exchange(await browser.follow(submitted.body.redirectTo));
    expect(signedIn.claims()?.sub).toBe(tokens.claims()?.sub);
  });

  it('signs in to the account a registration code names only where signing in by code is allowed', async () => {
    const existing = await admin.post('/users', { primaryEmail: 'taken@example.com', password });
    expect(existing.status).toBe(201);
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    await browser.api('PUT', '', { interactionEvent: 'Register' });
    const verificationId = await sendCode(browser, 'taken@example.com');
    const { payload } = lastCodeFor('taken@example.com');
    await browser.api('POST', '/verification/verification-code/verify', { identifier: { type: 'email', value: 'taken@example.com' }, verificationId, code: payload.code });
    const identified = await browser.api('POST', '/identification', { verificationId });
    expect(identified.status).toBe(409);
    expect(identified.body.code).toBe('user.email_already_in_use');
    expect((await browser.api('PUT', '/interaction-event', { interactionEvent: 'SignIn' })).status).toBe(204);

    const signIn = (await admin.get('/sign-in-exp')).body.signIn;
    const passwordOnly = signIn.methods.map((method: { identifier: string }) => (method.identifier === 'email' ? { ...method, verificationCode: false } : method));
    expect((await admin.patch('/sign-in-exp', { signIn: { methods: passwordOnly } })).status).toBe(200);
    try {
      const refused = await browser.api('POST', '/identification', { verificationId });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('session.sign_in_method_not_enabled');
    } finally {
      expect((await admin.patch('/sign-in-exp', { signIn })).status).toBe(200);
    }

    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    const submitted = await browser.api('POST', '/submit', {});
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const signedIn = await browser.exchange(await browser.follow(submitted.body.redirectTo));
    expect(signedIn.claims()?.sub).toBe(existing.body.id);
  });

  it('counts wrong codes, refuses a replay, an expired code, and a resend within a minute', async () => {
    const email = 'tries@example.com';
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    await browser.api('PUT', '', { interactionEvent: 'Register' });
    const verificationId = await sendCode(browser, email);
    const resend = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: email } });
    expect(resend.status).toBe(429);
    expect(resend.body.code).toBe('verification_code.too_many_requests');
    expect(resend.body.message).toMatch(/^A code was sent recently\. Wait (59|60) seconds/);

    const identifier = { type: 'email', value: email };
    const wrong = await browser.api('POST', '/verification/verification-code/verify', { identifier, verificationId, code: '000000' === lastCodeFor(email).payload.code ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('verification_code.mismatch');

    await server.database.withTenant('default', (tx) => tx.execute(sql`update verification_codes set expires_at = now() - interval '1 second'`));
    const expired = await browser.api('POST', '/verification/verification-code/verify', { identifier, verificationId, code: lastCodeFor(email).payload.code });
    expect(expired.body.code).toBe('verification_code.expired');

    await server.database.withTenant('default', (tx) =>
      tx.execute(sql`update verification_codes set expires_at = now() + interval '5 minutes', try_count = 10`),
    );
    const exhausted = await browser.api('POST', '/verification/verification-code/verify', { identifier, verificationId, code: lastCodeFor(email).payload.code });
    expect(exhausted.body.code).toBe('verification_code.exceeded_max_try');
  });

  it('sends a signed-in user codes only for the identifiers the sign-up settings collect', async () => {
    const sms = await admin.post('/connectors', { connectorId: 'dev-sms', config: { directory: outbox } });
    expect(sms.status).toBe(201);
    try {
      await admin.post('/users', { username: 'no_email_yet', password });
      const browser = await createExperienceClient(server.endpoint, app);
      await browser.authorize();
      await browser.api('PUT', '', { interactionEvent: 'SignIn' });
      const signedIn = await browser.api('POST', '/verification/password', { identifier: { type: 'username', value: 'no_email_yet' }, password });
      expect((await browser.api('POST', '/identification', { verificationId: signedIn.body.verificationId })).status).toBe(204);
      const missing = await browser.api('POST', '/submit', {});
      expect(missing.body.details.map((detail: { path: string }) => detail.path)).toEqual(['email']);

      // The tenant asks for an email, not a phone: no text message to any number the user names.
      const written = readdirSync(outbox).length;
      const phone = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'phone', value: '15550100999' } });
      expect(phone.status).toBe(422);
      expect(phone.body.code).toBe('session.sign_up_identifier_not_enabled');
      expect(readdirSync(outbox)).toHaveLength(written);

      const verificationId = await sendCode(browser, 'now-with-email@example.com');
      const message = lastCodeFor('now-with-email@example.com');
      expect(message.type).toBe('BindNewIdentifier');
      const identifier = { type: 'email', value: 'now-with-email@example.com' };
      expect((await browser.api('POST', '/verification/verification-code/verify', { identifier, verificationId, code: message.payload.code })).status).toBe(200);
      expect((await browser.api('POST', '/profile', { type: 'email', verificationId })).status).toBe(204);
      expect((await browser.api('POST', '/submit', {})).status).toBe(200);
    } finally {
      expect((await admin.delete(`/connectors/${sms.body.id}`)).status).toBe(204);
    }
  });

  it('keeps verify as registration works: an email or phone is always verified, a username never', async () => {
    const primary = await admin.patch('/sign-in-exp', {
      signUp: { identifiers: ['email'], password: true, verify: false, secondaryIdentifiers: [{ identifier: 'username' }] },
    });
    expect(primary.status, JSON.stringify(primary.body)).toBe(200);
    expect(primary.body.signUp).toEqual({ identifiers: ['email'], password: true, verify: true, secondaryIdentifiers: [{ identifier: 'username' }] });
    const secondary = await admin.patch('/sign-in-exp', {
      signUp: { identifiers: ['username'], password: true, verify: true, secondaryIdentifiers: [{ identifier: 'email', verify: false }] },
    });
    expect(secondary.status, JSON.stringify(secondary.body)).toBe(200);
    expect(secondary.body.signUp).toEqual({ identifiers: ['username'], password: true, verify: false, secondaryIdentifiers: [{ identifier: 'email', verify: true }] });
    expect((await admin.get('/sign-in-exp')).body.signUp).toEqual(secondary.body.signUp);
    const restored = await admin.patch('/sign-in-exp', { signUp: { identifiers: ['email'], password: true, verify: true, secondaryIdentifiers: [] } });
    expect(restored.status).toBe(200);
  });

  it('refuses to send a code to something that is not an email address or phone number', async () => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    await browser.api('PUT', '', { interactionEvent: 'Register' });
    const written = readdirSync(outbox).length;
    for (const identifier of [{ type: 'email', value: 'not-an-email' }, { type: 'phone', value: 'call me maybe' }]) {
      const refused = await browser.api('POST', '/verification/verification-code', { identifier });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('guard.invalid_input');
      expect(refused.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.identifier.value']);
    }
    expect(readdirSync(outbox)).toHaveLength(written);
  });

  it('verifies a code for the same email written in another case', async () => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    await browser.api('PUT', '', { interactionEvent: 'Register' });
    const verificationId = await sendCode(browser, 'Mixed.Case@Example.com');
    // Sent to the address in its canonical spelling: the local part as typed, the domain mapped.
    const { payload } = lastCodeFor('Mixed.Case@example.com');
    const verified = await browser.api('POST', '/verification/verification-code/verify', {
      identifier: { type: 'email', value: 'mixed.case@example.com' },
      verificationId,
      code: payload.code,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  });

  it('caps codes per address at ten an hour, saying how long to wait', async () => {
    const email = 'busy@example.com';
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    await browser.api('PUT', '', { interactionEvent: 'Register' });
    const ageCodes = () =>
      server.database.withTenant('default', (tx) =>
        tx.execute(sql`update verification_codes set created_at = created_at - interval '61 seconds' where identifier = ${`email:${email}`}`),
      );
    const ask = () =>
      browser.request(`${server.endpoint}/api/experience/verification/verification-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: { type: 'email', value: email } }),
      });
    for (let sent = 0; sent < 10; sent += 1) {
      expect((await ask()).status).toBe(200);
      await ageCodes();
    }
    const capped = await ask();
    expect(capped.status).toBe(429);
    // The oldest of the ten was sent 610 s ago: it leaves the hour in 2,990 s.
    const retryAfter = Number(capped.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(2980);
    expect(retryAfter).toBeLessThanOrEqual(2990);
    const body = await capped.json();
    expect(body.code).toBe('verification_code.too_many_requests');
    expect(body.message).toBe('Too many codes were sent to this address in the last hour. Try again in 50 min.');
  });

  it('resets a forgotten password with an emailed code; the old password stops working, and the app hears of the ended session', async () => {
    const logoutTokens: string[] = [];
    const appBackend = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
        response.end();
      });
    });
    await new Promise<void>((resolve) => appBackend.listen(0, '127.0.0.1', resolve));
    const backchannelLogoutUri = `http://127.0.0.1:${(appBackend.address() as AddressInfo).port}/logout`;
    await admin.patch(`/applications/${app.id}`, { oidcClientMetadata: { redirectUris: [app.redirectUri], backchannelLogoutUri } });
    onTestFinished(async () => {
      appBackend.close();
      await admin.patch(`/applications/${app.id}`, { oidcClientMetadata: { redirectUris: [app.redirectUri] } });
    });
    const registered = decodeJwt((await registerByEmail('forgetful@example.com')).id_token!);
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    await browser.api('PUT', '', { interactionEvent: 'ForgotPassword' });
    const verificationId = await sendCode(browser, 'forgetful@example.com');
    const message = lastCodeFor('forgetful@example.com');
    expect(message.type).toBe('ForgotPassword');
    await browser.api('POST', '/verification/verification-code/verify', {
      identifier: { type: 'email', value: 'forgetful@example.com' },
      verificationId,
      code: message.payload.code,
    });
    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    expect((await browser.api('PUT', '/profile/password', { password: 'short' })).body.code).toBe('password.rejected');
    const unchanged = await browser.api('PUT', '/profile/password', { password });
    expect(unchanged.status).toBe(422);
    expect(unchanged.body.code).toBe('user.same_password');
    expect((await browser.api('PUT', '/profile/password', { password: 'Brand-New-Secret-7' })).status).toBe(204);
    const submitted = await browser.api('POST', '/submit', {});
    expect(submitted.body.redirectTo).toBe(`${server.endpoint}/sign-in?passwordReset=1`);
    // The session the registration left ends with the reset, in the app too.
    expect(logoutTokens.map((token) => decodeJwt(token))).toEqual([
      expect.objectContaining({ sub: registered.sub, events: { 'http://schemas.openid.net/event/backchannel-logout': {} } }),
    ]);

    const again = await createExperienceClient(server.endpoint, app);
    await again.authorize();
    await again.api('PUT', '', { interactionEvent: 'SignIn' });
    const identifier = { type: 'email', value: 'forgetful@example.com' };
    expect((await again.api('POST', '/verification/password', { identifier, password })).body.code).toBe('session.invalid_credentials');
    expect((await again.api('POST', '/verification/password', { identifier, password: 'Brand-New-Secret-7' })).status).toBe(200);
  });

  it('lets a user locked out by wrong passwords reset by email, and the new password signs in at once', async () => {
    await admin.patch('/sign-in-exp', { sentinelPolicy: { maxAttempts: 3, lockoutDuration: 5 } });
    onTestFinished(async () => {
      await admin.patch('/sign-in-exp', { sentinelPolicy: {} });
    });
    await admin.post('/users', { primaryEmail: 'locked-out@example.com', password });
    const identifier = { type: 'email', value: 'locked-out@example.com' };
    const guesser = await createExperienceClient(server.endpoint, app);
    await guesser.authorize();
    await guesser.api('PUT', '', { interactionEvent: 'SignIn' });
    const guesses = [];
    for (const guess of ['Wrong-Guess-1', 'Wrong-Guess-2', 'Wrong-Guess-3', password]) {
      guesses.push((await guesser.api('POST', '/verification/password', { identifier, password: guess })).body.code);
    }
    expect(guesses).toEqual(['session.invalid_credentials', 'session.invalid_credentials', 'session.identifier_locked', 'session.identifier_locked']);

    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    await browser.api('PUT', '', { interactionEvent: 'ForgotPassword' });
    const verificationId = await sendCode(browser, 'locked-out@example.com');
    const verified = await browser.api('POST', '/verification/verification-code/verify', {
      identifier,
      verificationId,
      code: lastCodeFor('locked-out@example.com').payload.code,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    expect((await browser.api('PUT', '/profile/password', { password: 'Unlocked-Horse-5' })).status).toBe(204);
    expect((await browser.api('POST', '/submit', {})).status).toBe(200);

    const after = await createExperienceClient(server.endpoint, app);
    await after.authorize();
    await after.api('PUT', '', { interactionEvent: 'SignIn' });
    expect((await after.api('POST', '/verification/password', { identifier, password: 'Unlocked-Horse-5' })).status).toBe(200);
  });

  it('applies the email blocklist: custom domains, sub-addressing, disposable domains', async () => {
    await admin.patch('/sign-in-exp', {
      emailBlocklistPolicy: { blockDisposableAddresses: true, blockSubaddressing: true, customBlocklist: ['@blocked.example'] },
    });
    try {
      const browser = await createExperienceClient(server.endpoint, app);
      await browser.authorize({ first_screen: 'register' });
      await browser.api('PUT', '', { interactionEvent: 'Register' });
      for (const email of ['someone@mail.blocked.example', 'me+tag@example.com', 'throwaway@mailinator.com']) {
        const refused = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: email } });
        expect(refused.status, email).toBe(422);
        expect(refused.body.code).toBe('user.email_blocked');
      }
    } finally {
      await admin.patch('/sign-in-exp', { emailBlocklistPolicy: {} });
    }
  });
});

describe('a password chosen before the address', () => {
  it('is asked for again once the address is known, and then checked against it', async () => {
    const email = 'gwendolyn.early@example.com';
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    await browser.api('PUT', '', { interactionEvent: 'Register' });
    // Made of the address's name: nothing to compare it with yet, so accepted for now.
    const early = await browser.api('POST', '/profile', { type: 'password', value: 'Gwendolyn.Early9' });
    expect(early.status, JSON.stringify(early.body)).toBe(204);
    const verificationId = await sendCode(browser, email);
    const code = lastCodeFor(email).payload.code;
    expect((await browser.api('POST', '/verification/verification-code/verify', { identifier: { type: 'email', value: email }, verificationId, code })).status).toBe(200);
    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    const submitted = await browser.api('POST', '/submit', {});
    expect(submitted.status).toBe(422);
    expect(submitted.body.code).toBe('user.missing_profile');
    expect(submitted.body.details).toEqual([expect.objectContaining({ path: 'password' })]);
    const again = await browser.api('POST', '/profile', { type: 'password', value: 'Gwendolyn.Early9' });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('password.rejected');
    expect((await admin.get(`/users?search=${email}`)).body).toEqual([]);
    expect((await browser.api('POST', '/profile', { type: 'password', value: password })).status).toBe(204);
    expect((await browser.api('POST', '/submit', {})).status).toBe(200);
  });
});

describe('one mailbox, one account', () => {
  /** Starts a registration, sends a code to `email`, and verifies it with the code the canonical address `to` got. */
  const verifyRegistration = async (email: string, to: string) => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    await browser.api('PUT', '', { interactionEvent: 'Register' });
    // Past the resend wait of the address, which counts every spelling of it as one.
    await server.database.withTenant('default', (tx) =>
      tx.execute(sql`update verification_codes set created_at = created_at - interval '61 seconds' where identifier = ${`email:${to.toLowerCase()}`}`),
    );
    return { browser, verificationId: await verifyEmail(browser, email, to) };
  };

  it('sends to the canonical address and refuses a second account for another spelling of its domain (409)', async () => {
    for (const [registered, again, canonical, sentTo] of [
      ['reg1@example.com', 'reg1@ｅｘａｍｐｌｅ.com', 'reg1@example.com', 'reg1@example.com'],
      ['user@xn--bcher-kva.example', 'user@bücher.example', 'user@bücher.example', 'user@bücher.example'],
      ['user2@bücher.example', 'USER2@XN--BCHER-KVA.example', 'user2@bücher.example', 'USER2@bücher.example'],
    ] as const) {
      const tokens = await registerByEmail(registered, canonical);
      expect(tokens.claims()?.email).toBe(canonical);

      const written = readdirSync(outbox).length;
      const { browser, verificationId } = await verifyRegistration(again, sentTo);
      // The code went to the mailbox the first account holds, under its one spelling.
      expect(readdirSync(outbox).length).toBe(written + 1);
      const identified = await browser.api('POST', '/identification', { verificationId });
      expect([identified.status, identified.body.code], again).toEqual([409, 'user.email_already_in_use']);

      // That spelling signs in to the one account, by code and by password.
      expect((await browser.api('PUT', '/interaction-event', { interactionEvent: 'SignIn' })).status).toBe(204);
      expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
      const submitted = await browser.api('POST', '/submit', {});
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      expect((await browser.exchange(await browser.follow(submitted.body.redirectTo))).claims()?.sub).toBe(tokens.claims()?.sub);

      const byPassword = await createExperienceClient(server.endpoint, app);
      await byPassword.authorize();
      await byPassword.api('PUT', '', { interactionEvent: 'SignIn' });
      const checked = await byPassword.api('POST', '/verification/password', { identifier: { type: 'email', value: again }, password });
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    }
    const { body: list } = await admin.get(`/users?search=${encodeURIComponent('reg1@')}&searchFields=primaryEmail`);
    expect(list.map((user: { primaryEmail: string }) => user.primaryEmail)).toEqual(['reg1@example.com']);
  });

  it('refuses an address with a trailing dot up front (400), instead of failing to send the code (502)', async () => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    await browser.api('PUT', '', { interactionEvent: 'Register' });
    const written = readdirSync(outbox).length;
    for (const value of ['reg1@example.com.', 'reg1@example..com']) {
      const refused = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'email', value } });
      expect(refused.status, value).toBe(400);
      expect(refused.body.code).toBe('guard.invalid_input');
      expect(refused.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.identifier.value']);
    }
    expect(readdirSync(outbox)).toHaveLength(written);
  });
});

describe('a code replaced by a resend', () => {
  it('says a newer code was sent, not that the code is wrong; a code already used is just wrong', async () => {
    const email = 'resend@example.com';
    const identifier = { type: 'email', value: email };
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    await browser.api('PUT', '', { interactionEvent: 'Register' });
    /** Sends a code past the one-minute resend wait, and answers it. */
    const sendAnother = async () => {
      await server.database.withTenant('default', (tx) =>
        tx.execute(sql`update verification_codes set created_at = created_at - interval '61 seconds' where identifier = ${`email:${email}`}`),
      );
      const verificationId = await sendCode(browser, email);
      return { verificationId, code: lastCodeFor(email).payload.code };
    };
    const verify = (verificationId: string, code: string) =>
      browser.api('POST', '/verification/verification-code/verify', { identifier, verificationId, code }, { 'accept-language': 'de' });

    const first = await sendAnother();
    const second = await sendAnother();
    expect(second.code).not.toBe(first.code);
    const superseded = await verify(second.verificationId, first.code);
    expect([superseded.status, superseded.body.code]).toEqual([422, 'verification_code.superseded']);
    expect(superseded.body.message).toBe('An diese Adresse wurde inzwischen ein neuerer Code gesendet. Geben Sie den neuesten Code ein.');
    const wrong = await verify(second.verificationId, ['000000', '111111', '222222'].find((code) => code !== first.code && code !== second.code)!);
    expect([wrong.status, wrong.body.code]).toEqual([422, 'verification_code.mismatch']);
    expect((await verify(second.verificationId, second.code)).status).toBe(200);

    // The used code is not "replaced" by the next one sent: it is wrong for that one.
    const third = await sendAnother();
    expect(third.code).not.toBe(second.code);
    const reused = await verify(third.verificationId, second.code);
    expect([reused.status, reused.body.code]).toEqual([422, 'verification_code.mismatch']);
    // Both wrong tries of the current code counted.
    const [row] = await server.database.withTenant('default', async (tx) =>
      ((await tx.execute(sql`select try_count from verification_codes where identifier = ${`email:${email}`} and consumed_at is null`)) as unknown as { rows: { try_count: number }[] }).rows,
    );
    expect(row?.try_count).toBe(1);
  });
});

describe('a code sign-in with an address the email blocklist refuses', () => {
  /** Signs in by code as `email` up to the identification, and answers what it says. */
  const identifyByCode = async (email: string) => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    await browser.api('PUT', '', { interactionEvent: 'SignIn' });
    const verificationId = await sendCode(browser, email);
    expect(lastCodeFor(email).type).toBe('SignIn');
    const verified = await browser.api('POST', '/verification/verification-code/verify', {
      identifier: { type: 'email', value: email },
      verificationId,
      code: lastCodeFor(email).payload.code,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    return { browser, verificationId, identified: await browser.api('POST', '/identification', { verificationId }) };
  };

  it('refuses the address instead of answering "not registered", which offers an account it would refuse', async () => {
    const existing = (await admin.post('/users', { primaryEmail: 'kept+tag@example.com', password })).body;
    await admin.patch('/sign-in-exp', { emailBlocklistPolicy: { blockSubaddressing: true, customBlocklist: [] } });
    try {
      const unknown = await identifyByCode('y+tag@example.com');
      expect([unknown.identified.status, unknown.identified.body.code]).toEqual([422, 'user.email_blocked']);
      // The registration it would have led to says the same.
      expect((await unknown.browser.api('PUT', '/interaction-event', { interactionEvent: 'Register' })).status).toBe(204);
      expect((await unknown.browser.api('POST', '/identification', { verificationId: unknown.verificationId })).body.code).toBe('user.email_blocked');

      // An address the policy lets through still learns there is no account (and may register).
      const allowed = await identifyByCode('nobody-yet@example.com');
      expect([allowed.identified.status, allowed.identified.body.code]).toEqual([404, 'user.identifier_not_registered']);
      // The blocklist keeps nobody out of an account they already have.
      const member = await identifyByCode('kept+tag@example.com');
      expect(member.identified.status, JSON.stringify(member.identified.body)).toBe(204);
      const submitted = await member.browser.api('POST', '/submit', {});
      expect((await member.browser.exchange(await member.browser.follow(submitted.body.redirectTo))).claims()?.sub).toBe(existing.id);

      // Where nobody may register, no account is offered: the answer stays "not registered".
      await admin.patch('/sign-in-exp', { signInMode: 'SignIn' });
      const closed = await identifyByCode('z+tag@example.com');
      expect([closed.identified.status, closed.identified.body.code]).toEqual([404, 'user.identifier_not_registered']);
    } finally {
      await admin.patch('/sign-in-exp', { emailBlocklistPolicy: {}, signInMode: 'SignInAndRegister' });
    }
  });
});

describe('switching the flow (PUT /interaction-event)', () => {
  /** Whether `candidate` is the user's password now. */
  const passwordIs = async (userId: string, candidate: string) =>
    (await admin.post(`/users/${userId}/password/verify`, { password: candidate })).status === 204;

  it("carries no registration draft into a sign-in: the account's password stays", async () => {
    const owner = (await admin.post('/users', { primaryEmail: 'drafted@example.com', password })).body;
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    await browser.api('PUT', '', { interactionEvent: 'Register' });
    expect((await browser.api('POST', '/profile', { type: 'password', value: 'Drafted-Horse-93!' })).status).toBe(204);
    const verificationId = await verifyEmail(browser, 'drafted@example.com');
    expect((await browser.api('POST', '/identification', { verificationId })).body.code).toBe('user.email_already_in_use');
    // "Sign in instead", as the registration page offers: the verified code signs the owner in.
    expect((await browser.api('PUT', '/interaction-event', { interactionEvent: 'SignIn' })).status).toBe(204);
    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    const submitted = await browser.api('POST', '/submit', {});
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await browser.exchange(await browser.follow(submitted.body.redirectTo))).claims()?.sub).toBe(owner.id);
    expect(await passwordIs(owner.id, password)).toBe(true);
    expect(await passwordIs(owner.id, 'Drafted-Horse-93!')).toBe(false);
  });

  it('carries no new password of a reset into a sign-in: only submitting the reset changes it (and ends sessions)', async () => {
    const owner = (await admin.post('/users', { primaryEmail: 'half-reset@example.com', password })).body;
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    await browser.api('PUT', '', { interactionEvent: 'ForgotPassword' });
    const verificationId = await verifyEmail(browser, 'half-reset@example.com');
    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    expect((await browser.api('PUT', '/profile/password', { password: 'Half-Reset-Horse-4' })).status).toBe(204);
    expect((await browser.api('PUT', '/interaction-event', { interactionEvent: 'SignIn' })).status).toBe(204);
    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    expect((await browser.api('POST', '/submit', {})).status).toBe(200);
    expect(await passwordIs(owner.id, password)).toBe(true);
    expect(await passwordIs(owner.id, 'Half-Reset-Horse-4')).toBe(false);
  });

  it('registers with a code only for what the sign-up settings collect, also after a code sign-in found no account', async () => {
    const { signUp } = (await admin.get('/sign-in-exp')).body;
    expect((await admin.patch('/sign-in-exp', { signUp: { identifiers: ['username'], password: true, verify: false, secondaryIdentifiers: [] } })).status).toBe(200);
    onTestFinished(async () => {
      await admin.patch('/sign-in-exp', { signUp });
    });
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    await browser.api('PUT', '', { interactionEvent: 'SignIn' });
    const verificationId = await verifyEmail(browser, 'uncollected@example.com');
    expect((await browser.api('POST', '/identification', { verificationId })).body.code).toBe('user.identifier_not_registered');
    expect((await browser.api('PUT', '/interaction-event', { interactionEvent: 'Register' })).status).toBe(204);
    const refused = await browser.api('POST', '/identification', { verificationId });
    expect([refused.status, refused.body.code]).toEqual([422, 'session.sign_up_identifier_not_enabled']);
    expect((await admin.get('/users?search=uncollected@example.com')).body).toEqual([]);
  });
});

describe('SMTP connector', () => {
  let smtp: SMTPServer;
  let received: { to: string; raw: string }[];
  let smtpPort: number;

  beforeAll(async () => {
    received = [];
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo[0]!.address, raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  const smtpConfig = (port: number) => ({
    host: '127.0.0.1',
    port,
    fromEmail: 'no-reply@example.com',
    fromName: 'Example',
    connectionTimeoutMs: 1000,
    templates: [{ usageType: 'Generic', subject: 'Your code', content: 'Code: {{code}}', contentType: 'text/plain' }],
  });

  it('sends the tenant template in the user language, and fails cleanly when the SMTP server is down', async () => {
    const smtpServer = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
    try {
      const smtpAdmin = await smtpServer.api();
      const connector = await smtpAdmin.post('/connectors', { connectorId: 'smtp', config: smtpConfig(smtpPort) });
      expect(connector.status, JSON.stringify(connector.body)).toBe(201);
      expect(connector.body.type).toBe('Email');
      const templates = await smtpAdmin.put('/email-templates', {
        templates: [
          { languageTag: 'en', templateType: 'Register', details: { subject: 'Welcome code', content: 'Your code is {{code}}', contentType: 'text/plain' } },
          { languageTag: 'de', templateType: 'Register', details: { subject: 'Willkommenscode', content: 'Ihr Code lautet {{code}}', contentType: 'text/plain' } },
        ],
      });
      expect(templates.status).toBe(200);
      await smtpAdmin.patch('/sign-in-exp', {
        signUp: { identifiers: ['email'], password: true, verify: true, secondaryIdentifiers: [] },
        signIn: { methods: [{ identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true }] },
      });
      const smtpApp = await createWebApp(smtpAdmin);
      const browser = await createExperienceClient(smtpServer.endpoint, smtpApp);
      await browser.authorize({ first_screen: 'register' });
      await browser.api('PUT', '', { interactionEvent: 'Register' });
      const sent = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: 'hans@example.com' } }, { 'accept-language': 'de-DE,de;q=0.9' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const mail = received.find((message) => message.to === 'hans@example.com')!;
      expect(mail.raw).toContain('Subject: Willkommenscode');
      expect(mail.raw).toMatch(/Ihr Code lautet \d{6}/);

      // The server goes away: the connector error code with a generic message (the user is told
      // nothing of the SMTP host), and no code is left behind.
      await smtpAdmin.patch(`/connectors/${connector.body.id}`, { config: smtpConfig(1) });
      const failed = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: 'other@example.com' } });
      expect(failed.status).toBe(502);
      expect(failed.body).toEqual({ code: 'connector.general', message: 'The verification code could not be sent. Try again later.' });
      const german = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: 'other@example.com' } }, { 'accept-language': 'de' });
      expect(german.status).toBe(502);
      expect(german.body).toEqual({
        code: 'connector.general',
        message: 'Der Bestätigungscode konnte nicht gesendet werden. Versuchen Sie es später erneut.',
      });
      // The administrator's test-send still says what went wrong.
      const tested = await smtpAdmin.post('/connectors/smtp/test', { config: smtpConfig(1), to: 'other@example.com' });
      expect(tested.status).toBe(502);
      expect(tested.body.message).toContain('127.0.0.1:1');
      const left = await smtpServer.database.withTenant('default', (tx) =>
        tx.execute(sql`select count(*)::int as count from verification_codes where identifier = 'email:other@example.com'`),
      );
      expect((left as unknown as { rows: { count: number }[] }).rows[0]!.count).toBe(0);
    } finally {
      await smtpServer.close();
    }
  });

  it('stores the connector config encrypted and shows secrets masked', async () => {
    const listed = await admin.get('/connectors');
    expect(listed.status).toBe(200);
    const raw = await server.database.withTenant('default', (tx) => tx.execute(sql`select config_sealed from connectors`));
    const sealed = (raw as unknown as { rows: { config_sealed: string }[] }).rows[0]!.config_sealed;
    expect(sealed).not.toContain(outbox);
  });
});
