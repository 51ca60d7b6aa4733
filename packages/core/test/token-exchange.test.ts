import { accessTokenTokenType, tokenExchangeGrantType } from '@gatehouse/schemas';
import { sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { logs } from '../src/modules/logs/logs.table.js';
import { basicAuth, postForm } from './setup/forms.js';
import { apiWithScopes } from './setup/grants.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

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

const createApp = async (type: string, extra: Record<string, unknown> = {}) => {
  const app = (
    await api.post('/applications', {
      name: `${type} app`,
      type,
      oidcClientMetadata: { redirectUris: ['https://app.example.com/callback'], postLogoutRedirectUris: [] },
      ...extra,
    })
  ).body;
  const secrets = (await api.get(`/applications/${app.id}/secrets`)).body as { value: string }[];
  return { id: app.id as string, secret: secrets[0]?.value };
};

/** An API with two scopes and a user whose role grants one of them. */
const setUp = async (name: string) => {
  const indicator = `https://${name}.example.com`;
  const resource = (await api.post('/resources', { name, indicator })).body;
  const read = (await api.post(`/resources/${resource.id}/scopes`, { name: 'read:tickets' })).body;
  await api.post(`/resources/${resource.id}/scopes`, { name: 'write:tickets' });
  const role = (await api.post('/roles', { name: `Reader ${name}`, description: 'Reads tickets' })).body;
  await api.post(`/roles/${role.id}/scopes`, { scopeIds: [read.id] });
  const user = (await api.post('/users', { username: name.replaceAll('-', '_') })).body;
  await api.post(`/users/${user.id}/roles`, { roleIds: [role.id] });
  return { indicator, user };
};

const exchange = (app: { id: string; secret?: string }, subjectToken: string, extra: Record<string, string> = {}) =>
  postForm(
    `${issuer}/token`,
    {
      grant_type: tokenExchangeGrantType,
      subject_token: subjectToken,
      subject_token_type: accessTokenTokenType,
      ...(app.secret ? {} : { client_id: app.id }),
      ...extra,
    },
    app.secret ? basicAuth(app.id, app.secret) : undefined,
  );

describe('token exchange (impersonation)', () => {
  it('trades a subject token once for a JWT acting as the user, naming the actor, and logs it with its context', async () => {
    const { indicator, user } = await setUp('support-desk');
    const app = await createApp('Traditional');
    const minted = await api.post('/subject-tokens', { userId: user.id, context: { ticket: 'SUP-42' } });
    expect(minted.status).toBe(201);
    expect(minted.body).toMatchObject({ subjectToken: expect.stringMatching(/^sub_/), expiresIn: 600 });

    const issued = await exchange(app, minted.body.subjectToken, { resource: indicator });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ issued_token_type: accessTokenTokenType, token_type: 'Bearer', scope: 'read:tickets' });
    expect(issued.body.refresh_token).toBeUndefined();
    const { payload } = await jwtVerify(issued.body.access_token, jwks, { issuer, audience: indicator });
    expect(payload).toMatchObject({ sub: user.id, client_id: app.id, scope: 'read:tickets', act: { sub: expect.any(String) } });

    // Single use.
    const again = await exchange(app, minted.body.subjectToken, { resource: indicator });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');

    const entries = await server.gatehouse.scopeFor('default').transaction((tx) =>
      tx.select().from(logs).where(sql`${logs.payload}->>'userId' = ${user.id}`),
    );
    expect(entries.find((entry) => entry.key === 'ExchangeTokenBy.TokenExchange')).toMatchObject({
      payload: { result: 'Success', applicationId: app.id, params: { subjectTokenContext: { ticket: 'SUP-42' } } },
    });
  });

  it('refuses scopes the user does not hold, and gives an opaque userinfo token without a resource', async () => {
    const { indicator, user } = await setUp('scope-check');
    const app = await createApp('SPA');
    const first = (await api.post('/subject-tokens', { userId: user.id })).body.subjectToken;
    const refused = await exchange(app, first, { resource: indicator, scope: 'write:tickets' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_scope');

    const second = (await api.post('/subject-tokens', { userId: user.id })).body.subjectToken;
    const issued = await exchange(app, second, { scope: 'openid profile' });
    expect(issued.status).toBe(200);
    const userinfo = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${issued.body.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({ sub: user.id, username: 'scope_check' });
  });

  it('refuses third-party and machine apps, wrong token types, and suspended users', async () => {
    const { indicator, user } = await setUp('refusals');
    const thirdParty = await createApp('Traditional', { isThirdParty: true });
    const machine = (await api.post('/applications', { name: 'Machine', type: 'MachineToMachine' })).body;
    const machineSecret = (await api.get(`/applications/${machine.id}/secrets`)).body[0].value;
    const token = (await api.post('/subject-tokens', { userId: user.id })).body.subjectToken;

    // The grant is not among their grant types at all.
    const notAllowed = { error: 'invalid_request', error_description: 'requested grant type is not allowed for this client' };
    expect((await exchange(thirdParty, token, { resource: indicator })).body).toEqual(notAllowed);
    expect((await exchange({ id: machine.id, secret: machineSecret }, token, { resource: indicator })).body).toEqual(notAllowed);

    const app = await createApp('Traditional');
    const wrongType = await exchange(app, token, { subject_token_type: 'urn:ietf:params:oauth:token-type:id_token' });
    expect(wrongType.body.error).toBe('invalid_request');
    expect((await exchange(app, 'sub_forged', { resource: indicator })).body.error).toBe('invalid_grant');

    // Suspension removes the user's outstanding subject tokens with the rest of their grants.
    expect((await api.patch(`/users/${user.id}/is-suspended`, { isSuspended: true })).status).toBe(200);
    expect((await exchange(app, token, { resource: indicator })).body.error).toBe('invalid_grant');
  });

  it('needs the all scope and a real user to mint', async () => {
    const { user } = await setUp('minting');
    const limited = await apiWithScopes(server, ['write:users']);
    expect((await limited.post('/subject-tokens', { userId: user.id })).status).toBe(403);
    expect((await api.post('/subject-tokens', { userId: 'nobody-here' })).status).toBe(404);
    expect((await api.post('/subject-tokens', { userId: user.id, extra: true })).status).toBe(400);
  });
});
