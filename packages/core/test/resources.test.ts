import { managementApiIndicator } from '@gatehouse/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { basicAuth, postForm } from './setup/forms.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let api: Awaited<ReturnType<TestServer['api']>>;

beforeAll(async () => {
  server = await startTestServer();
  api = await server.api();
});
afterAll(async () => server?.close());

describe('API resources', () => {
  it('lists the built-in management API first and protects it', async () => {
    const list = await api.get('/resources');
    expect(list.status).toBe(200);
    const builtIn = list.body[0];
    expect(builtIn).toMatchObject({ indicator: managementApiIndicator('default'), isBuiltIn: true });
    expect((await api.patch(`/resources/${builtIn.id}`, { name: 'Mine now' })).body.code).toBe('resource.built_in_read_only');
    expect((await api.delete(`/resources/${builtIn.id}`)).status).toBe(422);
    expect((await api.post(`/resources/${builtIn.id}/scopes`, { name: 'extra' })).status).toBe(422);
    const scopes = await api.get(`/resources/${builtIn.id}/scopes?page_size=100`);
    expect(scopes.body.map((scope: { name: string }) => scope.name)).toEqual(
      expect.arrayContaining(['all', 'read:applications', 'write:applications']),
    );
  });

  it('creates, updates and deletes a resource; the indicator is unique and fixed', async () => {
    const created = await api.post('/resources', { name: 'Billing', indicator: 'https://billing.example.com' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Billing', accessTokenTtl: 3600, isDefault: false, isBuiltIn: false });
    const duplicate = await api.post('/resources', { name: 'Other', indicator: 'https://billing.example.com' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'resource.indicator_exists' });
    expect(duplicate.body.details[0].path).toBe('body.indicator');
    const patched = await api.patch(`/resources/${created.body.id}`, { name: 'Billing API', accessTokenTtl: 900 });
    expect(patched.body).toMatchObject({ name: 'Billing API', accessTokenTtl: 900, indicator: 'https://billing.example.com' });
    expect((await api.patch(`/resources/${created.body.id}`, { indicator: 'https://other.example.com' })).status).toBe(400);
    expect((await api.delete(`/resources/${created.body.id}`)).status).toBe(204);
    expect((await api.get(`/resources/${created.body.id}`)).status).toBe(404);
  });

  it('validates indicators and TTLs', async () => {
    for (const body of [
      { name: 'x', indicator: 'not a uri' },
      { name: 'x', indicator: 'https://api.example.com/#fragment' },
      { name: 'x', indicator: '/relative' },
      { name: '', indicator: 'https://a.example.com' },
      { name: 'x', indicator: 'https://a.example.com', accessTokenTtl: 10 },
      { name: 'x', indicator: `https://${'a'.repeat(250)}.com` },
    ]) {
      const response = await api.post('/resources', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('guard.invalid_input');
    }
    expect((await api.post('/resources', { name: 'URN', indicator: 'urn:example:inventory' })).status).toBe(201);
  });

  it('manages permissions with unique names per resource', async () => {
    const resource = (await api.post('/resources', { name: 'Docs', indicator: 'https://docs.example.com' })).body;
    const read = await api.post(`/resources/${resource.id}/scopes`, { name: 'read:docs', description: 'Read documents' });
    expect(read.status).toBe(201);
    expect(read.body).toMatchObject({ name: 'read:docs', description: 'Read documents', resourceId: resource.id });
    const duplicate = await api.post(`/resources/${resource.id}/scopes`, { name: 'read:docs' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('scope.name_exists');
    expect((await api.post(`/resources/${resource.id}/scopes`, { name: 'has space' })).status).toBe(400);
    const write = (await api.post(`/resources/${resource.id}/scopes`, { name: 'write:docs' })).body;
    expect((await api.patch(`/resources/${resource.id}/scopes/${write.id}`, { name: 'read:docs' })).status).toBe(409);
    const renamed = await api.patch(`/resources/${resource.id}/scopes/${write.id}`, { name: 'edit:docs', description: null });
    expect(renamed.body).toMatchObject({ name: 'edit:docs', description: null });
    const page = await api.get(`/resources/${resource.id}/scopes?page_size=1&search=docs`);
    expect(page.headers.get('total-number')).toBe('2');
    expect(page.body).toHaveLength(1);
    // The same name is fine on another resource.
    const other = (await api.post('/resources', { name: 'Wiki', indicator: 'https://wiki.example.com' })).body;
    expect((await api.post(`/resources/${other.id}/scopes`, { name: 'read:docs' })).status).toBe(201);
    expect((await api.delete(`/resources/${resource.id}/scopes/${write.id}`)).status).toBe(204);
    expect((await api.delete(`/resources/${resource.id}/scopes/${write.id}`)).status).toBe(404);
    expect((await api.get(`/resources/nonexistent/scopes`)).status).toBe(404);
  });

  it('keeps a single default resource, used when a token request names none', async () => {
    const first = (await api.post('/resources', { name: 'First', indicator: 'https://first.example.com' })).body;
    const second = (await api.post('/resources', { name: 'Second', indicator: 'https://second.example.com' })).body;
    expect((await api.patch(`/resources/${first.id}/is-default`, { isDefault: true })).body.isDefault).toBe(true);
    expect((await api.patch(`/resources/${second.id}/is-default`, { isDefault: true })).body.isDefault).toBe(true);
    expect((await api.get(`/resources/${first.id}`)).body.isDefault).toBe(false);

    const m2m = (await api.post('/applications', { name: 'Default user', type: 'MachineToMachine' })).body;
    const [secret] = (await api.get(`/applications/${m2m.id}/secrets`)).body;
    const issued = await postForm(
      `${server.endpoint}/oidc/token`,
      { grant_type: 'client_credentials' },
      basicAuth(m2m.id, secret.value),
    );
    expect(issued.status).toBe(200);
    const payload = JSON.parse(Buffer.from(issued.body.access_token.split('.')[1], 'base64url').toString());
    expect(payload.aud).toBe('https://second.example.com');
    await api.patch(`/resources/${second.id}/is-default`, { isDefault: false });
  });
});
