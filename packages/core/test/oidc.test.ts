import { managementApiIndicator } from '@gatehouse/schemas';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { basicAuth, postForm } from './setup/forms.js';
import { grantScopes } from './setup/grants.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let issuer: string;
let jwks: ReturnType<typeof createRemoteJWKSet>;

/** A machine-to-machine app holding a role with `scopeNames` of a fresh API resource. */
const m2mWithApiAccess = async (scopeNames: string[]) => {
  const indicator = `https://api-${Math.random().toString(36).slice(2)}.example.com`;
  const resource = (await admin.post('/resources', { name: 'Orders', indicator })).body;
  for (const name of ['read:orders', 'write:orders', 'delete:orders']) {
    await admin.post(`/resources/${resource.id}/scopes`, { name });
  }
  const app = (await admin.post('/applications', { name: 'worker', type: 'MachineToMachine' })).body;
  const [secret] = (await admin.get(`/applications/${app.id}/secrets`)).body;
  await grantScopes(server, 'default', app.id, indicator, scopeNames);
  return { indicator, resource, app, secret: secret.value as string };
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.api();
  issuer = `${server.endpoint}/oidc`;
  jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
});
afterAll(async () => server?.close());

describe('discovery and keys', () => {
  it('publishes discovery metadata for the tenant issuer', async () => {
    const config = await client.discovery(new URL(issuer), 'unused', undefined, undefined, {
      execute: [client.allowInsecureRequests],
    });
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(issuer);
    expect(metadata.token_endpoint).toBe(`${issuer}/token`);
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'client_credentials']),
    );
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.introspection_endpoint).toBeDefined();
    expect(metadata.revocation_endpoint).toBeDefined();
    expect(metadata.end_session_endpoint).toBeDefined();
  });

  it('lists only the client authentication methods an application can use', async () => {
    const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
    // A secret in HTTP Basic or the form body, or none (SPA, native): apps register no keys for JWT assertions.
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
    expect(discovery).not.toHaveProperty('token_endpoint_auth_signing_alg_values_supported');
  });

  it('serves public ES256 keys only', async () => {
    const body = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(body.keys).toHaveLength(1);
    expect(body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(body.keys[0]).not.toHaveProperty('d');
  });
});

