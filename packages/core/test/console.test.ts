import { managementApiIndicator } from '@gatehouse/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signInAsConsoleUser } from './setup/console-sign-in.js';
import { createExperienceClient } from './setup/experience-client.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
const resource = managementApiIndicator('default');

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
});
afterAll(async () => server?.close());

const consoleApp = () => ({ id: 'admin-console', redirectUri: `${server.endpoint}/console/callback` });

const consoleSignIn = (username: string, password: string) => signInAsConsoleUser(server, username, password);

const managementCall = (token: string, path: string) =>
  fetch(`${server.endpoint}/api${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('console first run and sign-in', () => {
  it('creates the first administrator once, who then manages the default tenant with a console token', async () => {
    const config = await (await fetch(`${server.endpoint}/api/console/config`)).json();
    expect(config).toMatchObject({
      issuer: `${server.endpoint}/t/admin/oidc`,
      clientId: 'admin-console',
      managementResource: resource,
      tenantEndpoint: server.endpoint,
      firstAdminNeeded: true,
      // No made-up links: the operator sets them (CONSOLE_*_URL), the console hides the rest.
      links: { docs: null, releases: null, community: null, issues: null, email: null, contact: null },
    });

    const post = (body: unknown) =>
      fetch(`${server.endpoint}/api/console/first-admin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const weak = await post({ username: 'root', password: 'root' });
    expect(weak.status).toBe(422);
    expect((await weak.json()).code).toBe('password.rejected');
    const created = await post({ username: 'root', password: 'Admin-Password-42' });
    expect(created.status).toBe(201);
    const again = await post({ username: 'intruder', password: 'Another-Password-42' });
    expect(again.status).toBe(403);
    expect((await again.json()).code).toBe('console.setup_done');
    expect((await (await fetch(`${server.endpoint}/api/console/config`)).json()).firstAdminNeeded).toBe(false);

    const tokens = await consoleSignIn('root', 'Admin-Password-42');
    expect(tokens.refresh_token).toBeTypeOf('string');
    expect((await managementCall(tokens.access_token, '/applications')).status).toBe(200);
    // The same token means nothing to the admin tenant's own management API.
    expect((await fetch(`${server.endpoint}/t/admin/api/applications`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
  });

  it('gives an admin-tenant user without the console role no management access', async () => {
    const adminTenant = await server.api('admin');
    expect((await adminTenant.post('/users', { username: 'visitor', password: 'Visitor-Password-42' })).status).toBe(201);
    const tokens = await consoleSignIn('visitor', 'Visitor-Password-42');
    const refused = await managementCall(tokens.access_token, '/applications');
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('auth.insufficient_scope');
  });

  it('does not let anyone register on the admin tenant', async () => {
    const browser = await createExperienceClient(`${server.endpoint}/t/admin`, consoleApp());
    await browser.authorize({ scope: 'openid', resource, first_screen: 'register' });
    const refused = await browser.api('PUT', '', { interactionEvent: 'Register' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('session.registration_disabled');
  });
});

describe('the console user own account (/api/me)', () => {
  it('reads and changes the signed-in administrator, keeps preferences in custom data, and checks the current password', async () => {
    const tokens = await consoleSignIn('root', 'Admin-Password-42');
    const me = (method: string, path: string, body?: unknown) =>
      fetch(`${server.endpoint}/api/me${path}`, {
        method,
        headers: { authorization: `Bearer ${tokens.access_token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const profile = await (await me('GET', '')).json();
    expect(profile).toMatchObject({ username: 'root', hasPassword: true });
    expect((await (await me('PATCH', '', { name: 'Root Admin' })).json()).name).toBe('Root Admin');
    expect(await (await me('PATCH', '/custom-data', { language: 'de', appearanceMode: 'dark' })).json()).toEqual({ language: 'de', appearanceMode: 'dark' });
    expect((await me('POST', '/password/verify', { password: 'wrong' })).status).toBe(422);
    expect((await me('PATCH', '/password', { password: 'Brand-New-Admin-7' })).status).toBe(422);
    expect((await me('PATCH', '/password', { password: 'Brand-New-Admin-7', currentPassword: 'Admin-Password-42' })).status).toBe(204);
    expect((await fetch(`${server.endpoint}/api/me`)).status).toBe(401);
    // A machine token of the default tenant is not a console user.
    const machine = await server.managementToken('default');
    expect((await fetch(`${server.endpoint}/api/me`, { headers: { authorization: `Bearer ${machine}` } })).status).toBe(401);
  });
});
