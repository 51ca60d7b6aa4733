import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sentinelActivities } from '../src/modules/experience/experience.table.js';
import { apiWithScopes } from './setup/grants.js';
import { createExperienceClient, createWebApp, type TestApp } from './setup/experience-client.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
let jwks: ReturnType<typeof createRemoteJWKSet>;

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  app = await createWebApp(admin);
  jwks = createRemoteJWKSet(new URL(`${server.endpoint}/oidc/jwks`));
});
afterAll(async () => server?.close());

const strongPassword = 'Correct-Horse-92!';

/** Registers `username` through the experience API and returns the app's tokens. */
const register = async (username: string, password = strongPassword) => {
  const browser = await createExperienceClient(server.endpoint, app);
  const landing = await browser.authorize({ first_screen: 'register' });
  expect(landing).toBe(`${server.endpoint}/register`);
  const steps = [
    await browser.api('PUT', '', { interactionEvent: 'Register' }),
    await browser.api('POST', '/identification', { identifier: { type: 'username', value: username } }),
    await browser.api('POST', '/profile', { type: 'password', value: password }),
  ];
  expect(steps.map((step) => step.status), JSON.stringify(steps.map((step) => step.body))).toEqual([204, 204, 204]);
  const submitted = await browser.api('POST', '/submit', {});
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const callback = await browser.follow(submitted.body.redirectTo);
  return { browser, tokens: await browser.exchange(callback) };
};

