import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  connectDevIdp,
  focused,
  setNewPasswordOnPage,
  signInAtDevIdp,
  startAuthorization,
  startSmtpServer,
  useBrowser,
  visibleText,
  waitForHeading,
} from '../setup/browser.js';
import { createWebApp, type TestApp } from '../setup/experience-client.js';
import { startTestServer, type TestServer } from '../setup/test-server.js';

/**
 * Details of the hosted pages found by exploratory testing: the code step over a reload and
 * browser Back, the length limits of fields, left-to-right fields on right-to-left pages, where the
 * focus lands on screens without fields, every missing part of a name at once, and a password reset
 * for an address no account uses.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const browser = useBrowser();
const password = 'Correct-Horse-92!';

/** Usernames and emails both sign up; email signs in by password or code. */
const experience = {
  signUp: { identifiers: ['username', 'email'], password: true, verify: true, secondaryIdentifiers: [] },
  signIn: {
    methods: [
      { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true },
      { identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true },
    ],
  },
};

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  app = await createWebApp(admin, { name: 'Details app' });
  smtp = await startSmtpServer();
  const connector = await admin.post('/connectors', smtp.connector);
  expect(connector.status, JSON.stringify(connector.body)).toBe(201);
  const settings = await admin.patch('/sign-in-exp', experience);
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const createUser = async (body: Record<string, unknown>) => {
  const created = await admin.post('/users', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
};

/** Sends a code from the sign-in page (email, by code) and waits for the code step; answers the code mailed. */
const sendSignInCode = async (page: Page, email: string) => {
  await waitForHeading(page, 'Sign in');
  await page.getByLabel('Username or email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Sign in with a verification code instead', exact: true }).click();
  const before = smtp.received.length;
  await page.getByRole('button', { name: 'Send code', exact: true }).click();
  await waitForHeading(page, 'Enter the verification code');
  return smtp.codeFor(email, before);
};

