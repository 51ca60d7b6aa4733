import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  accessibilityFindings,
  focused,
  readsLeftToRight,
  startAuthorization,
  startDevIdp,
  startSmtpServer,
  useBrowser,
  visibleText,
  waitForHeading,
} from '../setup/browser.js';
import { createWebApp, type TestApp } from '../setup/experience-client.js';
import { startTestServer, type TestServer } from '../setup/test-server.js';

/**
 * The hosted pages for people who use a keyboard or a screen reader: axe-core's WCAG 2.1 A and AA
 * rules on every page and error state (light and dark, with a brand colour that needs dark text),
 * and whole flows done with the keyboard alone, custom profile fields of every type included.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
const browser = useBrowser();
const password = 'Correct-Horse-92!';

/** A light brand colour (white text on it would fail contrast) and a dark one for dark mode. */
const lightBrand = { primaryColor: '#F5C518', isDarkModeEnabled: true, darkPrimaryColor: '#3D2B00' };

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  app = await createWebApp(admin, { name: 'Accessible app' });
  expect((await admin.post('/users', { username: 'ada_a11y', password })).status).toBe(201);
});
afterAll(async () => server?.close());

/** Fails with axe-core's findings, naming the page and state, when there are any. */
const expectAccessible = async (page: Page, where: string) => {
  expect(await accessibilityFindings(page), where).toEqual([]);
};

/** Waits for the focus a page gives on arrival: it moves there in an effect, after the page is painted. */
const arrivedAt = (page: Page, expected: string) => expect.poll(() => focused(page)).toBe(expected);

/** Presses `key` `times` times, as a person walking the page with the keyboard. */
const press = async (page: Page, key: string, times = 1) => {
  for (let count = 0; count < times; count++) {
    await page.keyboard.press(key);
  }
};

/** Fills the registration form with the keyboard alone (the username field has the focus) and presses Enter. */
const registerWithKeyboard = async (page: Page, username: string) => {
  await waitForHeading(page, 'Create account');
  await arrivedAt(page, 'input text: Username');
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  // Past the "Show password" button to the confirmation.
  await press(page, 'Tab', 2);
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
};

