import { createHash } from 'node:crypto';

import type { SentinelPolicy } from '@gatehouse/schemas';
import { and, gt, inArray, sql } from 'drizzle-orm';

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
 * What every password or code attempt asks first, in one prepared statement, per target (an
 * identifier, and the account it belongs to): the lockout in force, if any, and the attempts since
 * the target's last success or lockout within the lockout window (the failures, and those still
 * being checked). A reset older than the window changes nothing: no counted failure is older.
 */
const recentActivity = prepared('sentinel_recent_activity', (tx) => {
  const window = tx
    .select({
      targetHash: sentinelActivities.targetHash,
      result,
      createdAt,
      resetAt: sql<Date | null>`max(${createdAt}) filter (where ${result} in ('Success', 'Blocked')) over (partition by ${sentinelActivities.targetHash})`.as(
        'reset_at',
      ),
    })
    .from(sentinelActivities)
    .where(
      and(
        sql`${sentinelActivities.targetHash} = any(${sql.placeholder('hashes')})`,
        gt(createdAt, sql`now() - make_interval(mins => ${sql.placeholder('minutes')}::int)`),
      ),
    )
    .as('window');
  const sinceReset = sql`${window.createdAt} > coalesce(${window.resetAt}, '-infinity')`;
  return tx
    .select({
      targetHash: window.targetHash,
      blockedAt: sql<Date | null>`max(${window.createdAt}) filter (where ${window.result} = 'Blocked')`.mapWith(createdAt),
      failed: sql<number>`(count(*) filter (where ${window.result} = 'Failed' and ${sinceReset}))::int`,
      pending: sql<number>`(count(*) filter (where ${window.result} = 'Pending' and ${sinceReset}))::int`,
    })
    .from(window)
    .groupBy(window.targetHash);
});

const markSuccess = prepared('sentinel_mark_success', (tx) =>
  tx.update(sentinelActivities).set({ result: 'Success' }).where(sql`${sentinelActivities.id} = any(${sql.placeholder('ids')})`),
);

const deleteAttempts = prepared('sentinel_delete_attempts', (tx) =>
  tx.delete(sentinelActivities).where(sql`${sentinelActivities.id} = any(${sql.placeholder('ids')})`),
);

type Activity = { hash: string; lockedUntil: Date | undefined; failed: number; pending: number };

/** Each target's activity, in the order of `hashes` (a target with none has zero counts). */
const readActivity = async (tx: Tx, hashes: string[], policy: SentinelPolicy): Promise<Activity[]> => {
  const rows = await recentActivity(tx).execute({ hashes, minutes: policy.lockoutDuration });
  return hashes.map((hash) => {
    const activity = rows.find((row) => row.targetHash === hash);
    return {
      hash,
      lockedUntil: activity?.blockedAt ? new Date(activity.blockedAt.getTime() + policy.lockoutDuration * 60_000) : undefined,
      failed: activity?.failed ?? 0,
      pending: activity?.pending ?? 0,
    };
  });
};

/** The latest end of a lockout in force among `activities`, if any. */
const latestLock = (activities: Activity[]) =>
  activities.reduce<Date | undefined>((latest, { lockedUntil }) => (lockedUntil && (!latest || lockedUntil > latest) ? lockedUntil : latest), undefined);

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
 * One target's attempts are counted one at a time (until the transaction ends). The locks are taken
 * in one statement, left to right in sorted order, so two attempts never wait on each other.
 */
const lockTargets = (tx: Tx, tenantId: string, hashes: string[]) =>
  tx.execute(
    sql`select ${sql.join(
      [...hashes].sort().map((hash) => sql`pg_advisory_xact_lock(hashtext(${`sentinel:${tenantId}:${hash}`}))`),
      sql`, `,
    )}`,
  );

type Attempt = { ids: string[]; hashes: string[]; failuresBefore: number };

/**
 * Records an attempt as Pending on each target before it is checked, refusing it when a target is
 * locked or when its failures and attempts still being checked already make `maxAttempts`: a burst
 * of parallel guesses gets no more checks than the limit.
 */
