import { createHash } from 'node:crypto';

import type { SentinelPolicy } from '@gatehouse/schemas';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';

import { ApiError } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { generateId } from '../../crypto/ids.js';
import type { Tx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { sentinelActivities } from './experience.table.js';

export type SentinelAction = 'Password' | 'VerificationCode';

const targetHash = (identifier: string) => createHash('sha256').update(identifier.toLowerCase()).digest('hex');

const { createdAt, result } = sentinelActivities;

/**
 * What every password or code attempt asks first (prepared): the lockout in force, if any, and
 * whether failures since the last reset wait for a success to clear them. Both come from the
 * identifier's rows within the lockout window; older failures count for nothing anyway.
 */
const recentActivity = prepared('sentinel_recent_activity', (tx) =>
  tx
    .select({
      blockedAt: sql<Date | null>`max(${createdAt}) filter (where ${result} = 'Blocked')`.mapWith(createdAt),
      failuresPending: sql<boolean>`coalesce(max(${createdAt}) filter (where ${result} = 'Failed') >= coalesce(max(${createdAt}) filter (where ${result} <> 'Failed'), '-infinity'), false)`,
    })
    .from(sentinelActivities)
    .where(
      and(
        eq(sentinelActivities.targetHash, sql.placeholder('hash')),
        gt(createdAt, sql`now() - make_interval(mins => ${sql.placeholder('minutes')}::int)`),
      ),
    ),
);

const insertSuccess = prepared('sentinel_insert_success', (tx) =>
  tx.insert(sentinelActivities).values({
    tenantId: sql.placeholder('tenantId'),
    id: sql.placeholder('id'),
    targetType: sql.placeholder('targetType'),
    targetHash: sql.placeholder('targetHash'),
    action: sql.placeholder('action'),
    result: 'Success',
  }),
);

const readActivity = async (tx: Tx, hash: string, policy: SentinelPolicy) => {
  const [activity] = await recentActivity(tx).execute({ hash, minutes: policy.lockoutDuration });
  return {
    lockedUntil: activity?.blockedAt ? new Date(activity.blockedAt.getTime() + policy.lockoutDuration * 60_000) : undefined,
    failuresPending: activity?.failuresPending ?? false,
  };
};

/** What the check before an attempt learned, for recording its outcome. */
export type SentinelCheck = { failuresPending: boolean };

/**
 * The lockout: its message says in how many minutes to try again (whole minutes, rounded up, with the
 * language's plural form); `until` stays in the params as the exact end of the lock, never shown, and
 * `seconds` is sent as the `Retry-After` header.
 */
const lockedError = (until: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new ApiError(429, 'session.identifier_locked', { until: until.toISOString(), minutes: Math.ceil(seconds / 60), seconds });
};

/**
 * Refuses an identifier that failed `maxAttempts` times: it stays locked for `lockoutDuration`
 * minutes from the failure that locked it, whatever the password or code tried meanwhile.
 */
export const assertNotLocked = async (scope: TenantScope, policy: SentinelPolicy, identifier: string): Promise<SentinelCheck> => {
  const { lockedUntil, failuresPending } = await scope.autocommit((tx) => readActivity(tx, targetHash(identifier), policy));
  if (lockedUntil) {
    throw lockedError(lockedUntil);
  }
  return { failuresPending };
};

/**
 * Records an attempt, with what `assertNotLocked` learned before it. Failures since the last
 * success (or the last lockout, or within the lockout window) count; reaching `maxAttempts` starts
 * a lockout. A success is written only when it has failures to reset: most sign-ins write nothing.
 */
export const recordAttempt = async (
  scope: TenantScope,
  policy: SentinelPolicy,
  identifier: string,
  action: SentinelAction,
  success: boolean,
  check: SentinelCheck,
) => {
  const hash = targetHash(identifier);
  const attempt = () => ({ tenantId: scope.tenantId, id: generateId(), targetType: 'User' as const, targetHash: hash, action });
  if (success) {
    // A success counts nothing: it needs neither the lock nor a transaction.
    if (check.failuresPending) {
      await scope.autocommit((tx) => insertSuccess(tx).execute(attempt()));
    }
    return;
  }
  const lockedNow = await scope.transaction(async (tx) => {
    // One identifier's attempts are counted one at a time, so parallel guesses cannot slip past the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sentinel:${scope.tenantId}:${hash}`}))`);
    await tx.insert(sentinelActivities).values({ ...attempt(), result: 'Failed' });
    const [reset] = await tx
      .select({ createdAt: sentinelActivities.createdAt })
      .from(sentinelActivities)
      .where(and(eq(sentinelActivities.targetHash, hash), inArray(sentinelActivities.result, ['Success', 'Blocked'])))
      .orderBy(desc(sentinelActivities.createdAt))
      .limit(1);
    const [failures] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(sentinelActivities)
      .where(
        and(
          eq(sentinelActivities.targetHash, hash),
          eq(sentinelActivities.result, 'Failed'),
          gt(sentinelActivities.createdAt, sql`now() - make_interval(mins => ${policy.lockoutDuration})`),
          reset ? gt(sentinelActivities.createdAt, reset.createdAt) : undefined,
        ),
      );
    if ((failures?.count ?? 0) < policy.maxAttempts) {
      return undefined;
    }
    await tx.insert(sentinelActivities).values({ ...attempt(), result: 'Blocked' });
    return (await readActivity(tx, hash, policy)).lockedUntil;
  });
  if (lockedNow) {
    throw lockedError(lockedNow);
  }
};