describe('client credentials', () => {
  it('issues a JWT for an API resource with exactly the scopes the roles grant', async () => {
    const { indicator, app, secret } = await m2mWithApiAccess(['read:orders', 'write:orders']);
    const config = await client.discovery(new URL(issuer), app.id, secret, undefined, {
      execute: [client.allowInsecureRequests],
    });
    const tokens = await client.clientCredentialsGrant(config, {
      resource: indicator,
      scope: 'read:orders write:orders',
    });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, { issuer, audience: indicator });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect(payload.client_id).toBe(app.id);
    expect(payload.sub).toBe(app.id);
    expect(String(payload.scope).split(' ').sort()).toEqual(['read:orders', 'write:orders']);
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('honours the resource access token TTL', async () => {
    const { indicator, resource, app, secret } = await m2mWithApiAccess(['read:orders']);
    await admin.patch(`/resources/${resource.id}`, { accessTokenTtl: 600 });
    const response = await postForm(
      `${issuer}/token`,
      { grant_type: 'client_credentials', resource: indicator, scope: 'read:orders' },
      basicAuth(app.id, secret),
    );
    expect(response.status).toBe(200);
    expect(response.body.expires_in).toBe(600);
    const { payload } = await jwtVerify(response.body.access_token, jwks, { issuer, audience: indicator });
    expect(payload.exp! - payload.iat!).toBe(600);
  });

  it('issues on the fast path exactly what oidc-provider issues', async () => {
    const { indicator, app, secret } = await m2mWithApiAccess(['read:orders', 'write:orders']);
    const form = { grant_type: 'client_credentials', resource: indicator, scope: 'write:orders read:orders' };
    const fast = await postForm(`${issuer}/token`, form, basicAuth(app.id, secret));
    // An extra parameter the fast path does not handle sends the same request through oidc-provider.
    const full = await postForm(`${issuer}/token`, { ...form, unused: 'x' }, basicAuth(app.id, secret));
    expect(fast.status).toBe(200);
    expect(full.status).toBe(200);
    expect(Object.keys(fast.body)).toEqual(Object.keys(full.body));
    expect({ ...fast.body, access_token: '' }).toEqual({ ...full.body, access_token: '' });
    for (const header of ['cache-control', 'content-type', 'access-control-allow-origin', 'vary']) {
      expect(fast.headers.get(header), header).toBe(full.headers.get(header));
    }
    const decode = (token: string) => {
      const [header, payload] = token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
      return { header, payload };
    };
    const a = decode(fast.body.access_token);
    const b = decode(full.body.access_token);
    expect(a.header).toEqual(b.header);
    expect(Object.keys(a.payload)).toEqual(Object.keys(b.payload));
    expect(a.payload.jti).toHaveLength(b.payload.jti.length);
    const stable = ({ jti: _jti, iat, exp, ...rest }: Record<string, number | string>) => ({ ...rest, ttl: Number(exp) - Number(iat) });
    expect(stable(a.payload)).toEqual(stable(b.payload));
    await jwtVerify(fast.body.access_token, jwks, { issuer, audience: indicator, typ: 'at+jwt' });
  });

  it('rejects a scope the roles do not grant', async () => {
    const { indicator, app, secret } = await m2mWithApiAccess(['read:orders']);
    const response = await postForm(
      `${issuer}/token`,
      { grant_type: 'client_credentials', resource: indicator, scope: 'delete:orders' },
      basicAuth(app.id, secret),
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_scope');
    expect(response.body.error_description).toContain('delete:orders');
  });

  it('rejects an unknown resource indicator with invalid_target', async () => {
    const { app, secret } = await m2mWithApiAccess([]);
    const response = await postForm(
      `${issuer}/token`,
      { grant_type: 'client_credentials', resource: 'https://unknown.example.com' },
      basicAuth(app.id, secret),
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_target');
  });

  it('rejects a wrong secret, an unknown client and the two mechanisms at once', async () => {
    const { indicator, app, secret } = await m2mWithApiAccess(['read:orders']);
    const form = { grant_type: 'client_credentials', resource: indicator };
    const wrong = await postForm(`${issuer}/token`, form, basicAuth(app.id, `${secret}x`));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    const unknown = await postForm(`${issuer}/token`, form, basicAuth('nosuchclient', secret));
    expect(unknown.status).toBe(401);
    const both = await postForm(`${issuer}/token`, { ...form, client_id: app.id, client_secret: secret }, basicAuth(app.id, secret));
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('invalid_request');
  });

  it('accepts the secret in the form body as well as in HTTP Basic', async () => {
    const { indicator, app, secret } = await m2mWithApiAccess(['read:orders']);
    const response = await postForm(`${issuer}/token`, {
      grant_type: 'client_credentials',
      resource: indicator,
      scope: 'read:orders',
      client_id: app.id,
      client_secret: secret,
    });
    expect(response.status).toBe(200);
  });

  it('accepts any unexpired application secret and refuses expired ones', async () => {
    const { indicator, app } = await m2mWithApiAccess(['read:orders']);
    const second = await admin.post(`/applications/${app.id}/secrets`, { name: 'rotation', expiresAt: Date.now() + 1500 });
    expect(second.status).toBe(201);
    const form = { grant_type: 'client_credentials', resource: indicator, scope: 'read:orders' };
    expect((await postForm(`${issuer}/token`, form, basicAuth(app.id, second.body.value))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const expired = await postForm(`${issuer}/token`, form, basicAuth(app.id, second.body.value));
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ error: 'invalid_client', error_description: 'client secret has expired' });
  });

  it('stops accepting a deleted secret at once', async () => {
    const { indicator, app, secret } = await m2mWithApiAccess(['read:orders']);
    expect((await admin.delete(`/applications/${app.id}/secrets/${encodeURIComponent('Default secret')}`)).status).toBe(204);
    const response = await postForm(`${issuer}/token`, { grant_type: 'client_credentials', resource: indicator }, basicAuth(app.id, secret));
    expect(response.status).toBe(401);
  });

  it('gives the management role the `all` scope of the management API', async () => {
    const token = await server.managementToken('default');
    const { payload } = await jwtVerify(token, jwks, { issuer, audience: managementApiIndicator('default') });
    expect(payload.scope).toBe('all');
  });
});

describe('introspection and revocation', () => {
  it('introspects an opaque token and revokes it', async () => {
    const { app, secret } = await m2mWithApiAccess([]);
    // Without a resource the grant yields an opaque token stored server-side.
    const issued = await postForm(`${issuer}/token`, { grant_type: 'client_credentials' }, basicAuth(app.id, secret));
    expect(issued.status).toBe(200);
    expect(issued.body.access_token.split('.')).toHaveLength(1);
    const active = await postForm(`${issuer}/token/introspection`, { token: issued.body.access_token }, basicAuth(app.id, secret));
    expect(active.body).toMatchObject({ active: true, client_id: app.id });
    const revoked = await postForm(`${issuer}/token/revocation`, { token: issued.body.access_token }, basicAuth(app.id, secret));
    expect(revoked.status).toBe(200);
    const after = await postForm(`${issuer}/token/introspection`, { token: issued.body.access_token }, basicAuth(app.id, secret));
    expect(after.body).toEqual({ active: false });
  });
});

describe('expired storage', () => {
  it('purges expired rows of every tenant and keeps live ones', async () => {
    const { PostgresAdapter } = await import('../src/oidc/adapter.js');
    const { purgeExpiredOidcRows } = await import('../src/oidc/expired-rows.js');
    const adapter = new PostgresAdapter('Session', server.gatehouse.runtimes.get('default'), server.database);
    await adapter.upsert('live-session', { uid: 'live' }, 3600);
    await adapter.upsert('dead-session', { uid: 'dead' }, 1);
    await adapter.upsert('dead-session-2', { uid: 'dead-2' }, 1);
    await adapter.upsert('dead-session-3', { uid: 'dead-3' }, 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await adapter.find('dead-session')).toBeUndefined();
    // Batches of two: the three expired rows take two rounds.
    expect(await purgeExpiredOidcRows(server.database, ['default', 'admin'], 2)).toBeGreaterThanOrEqual(3);
    expect(await adapter.findByUid('live')).toMatchObject({ uid: 'live' });
    const remaining = await server.database.withTenant('default', async (tx) => {
      const { sql } = await import('drizzle-orm');
      return (await tx.execute(sql`select id from oidc_model_instances where id like 'dead-session%'`)) as unknown as { rows: unknown[] };
    });
    expect(remaining.rows).toEqual([]);
  });
});

describe('storage statements', () => {
  it('finds an interaction and its companion by key, whatever the number of stored rows', async () => {
    const { sql } = await import('drizzle-orm');
    const { companionLookup } = await import('../src/oidc/oidc-model-instances.queries.js');
    const plan = await server.database.withTenant('default', async (tx) => {
      // Enough rows of another model that reading the tenant's part of the index would show.
      await tx.execute(sql`insert into oidc_model_instances (tenant_id, model_name, id, payload, expires_at)
        select 'default', 'AccessToken', 'plan-' || n, '{}'::jsonb, now() + interval '1 hour' from generate_series(1, 2000) as n`);
      await tx.execute(sql`analyze oidc_model_instances`);
      const statement = companionLookup(tx).toSQL();
      const values: Record<string, string> = { model: 'Interaction', companion: 'Experience', key: 'some-id' };
      const args = statement.params.map((param) => `'${values[(param as { name: string }).name]}'`).join(', ');
      await tx.execute(sql.raw(`prepare companion_plan as ${statement.sql}`));
      // The plan a pooled connection settles on after a few executions.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const result = (await tx.execute(sql`explain (format json) execute companion_plan(${sql.raw(args)})`)) as unknown as {
        rows: { 'QUERY PLAN': unknown }[];
      };
      await tx.execute(sql`deallocate companion_plan`);
      await tx.execute(sql`delete from oidc_model_instances where id like 'plan-%'`);
      return JSON.stringify(result.rows[0]!['QUERY PLAN']);
    });
    const scans = [...plan.matchAll(/"Index Cond":\s*"([^"]*)"/g)].map((match) => match[1]);
    expect(scans).toHaveLength(2);
    for (const condition of scans) {
      expect(condition).toMatch(/model_name/);
      expect(condition).toMatch(/\(id\)/);
    }
  });
});

describe('authorization code with PKCE', () => {
  it('sends the browser to the hosted sign-in page', async () => {
    const app = (
      await admin.post('/applications', {
        name: 'web',
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: ['https://app.example.com/callback'] },
      })
    ).body;
    const [secret] = (await admin.get(`/applications/${app.id}/secrets`)).body;
    const config = await client.discovery(new URL(issuer), app.id, secret.value, undefined, {
      execute: [client.allowInsecureRequests],
    });
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: 'https://app.example.com/callback',
      scope: 'openid profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toBe(`${server.endpoint}/sign-in`);
    const page = await fetch(location);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('refuses an authorization request without PKCE', async () => {
    const app = (
      await admin.post('/applications', {
        name: 'spa',
        type: 'SPA',
        oidcClientMetadata: { redirectUris: ['https://spa.example.com/cb'] },
      })
    ).body;
    const url = new URL(`${issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: app.id,
      response_type: 'code',
      redirect_uri: 'https://spa.example.com/cb',
      scope: 'openid',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://spa.example.com/cb');
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });
});

describe('errors the app cannot be told', () => {
  it('shows an unregistered redirect URI on a branded page in the user language, with the protocol error for developers', async () => {
    const app = (
      await admin.post('/applications', { name: 'misconfigured', type: 'SPA', oidcClientMetadata: { redirectUris: ['https://spa.example.com/cb'] } })
    ).body;
    expect((await admin.patch('/sign-in-exp', { supportEmail: 'help@example.com' })).status).toBe(200);
    const url = new URL(`${issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: app.id,
      response_type: 'code',
      redirect_uri: 'https://attacker.example/cb',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    }).toString();
    const response = await fetch(url, { redirect: 'manual', headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain('<h1>Etwas ist schiefgelaufen</h1>');
    expect(html).toContain('<a href="mailto:help@example.com">Support kontaktieren</a>');
    expect(html).toContain('<code>invalid_redirect_uri: ');
    expect(html).toContain('--brand:#6139F6');
    expect((await admin.patch('/sign-in-exp', { supportEmail: null })).status).toBe(200);
  });
});

describe('signing keys', () => {
  it('signs with a rotated key and keeps the previous key published', async () => {
    const before = (await admin.get('/configs/oidc/private-keys')).body;
    const rotated = await admin.post('/configs/oidc/private-keys/rotate', { signingKeyAlgorithm: 'RS256' });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toHaveLength(before.length + 1);
    expect(rotated.body[0]).toMatchObject({ status: 'current', signingKeyAlgorithm: 'RS256' });
    expect(rotated.body[1]).toMatchObject({ id: before[0].id, status: 'previous' });
    for (const key of rotated.body) {
      expect(JSON.stringify(key)).not.toMatch(/"d"|PRIVATE/);
    }
    const published = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: { kid: string }[] };
    expect(published.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([rotated.body[0].id, before[0].id]));

    const token = await server.managementToken('default');
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', kid: rotated.body[0].id });
    await jwtVerify(token, createRemoteJWKSet(new URL(`${issuer}/jwks`)), { issuer });

    const deleteCurrent = await admin.delete(`/configs/oidc/private-keys/${rotated.body[0].id}`);
    expect(deleteCurrent.status).toBe(422);
    expect(deleteCurrent.body.code).toBe('oidc_key.cannot_delete_current');
    expect((await admin.delete(`/configs/oidc/private-keys/${before[0].id}`)).status).toBe(204);
    const after = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: { kid: string }[] };
    expect(after.keys.map((key) => key.kid)).toEqual([rotated.body[0].id]);
    // The token signed by the deleted key no longer opens the management API.
    expect((await admin.get('/applications')).status).toBe(401);
    admin = await server.api();
    expect((await admin.get('/applications')).status).toBe(200);
  });

  it('rotates cookie keys without exposing them', async () => {
    const rotated = await admin.call('POST', '/configs/oidc/cookie-keys/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body[0].status).toBe('current');
    expect(rotated.body[0]).not.toHaveProperty('publicJwk');
    expect(JSON.stringify(rotated.body)).not.toContain('secret');
  });
});
