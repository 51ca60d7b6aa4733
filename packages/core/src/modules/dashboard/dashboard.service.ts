import { activeUsersCurveDays, type DashboardActiveUsers, type DashboardNewUsers, type PeriodCount } from '@gatehouse/schemas';
import { and, gt, gte, lt, lte, type SQL, sql } from 'drizzle-orm';

import type { TenantScope } from '../../app/tenant-scope.js';
import type { Database } from '../../db/database.js';
import { deleteInBatches } from '../../db/delete-in-batches.js';
import { countAllUsers } from '../users/user-list.js';
import { users } from '../users/users.table.js';
import { userActivityDays } from './user-activity-days.table.js';

const dayMs = 86_400_000;

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

/** `YYYY-MM-DD` of the day `days` before the UTC day `date`. */
const daysBefore = (date: string, days: number) => isoDay(Date.parse(`${date}T00:00:00Z`) - days * dayMs);

/**
 * Distinct active users on `date` (UTC), in the 7 and 30 days ending that day, each against the
 * period before it, and the daily counts of the 30 days ending that day. Reads the per-day activity
 * rows (`user_activity_days`, one per user and day) of 60 days through their primary key.
 */
export const countActiveUsers = (scope: TenantScope, date: string): Promise<DashboardActiveUsers> =>
  scope.transaction(async (tx) => {
    const { day, userId } = userActivityDays;
    // Days `from` (exclusive) to `to` (inclusive) before `date`: (1, 0] is `date` itself.
    const activeIn = (from: number, to = 0) => sql<boolean>`bool_or(${day} > ${daysBefore(date, from)} and ${day} <= ${daysBefore(date, to)})`;
    // One row per user active in the 60 days, with a flag per period: a single grouping instead of
    // one distinct count (and sort) per period.
    const perUser = tx
      .select({
        dau: activeIn(1).as('dau'),
        previousDau: activeIn(2, 1).as('previous_dau'),
        wau: activeIn(7).as('wau'),
        previousWau: activeIn(14, 7).as('previous_wau'),
        mau: activeIn(30).as('mau'),
        previousMau: activeIn(60, 30).as('previous_mau'),
      })
      .from(userActivityDays)
      .where(and(gt(day, daysBefore(date, 60)), lte(day, date)))
      .groupBy(userId)
      .as('per_user');
    const usersWith = (flag: SQL.Aliased<boolean>) => sql<number>`(count(*) filter (where ${flag}))::int`;
    const [totals] = await tx
      .select({
        dau: usersWith(perUser.dau),
        previousDau: usersWith(perUser.previousDau),
        wau: usersWith(perUser.wau),
        previousWau: usersWith(perUser.previousWau),
        mau: usersWith(perUser.mau),
        previousMau: usersWith(perUser.previousMau),
      })
      .from(perUser);
    const daily = await tx
      .select({ date: day, count: sql<number>`count(*)::int` })
      .from(userActivityDays)
      .where(and(gt(day, daysBefore(date, activeUsersCurveDays)), lte(day, date)))
      .groupBy(day);
    const byDay = new Map(daily.map((row) => [row.date, Number(row.count)]));
    const dauCurve = Array.from({ length: activeUsersCurveDays }, (_, index) => {
      const key = daysBefore(date, activeUsersCurveDays - 1 - index);
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

/**
 * Deletes activity days before the audit log retention period: the days whose log entries the log
 * retention has deleted, so the dashboard never counts activity the logs no longer show.
 */
export const purgeOldActivityDays = async (database: Database, tenantIds: Iterable<string>, retentionDays: number, batchSize?: number) => {
  const cutoff = isoDay(Date.now() - retentionDays * dayMs);
  let purged = 0;
  for (const tenantId of tenantIds) {
    purged += await deleteInBatches(database, tenantId, userActivityDays, lt(userActivityDays.day, cutoff), userActivityDays.day, batchSize);
  }
  return purged;
};
