import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useBrowser } from '../../../core/test/setup/browser.js';
import type { TestServer } from '../../../core/test/setup/test-server.js';
import { users } from '../../../core/src/modules/users/users.table.js';
import { createExperienceClient, createWebApp } from '../../../core/test/setup/experience-client.js';
import { basicAuth, postForm } from '../../../core/test/setup/forms.js';
import { consoleAdmin, consoleUrl as urlOf, openConsoleAt, signInAsAdmin, startConsoleServer } from './console-session.js';

/**
 * The admin console in Chromium, as an administrator clicks it: first run, sign-in through the
 * hosted pages (a real authorization code + PKCE flow), the return to the visited location, and
 * the applications, API resources and users pages against the real management API. Needs the
 * built console (`npm run build:console`, part of `npm run build:pages`).
 */

const { username, password } = consoleAdmin;

let server: TestServer;
const browser = useBrowser();

beforeAll(async () => {
  server = await startConsoleServer({ withAdmin: false });
});
afterAll(async () => server?.close());

const consoleUrl = (path = '') => urlOf(server, path);

const signIn = signInAsAdmin;
const signedInAt = (page: Page, path: string) => openConsoleAt(page, server, path);

describe('console', () => {
  it('creates the first administrator, signs in, and lands on the first sidebar item', async () => {
    const { page } = browser;
    await page.goto(consoleUrl());
    await page.waitForURL(/\/console\/welcome$/);

    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^Password/).fill('short');
    await page.getByLabel(/^Confirm password/).fill('shorts');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.getByText('The passwords do not match.').waitFor();

    // The server's password policy answers inline, every detail shown.
    await page.getByLabel(/^Confirm password/).fill('short');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.getByText('The password must be at least 8 characters long.').waitFor();

    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm password/).fill(password);
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await signIn(page);

    // The first sidebar item is Get started (overview section), so the root lands there.
    await page.waitForURL(/\/console\/get-started$/);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const links = await navigation.getByRole('link').allTextContents();
    expect(links.slice(0, 3)).toEqual(['Get started', 'Dashboard', 'Applications']);
    expect(links).toEqual(expect.arrayContaining(['API resources', 'User management']));
    await page.getByRole('heading', { name: 'Get started' }).waitFor();

    // The welcome screen is gone for good.
    await page.goto(consoleUrl('/welcome'));
    await page.waitForURL(/\/console\/get-started$/);
  });

  it('restores the visited location (path, query and hash) after sign-in', async () => {
    const { page } = browser;
    await signedInAt(page, '/users?search=nobody#results');
    expect(new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash).toBe('/console/users?search=nobody#results');
    await page.getByText('Nothing matches your search.').waitFor();
  });

  it('creates a single-page app and validates its redirect URIs with the schema rules', async () => {
    const { page } = browser;
    await signedInAt(page, '/applications');
    await page.getByRole('link', { name: 'Create application' }).first().click();
    await page.getByTestId('application-type-SPA').click();
    await page.getByLabel(/^Name/).fill('Storefront');
    await page.getByRole('dialog').getByRole('button', { name: 'Create application' }).click();
    await page.waitForURL(/\/console\/applications\/\w+\/settings$/);
    const id = page.url().split('/').at(-2)!;

    await page.getByLabel('Redirect URIs 1', { exact: true }).fill('not a url');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Must be an absolute http(s) URL without a fragment (#).').waitFor();
    await page.getByLabel('Redirect URIs 1', { exact: true }).fill('https://shop.example.com/callback');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();

    const admin = await server.api();
    const stored = await admin.get(`/applications/${id}`);
    expect(stored.body).toMatchObject({ type: 'SPA', name: 'Storefront', oidcClientMetadata: { redirectUris: ['https://shop.example.com/callback'] } });

    // Lists read Total-Number; the new app is there.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Applications' }).click();
    await page.getByRole('link', { name: 'Storefront' }).waitFor();
    await expect(page.getByText('1–1 of 1').isVisible()).resolves.toBe(true);
  });

  it("sets and clears an app's back-channel logout URI", async () => {
    const { page } = browser;
    const admin = await server.api();
    const app = (await admin.post('/applications', { name: 'Backoffice', type: 'Traditional', oidcClientMetadata: { redirectUris: ['https://office.example.com/cb'] } }))
      .body;
    await signedInAt(page, `/applications/${app.id}/settings`);
    const uri = page.getByLabel('Back-channel logout URI', { exact: true });
    await uri.fill('office.example.com/logout');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Must be an absolute http(s) URL.').waitFor();
    await uri.fill('https://office.example.com/logout');
    await page.getByRole('switch', { name: 'Include the session ID' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    expect((await admin.get(`/applications/${app.id}`)).body.oidcClientMetadata).toMatchObject({
      backchannelLogoutUri: 'https://office.example.com/logout',
      backchannelLogoutSessionRequired: true,
    });
    const discovered = await (await fetch(`${server.endpoint}/oidc/.well-known/openid-configuration`)).json();
    expect(discovered.backchannel_logout_session_supported).toBe(true);

    await uri.fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').last().waitFor();
    await expect.poll(async () => (await admin.get(`/applications/${app.id}`)).body.oidcClientMetadata).not.toHaveProperty('backchannelLogoutUri');
  });

  it('creates an API resource and a permission, refusing a scope name with a space', async () => {
    const { page } = browser;
    await signedInAt(page, '/api-resources/create');
    await page.getByLabel(/^Name/).fill('Orders API');
    await page.getByLabel(/^API identifier/).fill('https://api.example.com/orders');
    await page.getByRole('dialog').getByRole('button', { name: 'Create API resource' }).click();
    await page.waitForURL(/\/api-resources\/\w+\/permissions$/);

    await page.getByRole('button', { name: 'Create permission' }).first().click();
    await page.getByLabel(/^Permission name/).fill('read orders');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByText('Must not contain spaces, double quotes or backslashes.').waitFor();
    await page.getByLabel(/^Permission name/).fill('read:orders');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('cell', { name: 'read:orders' }).waitFor();

    // A duplicate is the server's 409, shown next to the field.
    await page.getByRole('button', { name: 'Create permission' }).first().click();
    await page.getByLabel(/^Permission name/).fill('read:orders');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('dialog').getByText('already has a permission named "read:orders"').waitFor();
  });

  it('adds a user with a generated password that the server accepts', async () => {
    const { page, context } = browser;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.endpoint });
    await signedInAt(page, '/users');
    await page.getByRole('link', { name: 'Add user' }).first().click();
    await page.getByLabel(/^Username/).fill('grace');
    await page.getByRole('dialog').getByRole('button', { name: 'Add user' }).click();
    await page.getByText('User added').waitFor();
    const generated = (await page.getByRole('dialog').getByTestId('copy-box-value').textContent())!;
    expect(generated).toHaveLength(16);

    await page.getByRole('button', { name: 'View user details' }).click();
    await page.waitForURL(/\/console\/users\/\w+\/settings$/);
    const id = page.url().split('/').at(-2)!;
    const admin = await server.api();
    const verify = await admin.post(`/users/${id}/password/verify`, { password: generated });
    expect(verify.status).toBe(204);

    await page.getByLabel(/^Given name/).fill('Grace');
    await page.getByRole('button', { name: 'Save changes' }).first().click();
    await page.getByText('Saved.').waitFor();
    expect((await admin.get(`/users/${id}`)).body.profile.givenName).toBe('Grace');
  });

  it("signs a user out everywhere from the user's page: their refresh token stops working", async () => {
    const { page } = browser;
    const admin = await server.api();
    const user = (await admin.post('/users', { username: 'travelling_ada', password: 'Correct-Horse-92!' })).body;
    const app = await createWebApp(admin, { name: 'Ada app' });
    const client = await createExperienceClient(server.endpoint, app);
    await client.authorize();
    await client.api('PUT', '', { interactionEvent: 'SignIn' });
    const verified = await client.api('POST', '/verification/password', {
      identifier: { type: 'username', value: 'travelling_ada' },
      password: 'Correct-Horse-92!',
    });
    await client.api('POST', '/identification', { verificationId: verified.body.verificationId });
    const tokens = await client.exchange(await client.follow((await client.api('POST', '/submit', {})).body.redirectTo));
    const refresh = () =>
      postForm(`${server.endpoint}/oidc/token`, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }, basicAuth(app.id, app.secret!));

    await signedInAt(page, `/users/${user.id}/settings`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Sign travelling_ada out of every device and app?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByText('Signed out everywhere.').waitFor();
    expect((await refresh()).body.error).toBe('invalid_grant');
    // The account itself is untouched.
    expect((await admin.get(`/users/${user.id}`)).body.isSuspended).toBe(false);
  });

  it('says when a user search shows only its first 1,000 matches', async () => {
    const { page } = browser;
    // Rows straight into the table: a thousand API calls would hash a thousand passwords.
    await server.gatehouse.scopeFor('default').transaction(async (tx) => {
      const rows = Array.from({ length: 1005 }, (_, n) => ({ tenantId: 'default', id: `bulk${String(n).padStart(8, '0')}`, username: `bulk_member_${n}` }));
      for (let from = 0; from < rows.length; from += 500) {
        await tx.insert(users).values(rows.slice(from, from + 500));
      }
    });
    await signedInAt(page, '/users?search=bulk_member');
    await page.getByText('1–20 of the first 1,000 matches (refine the search to see others)').waitFor();
    await page.goto(consoleUrl('/users?search=bulk_member_100'));
    // bulk_member_100 and bulk_member_1000…1004: counted exactly.
    await page.getByText('1–6 of 6').waitFor();
  });

  it('switches to German and to the dark appearance, and keeps both across reloads', async () => {
    const { page } = browser;
    await signedInAt(page, '/applications');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /Appearance/ }).hover();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /Language/ }).hover();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'de' && document.documentElement.dir === 'ltr');
    await page.getByRole('heading', { name: 'Anwendungen' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Anwendungen' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');

    // The choice is kept in the account: back to English for the tests that follow.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /Sprache/ }).hover();
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/me/custom-data') && response.request().method() === 'PATCH');
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Applications' }).waitFor();
    await saved;
  });

  it('switches to Arabic (right to left), keeps it across reloads, and signs out', async () => {
    const { page } = browser;
    await signedInAt(page, '/applications');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /Language/ }).hover();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
    await page.getByRole('heading', { name: 'التطبيقات' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'التطبيقات' }).waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    // Back at /console without a session: sent to sign in again.
    await page.waitForURL(/\/t\/admin\/sign-in/);
  });
});
