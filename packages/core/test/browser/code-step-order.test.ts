import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { focused, startAuthorization, useBrowser, visibleText, waitForHeading } from '../setup/browser.js';
import { createWebApp, type TestApp } from '../setup/experience-client.js';
import { startTestServer, type TestServer } from '../setup/test-server.js';

/**
 * What comes before and after a code step: a registration's password checked before the code is
 * sent, the code steps of profile completion over a reload, and a code sign-in with an address the
 * email blocklist refuses going back to the address. Codes go through the development email and
 * SMS connectors, which write each message as a file.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
let outbox: string;
const browser = useBrowser();
const password = 'Correct-Horse-92!';

/** Changes the sign-in experience for one test. */
const useExperience = async (settings: Record<string, unknown>) => {
  const changed = await admin.patch('/sign-in-exp', settings);
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
};

beforeAll(async () => {
  outbox = mkdtempSync(path.join(tmpdir(), 'gatehouse-codes-'));
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off', DEV_CONNECTORS: 'true' });
  admin = await server.api();
  app = await createWebApp(admin, { name: 'Code steps app' });
  for (const connectorId of ['dev-email', 'dev-sms']) {
    const connector = await admin.post('/connectors', { connectorId, config: { directory: outbox } });
    expect(connector.status, JSON.stringify(connector.body)).toBe(201);
  }
});
afterAll(async () => {
  await server?.close();
  if (outbox) {
    rmSync(outbox, { recursive: true, force: true });
  }
});

type Message = { to: string; payload: { code?: string } };

/** The messages written so far to `to` (an email address, or a phone number's digits). */
const messagesTo = (to: string) =>
  readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as Message)
    .filter((message) => message.to === to);

