import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TOTP } from 'otpauth';

import { openTotpKey, type StoredMfaVerification } from '../src/modules/users/mfa-verifications.service.js';
import { userSsoIdentities, users } from '../src/modules/users/users.table.js';
import { PostgresAdapter } from '../src/oidc/adapter.js';
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

describe('one mailbox, one email address', () => {
  it('stores the canonical spelling and refuses every other spelling of a taken address (409)', async () => {
    const first = await api.post('/users', { primaryEmail: 'dup@example.com' });
    expect(first.status).toBe(201);
    for (const spelling of ['dup@ｅｘａｍｐｌｅ.com', 'dup@EXAMPLE.com', 'DUP@ＥＸＡＭＰＬＥ.ＣＯＭ']) {
      const refused = await api.post('/users', { primaryEmail: spelling });
      expect(refused.status, spelling).toBe(409);
      expect(refused.body.code).toBe('user.email_already_in_use');
      expect(refused.body.details[0].path).toBe('body.primaryEmail');
    }

    const idn = await api.post('/users', { primaryEmail: 'user@xn--bcher-kva.example' });
    expect(idn.status).toBe(201);
    expect(idn.body.primaryEmail).toBe('user@bücher.example');
    const other = (await api.post('/users', { primaryEmail: 'other@example.com' })).body;
    for (const spelling of ['user@bücher.example', 'USER@BÜCHER.example', 'user@bu\u0308cher.example']) {
      const refused = await api.patch(`/users/${other.id}`, { primaryEmail: spelling });
      expect(refused.status, spelling).toBe(409);
      expect(refused.body.code).toBe('user.email_already_in_use');
    }
    // A user may write their own address in another spelling: it is kept canonical.
    const own = await api.patch(`/users/${other.id}`, { primaryEmail: 'Other@ＥＸＡＭＰＬＥ.com' });
    expect(own.status).toBe(200);
    expect(own.body.primaryEmail).toBe('Other@example.com');
    expect((await api.get(`/users/${other.id}`)).body.primaryEmail).toBe('Other@example.com');
  });

  it('refuses an address with a trailing dot or another domain no mail reaches (400, before anything is stored)', async () => {
    const user = (await api.post('/users', { username: 'dotted_domain' })).body;
    for (const primaryEmail of ['dup@example.com.', 'x@example..com', 'x@192.0.2.1', 'x@xn--zz.example', 'x@example.com/path']) {
      for (const response of [await api.post('/users', { primaryEmail }), await api.patch(`/users/${user.id}`, { primaryEmail })]) {
        expect(response.status, primaryEmail).toBe(400);
        expect(response.body.code).toBe('guard.invalid_input');
        expect(response.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.primaryEmail']);
      }
    }
    expect((await api.get(`/users/${user.id}`)).body.primaryEmail).toBeNull();
  });

  it('still finds an address stored before in the other form of its domain', async () => {
    // Before addresses were kept in one spelling, the ASCII form of a domain was stored as typed.
    const legacy = (await api.post('/users', { username: 'legacy_idn' })).body;
    await server.gatehouse
      .scopeFor('default')
      .transaction((tx) => tx.update(users).set({ primaryEmail: 'Legacy@XN--MNCHEN-3YA.de' }).where(eq(users.id, legacy.id)));
    const refused = await api.post('/users', { primaryEmail: 'legacy@münchen.de' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('user.email_already_in_use');
    const found = await api.get(`/users?search=${encodeURIComponent('legacy@MÜNCHEN.de')}&searchFields=primaryEmail&mode=exact`);
    expect(found.body.map((user: { id: string }) => user.id)).toEqual([legacy.id]);
  });
});

describe('users created at the same moment', () => {
  it('creates one user for one username sent several times at once, and answers 409 to the rest', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.post('/users', { username: 'same_moment' })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual(refused.map(() => [409, 'user.username_already_in_use']));
  });

  it('links one social identity to one of several users at once, and answers 409 to the rest', async () => {
    const created = await Promise.all(Array.from({ length: 6 }, (_, index) => api.post('/users', { username: `link_race_${index}` })));
    const answers = await Promise.all(created.map(({ body }) => api.put(`/users/${body.id}/identities/google`, { userId: 'g-link-race' })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual(refused.map(() => [409, 'user.identity_in_use']));
  });

  it('gives one of several users patched at once to one email address, and answers 409 to the rest', async () => {
    const created = await Promise.all(Array.from({ length: 6 }, (_, index) => api.post('/users', { username: `patch_race_${index}` })));
    const answers = await Promise.all(created.map(({ body }) => api.patch(`/users/${body.id}`, { primaryEmail: 'Patch.Race@example.com' })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual(refused.map(() => [409, 'user.email_already_in_use']));
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

describe('identities', () => {
  it('links, lists and unlinks social identities, one user per identity', async () => {
    const user = (await api.post('/users', { username: 'linked_one' })).body;
    const other = (await api.post('/users', { username: 'linked_two' })).body;
    expect((await api.get(`/users/${user.id}/identities`)).body).toEqual({});
    const linked = await api.put(`/users/${user.id}/identities/google`, { userId: 'g-123', details: { email: 'a@example.com' } });
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual({ google: { userId: 'g-123', details: { email: 'a@example.com' } } });
    await api.put(`/users/${user.id}/identities/github`, { userId: '42' });
    expect(Object.keys((await api.get(`/users/${user.id}`)).body.identities).sort()).toEqual(['github', 'google']);

    const taken = await api.put(`/users/${other.id}/identities/google`, { userId: 'g-123' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('user.identity_in_use');
    // The same provider id at another target is another identity.
    expect((await api.put(`/users/${other.id}/identities/apple`, { userId: 'g-123' })).status).toBe(200);

    expect((await api.put(`/users/${user.id}/identities/Bad Target`, { userId: 'x' })).status).toBe(400);
    expect((await api.put(`/users/${user.id}/identities/google`, { details: {} })).body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'body.userId' })]),
    );

    expect((await api.delete(`/users/${user.id}/identities/google`)).status).toBe(204);
    expect((await api.delete(`/users/${user.id}/identities/google`)).status).toBe(404);
    expect((await api.get(`/users/${user.id}/identities`)).body).toEqual({ github: { userId: '42' } });
    // Unlinked, the identity can go to someone else.
    expect((await api.put(`/users/${other.id}/identities/google`, { userId: 'g-123' })).status).toBe(200);
    expect((await api.get('/users/nobody/identities')).status).toBe(404);
  });

  it('reads enterprise SSO identities only when asked, and deletes them with the user', async () => {
    const user = (await api.post('/users', { username: 'sso_person' })).body;
    await server.gatehouse.scopeFor('default').transaction((tx) =>
      tx.insert(userSsoIdentities).values({
        tenantId: 'default',
        id: 'sso-identity-1',
        userId: user.id,
        ssoConnectorId: 'okta',
        issuer: 'https://okta.example.com',
        identityId: 'okta-77',
        detail: { email: 'p@example.com' },
      }),
    );
    expect((await api.get(`/users/${user.id}`)).body).not.toHaveProperty('ssoIdentities');
    const detailed = (await api.get(`/users/${user.id}?includeSsoIdentities=true`)).body;
    expect(detailed.ssoIdentities).toEqual([
      expect.objectContaining({ ssoConnectorId: 'okta', issuer: 'https://okta.example.com', identityId: 'okta-77', detail: { email: 'p@example.com' } }),
    ]);
    await api.delete(`/users/${user.id}`);
    const left = await server.gatehouse.scopeFor('default').transaction((tx) => tx.select().from(userSsoIdentities));
    expect(left.filter((row) => row.userId === user.id)).toEqual([]);
  });
});

describe('MFA verifications', () => {
  it('adds TOTP (key sealed at rest), backup codes and code factors, lists them without secrets, deletes them', async () => {
    const user = (await api.post('/users', { username: 'mfa_user', primaryEmail: 'mfa@example.com' })).body;
    const base = `/users/${user.id}/mfa-verifications`;
    expect((await api.get(base)).body).toEqual([]);

    const backupFirst = await api.post(base, { type: 'BackupCode' });
    expect(backupFirst.status).toBe(422);
    expect(backupFirst.body.code).toBe('user.backup_code_needs_other_factor');

    const totp = await api.post(base, { type: 'Totp' });
    expect(totp.status).toBe(201);
    expect(totp.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totp.body.secretUri).toMatch(/^otpauth:\/\/totp\/.*mfa%40example\.com\?.*secret=/);
    expect((await api.post(base, { type: 'Totp' })).body.code).toBe('user.mfa_verification_exists');

    const [stored] = await server.gatehouse.scopeFor('default').transaction(async (tx) => {
      const [row] = await tx.select({ verifications: users.mfaVerifications }).from(users).where(eq(users.id, user.id));
      return row!.verifications as StoredMfaVerification[];
    });
    expect(JSON.stringify(stored)).not.toContain(totp.body.secret);
    const opened = openTotpKey(server.gatehouse.scopeFor('default'), user.id, stored as Extract<StoredMfaVerification, { type: 'Totp' }>);
    expect(opened).toBe(totp.body.secret);
    const code = new TOTP({ secret: totp.body.secret }).generate();
    expect(new TOTP({ secret: opened }).validate({ token: code, window: 1 })).toBe(0);

    const backup = await api.post(base, { type: 'BackupCode' });
    expect(backup.body.codes).toHaveLength(10);
    expect(backup.body.remainCodes).toBe(10);
    expect((await api.post(base, { type: 'EmailVerificationCode' })).status).toBe(201);
    const phone = await api.post(base, { type: 'PhoneVerificationCode' });
    expect(phone.status).toBe(422);
    expect(phone.body).toMatchObject({ code: 'user.mfa_needs_identifier' });

    const listed = (await api.get(base)).body;
    expect(listed.map((item: { type: string }) => item.type)).toEqual(['Totp', 'BackupCode', 'EmailVerificationCode']);
    expect(JSON.stringify(listed)).not.toContain(backup.body.codes[0]);
    expect(listed[1]).toMatchObject({ remainCodes: 10, lastUsedAt: null });

    expect((await api.post(base, { type: 'Totp', secret: 'not base32!' })).status).toBe(400);
    expect((await api.post(base, { type: 'Sms' })).status).toBe(400);

    expect((await api.delete(`${base}/${listed[2].id}`)).status).toBe(204);
    expect((await api.delete(`${base}/${listed[2].id}`)).status).toBe(404);
    // Deleting the last real factor takes the backup codes with it.
    expect((await api.delete(`${base}/${listed[0].id}`)).status).toBe(204);
    expect((await api.get(base)).body).toEqual([]);

    const imported = await api.post(base, { type: 'Totp', secret: 'JBSWY3DPEHPK3PXPJBSWY3DP' });
    expect(imported.body.secret).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
  });
});

describe('paging at any depth', () => {
  const ids = (response: { body: { id: string }[] }) => response.body.map((user) => user.id);

  it('counts users through the trigger-kept counter, exactly, across inserts and deletes', async () => {
    const countRows = () =>
      server.gatehouse.scopeFor('default').transaction(async (tx) => (await tx.select({ id: users.id }).from(users)).length);
    const before = await api.get('/users?page_size=1');
    expect(Number(before.headers.get('total-number'))).toBe(await countRows());
    const temporary = (await api.post('/users', { username: 'counted_once' })).body;
    expect(Number((await api.get('/users?page_size=1')).headers.get('total-number'))).toBe(await countRows());
    await api.delete(`/users/${temporary.id}`);
    expect(Number((await api.get('/users?page_size=1')).headers.get('total-number'))).toBe(await countRows());
  });

  it('serves every page number, near and far end, as slices of the whole ordering', async () => {
    for (let n = 0; n < 7; n += 1) {
      await api.post('/users', { username: `pager_${n}` });
    }
    // Some users have signed in, in a known order; the rest never did.
    await server.gatehouse.scopeFor('default').transaction(async (tx) => {
      const rows = await tx.select({ id: users.id }).from(users);
      for (const [index, row] of rows.entries()) {
        if (index % 3 === 0) {
          await tx.update(users).set({ lastSignInAt: new Date(Date.UTC(2026, 0, 1 + (index % 5))) }).where(eq(users.id, row.id));
        }
      }
    });
    for (const sort of ['sortBy=createdAt&sortOrder=desc', 'sortBy=createdAt&sortOrder=asc', 'sortBy=lastSignInAt&sortOrder=desc', 'sortBy=lastSignInAt&sortOrder=asc']) {
      const all = await api.get(`/users?page_size=100&${sort}`);
      const whole = ids(all);
      expect(whole.length).toBe(Number(all.headers.get('total-number')));
      const pageSize = 4;
      const pages = Math.ceil(whole.length / pageSize);
      for (let page = 1; page <= pages; page += 1) {
        expect(ids(await api.get(`/users?page=${page}&page_size=${pageSize}&${sort}`)), `${sort} page ${page}`).toEqual(
          whole.slice((page - 1) * pageSize, page * pageSize),
        );
      }
      if (sort.startsWith('sortBy=lastSignInAt')) {
        const signedIn = all.body.map((user: { lastSignInAt: number | null }) => user.lastSignInAt);
        const firstNull = signedIn.indexOf(null);
        const nullsLast = sort.endsWith('desc');
        expect(signedIn.slice(nullsLast ? firstNull : 0, nullsLast ? undefined : signedIn.lastIndexOf(null) + 1).every((value: unknown) => value === null)).toBe(true);
      }
    }
    // Filtered lists page from the far end too.
    const filtered = ids(await api.get('/users?search=pager_&page_size=100'));
    expect(filtered).toHaveLength(7);
    expect(ids(await api.get('/users?search=pager_&page=2&page_size=5'))).toEqual(filtered.slice(5));
  });

  it('walks the whole list with cursors, following the next Link', async () => {
    for (const order of ['desc', 'asc']) {
      const whole = ids(await api.get(`/users?page_size=100&sortOrder=${order}`));
      const walked: string[] = [];
      let path: string | undefined = `/users?cursor=&page_size=3&sortOrder=${order}`;
      while (path) {
        const response = await api.get(path);
        expect(response.status).toBe(200);
        expect(Number(response.headers.get('total-number'))).toBe(whole.length);
        walked.push(...ids(response));
        const next = /<\/api([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '');
        path = next?.[1];
      }
      expect(walked).toEqual(whole);
    }
    const filtered = await api.get('/users?cursor=&search=pager_&page_size=5');
    expect(filtered.body).toHaveLength(5);
    const rest = await api.get(`/users${/<\/api\/users([^>]+)>/.exec(filtered.headers.get('link')!)![1]}`);
    expect(rest.body).toHaveLength(2);
    expect(rest.headers.get('link')).toBeNull();

    const forged = await api.get(`/users?cursor=${Buffer.from('not a cursor').toString('base64url')}`);
    expect(forged.status).toBe(400);
    expect(forged.body.details).toEqual([expect.objectContaining({ path: 'query.cursor' })]);
  });
});
