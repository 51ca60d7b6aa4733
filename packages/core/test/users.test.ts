import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PostgresAdapter } from '../src/oidc/adapter.js';
import { users } from '../src/modules/users/users.table.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let api: Awaited<ReturnType<TestServer['api']>>;

beforeAll(async () => {
  server = await startTestServer();
  api = await server.api();
});
afterAll(async () => server?.close());

const storedPassword = (id: string) =>
  server.gatehouse.scopeFor('default').transaction(async (tx) => {
    const [row] = await tx
      .select({ method: users.passwordEncryptionMethod, hash: users.passwordEncrypted })
      .from(users)
      .where(eq(users.id, id));
    return row!;
  });

describe('users', () => {
  it('creates, reads, updates and deletes a user', async () => {
    const created = await api.post('/users', {
      username: 'ada_l',
      primaryEmail: 'ada@example.com',
      primaryPhone: '4412345678',
      name: 'Ada Lovelace',
      profile: { givenName: 'Ada', address: { country: 'GB' } },
      customData: { plan: 'pro' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'ada_l', hasPassword: false, isSuspended: false, lastSignInAt: null });
    expect(created.body.id).toMatch(/^[\da-z]{12}$/);
    expect(created.body).not.toHaveProperty('passwordEncrypted');
    const id = created.body.id;
    const patched = await api.patch(`/users/${id}`, { name: 'Ada King', avatar: 'https://img.example.com/ada.png' });
    expect(patched.body).toMatchObject({ name: 'Ada King', avatar: 'https://img.example.com/ada.png', username: 'ada_l' });
    expect((await api.patch(`/users/${id}`, { avatar: '' })).body.avatar).toBeNull();
    expect((await api.patch(`/users/${id}/profile`, { familyName: 'King' })).body).toEqual({
      givenName: 'Ada',
      familyName: 'King',
      address: { country: 'GB' },
    });
    expect((await api.patch(`/users/${id}/custom-data`, { beta: true })).body).toEqual({ plan: 'pro', beta: true });
    expect((await api.get(`/users/${id}`)).body.name).toBe('Ada King');
    expect((await api.delete(`/users/${id}`)).status).toBe(204);
    expect((await api.get(`/users/${id}`)).status).toBe(404);
  });

  it('validates identifiers with the spec patterns', async () => {
    for (const [body, path] of [
      [{ username: '1abc' }, 'body.username'],
      [{ username: 'has space' }, 'body.username'],
      [{ primaryEmail: 'not-an-email' }, 'body.primaryEmail'],
      [{ primaryPhone: '+44 123' }, 'body.primaryPhone'],
      [{ avatar: 'ftp://x.example.com/a.png' }, 'body.avatar'],
      [{ username: 'x'.repeat(129) }, 'body.username'],
      [{ password: 'a', passwordDigest: 'b', passwordAlgorithm: 'MD5' }, 'body.passwordDigest'],
      [{ passwordDigest: 'abc' }, 'body.passwordAlgorithm'],
    ] as const) {
      const response = await api.post('/users', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
  });

  it('keeps identifiers unique per tenant, case-insensitively for username and email', async () => {
    const first = (await api.post('/users', { username: 'Grace', primaryEmail: 'grace@example.com', primaryPhone: '15550001' })).body;
    const username = await api.post('/users', { username: 'grace' });
    expect(username.status).toBe(409);
    expect(username.body).toMatchObject({ code: 'user.username_already_in_use' });
    expect(username.body.details[0].path).toBe('body.username');
    expect((await api.post('/users', { primaryEmail: 'GRACE@example.com' })).body.code).toBe('user.email_already_in_use');
    expect((await api.post('/users', { primaryPhone: '15550001' })).body.code).toBe('user.phone_already_in_use');
    const other = (await api.post('/users', { username: 'hopper' })).body;
    expect((await api.patch(`/users/${other.id}`, { username: 'GRACE' })).status).toBe(409);
    // A user may keep (or re-case) their own identifier.
    expect((await api.patch(`/users/${first.id}`, { username: 'GRACE' })).status).toBe(200);
  });
});

describe('passwords', () => {
  it('sets, verifies and reports a password hashed with Argon2id', async () => {
    const user = (await api.post('/users', { username: 'pw_user', password: 'correct horse battery' })).body;
    expect(user.hasPassword).toBe(true);
    const stored = await storedPassword(user.id);
    expect(stored.method).toBe('Argon2id');
    expect(stored.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await api.post(`/users/${user.id}/password/verify`, { password: 'correct horse battery' })).status).toBe(204);
    const wrong = await api.post(`/users/${user.id}/password/verify`, { password: 'wrong' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('user.password_mismatch');
    expect((await api.patch(`/users/${user.id}/password`, { password: 'new secret value' })).status).toBe(200);
    expect((await api.post(`/users/${user.id}/password/verify`, { password: 'correct horse battery' })).status).toBe(422);
    expect((await api.post(`/users/${user.id}/password/verify`, { password: 'new secret value' })).status).toBe(204);
    const none = (await api.post('/users', { username: 'no_pw' })).body;
    expect((await api.get(`/users/${none.id}/has-password`)).body).toEqual({ hasPassword: false });
    expect((await api.post(`/users/${none.id}/password/verify`, { password: 'x' })).body.code).toBe('user.no_password');
  });

  it('imports legacy hashes, verifies them and upgrades them to Argon2id', async () => {
    // Digests of "password" computed with coreutils (md5sum, sha1sum, sha256sum).
    const vectors = [
      ['MD5', '5f4dcc3b5aa765d61d8327deb882cf99'],
      ['SHA1', '5baa61e4c9b93f3f0682250b6cf8331b7ee68fd8'],
      ['SHA256', '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8'],
    ] as const;
    for (const [algorithm, digest] of vectors) {
      const user = (await api.post('/users', { passwordDigest: digest, passwordAlgorithm: algorithm })).body;
      expect((await storedPassword(user.id)).method).toBe(algorithm);
      expect((await api.post(`/users/${user.id}/password/verify`, { password: 'wrong' })).status).toBe(422);
      expect((await storedPassword(user.id)).method).toBe(algorithm);
      expect((await api.post(`/users/${user.id}/password/verify`, { password: 'password' })).status).toBe(204);
      expect((await storedPassword(user.id)).method).toBe('Argon2id');
      expect((await api.post(`/users/${user.id}/password/verify`, { password: 'password' })).status).toBe(204);
    }
  });
});

describe('search', () => {
  it('searches substrings across fields, per field, exactly, by role and suspension', async () => {
    const make = async (body: Record<string, string>) => (await api.post('/users', body)).body;
    const alice = await make({ username: 'alice_search', primaryEmail: 'alice@search.example', name: 'Alice Liddell' });
    const bob = await make({ username: 'bob_search', primaryEmail: 'bob@search.example', name: 'Bob Alison' });
    await make({ username: 'carol_other', primaryEmail: 'carol@other.example', name: 'Carol' });
    const names = (response: { body: { username: string }[] }) => response.body.map((user) => user.username).sort();

    expect(names(await api.get('/users?search=SEARCH.example'))).toEqual(['alice_search', 'bob_search']);
    expect(names(await api.get('/users?search=ali'))).toEqual(['alice_search', 'bob_search']);
    expect(names(await api.get('/users?search=ali&searchFields=username'))).toEqual(['alice_search']);
    expect(names(await api.get('/users?search=alice%40search.example&mode=exact'))).toEqual(['alice_search']);
    expect(names(await api.get('/users?search=alice%40search&mode=exact'))).toEqual([]);
    expect((await api.get(`/users?search=${encodeURIComponent('%')}`)).body).toEqual([]);
    expect((await api.get(`/users?search=${encodeURIComponent('a_i')}`)).body).toEqual([]);
    expect((await api.get(`/users?search=${alice.id}`)).body.map((user: { id: string }) => user.id)).toEqual([alice.id]);

    const role = (await api.post('/roles', { name: 'Searchers', description: 'x' })).body;
    await api.post(`/users/${bob.id}/roles`, { roleIds: [role.id] });
    expect(names(await api.get(`/users?roleId=${role.id}`))).toEqual(['bob_search']);
    await api.patch(`/users/${alice.id}/is-suspended`, { isSuspended: true });
    expect(names(await api.get('/users?search=search.example&isSuspended=true'))).toEqual(['alice_search']);

    const paged = await api.get('/users?search=search.example&page_size=1&sortBy=createdAt&sortOrder=asc');
    expect(paged.headers.get('total-number')).toBe('2');
    expect(paged.body[0].username).toBe('alice_search');
  });
});

describe('roles and suspension', () => {
  it('assigns User roles only, and gives default roles to new users', async () => {
    const member = (await api.post('/roles', { name: 'Member', description: 'x', isDefault: true })).body;
    const bots = (await api.post('/roles', { name: 'User bots', description: 'x', type: 'MachineToMachine' })).body;
    const user = (await api.post('/users', { username: 'defaulted' })).body;
    expect((await api.get(`/users/${user.id}/roles`)).body.map((role: { name: string }) => role.name)).toEqual(['Member']);
    const refused = await api.post(`/users/${user.id}/roles`, { roleIds: [bots.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('role.not_user_type');
    expect((await api.delete(`/users/${user.id}/roles/${member.id}`)).status).toBe(204);
    expect((await api.get(`/users/${user.id}/roles`)).body).toEqual([]);
    await api.patch(`/roles/${member.id}`, { isDefault: false });
  });

  it('revokes sessions and refresh tokens when suspending, and everything when deleting', async () => {
    const user = (await api.post('/users', { username: 'suspended_one' })).body;
    const runtime = server.gatehouse.runtimes.get('default');
    const refresh = new PostgresAdapter('RefreshToken', runtime, server.database);
    const session = new PostgresAdapter('Session', runtime, server.database);
    await refresh.upsert('rt-1', { accountId: user.id, grantId: 'g1' }, 3600);
    await session.upsert('s-1', { accountId: user.id, uid: 'u1' }, 3600);
    const suspended = await api.patch(`/users/${user.id}/is-suspended`, { isSuspended: true });
    expect(suspended.body.isSuspended).toBe(true);
    expect(await refresh.find('rt-1')).toBeUndefined();
    expect(await session.find('s-1')).toBeUndefined();
    expect((await api.patch(`/users/${user.id}/is-suspended`, { isSuspended: false })).body.isSuspended).toBe(false);

    await refresh.upsert('rt-2', { accountId: user.id, grantId: 'g2' }, 3600);
    expect((await api.delete(`/users/${user.id}`)).status).toBe(204);
    expect(await refresh.find('rt-2')).toBeUndefined();
  });
});
