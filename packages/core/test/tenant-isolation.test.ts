import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SecretBox, deriveKey } from '../src/crypto/secret-box.js';
import { ensureTenant } from '../src/modules/tenants/tenants.service.js';
import { findModelInstance, upsertModelInstance } from '../src/oidc/oidc-model-instances.queries.js';
import { createExperienceClient, createWebApp } from './setup/experience-client.js';
import { basicAuth, postForm } from './setup/forms.js';
import { testSecretKey } from './setup/constants.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ EDITION: 'cloud' });
  const box = new SecretBox(deriveKey(testSecretKey));
  await ensureTenant(server.database, box, { id: 'tenant-a', name: 'A' }, 'ES256');
  await ensureTenant(server.database, box, { id: 'tenant-b', name: 'B' }, 'ES256');
});
afterAll(async () => server?.close());

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe('tenant isolation', () => {
  it('gives each tenant its own issuer, keys and management API', async () => {
    const a = await (await fetch(`${server.endpoint}/t/tenant-a/oidc/.well-known/openid-configuration`)).json();
    const b = await (await fetch(`${server.endpoint}/t/tenant-b/oidc/.well-known/openid-configuration`)).json();
    expect(a.issuer).toBe(`${server.endpoint}/t/tenant-a/oidc`);
    expect(b.issuer).toBe(`${server.endpoint}/t/tenant-b/oidc`);
    const keysA = await (await fetch(a.jwks_uri)).json();
    const keysB = await (await fetch(b.jwks_uri)).json();
    expect(keysA.keys[0].kid).not.toBe(keysB.keys[0].kid);
  });

  it('makes a tenant-A token useless on tenant B', async () => {
    const tokenA = await server.managementToken('tenant-a');
    const onA = server.apiWithToken('tenant-a', tokenA);
    const onB = server.apiWithToken('tenant-b', tokenA);
    expect((await onA.get('/applications')).status).toBe(200);
    const crossed = await onB.get('/applications');
    expect(crossed.status).toBe(401);
    expect(crossed.body.code).toBe('auth.invalid_token');
    expect((await onB.post('/applications', { name: 'intruder', type: 'SPA' })).status).toBe(401);
  });

  it('makes tenant-A ids invisible on tenant B', async () => {
    const apiA = await server.api('tenant-a');
    const apiB = await server.api('tenant-b');
    const app = (await apiA.post('/applications', { name: 'A only', type: 'MachineToMachine' })).body;
    const resource = (await apiA.post('/resources', { name: 'A API', indicator: 'https://a.example.com' })).body;
    expect((await apiB.get(`/applications/${app.id}`)).status).toBe(404);
    expect((await apiB.patch(`/applications/${app.id}`, { name: 'hijack' })).status).toBe(404);
    expect((await apiB.delete(`/applications/${app.id}`)).status).toBe(404);
    expect((await apiB.get(`/applications/${app.id}/secrets`)).status).toBe(404);
    expect((await apiB.get(`/resources/${resource.id}`)).status).toBe(404);
    expect((await apiB.get('/applications')).body.map((each: { id: string }) => each.id)).not.toContain(app.id);
    // The same indicator is free in another tenant.
    expect((await apiB.post('/resources', { name: 'B API', indicator: 'https://a.example.com' })).status).toBe(201);
    expect((await apiA.get(`/applications/${app.id}`)).body.name).toBe('A only');
    const page = await apiA.get('/applications?page_size=1');
    expect(page.headers.get('link')).toContain('</t/tenant-a/api/applications?page_size=1&page=1>; rel="first"');
  });

  it('does not let tenant-A client credentials authenticate at tenant B', async () => {
    const apiA = await server.api('tenant-a');
    const app = (await apiA.post('/applications', { name: 'A worker', type: 'MachineToMachine' })).body;
    const [secret] = (await apiA.get(`/applications/${app.id}/secrets`)).body;
    const form = { grant_type: 'client_credentials' };
    expect((await postForm(`${server.endpoint}/t/tenant-a/oidc/token`, form, basicAuth(app.id, secret.value))).status).toBe(200);
    const atB = await postForm(`${server.endpoint}/t/tenant-b/oidc/token`, form, basicAuth(app.id, secret.value));
    expect(atB.status).toBe(401);
    expect(atB.body.error).toBe('invalid_client');
  });

  it('returns no rows to a raw query without tenant context, and only own rows with it', async () => {
    const { db } = server.database;
    for (const table of ['applications', 'application_secrets', 'resources', 'scopes', 'roles', 'oidc_keys', 'users', 'users_roles', 'user_counts', 'user_sso_identities', 'logs', 'oidc_model_instances']) {
      const rows = rowsOf(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)));
      expect(rows[0]!.n, table).toBe(0);
    }
    const tenantIds = await server.database.withTenant('tenant-a', async (tx) =>
      rowsOf(await tx.execute(sql`select distinct tenant_id from resources`)).map((row) => row.tenant_id),
    );
    expect(tenantIds).toEqual(['tenant-a']);
  });

  it('refuses to write a row into another tenant, even from inside a tenant transaction', async () => {
    const error = await server.database
      .withTenant('tenant-a', (tx) =>
        tx.execute(
          sql`insert into resources (tenant_id, id, name, indicator) values ('tenant-b', 'smuggled', 'x', 'https://smuggled.example.com')`,
        ),
      )
      .catch((caught: Error & { cause?: Error }) => caught);
    expect(String((error as Error & { cause?: Error }).cause?.message)).toMatch(/row-level security/);
  });

  it('keeps statements run outside a transaction (one round trip) inside their tenant, whichever tenant the connection served before', async () => {
    const { database } = server;
    const row = (tenantId: string, id: string) => ({
      tenantId,
      modelName: 'IsolationProbe',
      id,
      payload: { owner: tenantId },
      expiresAt: new Date(Date.now() + 60_000),
    });
    await database.withTenantAutocommit('tenant-a', (tx) => upsertModelInstance(tx, row('tenant-a', 'probe-a')));
    await database.withTenantAutocommit('tenant-b', (tx) => upsertModelInstance(tx, row('tenant-b', 'probe-b')));
    // Alternate tenants so pooled connections switch back and forth; each sees only its own row.
    for (let round = 0; round < 6; round++) {
      const [tenantId, own, other] = round % 2 === 0 ? ['tenant-a', 'probe-a', 'probe-b'] : ['tenant-b', 'probe-b', 'probe-a'];
      const [mine, theirs] = await Promise.all([
        database.withTenantAutocommit(tenantId, (tx) => findModelInstance(tx, 'IsolationProbe', 'id', own)),
        database.withTenantAutocommit(tenantId, (tx) => findModelInstance(tx, 'IsolationProbe', 'id', other)),
      ]);
      expect(mine?.payload, `${tenantId} round ${round}`).toEqual({ owner: tenantId });
      expect(theirs, `${tenantId} round ${round}`).toBeUndefined();
      const count = await database.withTenantAutocommit(tenantId, async (tx) =>
        rowsOf(await tx.execute(sql`select count(*)::int as n from oidc_model_instances where model_name = 'IsolationProbe'`)),
      );
      expect(count[0]!.n).toBe(1);
      // A transaction of the other tenant on the same pool in between changes nothing afterwards.
      const otherTenant = tenantId === 'tenant-a' ? 'tenant-b' : 'tenant-a';
      await database.withTenant(otherTenant, (tx) => tx.execute(sql`select 1`));
    }
    // Writing another tenant's row is refused here too.
    const smuggled = await database
      .withTenantAutocommit('tenant-a', (tx) => upsertModelInstance(tx, row('tenant-b', 'smuggled')))
      .catch((caught: Error & { cause?: Error }) => caught);
    expect(String((smuggled as Error & { cause?: Error }).cause?.message ?? smuggled)).toMatch(/row-level security/);
    // Queries outside any tenant still see nothing.
    expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from oidc_model_instances`))[0]!.n).toBe(0);
  });

  it('keeps user search, identity lookup and user counts inside the tenant (owner-run lookup functions included)', async () => {
    const apiA = await server.api('tenant-a');
    const apiB = await server.api('tenant-b');
    const secret = (await apiA.post('/users', { username: 'tenant_a_secret', primaryEmail: 'secret@a.example' })).body;
    await apiA.put(`/users/${secret.id}/identities/google`, { userId: 'shared-google-id' });
    expect((await apiA.get('/users?search=a_secre')).body).toHaveLength(1);
    expect((await apiB.get('/users?search=a_secre')).body).toEqual([]);
    expect((await apiB.get('/users?search=secret%40a.example&mode=exact')).body).toEqual([]);
    expect((await apiB.get('/users')).headers.get('total-number')).toBe('0');
    // The same provider identity may belong to a user in another tenant.
    const userB = (await apiB.post('/users', { username: 'tenant_b_user' })).body;
    expect((await apiB.put(`/users/${userB.id}/identities/google`, { userId: 'shared-google-id' })).status).toBe(200);
    // Without a tenant set, the functions find nothing.
    const search = sql`select count(*)::int as n from gatehouse_search_users('username,primaryEmail', 'secret', null, null, null, true, null, null, 10, 0, false)`;
    const unscoped = await server.database.db.execute(search);
    expect(rowsOf(unscoped)[0]!.n).toBe(0);
    // Run by tenant B directly, the owner-run search still sees only tenant B.
    expect(rowsOf(await server.database.withTenant('tenant-b', (tx) => tx.execute(search)))[0]!.n).toBe(0);
    expect(rowsOf(await server.database.withTenant('tenant-a', (tx) => tx.execute(search)))[0]!.n).toBeGreaterThan(0);
    const inB = await server.database.withTenant('tenant-b', (tx) =>
      tx.execute(sql`select gatehouse_user_ids_by_identity('{"google":{"userId":"shared-google-id"}}'::jsonb) as id`),
    );
    expect(rowsOf(inB).map((row) => row.id)).toEqual([userB.id]);
  });

  it('keeps role assignments inside the tenant: neither the role nor the user of another tenant is found', async () => {
    const apiA = await server.api('tenant-a');
    const apiB = await server.api('tenant-b');
    const roleA = (await apiA.post('/roles', { name: 'A readers', description: 'x' })).body;
    const userA = (await apiA.post('/users', { username: 'tenant_a_reader' })).body;
    const roleB = (await apiB.post('/roles', { name: 'B readers', description: 'x' })).body;
    const userB = (await apiB.post('/users', { username: 'tenant_b_reader' })).body;
    expect((await apiA.post(`/roles/${roleA.id}/users`, { userIds: [userA.id] })).status).toBe(201);
    expect((await apiB.get(`/roles/${roleA.id}/users`)).status).toBe(404);
    expect((await apiB.post(`/roles/${roleA.id}/users`, { userIds: [userB.id] })).status).toBe(404);
    expect((await apiB.delete(`/roles/${roleA.id}/users/${userA.id}`)).status).toBe(404);
    const foreignUser = await apiB.post(`/roles/${roleB.id}/users`, { userIds: [userA.id] });
    expect(foreignUser.status).toBe(404);
    expect(foreignUser.body.details).toEqual([expect.objectContaining({ path: 'body.userIds.0', code: 'entity.not_found' })]);
    expect((await apiB.get(`/roles/${roleB.id}/users`)).body).toEqual([]);
    expect((await apiA.get(`/roles/${roleA.id}/users`)).body.map((user: { id: string }) => user.id)).toEqual([userA.id]);
  });

  it('answers an unknown tenant with 404', async () => {
    const response = await fetch(`${server.endpoint}/t/no-such-tenant/api/status`);
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('tenant.not_found');
  });
});

describe('self-hosted edition', () => {
  let oss: TestServer;
  beforeAll(async () => {
    oss = await startTestServer({ EDITION: 'oss' });
  });
  afterAll(async () => oss?.close());

  it('serves the default and admin tenants and rejects any other', async () => {
    expect((await fetch(`${oss.endpoint}/api/status`)).status).toBe(200);
    expect((await fetch(`${oss.endpoint}/t/admin/oidc/.well-known/openid-configuration`)).status).toBe(200);
    const other = await fetch(`${oss.endpoint}/t/tenant-a/api/status`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({
      code: 'tenant.not_supported_in_oss',
      message: 'Only the default tenant is supported in OSS.',
    });
  });
});

describe('sign-in experience per tenant', () => {
  it('keeps settings and connectors per tenant, with secrets sealed per tenant', async () => {
    const apiA = await server.api('tenant-a');
    const apiB = await server.api('tenant-b');
    expect((await apiA.patch('/sign-in-exp', { color: { primaryColor: '#112233', isDarkModeEnabled: false, darkPrimaryColor: '#334455' } })).status).toBe(200);
    expect((await apiB.get('/sign-in-exp')).body.color.primaryColor).toBe('#6139F6');
    const captcha = await apiA.put('/captcha-provider', { type: 'Turnstile', siteKey: 'a-site', secretKey: 'a-secret' });
    expect(captcha.status).toBe(200);
    expect((await apiB.get('/captcha-provider')).status).toBe(404);
    // A sealed secret copied into another tenant's row does not open there.
    const [row] = rowsOf(await server.database.withTenant('tenant-a', (tx) => tx.execute(sql`select config_sealed from captcha_providers`)));
    await server.database.withTenant('tenant-b', (tx) =>
      tx.execute(sql`insert into captcha_providers (tenant_id, id, type, config_sealed) values ('tenant-b', 'copied', 'Turnstile', ${row!.config_sealed})`),
    );
    expect((await apiB.get('/captcha-provider')).status).toBe(500);
  });

  it('runs a registration under the /t/{tenant} prefix, and its interaction cookie means nothing to another tenant', async () => {
    const apiA = await server.api('tenant-a');
    const app = await createWebApp(apiA);
    const base = `${server.endpoint}/t/tenant-a`;
    const browser = await createExperienceClient(base, app);
    expect(await browser.authorize({ first_screen: 'register' })).toBe(`${base}/register`);
    expect((await browser.api('PUT', '', { interactionEvent: 'Register' })).status).toBe(204);
    const cookies = await browser.jar.getCookies(`${base}/api/experience`);
    const cookieHeader = cookies.map((cookie) => cookie.cookieString()).join('; ');
    const crossed = await fetch(`${server.endpoint}/t/tenant-b/api/experience`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: cookieHeader },
      body: JSON.stringify({ interactionEvent: 'Register' }),
    });
    expect(crossed.status).toBe(400);
    expect((await crossed.json()).code).toBe('session.not_found');
    expect((await browser.api('POST', '/identification', { identifier: { type: 'username', value: 'tenant_a_user' } })).status).toBe(204);
    expect((await browser.api('POST', '/profile', { type: 'password', value: 'Correct-Horse-92!' })).status).toBe(204);
    const submitted = await browser.api('POST', '/submit', {});
    const tokens = await browser.exchange(await browser.follow(submitted.body.redirectTo));
    expect(tokens.claims()!.iss).toBe(`${base}/oidc`);
    const apiB = await server.api('tenant-b');
    expect((await apiB.get('/users?search=tenant_a_user')).body).toEqual([]);
  });

  it('keeps subject tokens (impersonation) inside their tenant', async () => {
    const apiA = await server.api('tenant-a');
    const apiB = await server.api('tenant-b');
    const userA = (await apiA.post('/users', { username: 'impersonated_a' })).body;
    expect((await apiB.post('/subject-tokens', { userId: userA.id })).status).toBe(404);
    const subjectToken = (await apiA.post('/subject-tokens', { userId: userA.id })).body.subjectToken;
    const appB = (
      await apiB.post('/applications', {
        name: 'B web',
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: ['https://b.example.com/callback'], postLogoutRedirectUris: [] },
      })
    ).body;
    const secretB = (await apiB.get(`/applications/${appB.id}/secrets`)).body[0].value;
    const crossed = await postForm(
      `${server.endpoint}/t/tenant-b/oidc/token`,
      {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: subjectToken,
        subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      },
      basicAuth(appB.id, secretB),
    );
    expect(crossed.status).toBe(400);
    expect(crossed.body.error).toBe('invalid_grant');
  });
});