/** The code of the newest message to `to`, waiting up to 10 s for it. */
const codeFor = async (to: string) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const code = messagesTo(to).at(-1)?.payload.code;
    if (code) {
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no message to ${to}`);
};

const codeField = (page: Page) => page.getByLabel('Verification code', { exact: true });
/** Waits for the code step for `target` (its sentence says where the code went). */
const codeStepFor = async (page: Page, target: string) => {
  await waitForHeading(page, 'Enter the verification code');
  await expect.poll(() => page.locator('main .description').first().textContent()).toBe(`We sent a 6-digit code to ${target}.`);
};

describe('a registration with an email and a password', () => {
  it('refuses a password the policy rejects before sending the code, and after it only one that resembles the address', async () => {
    const { page } = browser;
    await useExperience({
      signUp: { identifiers: ['email'], password: true, verify: true, secondaryIdentifiers: [] },
      signIn: { methods: [{ identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true }] },
      passwordPolicy: { rejects: { repetitionAndSequence: true, userInfo: true, words: ['gatehouse'] } },
    });
    const email = 'pat.quinlan@example.com';
    const registration = await startAuthorization(page, server.endpoint, app, { first_screen: 'register' });
    await waitForHeading(page, 'Create account');
    await page.getByLabel('Email', { exact: true }).fill(email);

    // Long enough and of enough character types for the page's own check; the server refuses it
    // (a sequence, a forbidden word): said on the password field, and no code is sent.
    for (const [refused, reason] of [
      ['abcdefghijk', 'The password relies on sequences (like "abc", "123" or "qwerty").'],
      ['Gatehouse!1', 'The password contains a forbidden word (gatehouse).'],
    ] as const) {
      await page.getByLabel('Password', { exact: true }).fill(refused);
      await page.getByLabel('Confirm password', { exact: true }).fill(refused);
      await page.getByRole('button', { name: 'Create account', exact: true }).click();
      const field = page.getByLabel('Password', { exact: true });
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      expect(await visibleText(page.locator('.field-error'))).toBe(`The password does not meet the password policy.${reason}`);
      await expect.poll(() => focused(page)).toBe('input password: Password');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Create account');
    }
    expect(messagesTo(email)).toEqual([]);

    // What only the address can tell (the password is made of it) is checked once it is verified.
    await page.getByLabel('Password', { exact: true }).fill('pat.quinlan9');
    await page.getByLabel('Confirm password', { exact: true }).fill('pat.quinlan9');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await waitForHeading(page, 'Enter the verification code');
    expect(messagesTo(email)).toHaveLength(1);
    await codeField(page).pressSequentially(await codeFor(email));
    await waitForHeading(page, 'Choose a password');
    expect(await visibleText(page.locator('.field-error'))).toContain(
      'The password contains your personal information (name, username, email or phone).',
    );
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const { claims } = await registration.finish();
    expect(claims.email).toBe(email);
    // One code for the whole registration.
    expect(messagesTo(email)).toHaveLength(1);
  });
});

describe('profile completion', () => {
  it('keeps the code step of each address over a reload, and Back returns to the form with the address', async () => {
    const { page } = browser;
    await useExperience({
      signUp: {
        identifiers: ['username'],
        password: true,
        verify: true,
        secondaryIdentifiers: [
          { identifier: 'email', verify: true },
          { identifier: 'phone', verify: true },
        ],
      },
      signIn: { methods: [{ identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true }] },
      passwordPolicy: {},
    });
    const email = 'kim.profile@example.com';
    const registration = await startAuthorization(page, server.endpoint, app, { first_screen: 'register' });
    await waitForHeading(page, 'Create account');
    await page.getByLabel('Username', { exact: true }).fill('kim_profile');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();

    await waitForHeading(page, 'Complete your profile');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Country code', { exact: true }).selectOption('GB');
    await page.getByLabel('Phone number', { exact: true }).fill('07911 123456');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await codeStepFor(page, email);
    const emailCode = await codeFor(email);

    // A reload shows the code field again for the code already sent, and does not send another.
    await page.reload();
    await codeStepFor(page, email);
    expect(await visibleText(page.locator('.countdown'))).toMatch(/^You can resend the code in \d+ s$/);
    // Back: the form, with the address the code went to.
    await page.goBack();
    await waitForHeading(page, 'Complete your profile');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await page.goForward();
    await codeStepFor(page, email);
    await codeField(page).pressSequentially(emailCode);

    // Then the phone number's step, which a reload keeps too.
    await codeStepFor(page, '+44 7911 123456');
    await page.reload();
    await codeStepFor(page, '+44 7911 123456');
    await codeField(page).pressSequentially(await codeFor('447911123456'));

    const { claims } = await registration.finish();
    const user = (await admin.get(`/users/${claims.sub}`)).body as { username: string; primaryEmail: string; primaryPhone: string };
    expect(user).toMatchObject({ username: 'kim_profile', primaryEmail: email, primaryPhone: '447911123456' });
    expect(messagesTo(email)).toHaveLength(1);
    expect(messagesTo('447911123456')).toHaveLength(1);
  });
});

describe('a code sign-in with an address the email blocklist refuses', () => {
  it('returns to the address with the reason once the code is verified, and another address goes on', async () => {
    const { page } = browser;
    await useExperience({
      signUp: { identifiers: ['email'], password: false, verify: true, secondaryIdentifiers: [] },
      signIn: { methods: [{ identifier: 'email', password: false, verificationCode: true, isPasswordPrimary: false }] },
      emailBlocklistPolicy: { blockSubaddressing: true, customBlocklist: [] },
      passwordPolicy: {},
    });
    try {
      const blocked = 'lee+promo@example.com';
      const authorization = await startAuthorization(page, server.endpoint, app);
      await waitForHeading(page, 'Sign in');
      await page.getByLabel('Email', { exact: true }).fill(blocked);
      await page.getByRole('button', { name: 'Send code', exact: true }).click();
      await waitForHeading(page, 'Enter the verification code');
      await codeField(page).pressSequentially(await codeFor(blocked));

      // Not "Create an account?" (the account would be refused), nor an alert on a code that was right.
      await waitForHeading(page, 'Sign in');
      const field = page.getByLabel('Email', { exact: true });
      expect(await field.inputValue()).toBe(blocked);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await visibleText(page.locator('.field-error'))).toBe('This email address cannot be used here.');
      await expect.poll(() => focused(page)).toBe('input email: Email');
      // The step is over: a reload shows the form.
      await page.reload();
      await waitForHeading(page, 'Sign in');

      const allowed = 'lee@example.com';
      await page.getByLabel('Email', { exact: true }).fill(allowed);
      await page.getByRole('button', { name: 'Send code', exact: true }).click();
      await waitForHeading(page, 'Enter the verification code');
      await codeField(page).pressSequentially(await codeFor(allowed));
      await waitForHeading(page, 'Create an account?');
      await page.getByRole('button', { name: 'Create account', exact: true }).click();
      const { claims } = await authorization.finish();
      expect(claims.email).toBe(allowed);
    } finally {
      await useExperience({ emailBlocklistPolicy: {} });
    }
  });
});
