import { managementApiIndicator, managementScopes } from '@gatehouse/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { basicAuth, postForm } from './setup/forms.js';
import { grantScopes } from './setup/grants.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('scope checks on every management route', () => {
  it('declares a scope on each /api route', () => {
    const routes = server.gatehouse.managementRoutes.filter((route) => route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      expect(route.scope, `${route.method} ${route.url}`).toBeDefined();
    }
    const publicRoutes = routes.filter((route) => route.scope === 'public').map((route) => route.url);
    expect(publicRoutes.sort()).toEqual(['/api/openapi.json', '/api/status']);
  });

  it('rejects calls without a token, with a malformed one, or with another scheme', async () => {
    const none = server.apiWithToken('default', undefined);
    const missing = await none.get('/applications');
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('auth.authorization_header_missing');
    const garbage = await none.get('/applications', { authorization: 'Bearer not.a.jwt' });
    expect(garbage.status).toBe(401);
    expect(garbage.body.code).toBe('auth.invalid_token');
    const basic = await none.get('/applications', { authorization: 'Basic dXNlcjpwYXNz' });
    expect(basic.status).toBe(401);
    expect(basic.body.code).toBe('auth.authorization_type_not_supported');
    // The health check stays public.
    expect((await none.get('/status')).status).toBe(200);
  });

  it('lets a read scope read but not write', async () => {
    const app = (await (await server.api()).post('/applications', { name: 'reader', type: 'MachineToMachine' })).body;
    await grantScopes(server, 'default', app.id, managementApiIndicator('default'), [managementScopes.readApplications]);
    const [secret] = (await (await server.api()).get(`/applications/${app.id}/secrets`)).body;
    const issued = await postForm(
      `${server.endpoint}/oidc/token`,
      { grant_type: 'client_credentials', resource: managementApiIndicator('default'), scope: managementScopes.readApplications },
      basicAuth(app.id, secret.value),
    );
    expect(issued.status).toBe(200);
    const reader = server.apiWithToken('default', issued.body.access_token);
    expect((await reader.get('/applications')).status).toBe(200);
    const write = await reader.post('/applications', { name: 'nope', type: 'SPA' });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ code: 'auth.insufficient_scope', message: 'Insufficient permissions.' });
    expect((await reader.get('/resources')).status).toBe(403);
    expect((await reader.get('/configs/oidc/private-keys')).status).toBe(403);
  });

  it('rejects a token whose signature was tampered with', async () => {
    const token = await server.managementToken();
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), scope: 'all' }),
    ).toString('base64url');
    const forged = server.apiWithToken('default', `${header}.${forgedPayload}.${'A'.repeat(86)}`);
    expect((await forged.get('/applications')).status).toBe(401);
    const unsigned = server.apiWithToken(
      'default',
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${forgedPayload}.`,
    );
    expect((await unsigned.get('/applications')).status).toBe(401);
  });

  it('rejects a token for another API of the same tenant', async () => {
    const api = await server.api();
    const resource = (await api.post('/resources', { name: 'Other', indicator: 'https://other.example.com' })).body;
    const app = (await api.post('/applications', { name: 'other-client', type: 'MachineToMachine' })).body;
    const [secret] = (await api.get(`/applications/${app.id}/secrets`)).body;
    const response = await fetch(`${server.endpoint}/oidc/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${app.id}:${secret.value}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', resource: resource.indicator }),
    });
    const { access_token: token } = (await response.json()) as { access_token: string };
    const wrongAudience = server.apiWithToken('default', token);
    expect((await wrongAudience.get('/applications')).status).toBe(401);
  });
});
