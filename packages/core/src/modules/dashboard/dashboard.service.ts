import { activeUsersCurveDays, type DashboardActiveUsers, type DashboardNewUsers, type PeriodCount } from '@gatehouse/schemas';
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';

import type { TenantScope } from '../../app/tenant-scope.js';
import { logs } from '../logs/logs.table.js';
import { countAllUsers } from '../users/user-list.js';
import { users } from '../users/users.table.js';

const dayMs = 86_400_000;

/**
 * Log entries that show a user was active: a successful sign-in or registration through the
 * hosted pages, or a token issued to the user (authorization code, refresh, token exchange).
 * Client-credentials tokens have no user and never count.
 */
export const activityLogKeys = [
  'Interaction.SignIn.Submit',
  'Interaction.Register.Submit',
  'ExchangeTokenBy.AuthorizationCode',
  'ExchangeTokenBy.RefreshToken',
  'ExchangeTokenBy.TokenExchange',
] as const;

/** A timestamp parameter of a raw SQL fragment (drivers differ on Date parameters; ISO text does not). */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

const period = (current: number, previous: number): PeriodCount => ({ count: current, delta: current - previous });

export const countUsers = (scope: TenantScope) => scope.transaction(async (tx) => ({ totalUserCount: await countAllUsers(tx) }));

/** New users over the last 24 hours and the last 7 days (rolling), each with the period before it. */
export const countNewUsers = (scope: TenantScope, now = Date.now()): Promise<DashboardNewUsers> =>
  scope.transaction(async (tx) => {
    const since = (days: number) => new Date(now - days * dayMs);
    const between = (from: number, to: number) =>
      sql<number>`count(*) filter (where ${users.createdAt} >= ${at(since(from))} and ${users.createdAt} < ${at(since(to))})::int`;
    // One range scan of the (tenant_id, created_at) index over the last 14 days.
    const [row] = await tx
      .select({ day: between(1, 0), previousDay: between(2, 1), week: between(7, 0), previousWeek: between(14, 7) })
      .from(users)
      .where(and(gte(users.createdAt, since(14)), lt(users.createdAt, new Date(now + 1))));
    return {
      today: period(row?.day ?? 0, row?.previousDay ?? 0),
      last7Days: period(row?.week ?? 0, row?.previousWeek ?? 0),
    };
  });

/** `YYYY-MM-DD` of a UTC day start. */
const isoDay = (timestamp: number) => new Date(timestamp).toISOString().slice(0, 10);

/** Today in UTC, as `YYYY-MM-DD`. */
export const todayUtc = (now = Date.now()) => isoDay(now);

/**
 * Distinct active users on `date` (UTC), in the 7 and 30 days ending that day, each against the
 * period before it, and the daily counts of the 30 days ending that day. Reads only the activity
 * keys over 60 days, through the (tenant_id, key, created_at) index of the logs.
 */
export const countActiveUsers = (scope: TenantScope, date: string): Promise<DashboardActiveUsers> =>
  scope.transaction(async (tx) => {
    const end = Date.parse(`${date}T00:00:00Z`) + dayMs;
    const start = (days: number) => new Date(end - days * dayMs);
    const activity = and(
      inArray(logs.key, [...activityLogKeys]),
      eq(logs.result, 'Success'),
      isNotNull(logs.userId),
      lt(logs.createdAt, new Date(end)),
    );
    const distinctSince = (from: number, to = 0) =>
      sql<number>`count(distinct ${logs.userId}) filter (where ${logs.createdAt} >= ${at(start(from))} and ${logs.createdAt} < ${at(start(to))})::int`;
    const [totals] = await tx
      .select({
        dau: distinctSince(1),
        previousDau: distinctSince(2, 1),
        wau: distinctSince(7),
        previousWau: distinctSince(14, 7),
        mau: distinctSince(30),
        previousMau: distinctSince(60, 30),
      })
      .from(logs)
      .where(and(activity, gte(logs.createdAt, start(60))));
    const day = sql<string>`to_char(${logs.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const daily = await tx
      .select({ date: day, count: sql<number>`count(distinct ${logs.userId})::int` })
      .from(logs)
      .where(and(activity, gte(logs.createdAt, start(activeUsersCurveDays))))
      .groupBy(day);
    const byDay = new Map(daily.map((row) => [row.date, Number(row.count)]));
    const dauCurve = Array.from({ length: activeUsersCurveDays }, (_, index) => {
      const key = isoDay(end - (activeUsersCurveDays - index) * dayMs);
      return { date: key, count: byDay.get(key) ?? 0 };
    });
    return {
      date,
      dauCurve,
      dau: period(totals?.dau ?? 0, totals?.previousDau ?? 0),
      wau: period(totals?.wau ?? 0, totals?.previousWau ?? 0),
      mau: period(totals?.mau ?? 0, totals?.previousMau ?? 0),
    };
  });
