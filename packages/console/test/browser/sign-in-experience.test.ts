import { deriveDarkPrimaryColor } from '@gatehouse/schemas';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useBrowser } from '../../../core/test/setup/browser.js';
import type { TestServer } from '../../../core/test/setup/test-server.js';
import { consoleUrl, openConsoleAt, startConsoleServer } from './console-session.js';

/**
 * The sign-in experience pages against the real server, with the real hosted sign-in page in the
 * preview frame (needs the built console and experience packages).
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
const browser = useBrowser();

beforeAll(async () => {
  server = await startConsoleServer();
  admin = await server.api();
});
afterAll(async () => server?.close());

const previewFrame = () => browser.page.frameLocator('iframe[title="Preview of the sign-in page"]');

describe('sign-in experience', () => {
  it('shows unsaved colour and sign-in changes in the preview, then saves them', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/sign-in-experience');
    await page.waitForURL(/\/console\/sign-in-experience\/branding$/);
    // From here on (the console's own sign-in is done), nothing may call the experience API.
    const experienceCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/experience')) {
        experienceCalls.push(request.url());
      }
    });

    const frame = previewFrame();
    const submit = frame.getByRole('button', { name: 'Sign in', exact: true });
    await submit.waitFor();
    const background = () => submit.evaluate((element) => getComputedStyle(element).backgroundColor);
    await expect.poll(background).toBe('rgb(97, 57, 246)');

    await page.getByLabel('Primary colour', { exact: true }).fill('#0B7A75');
    await expect.poll(background).toBe('rgb(11, 122, 117)');

    // Dark mode, previewed dark with the derived colour.
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await page.getByLabel('Dark', { exact: true }).click();
    await expect.poll(() => frame.locator('html').getAttribute('data-theme')).toBe('dark');

    await page.getByRole('tab', { name: 'Sign-up and sign-in' }).click();
    await page.waitForURL(/\/sign-in-experience\/sign-up-and-sign-in$/);
    await page.getByRole('button', { name: 'Add a sign-in method' }).click();
    await page.getByRole('menuitem', { name: 'Email', exact: true }).click();
    // Still unsaved, and the real sign-in page already asks for a username or an email.
    await frame.getByLabel('Username or email', { exact: true }).waitFor();
    await expect.poll(background).not.toBe('rgb(97, 57, 246)');
    expect((await admin.get('/sign-in-exp')).body.signIn.methods).toHaveLength(1);

    // The preview never talks to the server: its buttons do nothing.
    await submit.click();
    await frame.getByLabel('Username or email', { exact: true }).waitFor();
    expect(experienceCalls).toEqual([]);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    const { body } = await admin.get('/sign-in-exp');
    expect(body.color).toEqual({ primaryColor: '#0B7A75', isDarkModeEnabled: true, darkPrimaryColor: deriveDarkPrimaryColor('#0B7A75') });
    expect(body.signIn.methods).toEqual([
      { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true },
      { identifier: 'email', password: true, verificationCode: false, isPasswordPrimary: true },
    ]);
  });

  it('shows why the server refuses an unworkable combination, and asks before leaving it unsaved', async () => {
    const { page } = browser;
    const before = (await admin.get('/sign-in-exp')).body;
    await openConsoleAt(page, server, '/sign-in-experience/sign-up-and-sign-in');
    await page.getByRole('checkbox', { name: 'Email', exact: true }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();

    const alert = page.getByTestId('unworkable-alert');
    await alert.waitFor();
    const emailProblem = 'Email verification codes are used here, but there is no email connector. Add one first.';
    expect(await alert.textContent()).toContain('unable to register or sign in');
    expect(await alert.textContent()).toContain(emailProblem);
    // Also inside the sign-up section it concerns.
    await page.getByTestId('section-problems').getByText(emailProblem).waitFor();
    expect((await admin.get('/sign-in-exp')).body.signUp).toEqual(before.signUp);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Applications' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    expect(new URL(page.url()).pathname).toBe('/console/sign-in-experience/sign-up-and-sign-in');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Applications' }).click();
    await leave.getByRole('button', { name: 'Leave and discard' }).click();
    await page.waitForURL(/\/console\/applications$/);
  });

  it('adds a custom profile field in its editor, previewed before it is saved', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/sign-in-experience/collect-user-profile');
    await page.getByText('No custom profile fields').waitFor();
    await page.getByRole('button', { name: 'Add field' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a profile field' });
    await dialog.getByLabel('Type', { exact: true }).click();
    await page.getByRole('option', { name: 'Drop-down list' }).click();
    await dialog.getByLabel(/^Name/).fill('department');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/collect-user-profile\/fields\/department\?type=Select$/);

    await page.getByLabel('Label', { exact: true }).fill('Department');
    await page.getByLabel('Option 1 value').fill('sales');
    await page.getByRole('button', { name: 'Save changes' }).click();
    // The schema's rules, inline: an option needs a label.
    await page.getByText('Required.').first().waitFor();
    await page.getByLabel('Option 1 label').fill('Sales');
    await page.getByRole('button', { name: 'Add an option' }).click();
    await page.getByLabel('Option 2 label').fill('Support');
    await page.getByLabel('Option 2 value').fill('support');
    await page.getByRole('switch', { name: 'Users must fill it in' }).click();

    const select = previewFrame().getByRole('combobox', { name: /Department/ });
    await select.waitFor();
    await expect.poll(() => select.locator('option').allTextContents()).toEqual(expect.arrayContaining(['Sales', 'Support']));
    expect((await admin.get('/custom-profile-fields')).body).toEqual([]);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/sign-in-experience\/collect-user-profile$/);
    await page.getByRole('cell', { name: 'department', exact: true }).waitFor();
    const fields = (await admin.get('/custom-profile-fields')).body;
    expect(fields).toMatchObject([
      {
        name: 'department',
        type: 'Select',
        label: 'Department',
        required: true,
        config: { options: [{ label: 'Sales', value: 'sales' }, { label: 'Support', value: 'support' }] },
      },
    ]);
  });

  it('renames a field and follows it to its new address; a built-in name of another type is refused on the name', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/sign-in-experience/collect-user-profile/fields/department');
    const name = page.getByLabel(/^Name/);
    await name.fill('birthdate');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('This name is kept on the user profile and needs another field type.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');

    await name.fill('team');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/collect-user-profile\/fields\/team$/);
    await page.getByRole('heading', { name: 'Department' }).waitFor();
    expect((await admin.get('/custom-profile-fields')).body.map((field: { name: string }) => field.name)).toEqual(['team']);
  });

  it('words a minimum over its maximum for people, without the config’s property names', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/sign-in-experience/collect-user-profile/fields/nickname_note?type=Text');
    await page.getByLabel('Label', { exact: true }).fill('Nickname note');
    await page.getByRole('textbox', { name: 'Minimum length', exact: true }).fill('10');
    const maximum = page.getByRole('textbox', { name: 'Maximum length', exact: true });
    await maximum.fill('5');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The minimum length must not exceed the maximum length.').waitFor();
    await maximum.and(page.locator('[aria-invalid="true"]')).waitFor();
    await expect(page.getByText(/minLength|maxLength/).count()).resolves.toBe(0);
    expect((await admin.get('/custom-profile-fields')).body.map((field: { name: string }) => field.name)).not.toContain('nickname_note');
  });

  it('labels the custom CSS editor, so it is named and its label focuses it', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/sign-in-experience/content');
    const css = page.getByRole('textbox', { name: 'CSS rules', exact: true });
    await css.waitFor();
    // A real <label> tied to the textarea, not only an aria-label.
    await expect(css.evaluate((element) => Array.from((element as HTMLTextAreaElement).labels ?? [], (label) => label.textContent?.trim()))).resolves.toEqual([
      expect.stringContaining('CSS rules'),
    ]);
    await page.getByText('CSS rules', { exact: true }).click();
    await expect(css.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  });

  it('keeps a malformed colour on its field with the reason, instead of silently reverting it', async () => {
    const { page } = browser;
    const before = (await admin.get('/sign-in-exp')).body.color.primaryColor;
    await openConsoleAt(page, server, '/sign-in-experience/branding');
    const color = page.getByLabel('Primary colour', { exact: true });
    await color.fill('#12');
    await page.keyboard.press('Tab');
    await expect(color.inputValue()).resolves.toBe('#12');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await color.and(page.locator('[aria-invalid="true"]')).waitFor();
    await page.getByText('Must be # plus 3 or 6 hex digits.').waitFor();
    expect((await admin.get('/sign-in-exp')).body.color.primaryColor).toBe(before);
    await page.getByRole('button', { name: 'Discard' }).click();
  });

  it('Discard empties a logo URL the tenant never had, and a later save on another tab does not store it', async () => {
    const { page } = browser;
    expect((await admin.get('/sign-in-exp')).body.branding.logoUrl).toBeUndefined();
    await openConsoleAt(page, server, '/sign-in-experience/branding');
    const logo = page.getByLabel('Logo URL', { exact: true });
    await logo.fill('https://example.com/discarded.png');
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => logo.inputValue()).toBe('');

    await page.getByRole('tab', { name: 'Sign-up and sign-in' }).click();
    await page.getByRole('switch', { name: 'Link accounts automatically' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    const saved = (await admin.get('/sign-in-exp')).body;
    expect(saved.socialSignIn.automaticAccountLinking).toBe(true);
    expect(saved.branding.logoUrl).toBeUndefined();
    await admin.patch('/sign-in-exp', { socialSignIn: { automaticAccountLinking: false } });
  });

  it('does not offer the only sign-up identifier again as an additional one', async () => {
    const { page } = browser;
    expect((await admin.get('/sign-in-exp')).body.signUp.identifiers).toEqual(['username']);
    await openConsoleAt(page, server, '/sign-in-experience/sign-up-and-sign-in');
    await page.getByRole('button', { name: 'Add an identifier' }).click();
    const added = page.locator('input[aria-label="Additional identifier 1"]:not([type="hidden"])');
    await expect.poll(() => added.inputValue()).toBe('Email');
    await added.click();
    expect(await page.getByRole('option').allTextContents()).not.toContain('Username');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Discard' }).click();
  });

  it('keeps a field reached with Tab clear of the sticky save bar', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openConsoleAt(page, server, '/sign-in-experience/sign-up-and-sign-in');
    await page.getByRole('button', { name: 'Add a sign-in method' }).waitFor();
    const covered: string[] = [];
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press('Tab');
      const overlap = await page.evaluate(() => {
        const focused = document.activeElement;
        const bar = document.querySelector('[data-save-bar]');
        if (!focused || !bar || bar.contains(focused) || !focused.closest('form')) {
          return undefined;
        }
        const field = focused.getBoundingClientRect();
        return field.bottom > bar.getBoundingClientRect().top ? focused.getAttribute('aria-label') ?? focused.textContent : undefined;
      });
      if (overlap !== undefined) {
        covered.push(overlap ?? '');
      }
    }
    expect(covered).toEqual([]);
  });
});

const save = async (page: Page) => {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Saved.').first().waitFor();
};

describe('two tabs editing at once', () => {
  it('keeps what the other tab saved in the same part of the sign-in experience', async () => {
    const first = browser.page;
    await openConsoleAt(first, server, '/sign-in-experience/branding');
    const second = await browser.context.newPage();
    await second.goto(consoleUrl(server, '/sign-in-experience/branding'));
    await second.getByLabel('Favicon URL', { exact: true }).waitFor();

    await first.getByLabel('Favicon URL', { exact: true }).fill('https://example.com/first.ico');
    await save(first);
    await second.getByLabel('Logo URL', { exact: true }).fill('https://example.com/second.png');
    await save(second);

    const stored = await admin.get('/sign-in-exp');
    expect(stored.body.branding).toMatchObject({ favicon: 'https://example.com/first.ico', logoUrl: 'https://example.com/second.png' });
    // The second tab now shows both, as stored.
    expect(await second.getByLabel('Favicon URL', { exact: true }).inputValue()).toBe('https://example.com/first.ico');
  });

  it('keeps what the other tab saved in the password policy', async () => {
    const first = browser.page;
    await openConsoleAt(first, server, '/security/password-policy');
    const second = await browser.context.newPage();
    await second.goto(consoleUrl(server, '/security/password-policy'));
    await second.getByRole('textbox', { name: /^Minimum length/ }).waitFor();

    await first.getByRole('textbox', { name: /^Minimum length/ }).fill('12');
    await save(first);
    await second.getByRole('switch', { name: /data breaches/ }).uncheck({ force: true });
    await save(second);

    const { passwordPolicy } = (await admin.get('/sign-in-exp')).body;
    expect(passwordPolicy.length.min).toBe(12);
    expect(passwordPolicy.rejects.pwned).toBe(false);
  });

  it('offers the pages\' phrase keys and refuses one the pages do not have', async () => {
    const page = browser.page;
    await openConsoleAt(page, server, '/sign-in-experience/content');
    await page.getByRole('button', { name: 'Add a language' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: /Italiano/ }).click();
    // Typing part of a key offers the keys that contain it.
    await dialog.getByLabel('Key 1').fill('forgot.ti');
    await page.getByRole('option', { name: 'forgot.title', exact: true }).click();
    await expect.poll(() => dialog.getByLabel('Key 1').inputValue()).toBe('forgot.title');
    await dialog.getByLabel('Text 1').fill('Password dimenticata?');
    await dialog.getByRole('button', { name: 'Add a phrase' }).click();
    await dialog.getByLabel('Key 2').fill('sign_in.submitt');
    await dialog.getByLabel('Text 2').fill('Entra');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('The pages have no text with this key. Pick one from the list.').waitFor();
    expect((await admin.get('/custom-phrases/it')).status).toBe(404);

    await dialog.getByLabel('Key 2').fill('sign_in.submit');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await admin.get('/custom-phrases/it')).body.translation).toEqual({ 'forgot.title': 'Password dimenticata?', 'sign_in.submit': 'Entra' });
    await admin.delete('/custom-phrases/it');
  });

  it('keeps the custom phrases the other tab saved for the same language', async () => {
    const first = browser.page;
    await openConsoleAt(first, server, '/sign-in-experience/content');
    const second = await browser.context.newPage();
    await second.goto(consoleUrl(server, '/sign-in-experience/content'));
    await second.getByRole('button', { name: 'Add a language' }).waitFor();

    const addGerman = async (page: Page, key: string, text: string) => {
      await page.getByRole('button', { name: 'Add a language' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: /Deutsch/ }).click();
      await dialog.getByLabel('Key 1').fill(key);
      await dialog.getByRole('textbox', { name: 'Text 1' }).fill(text);
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    await addGerman(first, 'sign_in.submit', 'Los geht’s');
    await addGerman(second, 'sign_in.title', 'Willkommen 👋');

    const stored = await admin.get('/custom-phrases/de');
    expect(stored.body.translation).toEqual({ 'sign_in.submit': 'Los geht’s', 'sign_in.title': 'Willkommen 👋' });
  });
});