describe('accessibility of the hosted pages', () => {
  it('sign-in and registration, with their errors, pass WCAG 2.1 AA checks in light and dark mode', async () => {
    const { page } = browser;
    const idp = await startDevIdp();
    try {
      const connector = await admin.post('/connectors', {
        connectorId: 'oidc',
        config: { issuer: idp.issuer, clientId: 'a11y-client', clientSecret: 'a11y-client-secret-0123456789', scope: 'openid profile' },
        metadata: { target: 'acme', name: { en: 'Acme ID' } },
      });
      expect(connector.status, JSON.stringify(connector.body)).toBe(201);
      const settings = await admin.patch('/sign-in-exp', {
        color: lightBrand,
        branding: { logoUrl: 'https://example.com/logo.svg', darkLogoUrl: 'https://example.com/logo-dark.svg' },
        termsOfUseUrl: 'https://example.com/terms',
        privacyPolicyUrl: 'https://example.com/privacy',
        agreeToTermsPolicy: 'Manual',
        socialSignInConnectorTargets: ['acme'],
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);

      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await startAuthorization(page, server.endpoint, app);
        await waitForHeading(page, 'Sign in');
        expect(await page.locator('html').getAttribute('data-theme')).toBe(scheme);
        await expectAccessible(page, `sign-in, ${scheme}`);

        await page.getByLabel('Username', { exact: true }).fill('ada_a11y');
        await page.getByLabel('Password', { exact: true }).fill('not-the-password');
        await page.getByRole('checkbox').check();
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        expect(await visibleText(page.getByRole('alert'))).toBe('The account or password is not correct.');
        await expectAccessible(page, `sign-in with a wrong password, ${scheme}`);

        await page.getByRole('link', { name: 'Create account', exact: true }).click();
        await waitForHeading(page, 'Create account');
        await expectAccessible(page, `registration, ${scheme}`);
        await page.getByLabel('Username', { exact: true }).fill('weak_a11y');
        await page.getByLabel('Password', { exact: true }).fill('aaa');
        await page.getByLabel('Confirm password', { exact: true }).fill('bbb');
        await page.getByRole('button', { name: 'Create account', exact: true }).click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        await expectAccessible(page, `registration with a weak password and no terms, ${scheme}`);
      }
    } finally {
      await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: [], termsOfUseUrl: null, privacyPolicyUrl: null, agreeToTermsPolicy: 'Automatic' });
      await idp.close();
    }
  });

  it('the forgot-password steps and the expired-link page pass WCAG 2.1 AA checks', async () => {
    const { page } = browser;
    const smtp = await startSmtpServer();
    try {
      const connector = await admin.post('/connectors', smtp.connector);
      expect(connector.status, JSON.stringify(connector.body)).toBe(201);
      const settings = await admin.patch('/sign-in-exp', {
        signIn: {
          methods: [
            { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true },
            { identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true },
          ],
        },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
      const email = 'forgetful-a11y@example.com';
      expect((await admin.post('/users', { primaryEmail: email, password })).status).toBe(201);

      await page.emulateMedia({ colorScheme: 'dark' });
      await startAuthorization(page, server.endpoint, app);
      await waitForHeading(page, 'Sign in');
      await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
      await waitForHeading(page, 'Reset password');
      await expectAccessible(page, 'forgot password: the address');
      await page.getByRole('button', { name: 'Send code', exact: true }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await expectAccessible(page, 'forgot password: no address given');

      await page.getByLabel('Email', { exact: true }).fill(email);
      const mailsBefore = smtp.received.length;
      await page.getByRole('button', { name: 'Send code', exact: true }).click();
      await waitForHeading(page, 'Enter the verification code');
      await expectAccessible(page, 'forgot password: the code');
      await page.getByLabel('Verification code', { exact: true }).pressSequentially('000000');
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await expectAccessible(page, 'forgot password: a wrong code');
      await page.getByLabel('Verification code', { exact: true }).fill('');
      await page.getByLabel('Verification code', { exact: true }).pressSequentially(await smtp.codeFor(email, mailsBefore));
      await waitForHeading(page, 'Set a new password');
      await expectAccessible(page, 'forgot password: the new password');

      // Without the interaction cookie, the same page is a dead link.
      await page.context().clearCookies();
      await page.goto(`${server.endpoint}/sign-in`);
      await waitForHeading(page, 'This link has expired');
      await expectAccessible(page, 'the expired-link page');
    } finally {
      await admin.patch('/sign-in-exp', { signIn: { methods: [{ identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true }] } });
      const connectors = (await admin.get('/connectors')).body as { id: string; connectorId: string }[];
      for (const { id } of connectors.filter((each) => each.connectorId === 'smtp')) {
        await admin.delete(`/connectors/${id}`);
      }
      await smtp.close();
    }
  });

  it('the consent page passes WCAG 2.1 AA checks', async () => {
    const { page } = browser;
    const partner = await createWebApp(admin, { isThirdParty: true, name: 'Partner app' });
    await admin.post(`/applications/${partner.id}/user-consent-scopes`, { userScopes: ['profile', 'email'] });
    await startAuthorization(page, server.endpoint, partner);
    await waitForHeading(page, 'Sign in');
    await page.getByLabel('Username', { exact: true }).fill('ada_a11y');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForHeading(page, 'Partner app wants to access your account');
    await page.locator('.scope-group li').first().waitFor();
    await expectAccessible(page, 'consent');
  });

  it('the account choice of prompt=select_account passes WCAG 2.1 AA checks', async () => {
    const { page } = browser;
    const first = await startAuthorization(page, server.endpoint, app);
    await waitForHeading(page, 'Sign in');
    await page.getByLabel('Username', { exact: true }).fill('ada_a11y');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await first.finish();
    await startAuthorization(page, server.endpoint, app, { prompt: 'select_account' });
    await waitForHeading(page, 'Choose an account');
    await page.getByRole('button', { name: 'Continue as ada_a11y', exact: true }).waitFor();
    await expectAccessible(page, 'select-account');
  });

  it('signs in with the keyboard alone: fields in order, Enter submits, the error takes the focus', async () => {
    const { page } = browser;
    const authorization = await startAuthorization(page, server.endpoint, app);
    await waitForHeading(page, 'Sign in');
    // The identifier field has the focus on arrival; Tab walks the form in reading order.
    await arrivedAt(page, 'input text: Username');
    const order = [await focused(page)];
    for (let step = 0; step < 5; step++) {
      await page.keyboard.press('Tab');
      order.push(await focused(page));
    }
    expect(order).toEqual([
      'input text: Username',
      'input password: Password',
      'button: Show password',
      'button: Sign in',
      'link: Create account',
      'combobox: Language',
    ]);

    await press(page, 'Shift+Tab', 5);
    expect(await focused(page)).toBe('input text: Username');
    await page.keyboard.type('ada_a11y');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    // The message is an alert (read out at once) and takes the focus.
    await expect.poll(() => focused(page)).toBe('alert: The account or password is not correct.');

    // Show password is a toggle a screen reader announces as pressed.
    await press(page, 'Tab', 2);
    expect(await focused(page)).toBe('input password: Password');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    expect(await page.getByRole('button', { name: 'Hide password' }).or(page.getByRole('button', { name: 'Show password', pressed: true })).count()).toBe(1);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    const { claims } = await authorization.finish();
    expect(claims.sub).toBeTypeOf('string');
  });

  it('completes a new account with custom profile fields of all nine types using the keyboard alone', async () => {
    const { page } = browser;
    const options = [
      { label: 'Design', value: 'design' },
      { label: 'Engineering', value: 'engineering' },
      { label: 'Sales', value: 'sales' },
    ];
    const twoParts = (first: string, second: string) => ({ parts: [{ name: first, enabled: true, required: true }, { name: second, enabled: true, required: true }] });
    const fields = [
      { name: 'department', type: 'Text', label: 'Department', description: 'As on your badge', required: true, config: { minLength: 2 } },
      { name: 'seats', type: 'Number', label: 'Seats', required: true, config: { minValue: 1, maxValue: 500 } },
      { name: 'birthdate', type: 'Date', label: 'Birthday', required: true, config: { format: 'yyyy-MM-dd' } },
      { name: 'interests', type: 'Checkbox', label: 'Interests', required: true, config: { options } },
      { name: 'team', type: 'Select', label: 'Team', required: true, config: { options } },
      { name: 'website', type: 'Url', label: 'Website', required: false, config: {} },
      { name: 'employeeId', type: 'Regex', label: 'Employee ID', required: true, config: { format: 'E-\\d{4}', placeholder: 'E-0000' } },
      { name: 'address', type: 'Address', label: 'Address', required: true, config: twoParts('streetAddress', 'locality') },
      { name: 'fullname', type: 'Fullname', label: 'Full name', required: true, config: twoParts('givenName', 'familyName') },
    ];
    for (const field of fields) {
      const created = await admin.post('/custom-profile-fields', field);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    try {
      await page.emulateMedia({ colorScheme: 'light' });
      const authorization = await startAuthorization(page, server.endpoint, app, { first_screen: 'register' });
      await registerWithKeyboard(page, 'kim_keyboard');

      await waitForHeading(page, 'Complete your profile');
      await arrivedAt(page, 'input text: Department');
      await page.getByText('A few more details are needed before you continue.').waitFor();
      // Every field, in form order; the optional one is offered and marked so.
      expect(await page.getByText('Website (optional)', { exact: true }).count()).toBe(1);
      await expectAccessible(page, 'profile fields');
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('input text: Department');
      expect(await page.getByLabel('Department', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, 'profile fields, all missing');

      await page.keyboard.type('Platform');
      await page.keyboard.press('Tab');
      await page.keyboard.type('12');
      await page.keyboard.press('Tab');
      // Chromium's date field takes month, day and year in the en-US order, moving on by itself; its
      // calendar button is the next stop.
      await page.keyboard.type('04011990');
      await press(page, 'Tab', 2);
      expect(await focused(page)).toBe('input checkbox: Design');
      await page.keyboard.press('Space');
      await press(page, 'Tab', 2);
      expect(await focused(page)).toBe('input checkbox: Sales');
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('combobox: Team');
      await press(page, 'ArrowDown', 2);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('input url: Website (optional)');
      await page.keyboard.press('Tab');
      await page.keyboard.type('E-12');
      await page.keyboard.press('Tab');
      await page.keyboard.type('1 Main St');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Springfield');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Kim');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Keys');
      await page.keyboard.press('Enter');
      // The Employee ID does not match its pattern: the focus goes back to it, with the reason.
      await expect.poll(() => focused(page)).toBe('input text: Employee ID');
      await expectAccessible(page, 'profile fields, one wrong');
      await page.keyboard.type('34');
      await page.keyboard.press('Enter');

      const { claims } = await authorization.finish();
      const user = (await admin.get(`/users/${claims.sub as string}`)).body;
      expect(user.username).toBe('kim_keyboard');
      expect(user.profile).toMatchObject({
        birthdate: '1990-04-01',
        address: { streetAddress: '1 Main St', locality: 'Springfield' },
        givenName: 'Kim',
        familyName: 'Keys',
      });
      expect(user.profile.website).toBeUndefined();
      expect(user.customData).toEqual({ department: 'Platform', seats: 12, interests: ['design', 'sales'], team: 'engineering', employeeId: 'E-1234' });

      // Only the optional field left: the form is still offered once, and Enter with it empty goes on.
      for (const field of fields.filter((each) => each.required)) {
        expect((await admin.delete(`/custom-profile-fields/${field.name}`)).status).toBe(204);
      }
      await page.context().clearCookies();
      const second = await startAuthorization(page, server.endpoint, app, { first_screen: 'register' });
      await registerWithKeyboard(page, 'lee_keyboard');
      await waitForHeading(page, 'Complete your profile');
      await arrivedAt(page, 'input url: Website (optional)');
      // Nothing is needed now, and the page says so.
      await page.getByText('Tell us a little more about you. Every field here is optional.').waitFor();
      expect(await page.getByText('A few more details are needed before you continue.').count()).toBe(0);
      await page.keyboard.press('Enter');
      const skipped = await second.finish();
      expect((await admin.get(`/users/${skipped.claims.sub as string}`)).body.username).toBe('lee_keyboard');
    } finally {
      for (const { name } of (await admin.get('/custom-profile-fields')).body as { name: string }[]) {
        await admin.delete(`/custom-profile-fields/${name}`);
      }
    }
  });

  it('in Arabic, a code sign-in keeps addresses left to right, describes the code field, takes a pasted code, and Back keeps the focus', async () => {
    const { page } = browser;
    const smtp = await startSmtpServer();
    // Starts with digits: without isolation, right-to-left text shows it as `nour@example.com.2024`.
    const email = '2024.nour@example.com';
    // A second address for the second code: the server sends one code a minute per address.
    const other = 'nour.second@example.com';
    try {
      expect((await admin.post('/connectors', smtp.connector)).status).toBe(201);
      const settings = await admin.patch('/sign-in-exp', {
        signUp: { identifiers: ['email'], password: false, verify: true, secondaryIdentifiers: [] },
        signIn: { methods: [{ identifier: 'email', password: false, verificationCode: true, isPasswordPrimary: false }] },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
      for (const primaryEmail of [email, other]) {
        expect((await admin.post('/users', { primaryEmail })).status).toBe(201);
      }
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

      const authorization = await startAuthorization(page, server.endpoint, app, { ui_locales: 'ar' });
      await waitForHeading(page, 'تسجيل الدخول');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      const identifier = page.getByLabel('البريد الإلكتروني', { exact: true });
      await arrivedAt(page, 'input email: البريد الإلكتروني');
      await page.keyboard.type(email);
      // What is typed reads left to right in the right-to-left form.
      expect.soft(await identifier.evaluate((input) => input.matches(':dir(ltr)'))).toBe(true);
      let mailsBefore = smtp.received.length;
      await page.keyboard.press('Enter');

      await waitForHeading(page, 'أدخل رمز التحقق');
      const code = page.getByLabel('رمز التحقق', { exact: true });
      await arrivedAt(page, 'input text: رمز التحقق');
      expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
      // The field is described by the sentence saying how many digits were sent, and where.
      const description = await code.evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect.soft(description).toContain('6');
      expect.soft(description).toContain(email);
      // The address in the Arabic sentence is drawn left to right, character after character.
      expect.soft(await readsLeftToRight(page, email)).toBe(true);

      // Back: the focus returns to the address, not to the page's body.
      await page.getByRole('button', { name: 'رجوع', exact: true }).click();
      await waitForHeading(page, 'تسجيل الدخول');
      await page.waitForFunction(() => document.activeElement !== document.body, null, { timeout: 2000 }).catch(() => undefined);
      expect.soft(await focused(page)).toBe('input email: البريد الإلكتروني');

      // The code as a message shows it, `123 456`, pasted at once: all six digits count, and it signs in.
      await identifier.fill(other);
      mailsBefore = smtp.received.length;
      await page.getByRole('button', { name: 'إرسال الرمز', exact: true }).click();
      await waitForHeading(page, 'أدخل رمز التحقق');
      const sent = await smtp.codeFor(other, mailsBefore);
      await page.evaluate((text) => navigator.clipboard.writeText(text), `${sent.slice(0, 3)} ${sent.slice(3)}`);
      await arrivedAt(page, 'input text: رمز التحقق');
      await page.keyboard.press('ControlOrMeta+V');
      const { claims } = await authorization.finish();
      const users = (await admin.get(`/users?search=${encodeURIComponent(other)}`)).body as { id: string }[];
      expect(claims.sub).toBe(users[0]?.id);
    } finally {
      await admin.patch('/sign-in-exp', {
        signUp: { identifiers: ['username'], password: true, verify: false, secondaryIdentifiers: [] },
        signIn: { methods: [{ identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true }] },
      });
      for (const { id, connectorId } of (await admin.get('/connectors')).body as { id: string; connectorId: string }[]) {
        if (connectorId === 'smtp') {
          await admin.delete(`/connectors/${id}`);
        }
      }
      await smtp.close();
    }
  });
});