/** Registers with an email and a password from the registration page; answers the code mailed. */
const sendRegistrationCode = async (page: Page, email: string) => {
  await waitForHeading(page, 'Create account');
  await page.getByLabel('Username or email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  const before = smtp.received.length;
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await waitForHeading(page, 'Enter the verification code');
  return smtp.codeFor(email, before);
};

/** From the sign-in page to a reset code for `email`; answers the code mailed. */
const sendResetCode = async (page: Page, email: string) => {
  await waitForHeading(page, 'Sign in');
  await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
  await waitForHeading(page, 'Reset password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  const before = smtp.received.length;
  await page.getByRole('button', { name: 'Send code', exact: true }).click();
  await waitForHeading(page, 'Enter the verification code');
  return smtp.codeFor(email, before);
};

const codeField = (page: Page) => page.getByLabel('Verification code', { exact: true });

describe('the code step', () => {
  it('code sign-in: browser Back returns to the email form, Forward and a reload keep the step, and the mailed code signs in', async () => {
    const { page } = browser;
    const email = 'reload-sign-in@example.com';
    const userId = await createUser({ primaryEmail: email, password });
    const authorization = await startAuthorization(page, server.endpoint, app);
    const code = await sendSignInCode(page, email);

    // Back: the email form of the same page, with the address, not the page before the sign-in.
    await page.goBack();
    await waitForHeading(page, 'Sign in');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await page.goForward();
    await waitForHeading(page, 'Enter the verification code');

    // A reload shows the code field again for the code already mailed.
    await page.reload();
    await waitForHeading(page, 'Enter the verification code');
    expect(await visibleText(page.locator('.description'))).toContain(email);
    // Asking again would be refused for a minute: the countdown goes on from the first send.
    expect(await visibleText(page.locator('.countdown'))).toMatch(/^You can resend the code in \d+ s$/);
    await codeField(page).pressSequentially(code);
    const { claims } = await authorization.finish();
    expect(claims.sub).toBe(userId);
  });

  it('code registration: a reload keeps the step, and the password typed before it is asked for again', async () => {
    const { page } = browser;
    const email = 'reload-register@example.com';
    const authorization = await startAuthorization(page, server.endpoint, app, { first_screen: 'register' });
    const code = await sendRegistrationCode(page, email);
    await page.reload();
    await waitForHeading(page, 'Enter the verification code');
    await codeField(page).pressSequentially(code);
    // The password was never stored: the page asks for it.
    await waitForHeading(page, 'Choose a password');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const { claims } = await authorization.finish();
    expect(claims.email).toBe(email);

    // Browser Back from the code step stays on the registration page.
    await startAuthorization(page, server.endpoint, app, { first_screen: 'register', prompt: 'login' });
    await sendRegistrationCode(page, 'reload-register-back@example.com');
    await page.goBack();
    await waitForHeading(page, 'Create account');
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('leaving for the profile form ends the code step: Back from there shows the registration form, not the step again', async () => {
    const { page } = browser;
    const field = { name: 'team', type: 'Text', label: 'Team', required: true, config: {} };
    expect((await admin.post('/custom-profile-fields', field)).status).toBe(201);
    try {
      await startAuthorization(page, server.endpoint, app, { first_screen: 'register', prompt: 'login' });
      const code = await sendRegistrationCode(page, 'leaves-for-profile@example.com');
      await codeField(page).pressSequentially(code);
      await waitForHeading(page, 'Complete your profile');
      await page.goBack();
      await waitForHeading(page, 'Create account');
      // It stays there (a step going on again would identify and leave for the profile form).
      await page.waitForTimeout(1000);
      expect(new URL(page.url()).pathname).toBe('/register');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Create account');
    } finally {
      await admin.delete(`/custom-profile-fields/${field.name}`);
    }
  });

  it('forgot password: a reload keeps the step, Back returns to the address, and the mailed code resets the password', async () => {
    const { page } = browser;
    const email = 'reload-reset@example.com';
    await createUser({ primaryEmail: email, password });
    await startAuthorization(page, server.endpoint, app);
    const code = await sendResetCode(page, email);
    await page.goBack();
    await waitForHeading(page, 'Reset password');
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
    await page.goForward();
    await waitForHeading(page, 'Enter the verification code');
    await page.reload();
    await waitForHeading(page, 'Enter the verification code');
    await codeField(page).pressSequentially(code);
    await waitForHeading(page, 'Set a new password');
    // A reload once the code was accepted goes on with it instead of asking for it again.
    await page.reload();
    await setNewPasswordOnPage(page, 'Brand-New-Secret-7');
    await page.getByText('Your password has been reset. Sign in with your new password.', { exact: true }).waitFor();
  });

  it('forgot password for an address no account uses: back to the address with the reason, and an offer to create the account', async () => {
    const { page } = browser;
    const email = 'nobody@example.com';
    const authorization = await startAuthorization(page, server.endpoint, app);
    const code = await sendResetCode(page, email);
    await codeField(page).pressSequentially(code);

    await waitForHeading(page, 'Reset password');
    const field = page.getByLabel('Email', { exact: true });
    expect(await field.inputValue()).toBe(email);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await visibleText(page.locator('.field-error'))).toBe(`No account uses "${email}".`);
    await expect.poll(() => focused(page)).toBe('input email: Email');

    await page.getByRole('link', { name: 'Create account', exact: true }).click();
    await waitForHeading(page, 'Create account');
    expect(await page.getByLabel('Username or email', { exact: true }).inputValue()).toBe(email);
    // A registration code is another purpose than the reset's: it is sent at once.
    const registrationCode = await sendRegistrationCode(page, email);
    await codeField(page).pressSequentially(registrationCode);
    const { claims } = await authorization.finish();
    expect(claims.email).toBe(email);
  });
});

describe('field limits', () => {
  it('takes at most 128 characters for an identifier and 256 for a password, so no validator text can show', async () => {
    const { page } = browser;
    await startAuthorization(page, server.endpoint, app);
    await waitForHeading(page, 'Sign in');
    const identifier = page.getByLabel('Username or email', { exact: true });
    await identifier.fill('u'.repeat(200));
    await page.getByLabel('Password', { exact: true }).fill('p'.repeat(300));
    expect((await identifier.inputValue()).length).toBe(128);
    expect((await page.getByLabel('Password', { exact: true }).inputValue()).length).toBe(256);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await visibleText(page.getByRole('alert'))).toBe('The account or password is not correct.');

    await page.getByRole('link', { name: 'Create account', exact: true }).click();
    await waitForHeading(page, 'Create account');
    const email = page.getByLabel('Username or email', { exact: true });
    await email.fill(`${'a'.repeat(120)}@example.com`);
    expect((await email.inputValue()).length).toBe(128);
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('maxlength')).toBe('256');
    expect(await page.getByLabel('Confirm password', { exact: true }).getAttribute('maxlength')).toBe('256');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(/Too big|expected string/);
  });
});

describe('right-to-left pages', () => {
  it('in Arabic, identifier, password, URL and number fields read left to right', async () => {
    const { page } = browser;
    const fields = [
      { name: 'homepage', type: 'Url', label: 'Homepage', required: true, config: {} },
      { name: 'seats', type: 'Number', label: 'Seats', required: false, config: { minValue: -5 } },
    ];
    for (const field of fields) {
      const created = await admin.post('/custom-profile-fields', field);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    try {
      const direction = (name: string) => page.locator(`[name="${name}"]`).evaluate((input) => getComputedStyle(input).direction);
      await startAuthorization(page, server.endpoint, app, { ui_locales: 'ar' });
      await waitForHeading(page, 'تسجيل الدخول');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      expect(await direction('username')).toBe('ltr');
      expect(await direction('password')).toBe('ltr');

      await page.getByRole('link', { name: 'إنشاء حساب', exact: true }).click();
      await page.locator('[name="new-password"]').waitFor();
      expect(await direction('username')).toBe('ltr');
      expect(await direction('new-password')).toBe('ltr');
      expect(await direction('confirm-password')).toBe('ltr');
      await page.locator('[name="username"]').fill('rtl_reader');
      await page.locator('[name="new-password"]').fill(password);
      await page.locator('[name="confirm-password"]').fill(password);
      await page.locator('[name="confirm-password"]').press('Enter');

      const url = page.locator('[name="homepage"]');
      await url.waitFor();
      expect(await url.getAttribute('placeholder')).toBe('https://');
      // `https://` drawn as `//:https` otherwise.
      expect(await direction('homepage')).toBe('ltr');
      expect(await direction('seats')).toBe('ltr');
    } finally {
      for (const field of fields) {
        await admin.delete(`/custom-profile-fields/${field.name}`);
      }
    }
  });
});

describe('focus on screens without fields', () => {
  it('"Create an account?" after a code sign-in with an unknown email focuses its action', async () => {
    const { page } = browser;
    await startAuthorization(page, server.endpoint, app);
    const code = await sendSignInCode(page, 'focus-newcomer@example.com');
    await codeField(page).pressSequentially(code);
    await waitForHeading(page, 'Create an account?');
    await expect.poll(() => focused(page)).toBe('button: Create account');
    // The question is read with the action.
    const description = await page.getByRole('button', { name: 'Create account', exact: true }).evaluate((button) =>
      (button.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(description).toBe('There is no account for focus-newcomer@example.com yet. Do you want to create one?');
  });

  it('"Account already exists" after registering with a taken email focuses its action', async () => {
    const { page } = browser;
    const email = 'focus-existing@example.com';
    await createUser({ primaryEmail: email, password });
    await startAuthorization(page, server.endpoint, app, { first_screen: 'register' });
    const code = await sendRegistrationCode(page, email);
    await codeField(page).pressSequentially(code);
    await waitForHeading(page, 'Account already exists');
    await expect.poll(() => focused(page)).toBe('button: Sign in instead');
  });

  it('the consent page and the account choice focus their heading once their details are shown', async () => {
    const { page } = browser;
    const partner = await createWebApp(admin, { isThirdParty: true, name: 'Focus partner' });
    await admin.post(`/applications/${partner.id}/user-consent-scopes`, { userScopes: ['profile', 'email'] });
    await createUser({ username: 'focus_consenter', password });
    await startAuthorization(page, server.endpoint, partner);
    await waitForHeading(page, 'Sign in');
    await page.getByLabel('Username or email', { exact: true }).fill('focus_consenter');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForHeading(page, 'Focus partner wants to access your account');
    await page.locator('.scope-group li').first().waitFor();
    await expect.poll(() => focused(page)).toBe('h1: Focus partner wants to access your account');

    await startAuthorization(page, server.endpoint, app, { prompt: 'select_account' });
    await waitForHeading(page, 'Choose an account');
    await page.getByRole('button', { name: 'Continue as focus_consenter', exact: true }).waitFor();
    await expect.poll(() => focused(page)).toBe('h1: Choose an account');
  });

  it('the terms a registration through a social provider still needs ("One more step") take the focus', async () => {
    const { page } = browser;
    const idp = await connectDevIdp(admin, server.endpoint);
    try {
      const settings = await admin.patch('/sign-in-exp', {
        socialSignInConnectorTargets: ['acme'],
        termsOfUseUrl: 'https://example.com/terms',
        agreeToTermsPolicy: 'ManualRegistrationOnly',
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);

      await startAuthorization(page, server.endpoint, app);
      await waitForHeading(page, 'Sign in');
      await page.getByRole('button', { name: 'Continue with Acme ID', exact: true }).click();
      await signInAtDevIdp(page, idp, 'terms_reader');
      await waitForHeading(page, 'One more step');
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('checkbox');
    } finally {
      await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: [], termsOfUseUrl: null, agreeToTermsPolicy: 'Automatic' });
      await idp.close();
    }
  });
});

describe('custom profile fields', () => {
  it('flags every missing required part of a full name at once', async () => {
    const { page } = browser;
    const field = {
      name: 'fullname',
      type: 'Fullname',
      label: 'Full name',
      required: true,
      config: { parts: [{ name: 'givenName', enabled: true, required: true }, { name: 'familyName', enabled: true, required: true }] },
    };
    expect((await admin.post('/custom-profile-fields', field)).status).toBe(201);
    try {
      await startAuthorization(page, server.endpoint, app, { first_screen: 'register' });
      await waitForHeading(page, 'Create account');
      await page.getByLabel('Username or email', { exact: true }).fill('two_part_name');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Create account', exact: true }).click();
      await waitForHeading(page, 'Complete your profile');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      const given = page.locator('[name="fullname.givenName"]');
      const family = page.locator('[name="fullname.familyName"]');
      await expect.poll(() => given.getAttribute('aria-invalid')).toBe('true');
      expect(await family.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('.field-error').allTextContents()).toEqual(['This field is required.', 'This field is required.']);
    } finally {
      await admin.delete(`/custom-profile-fields/${field.name}`);
    }
  });
});
