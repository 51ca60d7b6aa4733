import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useBrowser } from '../../../core/test/setup/browser.js';
import type { TestServer } from '../../../core/test/setup/test-server.js';
import { consoleAdmin, consoleUrl, openConsoleAt, signInAsAdmin, startConsoleServer } from './console-session.js';

/**
 * Get started, the dashboard and the profile area in Chromium against a real server: steps checked
 * from real data, user counts, the name, the avatar upload (and its size limit), and the password
 * change through verify-password. A tiny release information document gives the new-version dot.
 */

let server: TestServer;
let releaseInfo: Server;
let assetsDir: string;
const browser = useBrowser();

const pngBytes = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

beforeAll(async () => {
  releaseInfo = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    response.end(JSON.stringify({ latestRelease: { tag_name: 'v99.0.0' } }));
  });
  await new Promise<void>((resolve) => releaseInfo.listen(0, '127.0.0.1', resolve));
  assetsDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-console-assets-'));
  server = await startConsoleServer({
    env: { USER_ASSETS_DIR: assetsDir, CONSOLE_RELEASE_INFO_URL: `http://127.0.0.1:${(releaseInfo.address() as AddressInfo).port}/latest.json` },
  });
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => releaseInfo?.close(resolve));
  rmSync(assetsDir, { recursive: true, force: true });
});

/** The console administrator as the admin tenant's management API sees it. */
const consoleAdminUser = async () => {
  const users = await (await server.api('admin')).get(`/users?search=${consoleAdmin.username}`);
  return users.body[0] as { id: string; name: string | null; avatar: string | null };
};

describe('overview and profile', () => {
  it('lands on get started, which checks a step once the tenant has an application', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '');
    await page.waitForURL(/\/console\/get-started$/);
    const application = page.getByTestId('get-started-application');
    await expect(application.getAttribute('data-done')).resolves.toBe('false');
    await expect(page.getByTestId('get-started-progress').textContent()).resolves.toBe('0 of 5 done');
    // The release information document names a newer version than this server's.
    await page.getByTestId('new-version-dot').waitFor();

    const admin = await server.api();
    expect((await admin.post('/applications', { name: 'Storefront', type: 'SPA' })).status).toBe(201);
    await page.reload();
    await page.locator('[data-testid="get-started-application"][data-done="true"]').waitFor();
    await application.getByText('Done').waitFor();
    await expect(page.getByTestId('get-started-progress').textContent()).resolves.toBe('1 of 5 done');
    await expect(page.getByTestId('get-started-user').getAttribute('data-done')).resolves.toBe('false');

    // Each step links to the page that does it.
    await page.getByTestId('get-started-user').getByRole('link', { name: 'Add user' }).click();
    await page.waitForURL(/\/console\/users\/create$/);
  });

  it('shows the number of users on the dashboard', async () => {
    const { page } = browser;
    const admin = await server.api();
    for (const username of ['ada', 'grace', 'edsger']) {
      expect((await admin.post('/users', { username })).status).toBe(201);
    }
    await openConsoleAt(page, server, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByTestId('dashboard-total-users-value').getByText('3', { exact: true }).waitFor();
    await page.getByTestId('dashboard-new-today-value').getByText('3', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Daily active users over 14 days' }).waitFor();
  });

  it('changes the profile name and avatar, refusing a file over the 500 KB limit', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/get-started');
    await page.getByTestId('user-menu').click();
    const profileLink = page.getByTestId('profile-link');
    await expect(profileLink.getAttribute('href')).resolves.toBe('/console/profile');
    await expect(profileLink.getAttribute('target')).resolves.toBe('_blank');

    await page.goto(consoleUrl(server, '/profile'));
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit Name' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('profile-name').getByText('Grace Hopper').waitFor();
    expect((await consoleAdminUser()).name).toBe('Grace Hopper');

    // The username may not be emptied.
    await page.getByRole('button', { name: 'Edit Username' }).click();
    await dialog.getByLabel('Username').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Username is required.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const picker = page.getByTestId('upload-dropzone').locator('input[type="file"]');
    await picker.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([pngBytes, Buffer.alloc(600 * 1024)]) });
    await page.getByRole('alert').getByText('The file is too large. The limit is 500 KB.').waitFor();
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('alert').getByText('This file type is not supported. Use .svg, .png, .jpg, .jpeg, .ico.').waitFor();

    await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBytes });
    await page.getByText('Saved.').first().waitFor();
    await page.getByTestId('profile-avatar').locator('img[src*="/t/admin/user-assets/"]').waitFor();
    const { avatar } = await consoleAdminUser();
    expect(avatar).toMatch(new RegExp(`^${server.endpoint}/t/admin/user-assets/[\\da-z]{21}\\.png$`));
    const served = await fetch(avatar!);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('changes the password after confirming the current one', async () => {
    const { page } = browser;
    await page.goto(consoleUrl(server, '/profile'));
    await signInAsAdmin(page);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/console\/profile\/verify-password$/);

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    // A 422 of a profile update is an alert with Got it (spec §8).
    const alert = page.getByRole('dialog');
    await alert.getByText('The password is not correct.').waitFor();
    await alert.getByRole('button', { name: 'Got it' }).click();

    await page.getByLabel('Current password').fill(consoleAdmin.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/console\/profile\/change-password$/);
    const newPassword = 'Brand-New-Console-Pass-7';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Password changed.').waitFor();
    await page.waitForURL(/\/console\/profile$/);

    const adminTenant = await server.api('admin');
    const { id } = await consoleAdminUser();
    expect((await adminTenant.post(`/users/${id}/password/verify`, { password: newPassword })).status).toBe(204);
    // Later tests of this file sign in with the original password.
    expect((await adminTenant.patch(`/users/${id}/password`, { password: consoleAdmin.password })).status).toBe(200);
  });
});
