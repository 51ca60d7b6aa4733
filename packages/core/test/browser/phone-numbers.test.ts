import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accessibilityFindings, focused, readsLeftToRight, setNewPasswordOnPage, startAuthorization, useBrowser, visibleText, waitForHeading } from '../setup/browser.js';
import { createWebApp, type TestApp } from '../setup/experience-client.js';
import { startTestServer, type TestServer } from '../setup/test-server.js';

/**
 * Phone numbers on the hosted pages, as a person types them: a country calling code picker beside
 * the number, a national number read as the picked country's, a number after `+` taking the picker
 * with it, and every number the pages show in international format with its plus. The codes go
 * through the development SMS connector, which writes each text message as a file.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
let outbox: string;
const browser = useBrowser();
const password = 'Correct-Horse-92!';

/** Register with a phone number; sign in with a username and password, or a phone number and a code. */
const phoneExperience = {
  signUp: { identifiers: ['phone'], password: false, verify: true, secondaryIdentifiers: [] },
  signIn: {
    methods: [
      { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true },
      { identifier: 'phone', password: false, verificationCode: true, isPasswordPrimary: false },
    ],
  },
};

/** Changes the sign-in experience for one test; `restore` puts the file's back. */
const useExperience = async (settings: Record<string, unknown>) => {
  const changed = await admin.patch('/sign-in-exp', settings);
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  return { restore: async () => expect((await admin.patch('/sign-in-exp', phoneExperience)).status).toBe(200) };
};

