import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let api: Awaited<ReturnType<TestServer['api']>>;

beforeAll(async () => {
  server = await startTestServer();
  api = await server.api();
});
afterAll(async () => server?.close());

const countRows = async (table: string) =>
  server.gatehouse.scopeFor('default').transaction(async (tx) => {
    const { sql } = await import('drizzle-orm');
    const result = await tx.execute(sql.raw(`select count(*)::int as n from ${table}`));
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  });

describe('applications', () => {
  it('creates each of the six types with their defaults', async () => {
    const bodies = [
      { name: 'Native', type: 'Native', oidcClientMetadata: { redirectUris: ['com.example.app://callback'] } },
      { name: 'SPA', type: 'SPA', oidcClientMetadata: { redirectUris: ['http://localhost:5173/callback'] } },
      { name: 'Web', type: 'Traditional', oidcClientMetadata: { redirectUris: ['https://app.example.com/cb'] } },
      { name: 'M2M', type: 'MachineToMachine' },
      {
        name: 'Protected',
        type: 'Protected',
        protectedAppMetadata: { host: 'app.example.com', origin: 'https://origin.example.com', sessionDuration: 3600 },
      },
      { name: 'SAML', type: 'SAML' },
    ];
    for (const body of bodies) {
      const response = await api.post('/applications', body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body).toMatchObject({ name: body.name, type: body.type, isThirdParty: false, customData: {} });
      expect(response.body.id).toMatch(/^[\da-z]{21}$/);
      expect(response.body).not.toHaveProperty('secret');
      const secrets = await api.get(`/applications/${response.body.id}/secrets`);
      const confidential = ['Traditional', 'MachineToMachine', 'Protected'].includes(body.type);
      expect(secrets.body).toHaveLength(confidential ? 1 : 0);
    }
  });

  it('gets, patches (merging metadata) and deletes', async () => {
    const created = (
      await api.post('/applications', {
        name: 'Shop',
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: ['https://shop.example.com/cb'] },
        customClientMetadata: { idTokenTtl: 600 },
      })
    ).body;
    const patched = await api.patch(`/applications/${created.id}`, {
      description: 'Online shop',
      oidcClientMetadata: { postLogoutRedirectUris: ['https://shop.example.com/'] },
      customClientMetadata: { refreshTokenTtlInDays: 30, rotateRefreshToken: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      description: 'Online shop',
      oidcClientMetadata: { redirectUris: ['https://shop.example.com/cb'], postLogoutRedirectUris: ['https://shop.example.com/'] },
      customClientMetadata: { idTokenTtl: 600, refreshTokenTtlInDays: 30, rotateRefreshToken: false },
    });
    expect((await api.get(`/applications/${created.id}`)).body).toEqual(patched.body);
    expect((await api.delete(`/applications/${created.id}`)).status).toBe(204);
    const gone = await api.get(`/applications/${created.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 'entity.not_found' });
    expect((await api.delete(`/applications/${created.id}`)).status).toBe(404);
  });

  it('sets a back-channel logout URI, keeps it through other patches, and removes it when given an empty string', async () => {
    const app = (await api.post('/applications', { name: 'bcl', type: 'Traditional', oidcClientMetadata: { redirectUris: ['https://a.example.com/cb'] } })).body;
    const path = `/applications/${app.id}`;
    const set = await api.patch(path, { oidcClientMetadata: { backchannelLogoutUri: 'https://a.example.com/logout', backchannelLogoutSessionRequired: true } });
    expect(set.body.oidcClientMetadata).toMatchObject({ backchannelLogoutUri: 'https://a.example.com/logout', backchannelLogoutSessionRequired: true });
    expect((await api.patch(path, { oidcClientMetadata: { redirectUris: ['https://b.example.com/cb'] } })).body.oidcClientMetadata.backchannelLogoutUri).toBe(
      'https://a.example.com/logout',
    );
    const cleared = await api.patch(path, { oidcClientMetadata: { backchannelLogoutUri: '' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.oidcClientMetadata).not.toHaveProperty('backchannelLogoutUri');
    expect((await api.patch(path, { oidcClientMetadata: { backchannelLogoutUri: 'logout' } })).status).toBe(400);
  });

  it('merges custom data at the top level', async () => {
    const app = (await api.post('/applications', { name: 'Data', type: 'SPA', customData: { a: 1, b: { c: 2 } } })).body;
    const merged = await api.patch(`/applications/${app.id}/custom-data`, { b: { d: 3 }, e: true });
    expect(merged.status).toBe(200);
    expect(merged.body).toEqual({ a: 1, b: { d: 3 }, e: true });
  });

  it('lists with filters, search and pagination headers', async () => {
    for (let index = 0; index < 5; index += 1) {
      await api.post('/applications', { name: `Paged ${index}`, type: 'MachineToMachine' });
    }
    const page = await api.get('/applications?types=MachineToMachine&search=paged&page=2&page_size=2');
    expect(page.status).toBe(200);
    expect(page.headers.get('total-number')).toBe('5');
    expect(page.body).toHaveLength(2);
    expect(page.body.every((app: { type: string }) => app.type === 'MachineToMachine')).toBe(true);
    const link = page.headers.get('link')!;
    expect(link).toContain('rel="first"');
    expect(link).toContain('page=1&page_size=2>; rel="prev"');
    expect(link).toContain('page=3&page_size=2>; rel="next"');
    expect(link).toContain('page=3&page_size=2>; rel="last"');
    const beyond = await api.get('/applications?types=MachineToMachine&search=paged&page=4&page_size=2');
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ code: 'guard.page_out_of_range' });
    expect(beyond.body.message).toContain('3');
    const tooBig = await api.get('/applications?page_size=101');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.details[0]).toMatchObject({ path: 'query.page_size', code: 'too_big' });
    const empty = await api.get('/applications?search=nothing-matches-this');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get('total-number')).toBe('0');
  });

  it('treats search text literally (no wildcards or patterns from the client)', async () => {
    await api.post('/applications', { name: 'percent 100%', type: 'SPA' });
    const literal = await api.get(`/applications?search=${encodeURIComponent('100%')}`);
    expect(literal.body.map((app: { name: string }) => app.name)).toEqual(['percent 100%']);
    const wildcard = await api.get(`/applications?search=${encodeURIComponent('_%')}`);
    expect(wildcard.body).toEqual([]);
  });
});

describe('bad input changes nothing', () => {
  it('answers precise, localized errors for invalid fields', async () => {
    const before = await countRows('applications');
    const cases: [unknown, number, string, string?][] = [
      [{ name: '', type: 'SPA' }, 400, 'guard.invalid_input', 'body.name'],
      [{ name: 'x'.repeat(257), type: 'SPA' }, 400, 'guard.invalid_input', 'body.name'],
      [{ name: 'x', type: 'Desktop' }, 400, 'guard.invalid_input', 'body.type'],
      [{ name: 'x', type: 'SPA', oidcClientMetadata: { redirectUris: ['ftp://x.example.com'] } }, 400, 'application.invalid_for_type', 'oidcClientMetadata.redirectUris.0'],
      [{ name: 'x', type: 'Native', oidcClientMetadata: { redirectUris: ['javascript:alert(1)'] } }, 400, 'application.invalid_for_type', 'oidcClientMetadata.redirectUris.0'],
      // Stored as typed, it would never equal the redirect_uri an app sends.
      [{ name: 'x', type: 'Traditional', oidcClientMetadata: { redirectUris: ['  http://localhost:8080/cb2  '] } }, 400, 'application.invalid_for_type', 'oidcClientMetadata.redirectUris.0'],
      [{ name: 'x', type: 'MachineToMachine', oidcClientMetadata: { redirectUris: ['https://a.example.com'] } }, 400, 'application.invalid_for_type', 'oidcClientMetadata.redirectUris'],
      [{ name: 'x', type: 'Protected' }, 400, 'application.invalid_for_type', 'protectedAppMetadata'],
      [{ name: 'x', type: 'MachineToMachine', isThirdParty: true }, 400, 'application.invalid_for_type', 'isThirdParty'],
      [{ name: 'x', type: 'SPA', customClientMetadata: { refreshTokenTtlInDays: 91 } }, 400, 'guard.invalid_input', 'body.customClientMetadata.refreshTokenTtlInDays'],
      [{ name: 'x', type: 'SPA', customClientMetadata: { corsAllowedOrigins: ['https://a.example.com/path'] } }, 400, 'guard.invalid_input', 'body.customClientMetadata.corsAllowedOrigins.0'],
    ];
    for (const [body, status, code, path] of cases) {
      const response = await api.post('/applications', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.code).toBe(code);
      expect(response.body.message).toBeTruthy();
      expect(response.body.details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
    expect(await countRows('applications')).toBe(before);
  });

  it('localizes the message by Accept-Language with fallback to English', async () => {
    const german = await api.post('/applications', { name: '', type: 'SPA' }, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.body.message).toMatch(/^Die Anfrage ist ungültig/);
    const japanese = await api.post('/applications', { name: '', type: 'SPA' }, { 'accept-language': 'ja' });
    expect(japanese.body.code).toBe('guard.invalid_input');
    expect(japanese.body.message).not.toMatch(/^The request/);
    const unknown = await api.post('/applications', { name: '', type: 'SPA' }, { 'accept-language': 'xx-YY' });
    expect(unknown.body.message).toMatch(/^The request is invalid/);
  });

  it('rejects malformed JSON, a wrong content type and an oversize body', async () => {
    const before = await countRows('applications');
    const malformed = await api.call('POST', '/applications', '{"name": "x",', { 'content-type': 'application/json' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('guard.invalid_json');
    // Empty with the JSON type, as some clients send every request: no body, so a route that needs
    // one says which fields are missing, and one that needs none (DELETE) works.
    const empty = await api.call('POST', '/applications', '', { 'content-type': 'application/json' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('guard.invalid_input');
    const created = await api.post('/applications', { name: 'deleted with an empty JSON body', type: 'SPA' });
    const deleted = await api.call('DELETE', `/applications/${created.body.id}`, '', { 'content-type': 'application/json' });
    expect(deleted.status).toBe(204);
    expect((await api.get(`/applications/${created.body.id}`)).status).toBe(404);
    const wrongType = await api.call('POST', '/applications', 'name=x&type=SPA', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.code).toBe('guard.unsupported_media_type');
    const plainText = await api.call('POST', '/applications', '{"name":"x","type":"SPA"}', { 'content-type': 'text/plain' });
    expect(plainText.status).toBe(415);
    expect(plainText.body.code).toBe('guard.unsupported_media_type');
    const oversize = await api.post('/applications', { name: 'x', type: 'SPA', customData: { blob: 'x'.repeat(300 * 1024) } });
    expect(oversize.status).toBe(413);
    expect(oversize.body.code).toBe('guard.body_too_large');
    const unknownField = await api.patch('/applications/whatever', { type: 'SPA' });
    expect(unknownField.status).toBe(400);
    expect(await countRows('applications')).toBe(before);
  });

  it('keeps a patch from leaving an application in an invalid state', async () => {
    const app = (await api.post('/applications', { name: 'Strict', type: 'SPA', oidcClientMetadata: { redirectUris: ['https://ok.example.com'] } })).body;
    const response = await api.patch(`/applications/${app.id}`, { oidcClientMetadata: { redirectUris: ['notaurl'] } });
    expect(response.status).toBe(400);
    expect((await api.get(`/applications/${app.id}`)).body.oidcClientMetadata.redirectUris).toEqual(['https://ok.example.com']);
  });

  it('answers an unknown route with a 404 error body', async () => {
    const response = await api.get('/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('route.not_found');
  });
});

describe('application secrets', () => {
  it('creates, renames and deletes secrets with their rules', async () => {
    const app = (await api.post('/applications', { name: 'Secrets', type: 'MachineToMachine' })).body;
    const created = await api.post(`/applications/${app.id}/secrets`, { name: 'ci', expiresAt: Date.now() + 86_400_000 });
    expect(created.status).toBe(201);
    expect(created.body.value).toMatch(/^[\dA-Za-z]{32}$/);
    expect((await api.post(`/applications/${app.id}/secrets`, { name: 'ci' })).status).toBe(409);
    const past = await api.post(`/applications/${app.id}/secrets`, { name: 'old', expiresAt: Date.now() - 1000 });
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('application.secret_expiry_in_past');
    const renamed = await api.patch(`/applications/${app.id}/secrets/ci`, { name: 'deploy' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'deploy', value: created.body.value });
    const clash = await api.patch(`/applications/${app.id}/secrets/deploy`, { name: 'Default secret' });
    expect(clash.status).toBe(409);
    const list = await api.get(`/applications/${app.id}/secrets`);
    expect(list.body.map((secret: { name: string }) => secret.name).sort()).toEqual(['Default secret', 'deploy']);
    expect((await api.delete(`/applications/${app.id}/secrets/deploy`)).status).toBe(204);
    expect((await api.delete(`/applications/${app.id}/secrets/deploy`)).status).toBe(404);
  });

  it('refuses secrets for public clients', async () => {
    const spa = (await api.post('/applications', { name: 'Public', type: 'SPA' })).body;
    const response = await api.post(`/applications/${spa.id}/secrets`, { name: 'nope' });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('application.not_a_confidential_client');
  });

  it('stores secrets encrypted at rest', async () => {
    const app = (await api.post('/applications', { name: 'Sealed', type: 'MachineToMachine' })).body;
    const [secret] = (await api.get(`/applications/${app.id}/secrets`)).body;
    const stored = await server.gatehouse.scopeFor('default').transaction(async (tx) => {
      const { applicationSecrets, applications } = await import('../src/modules/applications/applications.table.js');
      const { eq } = await import('drizzle-orm');
      return {
        secrets: await tx.select().from(applicationSecrets).where(eq(applicationSecrets.applicationId, app.id)),
        app: (await tx.select().from(applications).where(eq(applications.id, app.id)))[0]!,
      };
    });
    expect(stored.secrets[0]!.value).not.toContain(secret.value);
    expect(stored.secrets[0]!.value).toMatch(/^v1\./);
    expect(stored.app.secret).toMatch(/^v1\./);
  });
});
