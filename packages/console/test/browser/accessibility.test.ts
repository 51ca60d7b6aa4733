import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accessibilityFindings, useBrowser } from '../../../core/test/setup/browser.js';
import type { TestServer } from '../../../core/test/setup/test-server.js';
import { consoleUrl, openConsoleAt, startConsoleServer } from './console-session.js';

/**
 * axe-core's WCAG 2.1 A and AA rules and best practices on the console's pages, in light and dark
 * mode: contrast of secondary text, one level-one heading per page, headings in order, named
 * table columns.
 */

let server: TestServer;
const browser = useBrowser();
/** The application, API resource, role and user created below, for their detail pages. */
let ids: string[] = [];

beforeAll(async () => {
  server = await startConsoleServer();
  // Rows in the lists and detail pages to open, so that those are checked too.
  const admin = await server.api();
  const created = await Promise.all([
    admin.post('/applications', { name: 'Storefront', type: 'SPA', oidcClientMetadata: { redirectUris: ['https://shop.example.com/callback'] } }),
    admin.post('/resources', { name: 'Orders API', indicator: 'https://orders.example.com' }),
    admin.post('/roles', { name: 'Support', description: 'Answers customers' }),
    admin.post('/users', { username: 'listed_user', primaryEmail: 'listed@example.com' }),
    admin.post('/custom-profile-fields', { name: 'company', type: 'Text', label: 'Company', required: false, config: {} }),
  ]);
  expect(created.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
  ids = created.map((response) => response.body.id as string);
});
afterAll(async () => server?.close());

const pages = () => {
  const [application, resource, role, user] = ids;
  return [
    '/get-started',
    '/dashboard',
    '/applications',
    `/applications/${application}/settings`,
    '/api-resources',
    `/api-resources/${resource}/permissions`,
    `/api-resources/${resource}/settings`,
    '/sign-in-experience/branding',
    '/sign-in-experience/sign-up-and-sign-in',
    '/sign-in-experience/collect-user-profile',
    '/sign-in-experience/collect-user-profile/fields/company',
    '/sign-in-experience/content',
    '/connectors/passwordless',
    '/connectors/social',
    '/security/password-policy',
    '/security/blocklist',
    '/security/captcha',
    '/security/general',
    '/users',
    `/users/${user}/settings`,
    `/users/${user}/roles`,
    '/roles',
    `/roles/${role}/permissions`,
    `/roles/${role}/settings`,
    '/audit-logs',
    '/signing-keys',
  ];
};

describe('accessibility of the console', () => {
  it('has no axe-core findings on its pages, in light and dark mode', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/get-started');
    const findings: string[] = [];
    for (const path of pages()) {
      await page.goto(consoleUrl(server, path));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Lists and forms fill in after their first request.
      await page.waitForLoadState('networkidle');
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        findings.push(...(await accessibilityFindings(page, { incomplete: false })).map((finding) => `${path} (${colorScheme}): ${finding}`));
      }
    }
    expect(findings).toEqual([]);
  }, 180_000);
});
