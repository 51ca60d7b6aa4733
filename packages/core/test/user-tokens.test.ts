import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { logs } from '../src/modules/logs/logs.table.js';
import { users } from '../src/modules/users/users.table.js';
import { basicAuth, postForm } from './setup/forms.js';
import { startTestServer, type TestServer } from './setup/test-server.js';
import { mintUserRefreshToken } from './setup/user-grants.js';

let server: TestServer;
let api: Awaited<ReturnType<TestServer['api']>>;
let issuer: string;
let jwks: ReturnType<typeof createRemoteJWKSet>;

beforeAll(async () => {
  server = await startTestServer();
  api = await server.api();
  issuer = `${server.endpoint}/oidc`;
  jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
});
afterAll(async () => server?.close());

/** A web app, an API with three scopes, and a user whose role grants two of them. */
const setUp = async (username: string) => {
  const app = (
    await api.post('/applications', {
      name: 'Web',
      type: 'Traditional',
      oidcClientMetadata: { redirectUris: ['https://app.example.com/callback'], postLogoutRedirectUris: [] },
    })
  ).body;
  const [secret] = (await api.get(`/applications/${app.id}/secrets`)).body;
  const indicator = `https://docs-${username}.example.com`;
  const resource = (await api.post('/resources', { name: 'Docs', indicator })).body;
  const scopeIds: Record<string, string> = {};
  for (const name of ['read:docs', 'write:docs', 'delete:docs']) {
    scopeIds[name] = (await api.post(`/resources/${resource.id}/scopes`, { name })).body.id;
  }
  const editor = (await api.post('/roles', { name: `Editor ${username}`, description: 'Edits docs' })).body;
  await api.post(`/roles/${editor.id}/scopes`, { scopeIds: [scopeIds['read:docs'], scopeIds['write:docs']] });
  const user = (
    await api.post('/users', {
      username,
      primaryEmail: `${username}@example.com`,
      name: 'Grace Hopper',
      profile: { givenName: 'Grace', address: { country: 'US' } },
      customData: { team: 'navy' },
    })
  ).body;
  await api.post(`/users/${user.id}/roles`, { roleIds: [editor.id] });
  expect((await api.put(`/users/${user.id}/identities/github`, { userId: `gh-${username}` })).status).toBe(200);
  return { app, secret: secret.value as string, indicator, user, editor, scopeIds };
};

const refresh = (clientId: string, secret: string, refreshToken: string, extra: Record<string, string> = {}) =>
  postForm(`${issuer}/token`, { grant_type: 'refresh_token', refresh_token: refreshToken, ...extra }, basicAuth(clientId, secret));

describe('user tokens', () => {
  it('puts exactly the resource scopes the user\'s roles grant into a JWT access token', async () => {
    const { app, secret, indicator, user } = await setUp('grace');
    const refreshToken = await mintUserRefreshToken(server, {
      clientId: app.id,
      accountId: user.id,
      oidcScope: 'openid offline_access',
      resource: { indicator, scope: 'read:docs write:docs delete:docs' },
    });
    const issued = await refresh(app.id, secret, refreshToken, { resource: indicator });
    expect(issued.status).toBe(200);
    const { payload, protectedHeader } = await jwtVerify(issued.body.access_token, jwks, { issuer, audience: indicator, typ: 'at+jwt' });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.sub).toBe(user.id);
    // delete:docs was consented to but no role grants it.
    expect(String(payload.scope).split(' ').sort()).toEqual(['read:docs', 'write:docs']);
    expect(issued.body.refresh_token).not.toBe(refreshToken);

    const [logged] = await server.gatehouse.scopeFor('default').transaction((tx) =>
      tx.select().from(logs).where(sql`${logs.payload}->>'userId' = ${user.id}`),
    );
    expect(logged).toMatchObject({ key: 'ExchangeTokenBy.RefreshToken', payload: { result: 'Success', applicationId: app.id } });
  });

  it('follows role changes at the next refresh', async () => {
    const { app, secret, indicator, user, editor, scopeIds } = await setUp('linus');
    const refreshToken = await mintUserRefreshToken(server, {
      clientId: app.id,
      accountId: user.id,
      oidcScope: 'openid offline_access',
      resource: { indicator, scope: 'read:docs write:docs' },
    });
    await api.delete(`/roles/${editor.id}/scopes/${scopeIds['write:docs']}`);
    const issued = await refresh(app.id, secret, refreshToken, { resource: indicator });
    expect(decodeJwt(issued.body.access_token).scope).toBe('read:docs');
  });

  it('releases profile, email and roles claims in the ID token, and custom data and identities at userinfo', async () => {
    const { app, secret, user, editor } = await setUp('ada');
    const refreshToken = await mintUserRefreshToken(server, {
      clientId: app.id,
      accountId: user.id,
      oidcScope: 'openid offline_access profile email roles custom_data identities',
    });
    const issued = await refresh(app.id, secret, refreshToken);
    expect(issued.status).toBe(200);
    const { payload: idToken } = await jwtVerify(issued.body.id_token, jwks, { issuer, audience: app.id });
    expect(idToken).toMatchObject({
      sub: user.id,
      name: 'Grace Hopper',
      username: 'ada',
      given_name: 'Grace',
      email: 'ada@example.com',
      email_verified: true,
      roles: [editor.name],
    });
    expect(idToken).not.toHaveProperty('custom_data');
    expect(idToken).not.toHaveProperty('phone_number');

    const userinfo = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${issued.body.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({
      sub: user.id,
      custom_data: { team: 'navy' },
      identities: { github: { userId: 'gh-ada' } },
      roles: [editor.name],
    });
  });

  it('withholds claims of scopes that were not granted', async () => {
    const { app, secret, user } = await setUp('minimal');
    const refreshToken = await mintUserRefreshToken(server, { clientId: app.id, accountId: user.id, oidcScope: 'openid offline_access' });
    const issued = await refresh(app.id, secret, refreshToken);
    const claims = decodeJwt(issued.body.id_token);
    expect(claims.sub).toBe(user.id);
    for (const claim of ['name', 'email', 'roles', 'address', 'custom_data']) {
      expect(claims).not.toHaveProperty(claim);
    }
  });

  it('revokes the refresh token when the user is suspended', async () => {
    const { app, secret, user } = await setUp('suspendee');
    const refreshToken = await mintUserRefreshToken(server, { clientId: app.id, accountId: user.id, oidcScope: 'openid offline_access' });
    expect((await api.patch(`/users/${user.id}/is-suspended`, { isSuspended: true })).status).toBe(200);
    const refused = await refresh(app.id, secret, refreshToken);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('refuses new tokens to a suspended user even with a surviving refresh token', async () => {
    const { app, secret, user } = await setUp('flagged');
    const refreshToken = await mintUserRefreshToken(server, { clientId: app.id, accountId: user.id, oidcScope: 'openid offline_access' });
    // Suspension written behind the API's back: the account lookup must still refuse.
    await server.gatehouse.scopeFor('default').transaction((tx) => tx.update(users).set({ isSuspended: true }).where(eq(users.id, user.id)));
    const refused = await refresh(app.id, secret, refreshToken);
    expect(refused.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses tokens for a deleted user', async () => {
    const { app, secret, user } = await setUp('gone');
    const refreshToken = await mintUserRefreshToken(server, { clientId: app.id, accountId: user.id, oidcScope: 'openid offline_access' });
    await api.delete(`/users/${user.id}`);
    expect((await refresh(app.id, secret, refreshToken)).body.error).toBe('invalid_grant');
  });
});