beforeAll(async () => {
  outbox = mkdtempSync(path.join(tmpdir(), 'gatehouse-sms-'));
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off', DEV_CONNECTORS: 'true' });
  admin = await server.api();
  app = await createWebApp(admin, { name: 'Phone app' });
  const connector = await admin.post('/connectors', { connectorId: 'dev-sms', config: { directory: outbox } });
  expect(connector.status, JSON.stringify(connector.body)).toBe(201);
  const settings = await admin.patch('/sign-in-exp', {
    color: { primaryColor: '#6139F6', isDarkModeEnabled: true, darkPrimaryColor: '#A78BFA' },
    ...phoneExperience,
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
});
afterAll(async () => {
  await server?.close();
  if (outbox) {
    rmSync(outbox, { recursive: true, force: true });
  }
});

/** The code of the newest text message to `to` (digits, country code first), waiting up to 10 s for it. */
const smsCodeFor = async (to: string) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const message = readdirSync(outbox)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as { to: string; payload: { code?: string } })
      .filter((candidate) => candidate.to === to)
      .at(-1);
    if (message?.payload.code) {
      return message.payload.code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no text message to ${to}; sent to: ${readdirSync(outbox).join(', ')}`);
};

/** The country picker (a native select named "Country code"). */
const picker = (page: Page) => page.getByLabel('Country code', { exact: true });

/** The code step's sentence, once it shows. */
const codeSentence = async (page: Page) => {
  await waitForHeading(page, 'Enter the verification code');
  return visibleText(page.locator('.description'));
};

describe('phone numbers on the hosted pages', () => {
  it('registers with a national number after picking a country, stores it in full, and shows it with its plus', async () => {
    const { page } = browser;
    const registration = await startAuthorization(page, server.endpoint, app, { first_screen: 'register' });
    await waitForHeading(page, 'Create account');
    // Only phone numbers are taken here: the picker is there from the start, on the browser's region (en-US).
    await expect.poll(() => picker(page).inputValue()).toBe('US');
    // Every country is named for people, with its code, and the field is labelled (axe finds nothing).
    expect(await picker(page).locator('option[value="GB"]').textContent()).toBe('United Kingdom \u200e+44');
    expect(await accessibilityFindings(page)).toEqual([]);

    await picker(page).selectOption('GB');
    // The picker shows the code it stands for.
    expect(await visibleText(page.locator('.phone-country-value'))).toBe('GB +44');
    // A UK mobile number as people in the UK write it: with its national 0, without +44.
    await page.getByLabel('Phone number', { exact: true }).fill('07911 123456');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();

    expect(await codeSentence(page)).toBe('We sent a 6-digit code to +44 7911 123456.');
    await page.getByLabel('Verification code', { exact: true }).fill(await smsCodeFor('447911123456'));
    const { claims } = await registration.finish();

    const user = (await admin.get(`/users/${claims.sub}`)).body as { primaryPhone: string | null };
    expect(user.primaryPhone).toBe('447911123456');

    // The account choice shows the number in international format too.
    const choice = await startAuthorization(page, server.endpoint, app, { prompt: 'select_account' });
    await waitForHeading(page, 'Choose an account');
    expect(await visibleText(page.locator('.consent-user-name'))).toBe('+44 7911 123456');
    const continueAs = page.getByRole('button', { name: /^Continue as/ });
    expect((await continueAs.textContent())?.replaceAll(/[\u2066-\u2069]/g, '')).toBe('Continue as +44 7911 123456');
    await continueAs.click();
    expect((await choice.finish()).claims.sub).toBe(claims.sub);
  });

  it('signs in by code with a national number in the username-or-phone field: the picker shows for digits and follows a typed +', async () => {
    const { page } = browser;
    const created = await admin.post('/users', { primaryPhone: '4915112345678' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const authorization = await startAuthorization(page, server.endpoint, app);
    await waitForHeading(page, 'Sign in');
    const field = page.getByLabel('Username or phone number', { exact: true });

    // A username has no country: no picker.
    await field.fill('ada');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await picker(page).count()).toBe(0);
    // Digits are a phone number: the picker appears, on the default country, and the focus stays in the field.
    await field.fill('0151');
    await expect.poll(() => picker(page).count()).toBe(1);
    expect(await picker(page).inputValue()).toBe('US');
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    // A number after + picks its country.
    await field.fill('+44 7911');
    await expect.poll(() => picker(page).inputValue()).toBe('GB');
    // Picking another country puts its code in place of the typed one.
    await picker(page).selectOption('FR');
    expect(await field.inputValue()).toBe('+33 7911');
    // The picker comes before the number with the keyboard, named for what it is; axe finds nothing, light or dark.
    await field.focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('combobox: Country code');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe(scheme);
      expect(await accessibilityFindings(page), scheme).toEqual([]);
    }

    // The German number as people in Germany write it, with Germany picked.
    await field.fill('0151 12345678');
    await picker(page).selectOption('DE');
    await page.getByRole('button', { name: 'Send code', exact: true }).click();
    expect(await codeSentence(page)).toBe('We sent a 6-digit code to +49 1511 2345678.');
    await page.getByLabel('Verification code', { exact: true }).fill(await smsCodeFor('4915112345678'));
    expect((await authorization.finish()).claims.sub).toBe(created.body.id);
  });

  it('refuses a number too short for the picked country before sending anything', async () => {
    const { page } = browser;
    await startAuthorization(page, server.endpoint, app);
    await waitForHeading(page, 'Sign in');
    const field = page.getByLabel('Username or phone number', { exact: true });
    // Five digits: no number in the US is that short.
    await field.fill('555 12');
    await expect.poll(() => picker(page).count()).toBe(1);
    expect(await picker(page).inputValue()).toBe('US');
    const before = readdirSync(outbox).length;
    await page.getByRole('button', { name: 'Send code', exact: true }).click();
    expect(await visibleText(page.locator('.field-error'))).toBe('Enter a valid value for “Username or phone number”.');
    expect(readdirSync(outbox).length).toBe(before);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });

  it('in Arabic, names the countries in Arabic and keeps the code and the number left to right', async () => {
    const { page } = browser;
    await startAuthorization(page, server.endpoint, app, { ui_locales: 'ar' });
    await waitForHeading(page, 'تسجيل الدخول');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // A Berlin number, as written in Germany.
    await page.getByLabel('اسم المستخدم أو رقم الهاتف', { exact: true }).fill('030 1234567');
    const countries = page.getByLabel('رمز البلد', { exact: true });
    // No region in the page language: the browser's (en-US) picks the first country.
    await expect.poll(() => countries.inputValue()).toBe('US');
    expect(await countries.locator('option[value="DE"]').textContent()).toBe('ألمانيا \u200e+49');
    await countries.selectOption('DE');
    expect.soft(await readsLeftToRight(page, 'DE +49')).toBe(true);
    await page.getByRole('button', { name: 'إرسال الرمز', exact: true }).click();
    await waitForHeading(page, 'أدخل رمز التحقق');
    expect.soft(await visibleText(page.locator('.description'))).toContain('+49 30 1234567');
    expect.soft(await readsLeftToRight(page, '+49 30 1234567')).toBe(true);
    expect(await smsCodeFor('49301234567')).toMatch(/^\d{6}$/);
  });

  it('profile completion: an account made with a username adds its phone number, picked country and national number', async () => {
    const { page } = browser;
    const experience = await useExperience({
      signUp: { identifiers: ['username'], password: true, verify: true, secondaryIdentifiers: [{ identifier: 'phone', verify: true }] },
    });
    try {
      const registration = await startAuthorization(page, server.endpoint, app, { first_screen: 'register' });
      await waitForHeading(page, 'Create account');
      // A username has no country.
      expect(await picker(page).count()).toBe(0);
      await page.getByLabel('Username', { exact: true }).fill('kenji_phone');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Create account', exact: true }).click();

      await waitForHeading(page, 'Complete your profile');
      const number = page.getByLabel('Phone number', { exact: true });
      // The number has the focus, not its picker.
      await expect.poll(() => focused(page)).toBe('input tel: Phone number');
      await expect.poll(() => picker(page).inputValue()).toBe('US');
      await picker(page).selectOption('JP');
      await number.fill('090-1234-5678');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();

      expect(await codeSentence(page)).toBe('We sent a 6-digit code to +81 90 1234 5678.');
      await page.getByLabel('Verification code', { exact: true }).fill(await smsCodeFor('819012345678'));
      const { claims } = await registration.finish();
      const user = (await admin.get(`/users/${claims.sub}`)).body as { username: string; primaryPhone: string | null };
      expect(user).toMatchObject({ username: 'kenji_phone', primaryPhone: '819012345678' });
    } finally {
      await experience.restore();
    }
  });

  it('forgot password keeps the country picked on the sign-in page, and a reload of the code step the number with its plus', async () => {
    const { page } = browser;
    const experience = await useExperience({
      signIn: { methods: [{ identifier: 'phone', password: true, verificationCode: true, isPasswordPrimary: true }] },
    });
    try {
      expect((await admin.post('/users', { primaryPhone: '33612345678', password })).status).toBe(201);
      await startAuthorization(page, server.endpoint, app);
      await waitForHeading(page, 'Sign in');
      await picker(page).selectOption('FR');
      await page.getByLabel('Phone number', { exact: true }).fill('06 12 34 56 78');
      await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();

      await waitForHeading(page, 'Reset password');
      // The number as typed, and France still picked: it means the same number here.
      expect(await page.getByLabel('Phone number', { exact: true }).inputValue()).toBe('06 12 34 56 78');
      await expect.poll(() => picker(page).inputValue()).toBe('FR');
      await page.getByRole('button', { name: 'Send code', exact: true }).click();
      expect(await codeSentence(page)).toBe('We sent a 6-digit code to +33 6 12 34 56 78.');
      const code = await smsCodeFor('33612345678');

      // After a reload, Back shows the number sent to, with its plus: international, whatever is picked.
      await page.reload();
      expect(await codeSentence(page)).toBe('We sent a 6-digit code to +33 6 12 34 56 78.');
      await page.goBack();
      await waitForHeading(page, 'Reset password');
      expect(await page.getByLabel('Phone number', { exact: true }).inputValue()).toBe('+33612345678');
      await expect.poll(() => picker(page).inputValue()).toBe('FR');
      await page.goForward();
      await page.getByLabel('Verification code', { exact: true }).fill(code);

      await setNewPasswordOnPage(page, 'Brand-New-Secret-7');
      await page.getByText('Your password has been reset. Sign in with your new password.', { exact: true }).waitFor();
    } finally {
      await experience.restore();
    }
  });
});
