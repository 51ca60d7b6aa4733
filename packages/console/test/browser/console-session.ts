import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Page } from 'playwright-core';

import { accessibilityFindings } from '../../../core/test/setup/browser.js';
import { startTestServer, type TestServer } from '../../../core/test/setup/test-server.js';

/**
 * What every console browser test file needs: a server with the built console, an administrator,
 * and a signed-in page. The first-run screen itself is walked by console.test.ts; the other files
 * create the administrator through the same API the welcome screen calls.
 */

export const consoleAdmin = { username: 'console_admin', password: 'Gate-Keeper-2048!' } as const;

const dist = fileURLToPath(new URL('../../dist/index.html', import.meta.url));

/** A test server with the built console (and, unless `withAdmin` is false, its first administrator). */
export const startConsoleServer = async (options: { withAdmin?: boolean; env?: Record<string, string> } = {}) => {
  if (!existsSync(dist)) {
    throw new Error('The console is not built: run `npm run build:console` first.');
  }
  const server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off', ...options.env });
  if (options.withAdmin !== false) {
    const response = await fetch(`${server.endpoint}/api/console/first-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(consoleAdmin),
    });
    if (response.status !== 201) {
      throw new Error(`Creating the console administrator failed: ${response.status} ${await response.text()}`);
    }
  }
  return server;
};

export const consoleUrl = (server: TestServer, path = '') => `${server.endpoint}/console${path}`;

/** The hosted sign-in page of the admin tenant, filled in as the administrator. */
export const signInAsAdmin = async (page: Page) => {
  await page.waitForURL(/\/t\/admin\/sign-in/);
  await page.getByLabel('Username', { exact: true }).fill(consoleAdmin.username);
  await page.getByLabel('Password', { exact: true }).fill(consoleAdmin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

/** Opens `path` of the console, signs in, and waits for the shell. */
export const openConsoleAt = async (page: Page, server: TestServer, path: string) => {
  await page.goto(consoleUrl(server, path));
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
};

/**
 * axe-core's findings on the page as it is now, in light and then dark mode, each prefixed with
 * `label`; the page is left in light mode.
 */
export const findingsOn = async (page: Page, label: string) => {
  const findings: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Mantine follows the system scheme a moment later; dialogs fade in and colours change with a
    // transition: check what is finally shown.
    await page.waitForFunction(
      (scheme) =>
        document.documentElement.dataset.mantineColorScheme === scheme &&
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      colorScheme,
    );
    findings.push(...(await accessibilityFindings(page, { incomplete: false })).map((finding) => `${label} (${colorScheme}): ${finding}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return findings;
};