const beginAttempt = (scope: TenantScope, policy: SentinelPolicy, hashes: string[], action: SentinelAction): Promise<Attempt> =>
  scope.transaction(async (tx) => {
    await lockTargets(tx, scope.tenantId, hashes);
    const activities = await readActivity(tx, hashes, policy);
    const lockedUntil = latestLock(activities);
    if (lockedUntil) {
      throw lockedError(lockedUntil);
    }
    if (activities.some(({ failed, pending }) => failed + pending >= policy.maxAttempts)) {
      // A moment later the attempts being checked have either locked the target or freed their places.
      throw new ApiError(429, 'request.rate_limited', { seconds: 1 });
    }
    const ids = hashes.map(() => generateId());
    await tx
      .insert(sentinelActivities)
      .values(hashes.map((hash, index) => ({ tenantId: scope.tenantId, id: ids[index]!, targetType: 'User', targetHash: hash, action, result: 'Pending' })));
    return { ids, hashes, failuresBefore: Math.max(...activities.map(({ failed }) => failed)) };
  });

/** The attempt becomes a failure; a target reaching `maxAttempts` starts its lockout, answered here. */
const settleFailure = async (scope: TenantScope, policy: SentinelPolicy, attempt: Attempt, action: SentinelAction) => {
  const lockedNow = await scope.transaction(async (tx) => {
    await lockTargets(tx, scope.tenantId, attempt.hashes);
    await tx.update(sentinelActivities).set({ result: 'Failed' }).where(inArray(sentinelActivities.id, attempt.ids));
    const reached = (await readActivity(tx, attempt.hashes, policy)).filter(({ failed }) => failed >= policy.maxAttempts);
    if (reached.length === 0) {
      return undefined;
    }
    await tx
      .insert(sentinelActivities)
      .values(reached.map(({ hash }) => ({ tenantId: scope.tenantId, id: generateId(), targetType: 'User', targetHash: hash, action, result: 'Blocked' })));
    return latestLock(await readActivity(tx, attempt.hashes, policy));
  });
  if (lockedNow) {
    throw lockedError(lockedNow);
  }
};

/** A success resets earlier failures; without any, its row goes again (most sign-ins keep nothing). */
const settleSuccess = (scope: TenantScope, attempt: Attempt) =>
  scope.autocommit((tx) =>
    attempt.failuresBefore > 0 ? markSuccess(tx).execute({ ids: attempt.ids }) : deleteAttempts(tx).execute({ ids: attempt.ids }),
  );

const clearTargets = prepared('sentinel_clear_targets', (tx) =>
  tx.delete(sentinelActivities).where(sql`${sentinelActivities.targetHash} = any(${sql.placeholder('hashes')})`),
);

/** The key an account's own lockout is counted on, beside the lockouts of its identifiers. */
export const accountKey = (userId: string) => `user:${userId}`;

/** Forgets the attempts and lockouts of `identifiers` (keys as guardAttempt takes them): a password reset ends them. */
export const clearAttempts = (scope: TenantScope, identifiers: string[]) =>
  scope.autocommit((tx) => clearTargets(tx).execute({ hashes: identifiers.map(targetHash) }));

/**
 * Refuses (429) while any of `identifiers` is locked, without counting anything: a code is not
 * sent for a sign-in that could only be refused.
 */
export const assertNotLocked = async (scope: TenantScope, policy: SentinelPolicy, identifiers: string[]) => {
  const lockedUntil = latestLock(await scope.autocommit((tx) => readActivity(tx, identifiers.map(targetHash), policy)));
  if (lockedUntil) {
    throw lockedError(lockedUntil);
  }
};

/**
 * Runs a password or code check under the lockouts of `identifiers` (keys as `clearAttempts` takes
 * them: the identifier typed, and the account it belongs to when there is one, so that a lockout
 * is not walked round by another identifier of the same account). Refused while any is locked,
 * counted on each before it runs, and a failure that brings one to `maxAttempts` starts its lockout
 * (a 429 instead of the answer). A check that throws (nothing was compared) is not counted.
 */
export const guardAttempt = async <T extends { valid: boolean }>(
  scope: TenantScope,
  policy: SentinelPolicy,
  identifiers: string[],
  action: SentinelAction,
  check: () => Promise<T>,
): Promise<T> => {
  const attempt = await beginAttempt(scope, policy, identifiers.map(targetHash), action);
  let outcome: T;
  try {
    outcome = await check();
  } catch (error) {
    await scope.autocommit((tx) => deleteAttempts(tx).execute({ ids: attempt.ids }));
    throw error;
  }
  await (outcome.valid ? settleSuccess(scope, attempt) : settleFailure(scope, policy, attempt, action));
  return outcome;
};
