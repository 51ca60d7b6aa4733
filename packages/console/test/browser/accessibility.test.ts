import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startSmtpServer, useBrowser } from '../../../core/test/setup/browser.js';
import { createExperienceClient, createWebApp } from '../../../core/test/setup/experience-client.js';
import type { TestServer } from '../../../core/test/setup/test-server.js';
import { userSsoIdentities } from '../../../core/src/modules/users/users.table.js';
import { consoleAdmin, consoleUrl, findingsOn, openConsoleAt, startConsoleServer } from './console-session.js';

/**
 * axe-core's WCAG 2.1 A and AA rules and best practices on the console's pages, in light and dark
 * mode: contrast of secondary text, one level-one heading per page, headings in order, named
 * table columns.
 */

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const browser = useBrowser();
/** Entities created below, for their detail pages, tabs and guides. */
let ids: Record<'app' | 'partnerApp' | 'resource' | 'role' | 'robotRole' | 'user' | 'connector' | 'log', string>;

beforeAll(async () => {
  // With every help link set, so the top bar shows the help button and its dialog lists them all.
  server = await startConsoleServer({
    env: {
      CONSOLE_COMMUNITY_URL: 'https://community.example.com',
      CONSOLE_ISSUES_URL: 'https://github.com/example/gatehouse/issues',
      CONSOLE_SUPPORT_EMAIL: 'support@example.com',
      CONSOLE_CONTACT_URL: 'https://example.com/contact',
    },
  });
  // Rows in the lists and detail pages to open, so that those are checked too.
  const admin = await server.api();
  smtp = await startSmtpServer();
  const created = await Promise.all([
    admin.post('/applications', { name: 'Storefront', type: 'SPA', oidcClientMetadata: { redirectUris: ['https://shop.example.com/callback'] } }),
    admin.post('/applications', {
      name: 'Partner portal',
      type: 'Traditional',
      isThirdParty: true,
      oidcClientMetadata: { redirectUris: ['https://partner.example.com/callback'] },
    }),
    admin.post('/resources', { name: 'Orders API', indicator: 'https://orders.example.com' }),
    admin.post('/roles', { name: 'Support', description: 'Answers customers' }),
    admin.post('/roles', { name: 'Robots', description: 'Machines', type: 'MachineToMachine' }),
    admin.post('/users', { username: 'listed_user', primaryEmail: 'listed@example.com' }),
    admin.post('/connectors', smtp.connector),
    admin.post('/custom-profile-fields', { name: 'company', type: 'Text', label: 'Company', required: false, config: {} }),
  ]);
  expect(created.map((response) => response.status)).toEqual([201, 201, 201, 201, 201, 201, 201, 201]);
  const [app, partnerApp, resource, role, robotRole, user, connector] = created.map((response) => response.body.id as string);
  // A linked social identity, listed on the user's settings and opened on its own page.
  expect((await admin.put(`/users/${user}/identities/github`, { userId: 'gh-4242', details: { login: 'listed' } })).status).toBe(200);
  // And an enterprise SSO identity, as SSO sign-in leaves it.
  await server.gatehouse.scopeFor('default').transaction((tx) =>
    tx.insert(userSsoIdentities).values({
      tenantId: 'default',
      id: 'sso-identity-a11y',
      userId: user!,
      ssoConnectorId: 'acme-okta',
      issuer: 'https://acme.okta.example.com',
      identityId: 'okta-00u1',
      detail: { email: 'listed@acme.example.com' },
    }),
  );
  // A sign-in attempt writes an audit log entry to open.
  const client = await createExperienceClient(server.endpoint, await createWebApp(admin));
  await client.authorize();
  expect((await client.api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);
  const [log] = (await admin.get('/logs')).body;
  ids = { app: app!, partnerApp: partnerApp!, resource: resource!, role: role!, robotRole: robotRole!, user: user!, connector: connector!, log: log.id };
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/**
 * Opens `path` of the console (of `on`, by default the server above) and checks it once its main
 * heading (and, with `dialog`, that dialog) is shown and its data loaded.
 */
const checkPage = async (page: Page, path: string, { dialog, on = server }: { dialog?: string; on?: TestServer } = {}) => {
  await page.goto(consoleUrl(on, path));
  await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor()
    .catch(() => {
      throw new Error(`${path}: no level-one heading`);
    });
  if (dialog) {
    await page.getByRole('dialog', { name: dialog }).waitFor();
  }
  // Lists and forms fill in after their first request.
  await page.waitForLoadState('networkidle');
  return findingsOn(page, path);
};

describe('accessibility of the console', () => {
  it('has no axe-core findings on its pages, in light and dark mode', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/get-started');
    const pages = [
      '/get-started',
      '/dashboard',
      '/applications',
      '/applications/third-party-applications',
      `/applications/${ids.app}/settings`,
      `/applications/${ids.app}/logs`,
      `/applications/${ids.partnerApp}/branding`,
      `/applications/${ids.partnerApp}/permissions`,
      '/api-resources',
      `/api-resources/${ids.resource}/permissions`,
      `/api-resources/${ids.resource}/general`,
      '/sign-in-experience/branding',
      '/sign-in-experience/sign-up-and-sign-in',
      '/sign-in-experience/collect-user-profile',
      '/sign-in-experience/collect-user-profile/fields/company',
      '/sign-in-experience/content',
      '/connectors/passwordless',
      `/connectors/passwordless/${ids.connector}`,
      '/connectors/social',
      '/security/password-policy',
      '/security/blocklist',
      '/security/captcha',
      '/security/general',
      '/users',
      `/users/${ids.user}/settings`,
      `/users/${ids.user}/roles`,
      `/users/${ids.user}/logs`,
      `/users/${ids.user}/social-identities/github`,
      `/users/${ids.user}/sso-identities/acme-okta`,
      '/roles',
      `/roles/${ids.role}/permissions`,
      `/roles/${ids.role}/users`,
      `/roles/${ids.role}/general`,
      `/roles/${ids.robotRole}/machine-to-machine-apps`,
      '/audit-logs',
      `/audit-logs/${ids.log}`,
      '/signing-keys',
      '/no-such-page',
    ];
    const findings: string[] = [];
    for (const path of pages) {
      findings.push(...(await checkPage(page, path)));
    }
    expect(findings).toEqual([]);
  }, 240_000);

  it('has none in creation dialogs (also with errors), guides and the profile pages', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/get-started');
    const findings: string[] = [];
    const dialogs: [string, string][] = [
      ['/applications/create', 'Create an application'],
      ['/api-resources/create', 'Create an API resource'],
      ['/users/create', 'Add a user'],
      ['/roles/create', 'Create a role'],
      ['/connectors/passwordless/create/email', 'Set up an email connector'],
      ['/connectors/passwordless/create/sms', 'Set up an SMS connector'],
      ['/connectors/social/create/social', 'Add a social connector'],
    ];
    for (const [path, name] of dialogs) {
      findings.push(...(await checkPage(page, path, { dialog: name })));
    }
    // A dialog with its fields' errors shown.
    await checkPage(page, '/roles/create', { dialog: 'Create a role' });
    await page.getByRole('dialog').getByRole('button', { name: 'Create role' }).click();
    await page.getByRole('dialog').getByText('Required.').first().waitFor();
    findings.push(...(await findingsOn(page, '/roles/create with errors')));

    // Dialogs opened on a page: assigning permissions, a deletion to confirm, leaving unsaved changes.
    await checkPage(page, `/roles/${ids.role}/permissions`);
    await page.getByRole('button', { name: 'Assign permissions' }).first().click();
    await page.getByRole('dialog', { name: 'Assign permissions to Support' }).waitFor();
    findings.push(...(await findingsOn(page, 'assign permissions dialog')));
    await page.keyboard.press('Escape');
    await checkPage(page, `/roles/${ids.role}/general`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete role' }).waitFor();
    findings.push(...(await findingsOn(page, 'delete confirmation')));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Delete role' }).waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Description' }).fill('Answers customers politely');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).waitFor();
    findings.push(...(await findingsOn(page, 'unsaved changes dialog')));
    await page.getByRole('button', { name: 'Leave and discard' }).click();
    await page.waitForURL(/\/dashboard$/);

    // The help dialog of the top bar, with every way to get help.
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('dialog', { name: 'Contact us' }).waitFor();
    findings.push(...(await findingsOn(page, 'help dialog')));
    await page.keyboard.press('Escape');

    // The details of a configured captcha provider.
    expect((await (await server.api()).put('/captcha-provider', { type: 'Turnstile', siteKey: 'site-key', secretKey: 'secret-key' })).status).toBe(200);
    for (const path of [
      '/security/captcha/details',
      `/applications/${ids.app}/guide/react`,
      `/api-resources/${ids.resource}/guide/python-pyjwt`,
      '/connectors/passwordless/guide/smtp',
      '/connectors/social/guide/github',
      '/security/captcha/guide/turnstile',
      '/profile',
      '/profile/link-email',
      '/profile/verify-password',
    ]) {
      findings.push(...(await checkPage(page, path)));
    }
    // On from verify-password (the page above) to the new password form, and its errors.
    await page.getByLabel('Current password', { exact: true }).fill(consoleAdmin.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/profile\/change-password$/);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('shorts');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    findings.push(...(await findingsOn(page, '/profile/change-password with errors')));
    expect(findings).toEqual([]);
  }, 240_000);

  it('has none on the welcome screen of a fresh install, also with errors', async () => {
    const fresh = await startConsoleServer({ withAdmin: false });
    try {
      const { page } = browser;
      const findings = await checkPage(page, '/welcome', { on: fresh });
      await page.getByLabel(/^Password/).fill('short');
      await page.getByLabel(/^Confirm password/).fill('shorts');
      await page.getByRole('button', { name: 'Create administrator' }).click();
      await page.getByText('The passwords do not match.').waitFor();
      findings.push(...(await findingsOn(page, '/welcome with errors')));
      expect(findings).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
