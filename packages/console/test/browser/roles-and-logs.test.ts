import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createExperienceClient, createWebApp } from '../../../core/test/setup/experience-client.js';
import { basicAuth, postForm } from '../../../core/test/setup/forms.js';
import { useBrowser } from '../../../core/test/setup/browser.js';
import type { TestServer } from '../../../core/test/setup/test-server.js';
import { userSsoIdentities } from '../../../core/src/modules/users/users.table.js';
import { openConsoleAt, startConsoleServer } from './console-session.js';

/**
 * Roles, the user detail tabs (roles, logs, social identities) and the audit log in Chromium,
 * against the real management API. Needs the built console (`npm run build:console`).
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
const browser = useBrowser();

beforeAll(async () => {
  server = await startConsoleServer();
  admin = await server.api();
});
afterAll(async () => server?.close());

const idFromUrl = (page: Page, segmentFromEnd: number) => page.url().split('/').at(-segmentFromEnd)!;

/** Registers a user of the default tenant through the sign-in flow of `app`: real sign-in flow and token logs. */
const registerThrough = async (app: Awaited<ReturnType<typeof createWebApp>>, username: string) => {
  const client = await createExperienceClient(server.endpoint, app);
  await client.authorize({ first_screen: 'register' });
  for (const [method, path, body] of [
    ['PUT', '', { interactionEvent: 'Register' }],
    ['POST', '/identification', { identifier: { type: 'username', value: username } }],
    ['POST', '/profile', { type: 'password', value: 'Correct-Horse-92!' }],
  ] as const) {
    const step = await client.api(method, path, body);
    expect(step.status, JSON.stringify(step.body)).toBe(204);
  }
  const submitted = await client.api('POST', '/submit', {});
  await client.exchange(await client.follow(submitted.body.redirectTo));
  const [user] = (await admin.get(`/users?search=${username}&mode=exact`)).body;
  return user as { id: string };
};

