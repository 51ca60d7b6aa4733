/**
 * The user list past its small-list paths: searches with more matches than they count, short
 * search terms, and page numbers deep enough to be found from the creation-time buckets. Users
 * are inserted in bulk as rows (the API would hash passwords and take minutes).
 */
import { asc, desc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Tx } from '../src/db/database.js';
import { userCreatedBuckets, users } from '../src/modules/users/users.table.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let api: Awaited<ReturnType<TestServer['api']>>;

const ids = (response: { body: { id: string }[] }) => response.body.map((user) => user.id);
const inDefault = <T>(work: (tx: Tx) => Promise<T>) => server.gatehouse.scopeFor('default').transaction(work);

/** Ids of the default tenant's users, oldest first, straight from the table. */
const wholeOrdering = () => inDefault(async (tx) => (await tx.select({ id: users.id }).from(users).orderBy(asc(users.createdAt), asc(users.id))).map((row) => row.id));

const insertUsers = (rows: { id: string; username: string; name?: string; createdAt: Date }[]) =>
  inDefault(async (tx) => {
    for (let from = 0; from < rows.length; from += 1000) {
      await tx.insert(users).values(rows.slice(from, from + 1000).map((row) => ({ ...row, tenantId: 'default' })));
    }
  });

beforeAll(async () => {
  server = await startTestServer();
  api = await server.api();
  // 6,000 users over ten days: most a few seconds apart, some sharing a millisecond (an import),
  // and one minute holding 700 of them.
  const start = Date.UTC(2026, 0, 1, 23, 58);
  const rows = Array.from({ length: 6000 }, (_, n) => {
    const createdAt = n < 700 ? start + (n % 7) : n < 1500 ? start + 3_600_000 * 30 : start + 86_400_000 + n * 137_000;
    return { id: `s${String(n).padStart(11, '0')}`, username: `scale_${n}`, name: n % 3 === 0 ? 'Grace Hopper' : 'Alan Turing', createdAt: new Date(createdAt) };
  });
  await insertUsers(rows);
});
afterAll(async () => server?.close());

describe('user list at scale', () => {
  it('keeps the creation buckets equal to the users, per day and per minute', async () => {
    const sums = await inDefault(async (tx) =>
      tx
        .select({ level: userCreatedBuckets.level, users: sql<string>`sum(${userCreatedBuckets.count})` })
        .from(userCreatedBuckets)
        .groupBy(userCreatedBuckets.level)
        .orderBy(userCreatedBuckets.level),
    );
    const total = (await wholeOrdering()).length;
    expect(sums.map((row) => Number(row.users))).toEqual([total, total]);
    // A corrected creation time moves the user to its new day and minute.
    await inDefault((tx) => tx.update(users).set({ createdAt: new Date(Date.UTC(2025, 5, 1, 12, 0, 30)) }).where(inArray(users.id, ['s00000000001', 's00000004000'])));
    const moved = await inDefault(async (tx) =>
      tx
        .select({ level: userCreatedBuckets.level, users: sql<string>`sum(${userCreatedBuckets.count})` })
        .from(userCreatedBuckets)
        .where(sql`${userCreatedBuckets.bucket} in ('2025-06-01 00:00:00', '2025-06-01 12:00:00')`)
        .groupBy(userCreatedBuckets.level)
        .orderBy(userCreatedBuckets.level),
    );
    expect(moved.map((row) => Number(row.users))).toEqual([2, 2]);
  });

  it('serves deep page numbers in both orders as slices of the whole ordering, before and after deletions', async () => {
    const check = async () => {
      const oldestFirst = await wholeOrdering();
      const newestFirst = [...oldestFirst].reverse();
      const total = oldestFirst.length;
      for (const pageSize of [20, 7]) {
        const lastPage = Math.ceil(total / pageSize);
        for (const page of [1, 2, 120, 150, 151, Math.floor(lastPage / 2), lastPage - 130, lastPage - 1, lastPage]) {
          for (const [order, ordering] of [['desc', newestFirst], ['asc', oldestFirst]] as const) {
            const response = await api.get(`/users?page=${page}&page_size=${pageSize}&sortOrder=${order}`);
            expect(response.headers.get('total-number')).toBe(String(total));
            expect(ids(response), `${order} page ${page} of ${pageSize}`).toEqual(ordering.slice((page - 1) * pageSize, page * pageSize));
          }
        }
      }
    };
    await check();
    // Deleting users from the oldest day, the crowded minute and the middle moves every later page.
    const doomed = ['s00000000003', 's00000000650', 's00000001000', 's00000003000', 's00000003001'];
    for (const id of doomed) {
      expect((await api.delete(`/users/${id}`)).status).toBe(204);
    }
    await check();
  });

  it('counts a search up to 1,000 matches, pages through its first 1,000, and walks all by cursor', async () => {
    const everyone = await inDefault(async (tx) =>
      (await tx.select({ id: users.id }).from(users).where(sql`${users.name} = 'Grace Hopper'`).orderBy(desc(users.createdAt), desc(users.id))).map((row) => row.id),
    );
    expect(everyone.length).toBeGreaterThan(1000);
    const first = await api.get('/users?search=hopper&page_size=100');
    expect(first.headers.get('total-number')).toBe('1000');
    expect(first.headers.get('total-number-capped')).toBe('true');
    expect(ids(first)).toEqual(everyone.slice(0, 100));
    expect(ids(await api.get('/users?search=HOPPER&page=10&page_size=100'))).toEqual(everyone.slice(900, 1000));
    const past = await api.get('/users?search=hopper&page=11&page_size=100');
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('guard.page_out_of_range');

    const walked: string[] = [];
    let path: string | undefined = '/users?cursor=&search=hopper&page_size=100';
    while (path) {
      const response = await api.get(path);
      walked.push(...ids(response));
      path = /<\/api([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    }
    expect(walked).toEqual(everyone);

    // Under the limit the count is exact and not marked.
    const few = await api.get('/users?search=scale_5999');
    expect(few.headers.get('total-number')).toBe('1');
    expect(few.headers.get('total-number-capped')).toBeNull();
  });

  it('matches one or two characters at the start of a field, three or more anywhere', async () => {
    await api.post('/users', { username: 'zq_first', name: 'Ozqa Name' });
    await api.post('/users', { username: 'middle_zq', primaryEmail: 'zqx@short.example' });
    const names = async (path: string) => (await api.get(path)).body.map((user: { username: string }) => user.username).sort();
    expect(await names('/users?search=zq')).toEqual(['middle_zq', 'zq_first']);
    expect(await names('/users?search=ZQ&searchFields=username')).toEqual(['zq_first']);
    expect(await names('/users?search=oz&searchFields=name')).toEqual(['zq_first']);
    expect(await names('/users?search=zqa')).toEqual(['zq_first']);
    expect(await names('/users?search=_zq')).toEqual(['middle_zq']);
    expect(await names('/users?search=%25&searchFields=username')).toEqual([]);
    const control = await api.get(`/users?search=${encodeURIComponent('a\u001fb')}`);
    expect(control.status).toBe(400);
    expect(control.body.details).toEqual([expect.objectContaining({ path: 'query.search' })]);
  });
});
