import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startAuthorization, useBrowser, visibleText, waitForHeading } from '../setup/browser.js';
import { createWebApp, type TestApp } from '../setup/experience-client.js';
import { startTestServer, type TestServer } from '../setup/test-server.js';

/** What the sign-in experience configures, as a person sees it in the browser. */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
const browser = useBrowser();

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  app = await createWebApp(admin, { name: 'Branded app' });
});
afterAll(async () => server?.close());

describe('a configured sign-in page', () => {
  it('speaks the browser language, applies custom phrases and CSS, and asks for the terms by policy', async () => {
    const configured = await admin.patch('/sign-in-exp', {
      color: { primaryColor: '#0B7A75', isDarkModeEnabled: false, darkPrimaryColor: '#2FB3AD' },
      customCss: '#app { outline: 3px solid rgb(255, 0, 0); }',
      termsOfUseUrl: 'https://example.com/terms',
      agreeToTermsPolicy: 'Manual',
    });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    expect((await admin.put('/custom-phrases/de', { 'sign_in.submit': 'Los geht’s' })).status).toBe(200);
    await admin.post('/users', { username: 'hilde', password: 'Correct-Horse-92!' });

    const { page } = browser;
    await page.context().setExtraHTTPHeaders({ 'accept-language': 'de-DE,de;q=0.9' });
    await page.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['de-DE', 'de'] }));
    const authorization = await startAuthorization(page, server.endpoint, app);
    await waitForHeading(page, 'Anmelden');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.locator('#app').evaluate((element) => getComputedStyle(element).outlineColor)).toBe('rgb(255, 0, 0)');

    await page.getByLabel('Benutzername', { exact: true }).fill('hilde');
    await page.getByLabel('Passwort', { exact: true }).fill('Correct-Horse-92!');
    await page.getByRole('button', { name: 'Los geht’s', exact: true }).click();
    // Manual terms: not agreed yet, so the page says so in German and stays.
    const alert = await visibleText(page.getByRole('alert'));
    expect(alert).not.toBe('');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Los geht’s', exact: true }).click();
    const { claims } = await authorization.finish();
    expect(claims.sub).toBeTypeOf('string');
  });

  it('switches language from the page, keeps the choice, and answers errors in it; a fixed language ignores the browser', async () => {
    expect((await admin.patch('/sign-in-exp', { agreeToTermsPolicy: 'Automatic', customCss: null })).status).toBe(200);
    const { page } = browser;
    await startAuthorization(page, server.endpoint, app);
    await waitForHeading(page, 'Sign in');
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' });
    await waitForHeading(page, 'Se connecter');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    // The server speaks the chosen language too.
    await page.getByLabel('Nom d’utilisateur', { exact: true }).fill('hilde');
    await page.getByLabel('Mot de passe', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    expect(await visibleText(page.getByRole('alert'))).toBe('Le compte ou le mot de passe est incorrect.');
    // The choice outlives a reload; Arabic turns the page right to left.
    await page.reload();
    await waitForHeading(page, 'Se connecter');
    await page.getByRole('combobox', { name: 'Langue' }).selectOption({ label: 'العربية' });
    await waitForHeading(page, 'تسجيل الدخول');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');

    // Without auto-detection a new visitor gets the tenant's language, whatever the browser prefers.
    expect((await admin.patch('/sign-in-exp', { languageInfo: { autoDetect: false, fallbackLanguage: 'ja' } })).status).toBe(200);
    try {
      const stranger = await browser.browser.newContext({ locale: 'de-DE', extraHTTPHeaders: { 'accept-language': 'de-DE,de;q=0.9' } });
      const fresh = await stranger.newPage();
      await startAuthorization(fresh, server.endpoint, app);
      await waitForHeading(fresh, 'サインイン');
      expect(await fresh.locator('html').getAttribute('lang')).toBe('ja');
      expect(await fresh.locator('html').getAttribute('dir')).not.toBe('rtl');
      await stranger.close();
    } finally {
      await admin.patch('/sign-in-exp', { languageInfo: { autoDetect: true, fallbackLanguage: 'en' } });
    }
  });

  it('shows a clear page for a sign-in link without a live session', async () => {
    const { page } = browser;
    await page.goto(`${server.endpoint}/sign-in`);
    await waitForHeading(page, 'This link has expired');
    expect(await visibleText(page.getByText('Go back to the app and start again', { exact: false }))).toContain('start again');
  });

  it('turns dark with the device only when dark mode is on, with the dark logo and colour', async () => {
    const { page } = browser;
    const color = { primaryColor: '#0B7A75', darkPrimaryColor: '#2FB3AD' };
    const branding = { logoUrl: 'https://example.com/logo.svg', darkLogoUrl: 'https://example.com/logo-dark.svg' };
    expect((await admin.patch('/sign-in-exp', { color: { ...color, isDarkModeEnabled: false }, branding, customCss: null })).status).toBe(200);
    await page.emulateMedia({ colorScheme: 'dark' });
    await startAuthorization(page, server.endpoint, app);
    await waitForHeading(page, 'Sign in');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    expect(await page.locator('.brand img').getAttribute('src')).toBe(branding.logoUrl);

    expect((await admin.patch('/sign-in-exp', { color: { ...color, isDarkModeEnabled: true } })).status).toBe(200);
    await page.reload();
    await waitForHeading(page, 'Sign in');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await page.locator('.brand img').getAttribute('src')).toBe(branding.darkLogoUrl);
    const button = page.getByRole('button', { name: 'Sign in', exact: true });
    expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(47, 179, 173)');
    // The device turning light switches the page live.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('light');
    await admin.patch('/sign-in-exp', { branding: {} });
  });
});
