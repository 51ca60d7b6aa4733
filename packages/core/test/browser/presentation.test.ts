import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accessibilityFindings, startAuthorization, startSmtpServer, useBrowser, visibleText, waitForHeading } from '../setup/browser.js';
import { createWebApp, type TestApp } from '../setup/experience-client.js';
import { startTestServer, type TestServer } from '../setup/test-server.js';

/**
 * What a person sees beyond the flows themselves: readable lockout messages, long input on a phone,
 * the page icon, the language an app asks for (ui_locales), and the sign-out pages in the user's
 * language and the tenant's brand.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
const browser = useBrowser();
const password = 'Correct-Horse-92!';

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  app = await createWebApp(admin, { name: 'Presentation app' });
});
afterAll(async () => server?.close());

const createUser = async (username: string) => {
  const created = await admin.post('/users', { username, password });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
};

const signInOnPage = async (page: Page, username: string, secret: string, heading = 'Sign in') => {
  await waitForHeading(page, heading);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

/** Whether the page is wider than the viewport (it scrolls sideways). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('hosted pages, as they look', () => {
  it('says when a locked account may try again, in words and with the right plural', async () => {
    await createUser('locked_out');
    expect((await admin.patch('/sign-in-exp', { sentinelPolicy: { maxAttempts: 1, lockoutDuration: 1 } })).status).toBe(200);
    try {
      const { page } = browser;
      await startAuthorization(page, server.endpoint, app);
      await signInOnPage(page, 'locked_out', 'not-the-password');
      expect(await visibleText(page.getByRole('alert'))).toBe('Too many failed attempts. Try again in 1 minute.');
    } finally {
      await admin.patch('/sign-in-exp', { sentinelPolicy: {} });
    }
  });

  it('wraps a long email address inside the card on a 375 px phone', async () => {
    const smtp = await startSmtpServer();
    try {
      expect((await admin.post('/connectors', smtp.connector)).status).toBe(201);
      const settings = await admin.patch('/sign-in-exp', {
        signUp: { identifiers: ['email'], password: false, verify: true, secondaryIdentifiers: [] },
        signIn: { methods: [{ identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true }] },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
      const { page } = browser;
      await page.setViewportSize({ width: 375, height: 740 });
      const email = 'averyveryveryverylongemailaddresswithoutbreaks1234567890@subdomain.example-company.com';
      await startAuthorization(page, server.endpoint, app, { first_screen: 'register' });
      await waitForHeading(page, 'Create account');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Create account', exact: true }).click();
      await waitForHeading(page, 'Enter the verification code');
      expect(await visibleText(page.getByText('We sent a 6-digit code to', { exact: false }))).toContain(email);
      expect(await overflowsSideways(page)).toBe(false);
      const card = await page.locator('main.card').boundingBox();
      expect(card!.width).toBeLessThanOrEqual(375);
    } finally {
      await admin.patch('/sign-in-exp', {
        signUp: { identifiers: ['username'], password: true, verify: false, secondaryIdentifiers: [] },
        signIn: { methods: [{ identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true }] },
      });
      for (const existing of (await admin.get('/connectors')).body as { id: string; type: string }[]) {
        if (existing.type === 'Email') {
          await admin.delete(`/connectors/${existing.id}`);
        }
      }
      await smtp.close();
    }
  });

  it('has a page icon: the built-in one (no request for a missing /favicon.ico), else the tenant’s, dark in dark mode', async () => {
    const { page } = browser;
    const iconRequests: string[] = [];
    const notFound: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/favicon.ico') {
        iconRequests.push(request.url());
      }
    });
    page.on('response', (response) => {
      if (response.status() === 404) {
        notFound.push(response.url());
      }
    });
    await startAuthorization(page, server.endpoint, app);
    await waitForHeading(page, 'Sign in');
    await page.waitForLoadState('load');
    // The browser asks for its icon once the page has loaded.
    await page.waitForTimeout(1000);
    expect(iconRequests).toEqual([]);
    expect(notFound).toEqual([]);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);

    const branding = { favicon: 'https://cdn.example.com/favicon.png', darkFavicon: 'https://cdn.example.com/favicon-dark.png' };
    const color = { primaryColor: '#0B7A75', darkPrimaryColor: '#2FB3AD', isDarkModeEnabled: true };
    const before = (await admin.get('/sign-in-exp')).body;
    expect((await admin.patch('/sign-in-exp', { branding, color })).status).toBe(200);
    try {
      await page.reload();
      await waitForHeading(page, 'Sign in');
      expect(await page.locator('link[rel="icon"]').count()).toBe(1);
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe(branding.favicon);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(() => page.locator('link[rel="icon"]').getAttribute('href')).toBe(branding.darkFavicon);
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(() => page.locator('link[rel="icon"]').getAttribute('href')).toBe(branding.favicon);
    } finally {
      await admin.patch('/sign-in-exp', { branding: before.branding, color: before.color });
    }
  });

  it('speaks the language the app asks for with ui_locales, unless the user picked one', async () => {
    const { page } = browser;
    // Browser in English, app asks for an unsupported language, then Japanese.
    await startAuthorization(page, server.endpoint, app, { ui_locales: 'tlh ja-JP de' });
    await waitForHeading(page, 'サインイン');
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    // The user's own choice wins over the app's.
    await page.getByRole('combobox').selectOption({ label: 'Deutsch' });
    await waitForHeading(page, 'Anmelden');
    await startAuthorization(page, server.endpoint, app, { ui_locales: 'ja' });
    await waitForHeading(page, 'Anmelden');
  });
});

describe('sign-out pages', () => {
  it('ask and answer in the user’s language, with the tenant’s colour, logo and dark mode', async () => {
    await createUser('leaving_user');
    const color = { primaryColor: '#0B7A75', isDarkModeEnabled: true, darkPrimaryColor: '#2FB3AD' };
    const branding = { logoUrl: `${server.endpoint}/logo-light.svg`, darkLogoUrl: `${server.endpoint}/logo-dark.svg` };
    const before = (await admin.get('/sign-in-exp')).body;
    expect((await admin.patch('/sign-in-exp', { color, branding })).status).toBe(200);
    // Signed in (in the test's own browser context, which answers for the app)…
    const authorization = await startAuthorization(browser.page, server.endpoint, app);
    await signInOnPage(browser.page, 'leaving_user', password);
    await authorization.callback();
    // …then the same session in a German browser (its own Accept-Language on every request).
    const context = await browser.browser.newContext({ locale: 'de-DE', timezoneId: 'UTC' });
    try {
      await context.addCookies(await browser.context.cookies());
      const page = await context.newPage();
      await page.goto(`${server.endpoint}/oidc/session/end`);
      await page.getByRole('heading', { name: 'Abmelden?', exact: true }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      const signOut = page.getByRole('button', { name: 'Abmelden', exact: true });
      expect(await signOut.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(11, 122, 117)');
      expect(await page.locator('img').evaluate((image: HTMLImageElement) => image.currentSrc)).toBe(branding.logoUrl);
      expect(await accessibilityFindings(page)).toEqual([]);
      // Dark mode: the dark colour and logo.
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(() => signOut.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(47, 179, 173)');
      await page.reload();
      await page.getByRole('heading', { name: 'Abmelden?', exact: true }).waitFor();
      expect(await page.locator('img').evaluate((image: HTMLImageElement) => image.currentSrc)).toBe(branding.darkLogoUrl);
      expect(await page.getByRole('button', { name: 'Angemeldet bleiben', exact: true }).count()).toBe(1);
      expect(await accessibilityFindings(page)).toEqual([]);

      await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
      await page.getByRole('heading', { name: 'Abgemeldet', exact: true }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
    } finally {
      await context.close();
      await admin.patch('/sign-in-exp', { branding: before.branding, color: before.color });
    }
  });
});
