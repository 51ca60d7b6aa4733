import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAuthorization, startOidcProvider } from '../../connectors/src/test-utils/oidc-provider.js';
import { users } from '../src/modules/users/users.table.js';
import { oidcModelInstances } from '../src/oidc/oidc-model-instances.table.js';
import { createExperienceClient, createWebApp, type TestApp } from './setup/experience-client.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

/**
 * What a user meets when signing in goes wrong: lockouts, the email blocklist, and password resets
 * racing with other sign-ins and with the administrator.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
let outbox: string;

const password = 'Correct-Horse-92!';
type Browser = Awaited<ReturnType<typeof createExperienceClient>>;

/** The code in the newest message the development connector wrote to `to`. */
const lastCodeFor = (to: string) => {
  const messages = readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as { to: string; payload: { code: string } });
  const message = messages.filter((candidate) => candidate.to === to).at(-1);
  if (!message) {
    throw new Error(`no message to ${to}`);
  }
  return message.payload.code;
};

beforeAll(async () => {
  outbox = mkdtempSync(path.join(tmpdir(), 'gatehouse-protection-'));
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off', DEV_CONNECTORS: 'true' });
  admin = await server.api();
  app = await createWebApp(admin);
  expect((await admin.post('/connectors', { connectorId: 'dev-email', config: { directory: outbox } })).status).toBe(201);
  const settings = await admin.patch('/sign-in-exp', {
    signUp: { identifiers: ['email'], password: true, verify: true, secondaryIdentifiers: [] },
    signIn: {
      methods: [
        { identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true },
        { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true },
      ],
    },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
});
afterAll(async () => {
  await server?.close();
  rmSync(outbox, { recursive: true, force: true });
});

const start = async (event: 'SignIn' | 'Register' | 'ForgotPassword') => {
  const browser = await createExperienceClient(server.endpoint, app);
  await browser.authorize(event === 'Register' ? { first_screen: 'register' } : {});
  expect((await browser.api('PUT', '', { interactionEvent: event })).status).toBe(204);
  return browser;
};

const verifyPassword = (browser: Browser, email: string, secret: string) =>
  browser.api('POST', '/verification/password', { identifier: { type: 'email', value: email }, password: secret });

/** Forgot password by email code, up to the new password (not submitted). */
const prepareReset = async (email: string, newPassword: string) => {
  const browser = await start('ForgotPassword');
  const identifier = { type: 'email', value: email };
  const sent = await browser.api('POST', '/verification/verification-code', { identifier });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const { verificationId } = sent.body;
  expect((await browser.api('POST', '/verification/verification-code/verify', { identifier, verificationId, code: lastCodeFor(email) })).status).toBe(200);
  expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
  expect((await browser.api('PUT', '/profile/password', { password: newPassword })).status).toBe(204);
  return browser;
};

describe('lockout', () => {
  it('says when to come back in a Retry-After header too', async () => {
    await admin.post('/users', { primaryEmail: 'retry@example.com', password });
    await admin.patch('/sign-in-exp', { sentinelPolicy: { maxAttempts: 1, lockoutDuration: 2 } });
    try {
      const browser = await start('SignIn');
      const attempt = () =>
        browser.request(`${server.endpoint}/api/experience/verification/password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ identifier: { type: 'email', value: 'retry@example.com' }, password: 'wrong-password' }),
        });
      for (const response of [await attempt(), await attempt()]) {
        expect(response.status).toBe(429);
        expect((await response.json()).code).toBe('session.identifier_locked');
        const seconds = Number(response.headers.get('retry-after'));
        expect(seconds).toBeGreaterThan(110);
        expect(seconds).toBeLessThanOrEqual(120);
      }
    } finally {
      await admin.patch('/sign-in-exp', { sentinelPolicy: {} });
    }
  });
});

describe('lockout of an account', () => {
  it('counts failures by every identifier of the account, sends no code a lockout would refuse, and a reset ends it', async () => {
    const created = await admin.post('/users', { username: 'two_ways', primaryEmail: 'two.ways@example.com', password });
    expect(created.status).toBe(201);
    await admin.patch('/sign-in-exp', { sentinelPolicy: { maxAttempts: 3, lockoutDuration: 5 } });
    try {
      const browser = await start('SignIn');
      const byUsername = (secret: string) =>
        browser.api('POST', '/verification/password', { identifier: { type: 'username', value: 'two_ways' }, password: secret });
      // Two wrong by email and one by username: three on the account, though no identifier has three.
      expect((await verifyPassword(browser, 'two.ways@example.com', 'wrong-1')).body.code).toBe('session.invalid_credentials');
      expect((await verifyPassword(browser, 'two.ways@example.com', 'wrong-2')).body.code).toBe('session.invalid_credentials');
      expect((await byUsername('wrong-3')).body.code).toBe('session.identifier_locked');
      // The right password by either identifier is refused now.
      expect((await byUsername(password)).body.code).toBe('session.identifier_locked');
      expect((await verifyPassword(browser, 'two.ways@example.com', password)).body.code).toBe('session.identifier_locked');
      // Another account is not concerned.
      await admin.post('/users', { primaryEmail: 'bystander@example.com', password });
      expect((await verifyPassword(browser, 'bystander@example.com', password)).status).toBe(200);

      // An address locked by its own failures gets no sign-in code (its check would be refused).
      for (const attempt of ['wrong-a', 'wrong-b', 'wrong-c']) {
        await verifyPassword(browser, 'locked.address@example.com', attempt);
      }
      const outboxBefore = readdirSync(outbox).length;
      const refused = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: 'locked.address@example.com' } });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('session.identifier_locked');
      expect(readdirSync(outbox)).toHaveLength(outboxBefore);

      // A reset by email code still works, and ends the account's lockout.
      const reset = await prepareReset('two.ways@example.com', 'Another-Horse-93!');
      expect((await reset.api('POST', '/submit', {})).status).toBe(200);
      const after = await start('SignIn');
      const signedIn = await after.api('POST', '/verification/password', { identifier: { type: 'username', value: 'two_ways' }, password: 'Another-Horse-93!' });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    } finally {
      await admin.patch('/sign-in-exp', { sentinelPolicy: {} });
    }
  });
});

describe('old sign-in records', () => {
  it('are deleted once nothing counts them: codes after their sending hour, attempts after the longest lockout', async () => {
    const { sql } = await import('drizzle-orm');
    const { purgeSignInRecords } = await import('../src/modules/experience/expired-attempts.js');
    const inDefault = <T>(work: Parameters<typeof server.database.withTenant<T>>[1]) => server.database.withTenant('default', work);
    await inDefault((tx) =>
      tx.execute(sql`insert into verification_codes (tenant_id, id, identifier, usage, code_hash, expires_at, created_at)
        select 'default', 'purge-code-' || n, 'email:purge' || n || '@example.com', 'SignIn', repeat('0', 64),
               now() - make_interval(mins => n * 50), now() - make_interval(mins => n * 50 + 10)
        from generate_series(0, 4) as n`),
    );
    await inDefault((tx) =>
      tx.execute(sql`insert into sentinel_activities (tenant_id, id, target_type, target_hash, action, result, created_at)
        select 'default', 'purge-try-' || n, 'User', repeat('a', 64), 'Password', 'Failed', now() - make_interval(hours => n * 10)
        from generate_series(0, 4) as n`),
    );
    // Batches of two, so that deleting takes several rounds.
    expect(await purgeSignInRecords(server.database, ['default'], 2)).toBeGreaterThanOrEqual(5);
    const left = await inDefault(async (tx) => ({
      codes: ((await tx.execute(sql`select id from verification_codes where id like 'purge-code-%' order by id`)) as unknown as { rows: { id: string }[] }).rows,
      tries: ((await tx.execute(sql`select id from sentinel_activities where id like 'purge-try-%' order by id`)) as unknown as { rows: { id: string }[] }).rows,
    }));
    // Expired 0 and 50 minutes ago: still within the hour their sending counts in.
    expect(left.codes.map((row) => row.id)).toEqual(['purge-code-0', 'purge-code-1']);
    // 0, 10 and 20 hours old: within a day-long lockout.
    expect(left.tries.map((row) => row.id)).toEqual(['purge-try-0', 'purge-try-1', 'purge-try-2']);
  });
});

describe('email blocklist', () => {
  it('blocks a listed domain however it is spelled: case, full-width letters, Unicode or punycode; an entry may end in a dot', async () => {
    await admin.patch('/sign-in-exp', {
      emailBlocklistPolicy: { customBlocklist: ['@blocked.example.', '@bücher.example', 'bad@example.com'] },
    });
    try {
      const browser = await start('Register');
      for (const email of [
        'someone@BLOCKED.example',
        'someone@ｂｌｏｃｋｅｄ.example',
        'someone@sub.blocked.example',
        'someone@xn--bcher-kva.example',
        'someone@BÜCHER.example',
        'BAD@ｅｘａｍｐｌｅ.com',
      ]) {
        const refused = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: email } });
        expect(refused.status, email).toBe(422);
        expect(refused.body.code).toBe('user.email_blocked');
      }
      // An address written with the trailing dot of a fully qualified domain is no address mail is
      // delivered to: refused before any list is read.
      for (const email of ['someone@blocked.example.', 'BAD@example.com.']) {
        const refused = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: email } });
        expect([refused.status, refused.body.code], email).toEqual([400, 'guard.invalid_input']);
      }
      const allowed = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: 'good@example.com' } });
      expect(allowed.status).toBe(200);
    } finally {
      await admin.patch('/sign-in-exp', { emailBlocklistPolicy: {} });
    }
  });

  it('blocks disposable domains only: an address with non-ASCII characters is not disposable', async () => {
    await admin.patch('/sign-in-exp', { emailBlocklistPolicy: { blockDisposableAddresses: true } });
    try {
      const browser = await start('Register');
      const refused = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: 'someone@ｍａｉｌｉｎａｔｏｒ.com' } });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('user.email_blocked');
      const international = await browser.api('POST', '/verification/verification-code', { identifier: { type: 'email', value: 'josé@bücher.de' } });
      expect(international.status, JSON.stringify(international.body)).toBe(200);
    } finally {
      await admin.patch('/sign-in-exp', { emailBlocklistPolicy: {} });
    }
  });
});

describe('email blocklist and social registration', () => {
  it('does not take over a blocked address from the social provider', async () => {
    const connectorId = 'blocklist-oidc';
    const redirectUri = `${server.endpoint}/callback/social/${connectorId}`;
    const idp = await startOidcProvider({ 'tom-1': { email: 'tom@throwaway.example', email_verified: true, name: 'Tom' } }, { redirectUris: [redirectUri] });
    try {
      const connector = await admin.post('/connectors', {
        id: connectorId,
        connectorId: 'oidc',
        config: { issuer: idp.issuer, clientId: 'test-rp', clientSecret: 'test-rp-secret-that-is-long-enough', scope: 'openid profile email' },
        metadata: { target: 'blocklist-idp', name: { en: 'Blocklist IdP' } },
      });
      expect(connector.status, JSON.stringify(connector.body)).toBe(201);
      await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: ['blocklist-idp'], emailBlocklistPolicy: { customBlocklist: ['@throwaway.example'] } });

      const browser = await start('SignIn');
      const started = await browser.api('POST', `/verification/social/${connectorId}/authorization-uri`, { state: `state-${Date.now()}`, redirectUri });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      idp.nextLogin.accountId = 'tom-1';
      const connectorData = await runAuthorization(started.body.authorizationUri, redirectUri);
      const { verificationId } = started.body;
      expect((await browser.api('POST', `/verification/social/${connectorId}/verify`, { verificationId, connectorData })).status).toBe(200);
      expect((await browser.api('POST', '/identification', { verificationId })).body.code).toBe('user.identity_not_exist');
      expect((await browser.api('PUT', '/interaction-event', { interactionEvent: 'Register' })).status).toBe(204);
      expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
      const submitted = await browser.api('POST', '/submit', {});
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      const { sub } = (await browser.exchange(await browser.follow(submitted.body.redirectTo))).claims()!;
      const user = (await admin.get(`/users/${sub}`)).body;
      expect(user.name).toBe('Tom');
      expect(user.primaryEmail).toBeNull();
    } finally {
      await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: [], emailBlocklistPolicy: {} });
      await idp.close();
    }
  });
});

describe('password reset', () => {
  it('ends a sign-in that verified the old password and has not finished yet', async () => {
    const email = 'raced@example.com';
    const user = (await admin.post('/users', { primaryEmail: email, password })).body;
    // Someone who knows the old password gets as far as identification…
    const attacker = await start('SignIn');
    const verified = await verifyPassword(attacker, email, password);
    expect(verified.status).toBe(200);
    expect((await attacker.api('POST', '/identification', { verificationId: verified.body.verificationId })).status).toBe(204);
    // …and one more verifies it without identifying yet.
    const second = await start('SignIn');
    const secondVerified = await verifyPassword(second, email, password);
    expect(secondVerified.status).toBe(200);

    // The owner resets the password.
    const reset = await prepareReset(email, 'Brand-New-Secret-7');
    expect((await reset.api('POST', '/submit', {})).status).toBe(200);

    for (const browser of [attacker, second]) {
      if (browser === second) {
        expect((await browser.api('POST', '/identification', { verificationId: secondVerified.body.verificationId })).status).toBe(204);
      }
      const refused = await browser.api('POST', '/submit', {});
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('session.invalid_credentials');
    }
    // The owner signs in with the new password.
    const owner = await start('SignIn');
    const fresh = await verifyPassword(owner, email, 'Brand-New-Secret-7');
    expect(fresh.status).toBe(200);
    expect((await owner.api('POST', '/identification', { verificationId: fresh.body.verificationId })).status).toBe(204);
    const submitted = await owner.api('POST', '/submit', {});
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await owner.exchange(await owner.follow(submitted.body.redirectTo))).claims()?.sub).toBe(user.id);
  });

  it('ends a sign-in submitted with the old password whose browser had not come back to the app yet', async () => {
    const email = 'submitted@example.com';
    await admin.post('/users', { primaryEmail: email, password });
    const attacker = await start('SignIn');
    const verified = await verifyPassword(attacker, email, password);
    expect((await attacker.api('POST', '/identification', { verificationId: verified.body.verificationId })).status).toBe(204);
    const submitted = await attacker.api('POST', '/submit', {});
    expect(submitted.status).toBe(200);

    const reset = await prepareReset(email, 'Brand-New-Secret-9');
    expect((await reset.api('POST', '/submit', {})).status).toBe(200);
    // The authorization request it would have resumed is gone: no code reaches the app.
    expect(await attacker.follow(submitted.body.redirectTo)).not.toMatch(/[?&]code=/);
  });

  it('ends a sign-in with the old password submitted at the same moment as the reset', async () => {
    for (let round = 0; round < 5; round++) {
      const email = `same-moment-${round}@example.com`;
      await admin.post('/users', { primaryEmail: email, password });
      const attacker = await start('SignIn');
      const verified = await verifyPassword(attacker, email, password);
      expect((await attacker.api('POST', '/identification', { verificationId: verified.body.verificationId })).status).toBe(204);
      const reset = await prepareReset(email, `Brand-New-Secret-${round}0`);
      const [resetDone, signedIn] = await Promise.all([reset.api('POST', '/submit', {}), attacker.api('POST', '/submit', {})]);
      expect(resetDone.status).toBe(200);
      // Refused, or let through to an authorization request that no longer exists.
      const landing = signedIn.status === 200 ? await attacker.follow(signedIn.body.redirectTo) : signedIn.body.code;
      expect(landing, `round ${round}`).not.toMatch(/[?&]code=/);
    }
  });

  it('still finishes a sign-in whose password check upgraded an imported hash', async () => {
    // MD5 of "password", as coreutils' md5sum computes it; upgraded to Argon2id by the check.
    const user = (await admin.post('/users', { primaryEmail: 'imported@example.com', passwordDigest: '5f4dcc3b5aa765d61d8327deb882cf99', passwordAlgorithm: 'MD5' })).body;
    const browser = await start('SignIn');
    const verified = await verifyPassword(browser, 'imported@example.com', 'password');
    expect(verified.status).toBe(200);
    expect((await browser.api('POST', '/identification', { verificationId: verified.body.verificationId })).status).toBe(204);
    const submitted = await browser.api('POST', '/submit', {});
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await browser.exchange(await browser.follow(submitted.body.redirectTo))).claims()?.sub).toBe(user.id);
  });

  it('does not reset the password of an account suspended before the reset is submitted', async () => {
    const email = 'suspended-reset@example.com';
    const user = (await admin.post('/users', { primaryEmail: email, password })).body;
    const browser = await prepareReset(email, 'Brand-New-Secret-8');
    expect((await admin.patch(`/users/${user.id}/is-suspended`, { isSuspended: true })).status).toBe(200);
    const refused = await browser.api('POST', '/submit', {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('user.suspended');
    expect((await admin.post(`/users/${user.id}/password/verify`, { password })).status).toBe(204);
    expect((await admin.post(`/users/${user.id}/password/verify`, { password: 'Brand-New-Secret-8' })).status).toBe(422);
  });
});

describe('administrator changes during a sign-in', () => {
  /** A password sign-in of a new user, identified and submitted; the browser has not come back yet. */
  const submittedSignIn = async (email: string) => {
    const user = (await admin.post('/users', { primaryEmail: email, password })).body;
    const browser = await start('SignIn');
    const verified = await verifyPassword(browser, email, password);
    expect((await browser.api('POST', '/identification', { verificationId: verified.body.verificationId })).status).toBe(204);
    const submitted = await browser.api('POST', '/submit', {});
    expect(submitted.status).toBe(200);
    return { user, browser, redirectTo: submitted.body.redirectTo as string };
  };

  /** The OIDC rows (sessions, grants, codes, tokens) of a user. */
  const oidcRowsOf = (userId: string) =>
    server.gatehouse
      .scopeFor('default')
      .transaction((tx) => tx.select({ model: oidcModelInstances.modelName }).from(oidcModelInstances).where(eq(oidcModelInstances.accountId, userId)));

  const removals = [
    ['deleted', (id: string) => admin.delete(`/users/${id}`)],
    ['suspended', (id: string) => admin.patch(`/users/${id}/is-suspended`, { isSuspended: true })],
  ] as const;
  for (const [what, remove] of removals) {
    it(`ends a submitted sign-in of a user ${what} before the browser came back: an error page, no session, no code`, async () => {
      const { user, browser, redirectTo } = await submittedSignIn(`${what}-mid-flow@example.com`);
      expect((await remove(user.id)).status).toBeLessThan(300);
      const resumed = await browser.request(redirectTo);
      expect(resumed.status).toBe(400);
      expect(resumed.headers.get('content-type')).toMatch(/html/);
      expect(await oidcRowsOf(user.id)).toEqual([]);
    });
  }

  it('sends the browser to sign in again when the user was suspended at the very moment it came back', async () => {
    const { user, browser, redirectTo } = await submittedSignIn('suspended-at-resume@example.com');
    // The suspension lands after the resume read the submitted sign-in (what revoking its rows
    // cannot reach): only the flag is set here, the rows stay.
    await server.gatehouse.scopeFor('default').transaction((tx) => tx.update(users).set({ isSuspended: true }).where(eq(users.id, user.id)));
    const resumed = await browser.follow(redirectTo);
    expect(resumed).toBe(`${server.endpoint}/sign-in`);
    // The session it left names a user who is gone: a silent request is told to sign in.
    const silent = new URL(await browser.authorize({ prompt: 'none' }));
    expect(silent.searchParams.get('error')).toBe('login_required');
  });

  it('refuses to finish a sign-in once the administrator turned its method off', async () => {
    const email = 'method-off@example.com';
    await admin.post('/users', { primaryEmail: email, password });
    const browser = await start('SignIn');
    const verified = await verifyPassword(browser, email, password);
    const methods = [
      { identifier: 'email', password: false, verificationCode: true, isPasswordPrimary: false },
      { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true },
    ];
    expect((await admin.patch('/sign-in-exp', { signIn: { methods } })).status).toBe(200);
    try {
      const identified = await browser.api('POST', '/identification', { verificationId: verified.body.verificationId });
      expect(identified.status).toBe(422);
      expect(identified.body.code).toBe('session.sign_in_method_not_enabled');
    } finally {
      methods[0] = { identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true };
      await admin.patch('/sign-in-exp', { signIn: { methods } });
    }
    // Identified before the change: submit refuses it.
    const identifiedFirst = await start('SignIn');
    const again = await verifyPassword(identifiedFirst, email, password);
    expect((await identifiedFirst.api('POST', '/identification', { verificationId: again.body.verificationId })).status).toBe(204);
    methods[0] = { identifier: 'email', password: false, verificationCode: true, isPasswordPrimary: false };
    expect((await admin.patch('/sign-in-exp', { signIn: { methods } })).status).toBe(200);
    try {
      const refused = await identifiedFirst.api('POST', '/submit', {});
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('session.sign_in_method_not_enabled');
    } finally {
      methods[0] = { identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true };
      await admin.patch('/sign-in-exp', { signIn: { methods } });
    }
  });

  it('refuses to finish a registration or a sign-in once the sign-in mode no longer allows it, and creates nobody', async () => {
    const email = 'closed-registration@example.com';
    const registration = await start('Register');
    const identifier = { type: 'email', value: email };
    const sent = await registration.api('POST', '/verification/verification-code', { identifier });
    const { verificationId } = sent.body;
    expect((await registration.api('POST', '/verification/verification-code/verify', { identifier, verificationId, code: lastCodeFor(email) })).status).toBe(200);
    expect((await registration.api('POST', '/identification', { verificationId })).status).toBe(204);
    expect((await registration.api('POST', '/profile', { type: 'password', value: password })).status).toBe(204);
    const signIn = await start('SignIn');
    await admin.post('/users', { primaryEmail: 'closed-sign-in@example.com', password });
    const verified = await verifyPassword(signIn, 'closed-sign-in@example.com', password);
    expect((await signIn.api('POST', '/identification', { verificationId: verified.body.verificationId })).status).toBe(204);

    expect((await admin.patch('/sign-in-exp', { signInMode: 'SignIn' })).status).toBe(200);
    try {
      const refused = await registration.api('POST', '/submit', {});
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('session.registration_disabled');
      expect((await admin.get(`/users?search=${encodeURIComponent(email)}`)).body).toEqual([]);
    } finally {
      await admin.patch('/sign-in-exp', { signInMode: 'SignInAndRegister' });
    }
    expect((await admin.patch('/sign-in-exp', { signInMode: 'Register' })).status).toBe(200);
    try {
      const refused = await signIn.api('POST', '/submit', {});
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('session.sign_in_disabled');
    } finally {
      await admin.patch('/sign-in-exp', { signInMode: 'SignInAndRegister' });
    }
  });

  it('does not sign in by a code to an address the administrator moved to another account since', async () => {
    const email = 'moved-address@example.com';
    const owner = (await admin.post('/users', { primaryEmail: email, password })).body;
    const browser = await start('SignIn');
    const identifier = { type: 'email', value: email };
    const { verificationId } = (await browser.api('POST', '/verification/verification-code', { identifier })).body;
    expect((await browser.api('POST', '/verification/verification-code/verify', { identifier, verificationId, code: lastCodeFor(email) })).status).toBe(200);
    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    expect((await admin.patch(`/users/${owner.id}`, { primaryEmail: 'owner-elsewhere@example.com' })).status).toBe(200);
    const holder = (await admin.post('/users', { primaryEmail: email, password })).body;

    const refused = await browser.api('POST', '/submit', {});
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('session.not_identified');
    // Identified again, the code signs in whoever holds the address now.
    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    const submitted = await browser.api('POST', '/submit', {});
    expect(submitted.status).toBe(200);
    expect((await browser.exchange(await browser.follow(submitted.body.redirectTo))).claims()?.sub).toBe(holder.id);
  });

  it('ends the sign-ins of a deleted application: the next step finds no session, and nobody is registered', async () => {
    const doomed = await createWebApp(admin, { name: 'doomed' });
    const browser = await createExperienceClient(server.endpoint, doomed);
    await browser.authorize({ first_screen: 'register' });
    expect((await browser.api('PUT', '', { interactionEvent: 'Register' })).status).toBe(204);
    const email = 'orphan-registration@example.com';
    const identifier = { type: 'email', value: email };
    const { verificationId } = (await browser.api('POST', '/verification/verification-code', { identifier })).body;
    expect((await browser.api('POST', '/verification/verification-code/verify', { identifier, verificationId, code: lastCodeFor(email) })).status).toBe(200);
    expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
    expect((await browser.api('POST', '/profile', { type: 'password', value: password })).status).toBe(204);
    expect((await admin.delete(`/applications/${doomed.id}`)).status).toBe(204);
    const refused = await browser.api('POST', '/submit', {});
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('session.not_found');
    expect((await admin.get(`/users?search=${encodeURIComponent(email)}`)).body).toEqual([]);
  });

  it('sends no code to a redirect URI the administrator removed, neither from a sign-in in progress nor one already issued', async () => {
    const changing = await createWebApp(admin, { name: 'changing' });
    await admin.post('/users', { primaryEmail: 'moved-app@example.com', password });
    const signInUpTo = async (browser: Browser) => {
      await browser.authorize();
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);
      const verified = await verifyPassword(browser, 'moved-app@example.com', password);
      expect((await browser.api('POST', '/identification', { verificationId: verified.body.verificationId })).status).toBe(204);
    };
    const pending = await createExperienceClient(server.endpoint, changing);
    await signInUpTo(pending);
    const issued = await createExperienceClient(server.endpoint, changing);
    await signInUpTo(issued);
    const callback = await issued.follow((await issued.api('POST', '/submit', {})).body.redirectTo);
    expect(callback).toMatch(/[?&]code=/);

    const patched = await admin.patch(`/applications/${changing.id}`, { oidcClientMetadata: { redirectUris: ['https://new.example.com/callback'] } });
    expect(patched.status).toBe(200);
    const refused = await pending.api('POST', '/submit', {});
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('session.not_found');
    await expect(issued.exchange(callback)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it("follows a native app's loopback redirect URIs on any port (RFC 8252) when one is removed", async () => {
    const created = await admin.post('/applications', {
      name: 'desktop',
      type: 'Native',
      oidcClientMetadata: { redirectUris: ['http://127.0.0.1/callback', 'http://127.0.0.1:8080/other'] },
    });
    expect(created.status).toBe(201);
    // The app listens on a port of its own choosing, not on the list as such.
    const desktop: TestApp = { id: created.body.id, redirectUri: 'http://127.0.0.1:53123/callback' };
    await admin.post('/users', { primaryEmail: 'desktop@example.com', password });
    const signInUpTo = async () => {
      const browser = await createExperienceClient(server.endpoint, desktop);
      await browser.authorize();
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);
      const verified = await verifyPassword(browser, 'desktop@example.com', password);
      expect((await browser.api('POST', '/identification', { verificationId: verified.body.verificationId })).status).toBe(204);
      return browser;
    };
    const path = `/applications/${desktop.id}`;
    // Another URI removed: this request is still allowed, and finishes.
    const unaffected = await signInUpTo();
    expect((await admin.patch(path, { oidcClientMetadata: { redirectUris: ['http://127.0.0.1/callback'] } })).status).toBe(200);
    const finished = await unaffected.follow((await unaffected.api('POST', '/submit', {})).body.redirectTo);
    expect(finished).toMatch(/^http:\/\/127\.0\.0\.1:53123\/callback\?code=/);

    const pending = await signInUpTo();
    const issued = await signInUpTo();
    const callback = await issued.follow((await issued.api('POST', '/submit', {})).body.redirectTo);
    expect(callback).toMatch(/[?&]code=/);
    expect((await admin.patch(path, { oidcClientMetadata: { redirectUris: ['http://127.0.0.1/elsewhere'] } })).status).toBe(200);
    expect((await pending.api('POST', '/submit', {})).body.code).toBe('session.not_found');
    await expect(issued.exchange(callback)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
