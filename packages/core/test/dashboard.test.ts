import { managementScopes } from '@gatehouse/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { generateId } from '../src/crypto/ids.js';
import { purgeOldActivityDays } from '../src/modules/dashboard/dashboard.service.js';
import { userActivityDays } from '../src/modules/dashboard/user-activity-days.table.js';
import { logs } from '../src/modules/logs/logs.table.js';
import { userCounts, users } from '../src/modules/users/users.table.js';
import { apiWithScopes } from './setup/grants.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let api: Awaited<ReturnType<TestServer['api']>>;
const dayMs = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  api = await server.api();
});
afterAll(async () => server?.close());

const createUser = async (username: string, createdAt?: Date) => {
  const created = await api.post('/users', { username });
  expect(created.status).toBe(201);
  if (createdAt) {
    await server.gatehouse.scopeFor('default').transaction((tx) => tx.update(users).set({ createdAt }).where(eq(users.id, created.body.id)));
  }
  return created.body.id as string;
};

/** Audit log rows written as the sign-in pages and the token endpoint write them, at a chosen time. */
const logActivity = (entries: Array<{ key: string; userId?: string; result?: 'Success' | 'Error'; at: number }>) =>
  server.gatehouse.scopeFor('default').transaction((tx) =>
    tx.insert(logs).values(
      entries.map((entry) => ({
        tenantId: 'default',
        id: generateId(),
        key: entry.key,
        payload: { key: entry.key, result: entry.result ?? 'Success', ...(entry.userId ? { userId: entry.userId } : {}) },
        createdAt: new Date(entry.at),
      })),
    ),
  );