describe('roles', () => {
  it('creates a role with a permission, assigns it to a user from its users tab, and shows it on the user', async () => {
    const { page } = browser;
    const resource = (await admin.post('/resources', { name: 'Ledger API', indicator: 'https://ledger.example.com' })).body;
    await admin.post(`/resources/${resource.id}/scopes`, { name: 'read:ledger', description: 'Read entries' });
    await admin.post(`/resources/${resource.id}/scopes`, { name: 'write:ledger' });
    const user = (await admin.post('/users', { username: 'ada_ledger', name: 'Ada Ledger' })).body;

    await openConsoleAt(page, server, '/roles');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Roles' }).waitFor();
    await page.getByRole('link', { name: 'Create role' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create role' }).click();
    await dialog.getByText('Required.').first().waitFor();
    await dialog.getByLabel(/^Role name/).fill('Ledger reader');
    await dialog.getByLabel(/^Description/).fill('Reads the ledger');
    await dialog.getByRole('button', { name: /Ledger API/ }).click();
    await dialog.getByRole('checkbox', { name: 'read:ledger' }).check();
    await dialog.getByText('Selected: 1').waitFor();
    await dialog.getByRole('button', { name: 'Create role' }).click();
    await page.waitForURL(/\/console\/roles\/\w+\/permissions$/);
    const roleId = idFromUrl(page, 2);
    await page.getByRole('cell', { name: 'read:ledger', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Ledger API', exact: true }).waitFor();
    const scopes = await admin.get(`/roles/${roleId}/scopes`);
    expect(scopes.body.map((scope: { name: string }) => scope.name)).toEqual(['read:ledger']);
    // A User role has a users tab and no machine-to-machine apps tab.
    await page.getByRole('tab', { name: 'General' }).waitFor();
    await expect(page.getByRole('tab').allTextContents()).resolves.toEqual(['Permissions', 'Users', 'General']);

    await page.getByRole('tab', { name: 'Users' }).click();
    await page.waitForURL(/\/roles\/\w+\/users$/);
    await page.getByText('No users have this role').waitFor();
    await page.getByRole('button', { name: 'Assign users' }).first().click();
    await page.getByRole('dialog').getByLabel('Users').fill('ada_led');
    await page.getByRole('option', { name: /Ada Ledger/ }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Assign users to Ledger reader' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Assign users' }).click();
    await page.getByText('Users assigned.').waitFor();
    await page.getByRole('link', { name: 'Ada Ledger' }).waitFor();
    const holders = await admin.get(`/roles/${roleId}/users`);
    expect(holders.body.map((holder: { id: string }) => holder.id)).toEqual([user.id]);
    // The role list counts its holders.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Roles' }).click();
    await page.getByRole('link', { name: 'Ledger reader' }).getByText('Users: 1', { exact: true }).waitFor();
    await page.goBack();

    // The row opens the user's roles tab, where the role shows; removing it asks first.
    await page.getByRole('link', { name: 'Ada Ledger' }).click();
    await page.waitForURL(new RegExp(`/users/${user.id}/roles$`));
    await page.getByRole('cell', { name: 'Ledger reader', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove Ledger reader' }).click();
    await page.getByRole('dialog').getByText('Remove the role "Ledger reader" from Ada Ledger?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No roles assigned').waitFor();
    expect((await admin.get(`/users/${user.id}/roles`)).body).toEqual([]);
  });

  it('shows machine-to-machine apps instead of users for a machine-to-machine role, and deletes a role after confirmation', async () => {
    const { page } = browser;
    const role = (await admin.post('/roles', { name: 'Nightly jobs', description: 'Batch work', type: 'MachineToMachine' })).body;
    await admin.post('/applications', { name: 'Night runner', type: 'MachineToMachine' });
    await openConsoleAt(page, server, `/roles/${role.id}`);
    await page.waitForURL(/\/permissions$/);
    await page.getByRole('tab', { name: 'General' }).waitFor();
    await expect(page.getByRole('tab').allTextContents()).resolves.toEqual(['Permissions', 'Machine-to-machine apps', 'General']);
    await page.goto(page.url().replace(/permissions$/, 'users'));
    await page.getByText('Page not found').waitFor();

    await page.goto(page.url().replace(/users$/, 'machine-to-machine-apps'));
    await page.getByRole('button', { name: 'Assign applications' }).first().click();
    await page.getByRole('dialog').getByLabel('Machine-to-machine apps').click();
    await page.getByRole('option', { name: 'Night runner' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Assign machine-to-machine apps to Nightly jobs' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Assign applications' }).click();
    await page.getByRole('link', { name: 'Night runner' }).waitFor();
    expect((await admin.get(`/roles/${role.id}/applications`)).body.map((app: { name: string }) => app.name)).toEqual(['Night runner']);

    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('Delete the role "Nightly jobs"?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/console\/roles$/);
    expect((await admin.get(`/roles/${role.id}`)).status).toBe(404);
  });

  it('asks before leaving unsaved settings of a role, and not once the role is deleted', async () => {
    const { page } = browser;
    const role = (await admin.post('/roles', { name: 'Temporary', description: 'Short-lived' })).body;
    await openConsoleAt(page, server, `/roles/${role.id}/general`);
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.fill('Changed');
    // Another tab of the same role is another page: the question comes, and staying keeps the edit.
    await page.getByRole('tab', { name: 'Permissions' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/general$/);
    await expect(description.inputValue()).resolves.toBe('Changed');

    // Deleting the role leaves its changes behind without asking.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete role' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/console\/roles$/);
    await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
    expect(await leave.count()).toBe(0);
    expect((await admin.get(`/roles/${role.id}`)).status).toBe(404);
  });
});

describe('audit logs', () => {
  it('filters the audit log by event and user, and opens an entry', async () => {
    const { page } = browser;
    const shop = await createWebApp(admin, { name: 'Log shop' });
    const user = await registerThrough(shop, 'log_lovelace');
    const robot = (await admin.post('/applications', { name: 'Log robot', type: 'MachineToMachine' })).body;
    const [secret] = (await admin.get(`/applications/${robot.id}/secrets`)).body;
    await postForm(`${server.endpoint}/oidc/token`, { grant_type: 'client_credentials' }, { ...basicAuth(robot.id, secret.value), 'user-agent': 'robot/1.0' });
    await postForm(`${server.endpoint}/oidc/token`, { grant_type: 'client_credentials' }, basicAuth(robot.id, `${secret.value}x`));

    await openConsoleAt(page, server, '/audit-logs');
    await page.getByRole('heading', { name: 'Audit logs' }).waitFor();
    await page.getByRole('link', { name: 'Token by client credentials' }).first().waitFor();
    await page.getByRole('combobox', { name: 'Event' }).click();
    await page.getByRole('option', { name: 'Token by authorization code' }).click();
    await page.waitForURL(/event=ExchangeTokenBy.AuthorizationCode/);
    await page.getByText('1–1 of 1').waitFor();
    const row = page.getByRole('link', { name: 'Token by authorization code' });
    await row.getByRole('link', { name: 'log_lovelace' }).waitFor();
    await row.getByRole('link', { name: 'Log shop' }).waitFor();

    await row.getByRole('cell').first().click();
    await page.waitForURL(/\/console\/audit-logs\/\w+$/);
    await page.getByRole('heading', { name: 'Token by authorization code' }).waitFor();
    await page.getByText('ExchangeTokenBy.AuthorizationCode', { exact: true }).waitFor();
    await page.getByText('"grantType": "authorization_code"').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Audit logs', exact: true }).click();
    await page.waitForURL(/\/console\/audit-logs\?event=ExchangeTokenBy.AuthorizationCode$/);

    // Only this user's entries: the sign-in flow steps and the code exchange, never the robot's tokens.
    // Picking the chosen event again clears the filter.
    await page.getByRole('combobox', { name: 'Event' }).click();
    await page.getByRole('option', { name: 'Token by authorization code' }).click();
    await page.waitForURL((url) => !url.searchParams.has('event'));
    await page.getByLabel('User ID').fill(user.id);
    await page.waitForURL(new RegExp(`user_id=${user.id}`));
    const userLogs = await admin.get(`/logs?userId=${user.id}`);
    await page.getByText(`1–${userLogs.body.length} of ${userLogs.body.length}`).waitFor();
    await page.getByRole('link', { name: 'Registration · Submitted' }).waitFor();
    await expect(page.getByRole('link', { name: 'Token by client credentials' }).count()).resolves.toBe(0);
  });

  it("lists a user's and an application's logs on their tabs and opens their entries", async () => {
    const { page } = browser;
    const shop = await createWebApp(admin, { name: 'Tab shop' });
    const user = await registerThrough(shop, 'tab_turing');
    const robot = (await admin.post('/applications', { name: 'Tab robot', type: 'MachineToMachine' })).body;
    const [secret] = (await admin.get(`/applications/${robot.id}/secrets`)).body;
    await postForm(`${server.endpoint}/oidc/token`, { grant_type: 'client_credentials' }, basicAuth(robot.id, `${secret.value}x`));

    await openConsoleAt(page, server, `/users/${user.id}/logs`);
    await page.getByRole('link', { name: 'Registration · Submitted' }).click();
    await page.waitForURL(new RegExp(`/users/${user.id}/logs/\\w+$`));
    await page.getByRole('heading', { name: 'Registration · Submitted' }).waitFor();
    await page.getByRole('link', { name: 'User logs' }).click();
    await page.waitForURL(new RegExp(`/users/${user.id}/logs$`));

    await page.goto(page.url().replace(`/users/${user.id}/logs`, `/applications/${robot.id}/logs`));
    await page.getByRole('link', { name: 'Token by client credentials' }).click();
    await page.waitForURL(new RegExp(`/applications/${robot.id}/logs/\\w+$`));
    await page.getByText('Failed').first().waitFor();
    await page.getByRole('heading', { name: 'Error' }).waitFor();
    await page.getByText('"code": "invalid_client"').first().waitFor();
    // An entry about another application is not found under this one.
    const [userEntry] = (await admin.get(`/logs?userId=${user.id}`)).body;
    await page.goto(page.url().replace(/logs\/\w+$/, `logs/${userEntry.id}`));
    await page.getByText('Not found').waitFor();
  });
});

describe('long audit logs', () => {
  it('goes on past the newest 10,000 entries it counts, to older ones, and back', async () => {
    const { page } = browser;
    const robot = (await admin.post('/applications', { name: 'Busy robot', type: 'MachineToMachine' })).body;
    // 10,030 entries of this app, a second apart, the newest an hour ago.
    const newest = Date.now() - 3_600_000;
    const { sql } = await import('drizzle-orm');
    await server.gatehouse.scopeFor('default').transaction((tx) =>
      tx.execute(sql`insert into logs (tenant_id, id, key, payload, created_at)
        select 'default', 'busy' || lpad(n::text, 8, '0'), 'ExchangeTokenBy.ClientCredentials',
               jsonb_build_object('key', 'ExchangeTokenBy.ClientCredentials', 'result', 'Success', 'applicationId', ${robot.id}::text),
               to_timestamp(${newest / 1000}::double precision - n)
        from generate_series(0, 10029) as n`),
    );

    await openConsoleAt(page, server, `/applications/${robot.id}/logs?page=500`);
    await page.getByText('9,981–10,000 of the first 10,000 matches').waitFor();
    await page.getByRole('button', { name: 'Older entries' }).click();
    await page.waitForURL(/before=\d+/);
    // The 30 entries past the 10,000th, and the 10,000th again (entries of its millisecond come back).
    await page.getByText('1–20 of 31').waitFor();
    await page.getByText(/^Entries from .+ and older$/).waitFor();
    await page.getByRole('button', { name: 'Back to the newest' }).click();
    await page.waitForURL((url) => !url.searchParams.has('before'));
    await page.getByText('1–20 of the first 10,000 matches').waitFor();
  });
});

describe('user detail', () => {
  it('opens a social identity from the user settings and removes it after confirmation', async () => {
    const { page } = browser;
    const user = (await admin.post('/users', { username: 'hedy_social' })).body;
    await admin.put(`/users/${user.id}/identities/github`, { userId: 'gh-4242', details: { login: 'hedy', email: 'hedy@example.com' } });

    await openConsoleAt(page, server, `/users/${user.id}/settings`);
    await page.getByRole('heading', { name: 'Social identities' }).waitFor();
    // The row is a link named by what it shows: the provider and the user's id there.
    await page.getByRole('link', { name: 'github gh-4242' }).click();
    await page.waitForURL(new RegExp(`/users/${user.id}/social-identities/github$`));
    await page.getByText('gh-4242').waitFor();
    await page.getByText('"login": "hedy"').waitFor();
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByText('Remove the github identity from hedy_social?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.waitForURL(new RegExp(`/users/${user.id}/settings$`));
    await page.getByText('No social identities linked.').waitFor();
    expect((await admin.get(`/users/${user.id}/identities`)).body).toEqual({});
  });

  it('sets a first password for a user who has none, then offers to reset it', async () => {
    const { page } = browser;
    const user = (await admin.post('/users', { username: 'ada_social' })).body;
    expect(user.hasPassword).toBe(false);

    await openConsoleAt(page, server, `/users/${user.id}/settings`);
    await page.getByRole('button', { name: 'More actions' }).click();
    // No password yet: nothing "stops working", the action sets one.
    await expect(page.getByRole('menuitem', { name: 'Reset password' }).count()).resolves.toBe(0);
    await page.getByRole('menuitem', { name: 'Set password' }).click();
    const question = page.getByRole('dialog', { name: 'Set password' });
    await question.getByText('Generate a password for ada_social? They do not have one yet.').waitFor();
    await question.getByRole('button', { name: 'Set password' }).click();
    const shown = page.getByRole('dialog', { name: 'New password' });
    const password = (await shown.getByTestId('copy-box-value').textContent())?.trim() ?? '';
    expect(password.length).toBeGreaterThanOrEqual(8);
    expect((await admin.post(`/users/${user.id}/password/verify`, { password })).status).toBe(204);
    await page.keyboard.press('Escape');
    await shown.waitFor({ state: 'hidden' });

    // Now it has one: the same action resets it, and says the current one stops working.
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Reset password' }).click();
    await page.getByRole('dialog', { name: 'Reset password' }).getByText('The current one stops working at once.').waitFor();
  });

  it('shows an enterprise SSO identity of the user, read-only', async () => {
    const { page } = browser;
    const user = (await admin.post('/users', { username: 'grace_sso' })).body;
    // Enterprise SSO sign-in writes these; here one is put in place as it would leave it.
    await server.gatehouse.scopeFor('default').transaction((tx) =>
      tx.insert(userSsoIdentities).values({
        tenantId: 'default',
        id: 'sso-identity-1',
        userId: user.id,
        ssoConnectorId: 'acme-okta',
        issuer: 'https://acme.okta.example.com',
        identityId: 'okta-00u1',
        detail: { email: 'grace@acme.example.com', groups: ['engineering'] },
      }),
    );

    await openConsoleAt(page, server, `/users/${user.id}/settings`);
    await page.getByRole('heading', { name: 'Enterprise SSO identities' }).waitFor();
    await page.getByRole('link', { name: /https:\/\/acme\.okta\.example\.com/ }).click();
    await page.waitForURL(new RegExp(`/users/${user.id}/sso-identities/acme-okta$`));
    await page.getByText('okta-00u1').waitFor();
    await page.getByText('"groups": [').waitFor();
    await expect(page.getByRole('button', { name: 'Remove' }).count()).resolves.toBe(0);
  });
});
