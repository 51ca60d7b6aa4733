import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useBrowser } from '../../../core/test/setup/browser.js';
import { apiWithScopes } from '../../../core/test/setup/grants.js';
import type { TestServer } from '../../../core/test/setup/test-server.js';
import { openConsoleAt, startConsoleServer } from './console-session.js';

/**
 * The console's error catalogue (spec §8) in Chromium. The server's own errors are used wherever
 * the running server produces them (401, a 400 with details, an ignored code, a 403 body); only an
 * answer no Gatehouse server gives (a proxy's HTML error page, `auth.forbidden`) is fulfilled
 * by the test.
 */

let server: TestServer;
const browser = useBrowser();

beforeAll(async () => {
  server = await startConsoleServer();
});
afterAll(async () => server?.close());

/** The stored oidc-client-ts user of this tab (session storage). */
const storedUserKey = async (page: Page) =>
  page.evaluate(() => Object.keys(sessionStorage).find((key) => key.startsWith('oidc.user:'))!);

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/**
 * Answers the next `times` requests matching `urlPattern` (DevTools wildcards) with `status` and `body`
 * instead of the server. Through the DevTools Fetch domain, as the browser helper intercepts the
 * relying party's host (playwright's page.route would compete with it).
 */
const answerWith = async (page: Page, urlPattern: string, status: number, body: string, options: { contentType?: string; times?: number } = {}) => {
  const { contentType = 'application/json', times = 1 } = options;
  const cdp = await page.context().newCDPSession(page);
  let answered = 0;
  cdp.on('Fetch.requestPaused', (event) => {
    if (answered >= times) {
      cdp.send('Fetch.continueRequest', { requestId: event.requestId }).catch(() => undefined);
      return;
    }
    answered += 1;
    cdp
      .send('Fetch.fulfillRequest', {
        requestId: event.requestId,
        responseCode: status,
        responseHeaders: [{ name: 'content-type', value: contentType }],
        body: Buffer.from(body).toString('base64'),
      })
      .then(() => (answered >= times ? cdp.send('Fetch.disable') : undefined))
      .catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern, requestStage: 'Request' }] });
};

describe('console error handling', () => {
  it('signs in again when the server answers 401 (a token it no longer accepts)', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/applications');
    const key = await storedUserKey(page);
    const before = await page.evaluate((name) => JSON.parse(sessionStorage.getItem(name)!).access_token as string, key);
    // Same claims, broken signature: the server refuses it with 401 auth.invalid_token.
    await page.evaluate((name) => {
      const user = JSON.parse(sessionStorage.getItem(name)!);
      user.access_token = `${user.access_token.slice(0, -6)}AAAAAA`;
      sessionStorage.setItem(name, JSON.stringify(user));
    }, key);

    const refused = page.waitForResponse((response) => response.url().includes('/api/users') && response.status() === 401);
    await navigation(page).getByRole('link', { name: 'User management' }).click();
    await refused;
    // The provider still has a session: the new sign-in completes and the visited page comes back.
    await page.waitForURL(/\/console\/callback/);
    await page.waitForURL(/\/console\/users$/);
    await page.getByRole('heading', { name: 'User management' }).waitFor();
    const after = await page.evaluate((name) => JSON.parse(sessionStorage.getItem(name)!).access_token as string, await storedUserKey(page));
    expect(after).not.toBe(before);
  });

  it("toasts the server's localized message with its details, and stays silent for an ignored code", async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/users');
    // A search longer than the API accepts (128): 400 with a detail naming the query field.
    await page.goto(`${server.endpoint}/console/users?search=${'x'.repeat(300)}`);
    const toast = page.getByRole('alert').filter({ hasText: 'search' });
    await toast.waitFor();
    // The server's message already names the field and the limit; the detail is not repeated.
    expect(await toast.textContent()).toBe('The request is invalid: query.search: Must be at most 128 characters.');

    // A page past the end is `guard.page_out_of_range`, which the list handles itself: no toast.
    await page.goto(`${server.endpoint}/console/users?page=40`);
    const answered = await page.waitForResponse((response) => response.url().includes('/api/users?'));
    expect(answered.status()).toBe(400);
    expect((await answered.json()).code).toBe('guard.page_out_of_range');
    await page.waitForTimeout(500);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('shows the HTTP status when a body cannot be parsed (a proxy error page)', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/applications');
    // The data layer retries twice (not on 401/403), so the gateway fails all three tries.
    await answerWith(page, '*/api/users?*', 502, '<html><body>Bad gateway</body></html>', { contentType: 'text/html', times: 3 });
    await navigation(page).getByRole('link', { name: 'User management' }).click();
    await page.getByRole('alert').filter({ hasText: 'The request failed: 502 Bad Gateway.' }).waitFor();
  });

  it("signs out on the server's 403 Insufficient permissions", async () => {
    const { page } = browser;
    // The real answer of the server to a token without the route's scope.
    const limited = await apiWithScopes(server, ['read:applications']);
    const forbidden = await limited.get('/users');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Insufficient permissions.');

    await openConsoleAt(page, server, '/applications');
    await answerWith(page, '*/api/users?*', 403, JSON.stringify(forbidden.body));
    await navigation(page).getByRole('link', { name: 'User management' }).click();
    // Signed out at the provider, then back to the console, which sends an anonymous visitor to sign in.
    await page.waitForURL(/\/t\/admin\/sign-in/);
    expect(await page.evaluate(() => Object.keys(sessionStorage).some((name) => name.startsWith('oidc.user:')))).toBe(false);
  });

  it('shows auth.forbidden in an alert and signs out after "Got it"', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/applications');
    await answerWith(page, '*/api/users?*', 403, JSON.stringify({ code: 'auth.forbidden', message: 'This account may not manage this tenant.' }));
    await navigation(page).getByRole('link', { name: 'User management' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This account may not manage this tenant.').waitFor();
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await page.waitForURL(/\/t\/admin\/sign-in/);
  });
});
