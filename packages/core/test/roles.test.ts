import { managementApiIndicator } from '@gatehouse/schemas';
import { eq } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { roleUserCounts } from '../src/modules/roles/roles.table.js';
import { basicAuth, postForm } from './setup/forms.js';
import { apiWithScopes } from './setup/grants.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let api: Awaited<ReturnType<TestServer['api']>>;

beforeAll(async () => {
  server = await startTestServer();
  api = await server.api();
});
afterAll(async () => server?.close());

const newApi = async (name: string, scopeNames: string[]) => {
  const resource = (await api.post('/resources', { name, indicator: `https://${name}.example.com` })).body;
  const scopes = [];
  for (const scopeName of scopeNames) {
    scopes.push((await api.post(`/resources/${resource.id}/scopes`, { name: scopeName })).body);
  }
  return { resource, scopes };
};

const m2mApp = async (name: string) => {
  const app = (await api.post('/applications', { name, type: 'MachineToMachine' })).body;
  const [secret] = (await api.get(`/applications/${app.id}/secrets`)).body;
  return { app, secret: secret.value as string };
};

describe('roles', () => {
  it('lists the built-in management role and protects it', async () => {
    const list = await api.get('/roles?type=MachineToMachine');
    const builtIn = list.body.find((role: { isBuiltIn: boolean }) => role.isBuiltIn);
    expect(builtIn).toMatchObject({ name: 'Management API access', type: 'MachineToMachine' });
    expect((await api.delete(`/roles/${builtIn.id}`)).body.code).toBe('role.built_in_read_only');
    expect((await api.patch(`/roles/${builtIn.id}`, { name: 'Mine' })).status).toBe(422);
    const { scopes } = await newApi('protected', ['x']);
    expect((await api.post(`/roles/${builtIn.id}/scopes`, { scopeIds: [scopes[0].id] })).status).toBe(422);
    const granted = await api.get(`/roles/${builtIn.id}/scopes`);
    expect(granted.body.map((scope: { name: string }) => scope.name)).toEqual(['all']);
  });

  it('creates, searches, updates and deletes roles with their rules', async () => {
    const created = await api.post('/roles', { name: 'Editor', description: 'Edits documents' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Editor', type: 'User', isDefault: false, isBuiltIn: false });
    expect((await api.post('/roles', { name: 'Editor', description: 'again' })).status).toBe(409);
    expect((await api.post('/roles', { name: '', description: 'x' })).status).toBe(400);
    expect((await api.post('/roles', { name: 'x'.repeat(129), description: 'x' })).status).toBe(400);
    expect((await api.post('/roles', { name: 'No description', description: '' })).status).toBe(400);
    const m2mDefault = await api.post('/roles', { name: 'Bots', description: 'x', type: 'MachineToMachine', isDefault: true });
    expect(m2mDefault.status).toBe(422);
    expect(m2mDefault.body.code).toBe('role.default_needs_user_type');
    const search = await api.get('/roles?search=edit');
    expect(search.body.map((role: { name: string }) => role.name)).toEqual(['Editor']);
    expect(search.headers.get('total-number')).toBe('1');
    const patched = await api.patch(`/roles/${created.body.id}`, { description: 'Edits everything', isDefault: true });
    expect(patched.body).toMatchObject({ description: 'Edits everything', isDefault: true });
    const other = (await api.post('/roles', { name: 'Viewer', description: 'Reads' })).body;
    expect((await api.patch(`/roles/${other.id}`, { name: 'Editor' })).status).toBe(409);
    expect((await api.delete(`/roles/${created.body.id}`)).status).toBe(204);
    expect((await api.get(`/roles/${created.body.id}`)).status).toBe(404);
  });

  it('creates a role with scopes atomically: an unknown scope id creates nothing', async () => {
    const { scopes } = await newApi('atomic', ['read']);
    const failed = await api.post('/roles', { name: 'Atomic', description: 'x', scopeIds: [scopes[0].id, 'nosuchscope'] });
    expect(failed.status).toBe(404);
    expect(failed.body.message).toContain('nosuchscope');
    expect((await api.get('/roles?search=Atomic')).body).toEqual([]);
    const created = await api.post('/roles', { name: 'Atomic', description: 'x', scopeIds: [scopes[0].id] });
    expect(created.status).toBe(201);
    expect((await api.get(`/roles/${created.body.id}/scopes`)).body.map((scope: { name: string }) => scope.name)).toEqual(['read']);
  });

  it('adds and removes role scopes', async () => {
    const { scopes } = await newApi('catalog', ['read', 'write', 'delete']);
    const role = (await api.post('/roles', { name: 'Catalog admin', description: 'x' })).body;
    expect((await api.post(`/roles/${role.id}/scopes`, { scopeIds: scopes.map((scope) => scope.id) })).status).toBe(201);
    // Adding again is idempotent.
    expect((await api.post(`/roles/${role.id}/scopes`, { scopeIds: [scopes[0].id] })).status).toBe(201);
    const page = await api.get(`/roles/${role.id}/scopes?page_size=2`);
    expect(page.headers.get('total-number')).toBe('3');
    expect(page.body).toHaveLength(2);
    expect((await api.delete(`/roles/${role.id}/scopes/${scopes[2].id}`)).status).toBe(204);
    expect((await api.delete(`/roles/${role.id}/scopes/${scopes[2].id}`)).status).toBe(404);
    expect((await api.post(`/roles/${role.id}/scopes`, { scopeIds: [] })).status).toBe(400);
  });
});

describe('machine-to-machine RBAC', () => {
  it('puts exactly the scopes of the assigned roles into the access token', async () => {
    const { resource, scopes } = await newApi('orders', ['read:orders', 'write:orders', 'delete:orders']);
    const reader = (await api.post('/roles', { name: 'Order reader', description: 'x', type: 'MachineToMachine', scopeIds: [scopes[0].id] })).body;
    const writer = (await api.post('/roles', { name: 'Order writer', description: 'x', type: 'MachineToMachine', scopeIds: [scopes[1].id] })).body;
    const { app, secret } = await m2mApp('order-sync');
    const tokenFor = (scope: string) =>
      postForm(`${server.endpoint}/oidc/token`, { grant_type: 'client_credentials', resource: resource.indicator, scope }, basicAuth(app.id, secret));

    expect((await tokenFor('read:orders')).body.error).toBe('invalid_scope');
    expect((await api.post(`/applications/${app.id}/roles`, { roleIds: [reader.id] })).status).toBe(201);
    expect((await api.post(`/roles/${writer.id}/applications`, { applicationIds: [app.id] })).status).toBe(201);
    const issued = await tokenFor('read:orders write:orders');
    expect(issued.status).toBe(200);
    const jwks = createRemoteJWKSet(new URL(`${server.endpoint}/oidc/jwks`));
    const { payload } = await jwtVerify(issued.body.access_token, jwks, { audience: resource.indicator });
    expect(String(payload.scope).split(' ').sort()).toEqual(['read:orders', 'write:orders']);
    expect((await tokenFor('delete:orders')).body.error).toBe('invalid_scope');

    const roles = await api.get(`/applications/${app.id}/roles`);
    expect(roles.body.map((role: { name: string }) => role.name).sort()).toEqual(['Order reader', 'Order writer']);
    const holders = await api.get(`/roles/${reader.id}/applications`);
    expect(holders.body.map((holder: { id: string }) => holder.id)).toEqual([app.id]);

    // Removing a role takes its scopes away at once.
    expect((await api.delete(`/applications/${app.id}/roles/${writer.id}`)).status).toBe(204);
    expect((await tokenFor('write:orders')).body.error).toBe('invalid_scope');
    // Deleting a role removes its assignments in the same step.
    expect((await api.delete(`/roles/${reader.id}`)).status).toBe(204);
    expect((await tokenFor('read:orders')).body.error).toBe('invalid_scope');
    expect((await api.get(`/applications/${app.id}/roles`)).body).toEqual([]);
  });

  it('refuses a User role for an application and a non-M2M application, changing nothing', async () => {
    const userRole = (await api.post('/roles', { name: 'Humans', description: 'x' })).body;
    const machineRole = (await api.post('/roles', { name: 'Machines', description: 'x', type: 'MachineToMachine' })).body;
    const { app } = await m2mApp('mixed');
    const spa = (await api.post('/applications', { name: 'browser', type: 'SPA' })).body;
    const wrongRole = await api.post(`/applications/${app.id}/roles`, { roleIds: [machineRole.id, userRole.id] });
    expect(wrongRole.status).toBe(422);
    expect(wrongRole.body.code).toBe('role.not_machine_to_machine');
    const wrongApp = await api.post(`/roles/${machineRole.id}/applications`, { applicationIds: [app.id, spa.id] });
    expect(wrongApp.status).toBe(422);
    expect(wrongApp.body.code).toBe('application.not_machine_to_machine');
    expect((await api.get(`/applications/${app.id}/roles`)).body).toEqual([]);
    expect((await api.post(`/roles/${machineRole.id}/applications`, { applicationIds: ['nosuchapp'] })).status).toBe(404);
  });

  it('grants the management API through the built-in role, or a fine-grained scope through a custom role', async () => {
    const management = (await api.get('/resources')).body.find((resource: { isBuiltIn: boolean }) => resource.isBuiltIn);
    const managementScopes = (await api.get(`/resources/${management.id}/scopes?page_size=100`)).body as { id: string; name: string }[];
    const readApps = managementScopes.find((scope) => scope.name === 'read:applications')!;
    const role = (await api.post('/roles', { name: 'App auditor', description: 'x', type: 'MachineToMachine', scopeIds: [readApps.id] })).body;
    const { app, secret } = await m2mApp('auditor');
    await api.post(`/roles/${role.id}/applications`, { applicationIds: [app.id] });
    const issued = await postForm(
      `${server.endpoint}/oidc/token`,
      { grant_type: 'client_credentials', resource: managementApiIndicator('default'), scope: 'read:applications' },
      basicAuth(app.id, secret),
    );
    const auditor = server.apiWithToken('default', issued.body.access_token);
    expect((await auditor.get('/applications')).status).toBe(200);
    expect((await auditor.post('/roles', { name: 'escalate', description: 'x' })).status).toBe(403);
  });
});

describe('users of a role', () => {
  const newUser = async (username: string) => (await api.post('/users', { username })).body as { id: string; username: string };

  it('assigns, lists, searches and removes the users of a User role', async () => {
    const role = (await api.post('/roles', { name: 'Support agent', description: 'Answers tickets' })).body;
    const ada = await newUser('ada_support');
    const bob = await newUser('bob_support');
    const carol = await newUser('carol_other');
    expect((await api.get(`/roles/${role.id}/users`)).headers.get('total-number')).toBe('0');

    expect((await api.post(`/roles/${role.id}/users`, { userIds: [ada.id, bob.id, ada.id] })).status).toBe(201);
    // Assigning again is a no-op.
    expect((await api.post(`/roles/${role.id}/users`, { userIds: [bob.id] })).status).toBe(201);
    const list = await api.get(`/roles/${role.id}/users`);
    expect(list.headers.get('total-number')).toBe('2');
    expect(list.body.map((user: { id: string }) => user.id).sort()).toEqual([ada.id, bob.id].sort());
    expect(list.body[0]).not.toHaveProperty('passwordEncrypted');
    const page = await api.get(`/roles/${role.id}/users?page_size=1&page=2`);
    expect(page.body).toHaveLength(1);
    expect(page.headers.get('total-number')).toBe('2');
    const search = await api.get(`/roles/${role.id}/users?search=bob`);
    expect(search.body.map((user: { username: string }) => user.username)).toEqual(['bob_support']);
    // The same relation, seen from the user, and counted in the role list.
    expect((await api.get(`/users/${ada.id}/roles`)).body.map((each: { id: string }) => each.id)).toContain(role.id);
    const listed = (await api.get('/roles?search=Support%20agent')).body;
    expect(listed).toEqual([expect.objectContaining({ id: role.id, usersCount: 2, applicationsCount: 0 })]);
    expect((await api.get(`/users?roleId=${role.id}`)).headers.get('total-number')).toBe('2');

    expect((await api.delete(`/roles/${role.id}/users/${ada.id}`)).status).toBe(204);
    expect((await api.delete(`/roles/${role.id}/users/${ada.id}`)).status).toBe(404);
    expect((await api.delete(`/roles/${role.id}/users/${carol.id}`)).status).toBe(404);
    expect((await api.get(`/roles/${role.id}/users`)).body.map((user: { id: string }) => user.id)).toEqual([bob.id]);
    expect((await api.get(`/users/${ada.id}/roles`)).body).toEqual([]);
  });

  it('refuses a MachineToMachine role and unknown users, writing nothing', async () => {
    const machine = (await api.post('/roles', { name: 'Robots', description: 'x', type: 'MachineToMachine' })).body;
    const human = (await api.post('/roles', { name: 'Humans only', description: 'x' })).body;
    const dan = await newUser('dan_refused');
    const wrongType = await api.post(`/roles/${machine.id}/users`, { userIds: [dan.id] });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.code).toBe('role.not_user_type');
    expect(wrongType.body.message).toContain('Robots');

    const unknown = await api.post(`/roles/${human.id}/users`, { userIds: [dan.id, 'nosuchuser1', 'nosuchuser2'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('entity.not_found');
    expect(unknown.body.details).toEqual([
      { path: 'body.userIds.1', code: 'entity.not_found', message: expect.stringContaining('nosuchuser1') },
      { path: 'body.userIds.2', code: 'entity.not_found', message: expect.stringContaining('nosuchuser2') },
    ]);
    expect((await api.get(`/roles/${human.id}/users`)).body).toEqual([]);
    expect((await api.get(`/users/${dan.id}/roles`)).body).toEqual([]);

    expect((await api.post(`/roles/${human.id}/users`, { userIds: [] })).status).toBe(400);
    expect((await api.post(`/roles/${human.id}/users`, { userIds: ['x'.repeat(13)] })).status).toBe(400);
    expect((await api.post('/roles/nosuchrole/users', { userIds: [dan.id] })).status).toBe(404);
    expect((await api.get('/roles/nosuchrole/users')).status).toBe(404);
    expect((await api.delete(`/roles/nosuchrole/users/${dan.id}`)).status).toBe(404);
  });

  it('counts the holders of a role from counts kept through every change, not by counting them', async () => {
    const everyone = (await api.post('/roles', { name: 'Everyone counted', description: 'x', isDefault: true })).body;
    const some = (await api.post('/roles', { name: 'Some counted', description: 'x' })).body;
    const [fay, gus, hal] = [await newUser('fay_counted'), await newUser('gus_counted'), await newUser('hal_counted')];
    await api.post(`/roles/${some.id}/users`, { userIds: [fay!.id, gus!.id, hal!.id] });
    await api.post(`/users/${fay!.id}/roles`, { roleIds: [some.id] });
    await api.delete(`/roles/${some.id}/users/${gus!.id}`);
    await api.delete(`/users/${hal!.id}`);
    const counted = async (role: { id: string; name: string }) => ({
      list: (await api.get(`/roles?search=${encodeURIComponent(role.name)}`)).body[0].usersCount,
      users: Number((await api.get(`/roles/${role.id}/users`)).headers.get('total-number')),
      filtered: Number((await api.get(`/users?roleId=${role.id}`)).headers.get('total-number')),
    });
    expect(await counted(everyone)).toEqual({ list: 2, users: 2, filtered: 2 });
    expect(await counted(some)).toEqual({ list: 1, users: 1, filtered: 1 });

    const scope = server.gatehouse.scopeFor('default');
    const keptFor = (roleId: string) => scope.transaction((tx) => tx.select().from(roleUserCounts).where(eq(roleUserCounts.roleId, roleId)));
    // A slot no trigger writes: counts read from the kept counts show it, counts of rows do not.
    await scope.transaction((tx) => tx.insert(roleUserCounts).values({ tenantId: 'default', roleId: some.id, slot: 99, count: 1000 }));
    expect(await counted(some)).toEqual({ list: 1001, users: 1001, filtered: 1001 });
    // A deleted role's counts go with it (its assignments are deleted first, by the cascade).
    expect((await api.delete(`/roles/${some.id}`)).status).toBe(204);
    expect((await api.delete(`/roles/${everyone.id}`)).status).toBe(204);
    expect([...(await keptFor(some.id)), ...(await keptFor(everyone.id))]).toEqual([]);
  });

  it('needs read:roles to list and write:roles to change', async () => {
    const role = (await api.post('/roles', { name: 'Scoped check', description: 'x' })).body;
    const erin = await newUser('erin_scoped');
    const reader = await apiWithScopes(server, ['read:roles']);
    expect((await reader.get(`/roles/${role.id}/users`)).status).toBe(200);
    const refused = await reader.post(`/roles/${role.id}/users`, { userIds: [erin.id] });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('auth.insufficient_scope');
    expect((await reader.delete(`/roles/${role.id}/users/${erin.id}`)).status).toBe(403);
    const userReader = await apiWithScopes(server, ['read:users']);
    expect((await userReader.get(`/roles/${role.id}/users`)).status).toBe(403);
    expect((await api.get(`/roles/${role.id}/users`)).body).toEqual([]);
  });
});