const signIn = async (username: string, password: string) => {
  const browser = await createExperienceClient(server.endpoint, app);
  expect(await browser.authorize()).toBe(`${server.endpoint}/sign-in`);
  expect((await browser.api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);
  const verified = await browser.api('POST', '/verification/password', { identifier: { type: 'username', value: username }, password });
  return { browser, verified };
};

const finishSignIn = async (browser: Awaited<ReturnType<typeof createExperienceClient>>, verificationId: string) => {
  expect((await browser.api('POST', '/identification', { verificationId })).status).toBe(204);
  const submitted = await browser.api('POST', '/submit', {});
  expect(submitted.status).toBe(200);
  return browser.exchange(await browser.follow(submitted.body.redirectTo));
};

describe('sign-in experience settings', () => {
  it('has the spec defaults', async () => {
    const { status, body } = await admin.get('/sign-in-exp');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 'default',
      color: { primaryColor: '#6139F6', isDarkModeEnabled: false },
      languageInfo: { autoDetect: true, fallbackLanguage: 'en' },
      termsOfUseUrl: null,
      signUp: { identifiers: ['username'], password: true, verify: false },
      signIn: { methods: [{ identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true }] },
      signInMode: 'SignInAndRegister',
      passwordPolicy: { length: { min: 8, max: 256 }, characterTypes: { min: 1 } },
      mfa: { factors: [], policy: 'UserControlled' },
    });
  });

  it('refuses a configuration that needs an email connector the tenant lacks, and saves nothing', async () => {
    const refused = await admin.patch('/sign-in-exp', {
      signUp: { identifiers: ['email'], password: true, verify: true, secondaryIdentifiers: [] },
      signIn: { methods: [{ identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true }] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('sign_in_experience.unworkable');
    expect(refused.body.details.map((detail: { code: string }) => detail.code)).toContain('sign_in_experience.missing_email_connector');
    expect((await admin.get('/sign-in-exp')).body.signUp.identifiers).toEqual(['username']);
  });

  it('needs the connector of an email or phone sign-up identifier even without verify: they join an account by code only', async () => {
    const refused = await admin.patch('/sign-in-exp', {
      signUp: { identifiers: ['email'], password: true, verify: false, secondaryIdentifiers: [{ identifier: 'phone' }] },
      signIn: { methods: [{ identifier: 'email', password: true, verificationCode: false, isPasswordPrimary: true }] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('sign_in_experience.unworkable');
    expect(refused.body.details.map((detail: { path: string; code: string }) => [detail.path, detail.code])).toEqual([
      ['signUp.identifiers', 'sign_in_experience.missing_email_connector'],
      ['signUp.secondaryIdentifiers.0', 'sign_in_experience.missing_sms_connector'],
    ]);
    expect((await admin.get('/sign-in-exp')).body.signUp.identifiers).toEqual(['username']);
  });

  it('rejects unknown fields and malformed colours with field details', async () => {
    const refused = await admin.patch('/sign-in-exp', { color: { primaryColor: 'purple', isDarkModeEnabled: false, darkPrimaryColor: '#000' } });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].path).toBe('body.color.primaryColor');
    expect((await admin.patch('/sign-in-exp', { unknownThing: true })).status).toBe(400);
  });

  it('answers every broken password rule with its code', async () => {
    const { body } = await admin.post('/sign-in-exp/default/check-password', { password: 'aaa' });
    expect(body.result).toBe(false);
    expect(body.issues.map((issue: { code: string }) => issue.code)).toContain('password_rejected.too_short');
    expect((await admin.post('/sign-in-exp/default/check-password', { password: strongPassword })).body).toEqual({ result: true, issues: [] });
  });

  it('needs the sign-in experience scopes', async () => {
    const reader = await apiWithScopes(server, ['read:users']);
    expect((await reader.get('/sign-in-exp')).status).toBe(403);
    const sie = await apiWithScopes(server, ['read:sign-in-experience']);
    expect((await sie.get('/sign-in-exp')).status).toBe(200);
    expect((await sie.patch('/sign-in-exp', { customCss: 'body{}' })).status).toBe(403);
  });
});

describe('languages: ui_locales and the sign-out pages', () => {
  it('advertises the page languages in discovery, beside the prompt values', async () => {
    const discovery = await (await fetch(`${server.endpoint}/oidc/.well-known/openid-configuration`)).json();
    expect([...discovery.ui_locales_supported].sort()).toEqual(
      ['ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pl-PL', 'pt-BR', 'pt-PT', 'ru', 'tr-TR', 'uk-UA', 'zh-CN', 'zh-HK', 'zh-TW'].sort(),
    );
    expect(discovery.prompt_values_supported).toEqual(expect.arrayContaining(['none', 'login', 'consent', 'create']));
  });

  it('hands the pages the ui_locales of the authorization request, in order', async () => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ ui_locales: 'tlh  ja de-AT' });
    const config = await browser.api('GET', '/config');
    expect(config.status).toBe(200);
    expect(config.body.interaction.uiLocales).toEqual(['tlh', 'ja', 'de-AT']);
    const plain = await createExperienceClient(server.endpoint, app);
    await plain.authorize();
    expect((await plain.api('GET', '/config')).body.interaction.uiLocales).toEqual([]);
  });

  it('hands the pages the login_hint to fill in, trimmed, and only when it could be an identifier', async () => {
    const hintOf = async (login_hint: string) => {
      const browser = await createExperienceClient(server.endpoint, app);
      await browser.authorize({ login_hint });
      return (await browser.api('GET', '/config')).body.interaction.loginHint;
    };
    expect(await hintOf('  ada@example.com ')).toBe('ada@example.com');
    expect(await hintOf('a'.repeat(128))).toBe('a'.repeat(128));
    expect(await hintOf('a'.repeat(129))).toBeNull();
    expect(await hintOf('ada\n<script>')).toBeNull();
    expect(await hintOf('   ')).toBeNull();
  });

  it('says "Signed out" in the language the end-session request asked for, once', async () => {
    const signOut = async (query: Record<string, string>) => {
      const { browser, tokens } = await register(`leaving_${randomUUID().slice(0, 8)}`);
      const { confirmation, confirmed } = await browser.endSession({ id_token_hint: tokens.id_token!, ...query });
      expect(confirmed.status).toBe(303);
      const success = new URL(confirmed.headers.get('location')!, server.endpoint).href;
      expect(success).toBe(`${server.endpoint}/oidc/session/end/success`);
      const page = await (await browser.request(success)).text();
      // The next sign-out of this browser asks for nothing: the language does not stick.
      const later = await (await browser.request(success)).text();
      return { confirmation, page, later };
    };
    const japanese = await signOut({ ui_locales: 'tlh ja' });
    expect(japanese.confirmation).toContain('<html lang="ja"');
    expect(japanese.page).toContain('<html lang="ja"');
    expect(japanese.page).toContain('<h1>サインアウトしました</h1>');
    expect(japanese.later).toContain('<h1>Signed out</h1>');
    const plain = await signOut({});
    expect(plain.page).toContain('<h1>Signed out</h1>');
  });

  it('says "You\'re still signed in" after "Stay signed in", and the session goes on', async () => {
    const { browser } = await register(`staying_${randomUUID().slice(0, 8)}`);
    const confirmation = await (await browser.request(`${server.endpoint}/oidc/session/end`)).text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirmation)![1]!;
    // "Stay signed in" submits the form without `logout`.
    const stayed = await browser.request(`${server.endpoint}/oidc/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf }).toString(),
    });
    const page = await (await browser.request(new URL(stayed.headers.get('location')!, server.endpoint).href)).text();
    expect(page).toContain("<h1>You&#39;re still signed in</h1>");
    expect(page).not.toContain('Signed out');
    const again = await createExperienceClient(server.endpoint, app, undefined, browser.jar);
    expect((await again.authorize({ prompt: 'none' })).startsWith(app.redirectUri)).toBe(true);
  });

  it("names a refused sign-out request as such on the error page, not as a sign-in", async () => {
    const response = await fetch(`${server.endpoint}/oidc/session/end?id_token_hint=garbage`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('sign-out request could not be completed');
    expect(html).not.toContain('sign-in request');
  });

  it('renders the sign-out confirmation in the language and brand of the tenant', async () => {
    // Signed in: without a session oidc-provider signs out without asking.
    const { browser } = await register('polyglot');
    const endSession = (query = '', headers: Record<string, string> = {}) =>
      browser.request(`${server.endpoint}/oidc/session/end${query}`, { headers }).then(async (response) => ({
        type: response.headers.get('content-type'),
        html: await response.text(),
      }));
    const english = await endSession();
    expect(english.type).toMatch(/^text\/html/);
    expect(english.html).toContain('<h1>Sign out?</h1>');
    expect(english.html).toContain('id="op.logoutForm"');

    const german = await endSession('', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.html).toContain('<html lang="de" dir="ltr">');
    expect(german.html).toContain('<h1>Abmelden?</h1>');
    expect(german.html).toContain('>Angemeldet bleiben</button>');

    const before = (await admin.get('/sign-in-exp')).body;
    const patched = await admin.patch('/sign-in-exp', {
      color: { primaryColor: '#0B7A75', isDarkModeEnabled: true, darkPrimaryColor: '#2FB3AD' },
      branding: { logoUrl: 'https://cdn.example.com/logo.svg', favicon: 'https://cdn.example.com/favicon.png' },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    try {
      const japanese = await endSession('?ui_locales=ja', { 'accept-language': 'de' });
      expect(japanese.html).toContain('<html lang="ja"');
      expect(japanese.html).toContain(`<h1>サインアウトしますか？</h1>`);
      expect(japanese.html).toContain('--brand:#0B7A75');
      expect(japanese.html).toContain('prefers-color-scheme:dark');
      expect(japanese.html).toContain('<img src="https://cdn.example.com/logo.svg"');
      expect(japanese.html).toContain('<link rel="icon" href="https://cdn.example.com/favicon.png">');
      // The language picked in the pages' switcher (a cookie) wins.
      await browser.jar.setCookie('gatehouse_language=fr; Path=/', server.endpoint);
      const chosen = await endSession('?ui_locales=ja');
      expect(chosen.html).toContain('<html lang="fr"');
    } finally {
      await admin.patch('/sign-in-exp', { color: before.color, branding: before.branding });
    }
  });
});

describe('registration and sign-in through the experience API', () => {
  it('registers with username and password and returns to the app with tokens verified against JWKS', async () => {
    const { tokens } = await register('ada');
    const { payload } = await jwtVerify(tokens.id_token!, jwks, { issuer: `${server.endpoint}/oidc`, audience: app.id });
    const users = (await admin.get('/users?search=ada')).body;
    expect(users).toHaveLength(1);
    expect(payload.sub).toBe(users[0].id);
    expect(users[0].lastSignInAt).toBeTypeOf('number');
    expect(users[0].applicationId).toBe(app.id);
  });

  it('opens registration for prompt=create (OpenID Connect Prompt Create), even in a signed-in browser', async () => {
    const discovery = await (await fetch(`${server.endpoint}/oidc/.well-known/openid-configuration`)).json();
    expect(discovery.prompt_values_supported).toEqual(expect.arrayContaining(['create', 'login', 'consent', 'none']));

    const browser = await createExperienceClient(server.endpoint, app);
    expect(await browser.authorize({ prompt: 'create' })).toBe(`${server.endpoint}/register`);
    expect((await browser.api('GET', '/config')).body.interaction.firstScreen).toBe('register');
    const steps = [
      await browser.api('PUT', '', { interactionEvent: 'Register' }),
      await browser.api('POST', '/identification', { identifier: { type: 'username', value: 'created_by_prompt' } }),
      await browser.api('POST', '/profile', { type: 'password', value: strongPassword }),
    ];
    expect(steps.map((step) => step.status)).toEqual([204, 204, 204]);
    const submitted = await browser.api('POST', '/submit', {});
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const tokens = await browser.exchange(await browser.follow(submitted.body.redirectTo));
    const [created] = (await admin.get('/users?search=created_by_prompt')).body;
    expect(tokens.claims()?.sub).toBe(created.id);

    // The same browser, signed in now: a plain request comes straight back, prompt=create does not.
    const code_challenge = await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier());
    const request = (extra: Record<string, string>) =>
      client.buildAuthorizationUrl(browser.config, { redirect_uri: app.redirectUri, scope: 'openid', code_challenge, code_challenge_method: 'S256', ...extra }).href;
    const plain = new URL(await browser.follow(request({})));
    expect(plain.searchParams.get('code')).toBeTypeOf('string');
    expect(await browser.follow(request({ prompt: 'create' }))).toBe(`${server.endpoint}/register`);
  });

  it('signs in with the password, and refuses a wrong one without saying which part was wrong', async () => {
    await register('grace');
    const wrong = await signIn('grace', 'not-the-password');
    expect(wrong.verified.status).toBe(422);
    expect(wrong.verified.body.code).toBe('session.invalid_credentials');
    const unknown = await signIn('nobody-here', 'not-the-password');
    expect(unknown.verified.body).toEqual(wrong.verified.body);

    const { browser, verified } = await signIn('grace', strongPassword);
    expect(verified.status).toBe(200);
    const tokens = await finishSignIn(browser, verified.body.verificationId);
    const { payload } = await jwtVerify(tokens.id_token!, jwks);
    expect(payload.sub).toBeTypeOf('string');
  });

  it('refuses a password the policy rejects, listing every rule, and creates nobody', async () => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    await browser.api('PUT', '', { interactionEvent: 'Register' });
    await browser.api('POST', '/identification', { identifier: { type: 'username', value: 'weakling' } });
    const refused = await browser.api('POST', '/profile', { type: 'password', value: 'weakling' }, { 'accept-language': 'de' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('password.rejected');
    expect(refused.body.details.map((detail: { code: string }) => detail.code)).toContain('password_rejected.restricted.user_info');
    const submit = await browser.api('POST', '/submit', {});
    expect(submit.status).toBe(422);
    expect(submit.body.code).toBe('user.missing_profile');
    expect(submit.body.details.map((detail: { path: string }) => detail.path)).toEqual(['password']);
    expect((await admin.get('/users?search=weakling')).body).toEqual([]);
  });

  it('refuses a taken username at identification', async () => {
    await register('taken_name');
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    await browser.api('PUT', '', { interactionEvent: 'Register' });
    const taken = await browser.api('POST', '/identification', { identifier: { type: 'username', value: 'TAKEN_NAME' } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('user.username_already_in_use');
  });

  it('refuses registration when the sign-in mode is SignIn only', async () => {
    expect((await admin.patch('/sign-in-exp', { signInMode: 'SignIn' })).status).toBe(200);
    try {
      const browser = await createExperienceClient(server.endpoint, app);
      await browser.authorize();
      const refused = await browser.api('PUT', '', { interactionEvent: 'Register' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('session.registration_disabled');
    } finally {
      await admin.patch('/sign-in-exp', { signInMode: 'SignInAndRegister' });
    }
  });

  it('lets nobody sign in when the sign-in mode is Register only, and still registers', async () => {
    await register('register_only_user');
    expect((await admin.patch('/sign-in-exp', { signInMode: 'Register' })).status).toBe(200);
    try {
      const browser = await createExperienceClient(server.endpoint, app);
      await browser.authorize();
      const refused = await browser.api('PUT', '', { interactionEvent: 'SignIn' }, { 'accept-language': 'de' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'session.sign_in_disabled', message: 'Die Anmeldung ist nicht geöffnet: Hier können nur neue Konten erstellt werden.' });
      // Nor by switching a started registration over to a sign-in.
      expect((await browser.api('PUT', '', { interactionEvent: 'Register' })).status).toBe(204);
      const switched = await browser.api('PUT', '/interaction-event', { interactionEvent: 'SignIn' });
      expect(switched.status).toBe(403);
      expect(switched.body.code).toBe('session.sign_in_disabled');
      expect((await register('register_only_new')).tokens.access_token).toBeTruthy();
    } finally {
      await admin.patch('/sign-in-exp', { signInMode: 'SignInAndRegister' });
    }
  });

  it('asks for the terms when the policy is Manual', async () => {
    await admin.patch('/sign-in-exp', { termsOfUseUrl: 'https://example.com/terms', agreeToTermsPolicy: 'Manual' });
    try {
      const { browser, verified } = await signIn('grace', strongPassword);
      await browser.api('POST', '/identification', { verificationId: verified.body.verificationId });
      const refused = await browser.api('POST', '/submit', {});
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('session.terms_not_agreed');
      const agreed = await browser.api('POST', '/submit', { agreeToTerms: true });
      expect(agreed.status).toBe(200);
    } finally {
      await admin.patch('/sign-in-exp', { termsOfUseUrl: null, agreeToTermsPolicy: 'Automatic' });
    }
  });

  it('locks an identifier after maxAttempts failures, for lockoutDuration minutes', async () => {
    await register('lockme');
    await admin.patch('/sign-in-exp', { sentinelPolicy: { maxAttempts: 3, lockoutDuration: 5 } });
    try {
      // Usernames are case-insensitive, and so is the count of failures.
      for (const name of ['lockme', 'LockMe']) {
        expect((await signIn(name, 'wrong-password')).verified.body.code).toBe('session.invalid_credentials');
      }
      const third = await signIn('lockme', 'wrong-password');
      expect(third.verified.status).toBe(429);
      expect(third.verified.body.code).toBe('session.identifier_locked');
      // Locked: even the right password is refused, without being checked.
      const right = await signIn('lockme', strongPassword);
      expect(right.verified.body.code).toBe('session.identifier_locked');
      expect(right.verified.body.message).toBe('Too many failed attempts. Try again in 5 minutes.');
      // Five minutes later (moved back in time), the lock is over.
      await server.database.withTenant('default', (tx) =>
        tx.execute(sql`update sentinel_activities set created_at = created_at - interval '6 minutes'`),
      );
      const later = await signIn('lockme', strongPassword);
      expect(later.verified.status).toBe(200);
    } finally {
      await admin.patch('/sign-in-exp', { sentinelPolicy: {} });
    }
  });

  it('says when to try again in words, with the plural of the number and no raw timestamp', async () => {
    await register('lockone');
    await admin.patch('/sign-in-exp', { sentinelPolicy: { maxAttempts: 1, lockoutDuration: 1 } });
    try {
      const locked = await signIn('lockone', 'wrong-password');
      expect(locked.verified.status).toBe(429);
      expect(locked.verified.body.code).toBe('session.identifier_locked');
      expect(locked.verified.body.message).toBe('Too many failed attempts. Try again in 1 minute.');
      expect(locked.verified.body.message).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    } finally {
      await admin.patch('/sign-in-exp', { sentinelPolicy: {} });
    }
  });

  it('resets the failure count on success, and records a success only when it resets something', async () => {
    await register('resetme');
    const rows = async () => {
      const hash = createHash('sha256').update('username:resetme').digest('hex');
      const found = await server.database.withTenant('default', (tx) =>
        tx
          .select({ result: sentinelActivities.result })
          .from(sentinelActivities)
          .where(eq(sentinelActivities.targetHash, hash))
          .orderBy(sentinelActivities.createdAt, sentinelActivities.result),
      );
      return found.map((row) => row.result);
    };
    await admin.patch('/sign-in-exp', { sentinelPolicy: { maxAttempts: 3, lockoutDuration: 5 } });
    try {
      expect((await signIn('resetme', strongPassword)).verified.status).toBe(200);
      // Nothing to reset: the success leaves no row.
      expect(await rows()).toEqual([]);
      for (let attempt = 1; attempt <= 2; attempt++) {
        expect((await signIn('resetme', 'wrong-password')).verified.body.code).toBe('session.invalid_credentials');
      }
      expect((await signIn('resetme', strongPassword)).verified.status).toBe(200);
      expect(await rows()).toEqual(['Failed', 'Failed', 'Success']);
      // The two failures before the success no longer count: two more do not lock.
      for (let attempt = 1; attempt <= 2; attempt++) {
        expect((await signIn('resetme', 'wrong-password')).verified.body.code).toBe('session.invalid_credentials');
      }
      expect((await signIn('resetme', strongPassword)).verified.status).toBe(200);
      expect((await signIn('resetme', strongPassword)).verified.status).toBe(200);
      expect(await rows()).toEqual(['Failed', 'Failed', 'Success', 'Failed', 'Failed', 'Success']);
      // Failures older than the lockout window count for nothing, and need no reset either.
      await server.database.withTenant('default', (tx) =>
        tx.execute(sql`update sentinel_activities set created_at = created_at - interval '6 minutes'`),
      );
      expect((await signIn('resetme', 'wrong-password')).verified.body.code).toBe('session.invalid_credentials');
      await server.database.withTenant('default', (tx) =>
        tx.execute(sql`update sentinel_activities set created_at = created_at - interval '6 minutes'`),
      );
      expect((await signIn('resetme', strongPassword)).verified.status).toBe(200);
      expect(await rows()).toHaveLength(7);
    } finally {
      await admin.patch('/sign-in-exp', { sentinelPolicy: {} });
    }
  });
});

describe('requests sent at once', () => {
  /** Browsers at the sign-in page, ready to send their step together. */
  const signInPages = (count: number) =>
    Promise.all(
      Array.from({ length: count }, async () => {
        const browser = await createExperienceClient(server.endpoint, app);
        await browser.authorize();
        expect((await browser.api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);
        return browser;
      }),
    );

  it('checks no more than maxAttempts passwords of a burst of guesses, then locks', async () => {
    await register('burst');
    await admin.patch('/sign-in-exp', { sentinelPolicy: { maxAttempts: 3, lockoutDuration: 5 } });
    try {
      const browsers = await signInPages(20);
      const answers = await Promise.all(
        browsers.map((browser, index) =>
          browser.api('POST', '/verification/password', { identifier: { type: 'username', value: 'burst' }, password: `wrong-password-${index}` }),
        ),
      );
      // Two failures answered as such, the third locks; the rest wait or meet the lock unchecked.
      expect(answers.filter((answer) => answer.body.code === 'session.invalid_credentials')).toHaveLength(2);
      expect(answers.every((answer) => answer.status === 422 || answer.status === 429)).toBe(true);
      const hash = createHash('sha256').update('username:burst').digest('hex');
      const rows = await server.database.withTenant('default', (tx) =>
        tx.select({ result: sentinelActivities.result }).from(sentinelActivities).where(eq(sentinelActivities.targetHash, hash)),
      );
      expect(rows.map((row) => row.result).sort()).toEqual(['Blocked', 'Failed', 'Failed', 'Failed']);
      expect((await signIn('burst', strongPassword)).verified.body.code).toBe('session.identifier_locked');
    } finally {
      await admin.patch('/sign-in-exp', { sentinelPolicy: {} });
    }
  });

  it('registers one user when one registration is submitted several times, or one username in several tabs', async () => {
    const registrationUpToSubmit = async (username: string) => {
      const browser = await createExperienceClient(server.endpoint, app);
      await browser.authorize({ first_screen: 'register' });
      expect((await browser.api('PUT', '', { interactionEvent: 'Register' })).status).toBe(204);
      expect((await browser.api('POST', '/identification', { identifier: { type: 'username', value: username } })).status).toBe(204);
      expect((await browser.api('POST', '/profile', { type: 'password', value: strongPassword })).status).toBe(204);
      return browser;
    };
    const registered = async (username: string) =>
      ((await admin.get(`/users?search=${username}&searchFields=username`)).body as { username: string }[]).map((user) => user.username);

    // Two tabs: the registration that loses is told the username is taken.
    const tabs = await Promise.all(Array.from({ length: 4 }, () => registrationUpToSubmit('two_tabs')));
    const answers = await Promise.all(tabs.map((browser) => browser.api('POST', '/submit', {})));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual(refused.map(() => [409, 'user.username_already_in_use']));
    expect(refused[0]!.body.message).toBe('The username "two_tabs" is already in use.');
    expect(await registered('two_tabs')).toEqual(['two_tabs']);

    // A double click: the later submits find the username taken, or the flow already finished.
    const doubleClicked = await registrationUpToSubmit('double_click');
    const clicks = await Promise.all(Array.from({ length: 6 }, () => doubleClicked.api('POST', '/submit', {})));
    expect(clicks.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of clicks.filter((click) => click.status !== 200)) {
      expect([[409, 'user.username_already_in_use'], [400, 'session.not_started']]).toContainEqual([answer.status, answer.body.code]);
    }
    expect(await registered('double_click')).toEqual(['double_click']);
  });

  it('never lets one step undo another of the same sign-in: the later of two saves is refused with 409 session.conflict', async () => {
    await register('parallel_steps');
    const [browser] = await signInPages(1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        browser!.api('POST', '/verification/password', { identifier: { type: 'username', value: 'parallel_steps' }, password: strongPassword }),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual(refused.map(() => [409, 'session.conflict']));
    expect(refused[0]!.body.message).toBe('Another step of this sign-in changed it at the same moment. Try again.');
    // Every verification the API answered with is still there to identify by.
    for (const answer of accepted) {
      expect((await browser!.api('POST', '/identification', { verificationId: answer.body.verificationId })).status).toBe(204);
    }
    const submitted = await browser!.api('POST', '/submit', {});
    expect(submitted.status).toBe(200);
  });
});

describe('two tabs of one browser', () => {
  it("refuses a step of the older tab's page once the newer tab's sign-in replaced it, instead of finishing the newer tab's request", async () => {
    await register('two_tabs_user');
    const tabA = await createExperienceClient(server.endpoint, app);
    await tabA.authorize();
    const shownInA = (await tabA.api('GET', '/config')).body.interaction.id as string;
    const tabB = await createExperienceClient(server.endpoint, app, tabA.config, tabA.jar);
    await tabB.authorize();
    const shownInB = (await tabB.api('GET', '/config')).body.interaction.id as string;
    expect(shownInB).not.toBe(shownInA);

    const refused = await tabA.api('PUT', '', { interactionEvent: 'SignIn' }, { 'gatehouse-interaction': shownInA });
    expect([refused.status, refused.body.code]).toEqual([409, 'session.interaction_replaced']);
    expect(refused.body.message).toBe('A newer sign-in in this browser has replaced this one. Go back to the application and start again.');
    // The newer tab signs in as usual.
    expect((await tabB.api('PUT', '', { interactionEvent: 'SignIn' }, { 'gatehouse-interaction': shownInB })).status).toBe(204);
  });
});

describe('another account in a signed-in browser', () => {
  it('signs in as another user for prompt=login: ending the first session keeps the sign-in it interrupted', async () => {
    await register('first_in_browser');
    const { tokens: secondTokens } = await register('second_in_browser');
    const first = await signIn('first_in_browser', strongPassword);
    await finishSignIn(first.browser, first.verified.body.verificationId);
    // The same browser: the app asks for a sign-in again, and another user signs in.
    const again = await createExperienceClient(server.endpoint, app, first.browser.config, first.browser.jar);
    expect(await again.authorize({ prompt: 'login' })).toBe(`${server.endpoint}/sign-in`);
    expect((await again.api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);
    const verified = await again.api('POST', '/verification/password', { identifier: { type: 'username', value: 'second_in_browser' }, password: strongPassword });
    expect((await again.api('POST', '/identification', { verificationId: verified.body.verificationId })).status).toBe(204);
    const submitted = await again.api('POST', '/submit', {});
    // oidc-provider ends the first user's session (and revokes its grant) with a self-submitting form, then resumes.
    const callback = await again.endPreviousSession(await again.follow(submitted.body.redirectTo));
    expect(callback.startsWith(app.redirectUri), callback).toBe(true);
    const { payload } = await jwtVerify((await again.exchange(callback)).id_token!, jwks, { audience: app.id });
    expect(payload.sub).toBe(secondTokens.claims()!.sub);
  });
});

describe('sessions and requests the API refuses', () => {
  it('names the field of a body that fits neither form a step takes', async () => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    expect((await browser.api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);
    const empty = await browser.api('POST', '/identification', {});
    expect([empty.status, empty.body.code]).toEqual([400, 'guard.invalid_input']);
    expect(empty.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.verificationId']);
    const wrongType = await browser.api('POST', '/identification', { verificationId: 123 });
    expect(wrongType.body.details.map((detail: { path: string; code: string }) => [detail.path, detail.code])).toEqual([['body.verificationId', 'invalid_type']]);
    const email = await browser.api('POST', '/identification', { identifier: { type: 'email', value: 'a@b.co' } });
    expect(email.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.identifier.type']);
  });

  it('answers config without an interaction, and session.not_found for steps', async () => {
    const config = await fetch(`${server.endpoint}/api/experience/config`);
    expect(config.status).toBe(200);
    const body = await config.json();
    expect(body.interaction).toBeNull();
    expect(body.signUp.identifiers).toEqual(['username']);
    const step = await fetch(`${server.endpoint}/api/experience`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      body: JSON.stringify({ interactionEvent: 'SignIn' }),
    });
    expect(step.status).toBe(400);
    const error = await step.json();
    expect(error.code).toBe('session.not_found');
    expect(error.message).not.toMatch(/expired or does not exist/);
  });

  it('refuses a tampered interaction cookie', async () => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    const cookies = await browser.jar.getCookies(server.endpoint);
    const interaction = cookies.find((cookie) => cookie.key === '_gatehouse_interaction_default')!;
    interaction.value = `${interaction.value.slice(0, -2)}xx`;
    await browser.jar.setCookie(interaction, server.endpoint);
    const response = await browser.api('PUT', '', { interactionEvent: 'SignIn' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('session.not_found');
  });

  it('refuses steps sent from another site', async () => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    const refused = await browser.api('PUT', '', { interactionEvent: 'SignIn' }, { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('session.cross_site_request');
  });

  it('sends the app access_denied when the user cancels', async () => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    const cancelled = await browser.api('DELETE', '');
    expect(cancelled.status).toBe(200);
    const callback = new URL(await browser.follow(cancelled.body.redirectTo));
    expect(callback.searchParams.get('error')).toBe('access_denied');
  });

  it('serves the hosted page shell with strict headers, and redirects an unknown session when configured', async () => {
    const page = await fetch(`${server.endpoint}/sign-in`);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    await admin.patch('/sign-in-exp', { unknownSessionRedirectUrl: 'https://www.example.com/welcome' });
    try {
      const redirected = await fetch(`${server.endpoint}/sign-in`, { redirect: 'manual' });
      expect(redirected.status).toBe(302);
      expect(redirected.headers.get('location')).toBe('https://www.example.com/welcome');
      // Where the pages go when the sign-in expires under them: there too.
      const expired = await fetch(`${server.endpoint}/unknown-session`, { redirect: 'manual' });
      expect(expired.status).toBe(302);
      expect(expired.headers.get('location')).toBe('https://www.example.com/welcome');
    } finally {
      await admin.patch('/sign-in-exp', { unknownSessionRedirectUrl: null });
    }
  });
});

describe('consent for third-party applications', () => {
  it('shows what the app asks for, and grants it', async () => {
    const thirdParty = await createWebApp(admin, { isThirdParty: true, name: 'Partner app' });
    await admin.post(`/applications/${thirdParty.id}/user-consent-scopes`, { userScopes: ['profile', 'email'] });
    await register('consenting');
    const browser = await createExperienceClient(server.endpoint, thirdParty);
    await browser.authorize({ prompt: 'login' });
    await browser.api('PUT', '', { interactionEvent: 'SignIn' });
    const verified = await browser.api('POST', '/verification/password', { identifier: { type: 'username', value: 'consenting' }, password: strongPassword });
    await browser.api('POST', '/identification', { verificationId: verified.body.verificationId });
    const submitted = await browser.api('POST', '/submit', {});
    expect(await browser.follow(submitted.body.redirectTo)).toBe(`${server.endpoint}/consent`);
    const info = await browser.api('GET', '/consent');
    expect(info.status).toBe(200);
    expect(info.body.application).toMatchObject({ id: thirdParty.id, name: 'Partner app', isThirdParty: true });
    expect(info.body.missingScopes.map((scope: { name: string }) => scope.name)).toEqual(expect.arrayContaining(['profile', 'email']));
    const granted = await browser.api('POST', '/consent');
    expect(granted.status).toBe(200);
    const tokens = await browser.exchange(await browser.follow(granted.body.redirectTo));
    expect((await jwtVerify(tokens.id_token!, jwks, { audience: thirdParty.id })).payload.sub).toBeTypeOf('string');
  });
});

describe('captcha', () => {
  let verifier: Server;
  let tokensSeen: string[];
  let pageHostname = '';

  beforeAll(async () => {
    tokensSeen = [];
    verifier = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const params = new URLSearchParams(body);
        tokensSeen.push(params.get('response') ?? '');
        response.setHeader('content-type', 'application/json');
        const token = params.get('response') ?? '';
        // Cloudflare vouches for any token of the site key, and says where and for what it was made.
        response.end(
          JSON.stringify({
            success: params.get('secret') === 'turnstile-secret' && token !== 'forged',
            hostname: token === 'made-elsewhere' ? 'phishing.example' : pageHostname,
            action: token === 'other-action' ? 'checkout' : 'signIn',
          }),
        );
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => verifier?.close());

  it('verifies the page token with the provider (a local stand-in) when the policy is on', async () => {
    const port = (verifier.address() as AddressInfo).port;
    const captchaServer = await startTestServer({ PASSWORD_BREACH_API_URL: 'off', TURNSTILE_VERIFY_URL: `http://127.0.0.1:${port}/siteverify` });
    try {
      pageHostname = new URL(captchaServer.endpoint).hostname;
      const captchaAdmin = await captchaServer.api();
      const provider = await captchaAdmin.put('/captcha-provider', { type: 'Turnstile', siteKey: 'site-key', secretKey: 'turnstile-secret' });
      expect(provider.status).toBe(200);
      expect(provider.body.config.secretKey).toBe('********');
      await captchaAdmin.patch('/sign-in-exp', { captchaPolicy: { enabled: true } });
      const captchaApp = await createWebApp(captchaAdmin);
      const browser = await createExperienceClient(captchaServer.endpoint, captchaApp);
      await browser.authorize();
      const config = await browser.api('GET', '/config');
      expect(config.body.captcha).toEqual({ type: 'Turnstile', siteKey: 'site-key', action: 'signIn' });
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn' })).body.code).toBe('captcha.required');
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn', captchaToken: 'forged' })).body.code).toBe('captcha.failed');
      // Genuine tokens solved on another site showing the same site key, or for another action.
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn', captchaToken: 'made-elsewhere' })).body.code).toBe('captcha.failed');
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn', captchaToken: 'other-action' })).body.code).toBe('captcha.failed');
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn', captchaToken: 'good-token' })).status).toBe(204);
      expect(tokensSeen).toEqual(['forged', 'made-elsewhere', 'other-action', 'good-token']);
    } finally {
      await captchaServer.close();
    }
  });
});

describe('per-IP rate limits', () => {
  it.each([
    ['in memory', {}],
    ['shared through Redis', { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `test-${randomUUID()}:` }],
  ])('limits password checks per minute from one address (%s)', async (_name, env) => {
    const limited = await startTestServer({ PASSWORD_BREACH_API_URL: 'off', SIGN_IN_RATE_LIMIT: '3', ...env });
    try {
      const limitedAdmin = await limited.api();
      const limitedApp = await createWebApp(limitedAdmin);
      const browser = await createExperienceClient(limited.endpoint, limitedApp);
      await browser.authorize();
      await browser.api('PUT', '', { interactionEvent: 'SignIn' });
      const attempt = () => browser.api('POST', '/verification/password', { identifier: { type: 'username', value: `x${Date.now()}` }, password: 'whatever' });
      for (let n = 0; n < 3; n++) {
        expect((await attempt()).body.code).toBe('session.invalid_credentials');
      }
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('request.rate_limited');
    } finally {
      await limited.close();
    }
  });
});