describe('dashboard figures', () => {
  it('counts all users, and new users of the last 24 hours and 7 days against the periods before', async () => {
    const now = Date.now();
    await createUser('fresh_one');
    await createUser('fresh_two');
    await createUser('yesterday', new Date(now - 1.5 * dayMs));
    await createUser('this_week', new Date(now - 4 * dayMs));
    await createUser('last_week', new Date(now - 10 * dayMs));
    await createUser('long_ago', new Date(now - 40 * dayMs));

    const total = await api.get('/dashboard/users/total');
    expect(total.status).toBe(200);
    expect(total.body).toEqual({ totalUserCount: 6 });

    const fresh = await api.get('/dashboard/users/new');
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({
      today: { count: 2, delta: 1 },
      last7Days: { count: 4, delta: 3 },
    });
  });

  it('reads the total from the counts kept by triggers, not by counting the users', async () => {
    const scope = server.gatehouse.scopeFor('default');
    const before = (await api.get('/dashboard/users/total')).body.totalUserCount as number;
    // A slot no trigger writes: a count read from the kept counts shows it, a count of rows does not.
    await scope.transaction((tx) => tx.insert(userCounts).values({ tenantId: 'default', slot: 99, count: 1000 }));
    try {
      expect((await api.get('/dashboard/users/total')).body).toEqual({ totalUserCount: before + 1000 });
    } finally {
      await scope.transaction((tx) => tx.delete(userCounts).where(eq(userCounts.slot, 99)));
    }
  });

  it('counts distinct active users per day, week and month from successful sign-ins and user token grants', async () => {
    // A day two days back, so every row stays well inside the audit log retention.
    const date = new Date(Date.now() - 2 * dayMs).toISOString().slice(0, 10);
    const noon = (daysBefore: number) => Date.parse(`${date}T12:00:00Z`) - daysBefore * dayMs;
    await logActivity([
      { key: 'ExchangeTokenBy.AuthorizationCode', userId: 'u1', at: noon(0) },
      { key: 'ExchangeTokenBy.RefreshToken', userId: 'u1', at: noon(0) + 3_600_000 },
      { key: 'Interaction.SignIn.Submit', userId: 'u2', at: noon(1) },
      { key: 'Interaction.SignIn.Submit', userId: 'u1', at: noon(10) },
      { key: 'Interaction.Register.Submit', userId: 'u4', at: noon(20) },
      { key: 'ExchangeTokenBy.TokenExchange', userId: 'u5', at: noon(40) },
      // Not activity: a failure, a machine token, a step that is not the end of a sign-in, the next day.
      { key: 'ExchangeTokenBy.AuthorizationCode', userId: 'u3', result: 'Error', at: noon(0) },
      { key: 'ExchangeTokenBy.ClientCredentials', at: noon(0) },
      { key: 'Interaction.SignIn.Verification.Password', userId: 'u6', at: noon(0) },
      { key: 'Interaction.SignIn.Submit', userId: 'u7', at: noon(-1) },
    ]);

    const active = await api.get(`/dashboard/users/active?date=${date}`);
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({
      date,
      dau: { count: 1, delta: 0 },
      wau: { count: 2, delta: 1 },
      mau: { count: 3, delta: 2 },
    });
    const curve = active.body.dauCurve as Array<{ date: string; count: number }>;
    expect(curve).toHaveLength(30);
    expect(curve.at(-1)).toEqual({ date, count: 1 });
    expect(curve[0]!.date).toBe(new Date(noon(29)).toISOString().slice(0, 10));
    expect(curve.filter((day) => day.count > 0).map((day) => day.date)).toEqual(
      [20, 10, 1, 0].map((daysBefore) => new Date(noon(daysBefore)).toISOString().slice(0, 10)),
    );

    // Without a date: today (UTC), where only u7's sign-in of the next day may fall.
    const today = await api.get('/dashboard/users/active');
    expect(today.status).toBe(200);
    expect(today.body.date).toBe(new Date().toISOString().slice(0, 10));

    for (const wrong of ['2025-02-30', '15-03-2025', 'yesterday']) {
      const refused = await api.get(`/dashboard/users/active?date=${wrong}`);
      expect(refused.status, wrong).toBe(400);
      expect(refused.body.code).toBe('guard.invalid_input');
    }
  });

  it('counts active users from the per-day rows the log trigger keeps, and forgets them with the logs', async () => {
    const scope = server.gatehouse.scopeFor('default');
    // Days no other test writes to: 100 and 99 days back, beyond the 90-day retention used below.
    const date = new Date(Date.now() - 100 * dayMs).toISOString().slice(0, 10);
    const nextDay = new Date(Date.parse(date) + dayMs).toISOString().slice(0, 10);
    const at = (day: string, hour: number) => Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
    await logActivity([
      { key: 'Interaction.SignIn.Submit', userId: 'kept1', at: at(date, 1) },
      { key: 'ExchangeTokenBy.AuthorizationCode', userId: 'kept1', at: at(date, 1) },
      { key: 'ExchangeTokenBy.RefreshToken', userId: 'kept1', at: at(date, 23) },
      { key: 'ExchangeTokenBy.RefreshToken', userId: 'kept1', at: at(nextDay, 0) },
    ]);
    const rows = await scope.transaction((tx) =>
      tx.select({ day: userActivityDays.day }).from(userActivityDays).where(eq(userActivityDays.userId, 'kept1')).orderBy(userActivityDays.day),
    );
    expect(rows).toEqual([{ day: date }, { day: nextDay }]);

    // A row no log entry made: figures read from the kept rows show it, a count of logs would not.
    await scope.transaction((tx) => tx.insert(userActivityDays).values({ tenantId: 'default', day: date, userId: 'rollup-only' }));
    const active = await api.get(`/dashboard/users/active?date=${date}`);
    expect(active.body).toMatchObject({ dau: { count: 2, delta: 2 }, wau: { count: 2, delta: 2 } });
    expect((await api.get(`/dashboard/users/active?date=${nextDay}`)).body).toMatchObject({ dau: { count: 1, delta: -1 }, wau: { count: 2, delta: 2 } });

    // Batches of one: the three rows older than 90 days go, in four rounds.
    expect(await purgeOldActivityDays(server.database, ['default'], 90, 1)).toBe(3);
    expect((await api.get(`/dashboard/users/active?date=${nextDay}`)).body).toMatchObject({ dau: { count: 0 }, wau: { count: 0 } });
  });

  it('needs read:users for user counts and read:logs for active users', async () => {
    const userReader = await apiWithScopes(server, [managementScopes.readUsers]);
    expect((await userReader.get('/dashboard/users/total')).status).toBe(200);
    expect((await userReader.get('/dashboard/users/new')).status).toBe(200);
    const refused = await userReader.get('/dashboard/users/active');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('auth.insufficient_scope');

    const logReader = await apiWithScopes(server, [managementScopes.readLogs]);
    expect((await logReader.get('/dashboard/users/active')).status).toBe(200);
    expect((await logReader.get('/dashboard/users/total')).status).toBe(403);
  });
});
