import { createHash } from 'node:crypto';

import type { SentinelPolicy } from '@gatehouse/schemas';
import { and, eq, gt, sql } from 'drizzle-orm';

import { ApiError } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { generateId } from '../../crypto/ids.js';
import type { Tx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { sentinelActivities } from './experience.table.js';

export type SentinelAction = 'Password' | 'VerificationCode';

const targetHash = (identifier: string) => createHash('sha256').update(identifier.toLowerCase()).digest('hex');

const { createdAt, result } = sentinelActivities;

const hashParam = sql.placeholder('hash');
/** When the identifier's failures last stopped counting: its latest success or lockout. */
const lastReset = sql`coalesce((select max(${createdAt}) from ${sentinelActivities} where ${sentinelActivities.targetHash} = ${hashParam} and ${result} in ('Success', 'Blocked')), '-infinity')`;

/**
 * What every password or code attempt asks first, in one prepared statement: the lockout in force,
 * if any, and the attempts since the last success or lockout within the lockout window (the
 * failures, and those still being checked).
 */
const recentActivity = prepared('sentinel_recent_activity', (tx) =>
  tx
    .select({
      blockedAt: sql<Date | null>`max(${createdAt}) filter (where ${result} = 'Blocked')`.mapWith(createdAt),
      failed: sql<number>`(count(*) filter (where ${result} = 'Failed' and ${createdAt} > ${lastReset}))::int`,
      pending: sql<number>`(count(*) filter (where ${result} = 'Pending' and ${createdAt} > ${lastReset}))::int`,
    })
    .from(sentinelActivities)
    .where(and(eq(sentinelActivities.targetHash, hashParam), gt(createdAt, sql`now() - make_interval(mins => ${sql.placeholder('minutes')}::int)`))),
);

const markSuccess = prepared('sentinel_mark_success', (tx) =>
  tx.update(sentinelActivities).set({ result: 'Success' }).where(eq(sentinelActivities.id, sql.placeholder('id'))),
);

const deleteAttempt = prepared('sentinel_delete_attempt', (tx) => tx.delete(sentinelActivities).where(eq(sentinelActivities.id, sql.placeholder('id'))));

const readActivity = async (tx: Tx, hash: string, policy: SentinelPolicy) => {
  const [activity] = await recentActivity(tx).execute({ hash, minutes: policy.lockoutDuration });
  return {
    lockedUntil: activity?.blockedAt ? new Date(activity.blockedAt.getTime() + policy.lockoutDuration * 60_000) : undefined,
    failed: activity?.failed ?? 0,
    pending: activity?.pending ?? 0,
  };
};

/**
 * The lockout: its message says in how many minutes to try again (whole minutes, rounded up, with the
 * language's plural form); `until` stays in the params as the exact end of the lock, never shown, and
 * `seconds` is sent as the `Retry-After` header.
 */
const lockedError = (until: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new ApiError(429, 'session.identifier_locked', { until: until.toISOString(), minutes: Math.ceil(seconds / 60), seconds });
};

/** One identifier's attempts are counted one at a time (until the transaction ends). */
const lockIdentifier = (tx: Tx, tenantId: string, hash: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sentinel:${tenantId}:${hash}`}))`);

type Attempt = { id: string; hash: string; failuresBefore: number };

/**
 * Records an attempt as Pending before it is checked, refusing it when the identifier is locked or
 * when failures and attempts still being checked already make `maxAttempts`: a burst of parallel
 * guesses gets no more checks than the limit.
 */
const beginAttempt = (scope: TenantScope, policy: SentinelPolicy, hash: string, action: SentinelAction): Promise<Attempt> =>
  scope.transaction(async (tx) => {
    await lockIdentifier(tx, scope.tenantId, hash);
    const { lockedUntil, failed, pending } = await readActivity(tx, hash, policy);
    if (lockedUntil) {
      throw lockedError(lockedUntil);
    }
    if (failed + pending >= policy.maxAttempts) {
      // A moment later the attempts being checked have either locked the identifier or freed their places.
      throw new ApiError(429, 'request.rate_limited', { seconds: 1 });
    }
    const id = generateId();
    await tx.insert(sentinelActivities).values({ tenantId: scope.tenantId, id, targetType: 'User', targetHash: hash, action, result: 'Pending' });
    return { id, hash, failuresBefore: failed };
  });

/** The attempt becomes a failure; reaching `maxAttempts` starts a lockout, answered here. */
const settleFailure = async (scope: TenantScope, policy: SentinelPolicy, attempt: Attempt, action: SentinelAction) => {
  const lockedNow = await scope.transaction(async (tx) => {
    await lockIdentifier(tx, scope.tenantId, attempt.hash);
    await tx.update(sentinelActivities).set({ result: 'Failed' }).where(eq(sentinelActivities.id, attempt.id));
    if ((await readActivity(tx, attempt.hash, policy)).failed < policy.maxAttempts) {
      return undefined;
    }
    await tx.insert(sentinelActivities).values({ tenantId: scope.tenantId, id: generateId(), targetType: 'User', targetHash: attempt.hash, action, result: 'Blocked' });
    return (await readActivity(tx, attempt.hash, policy)).lockedUntil;
  });
  if (lockedNow) {
    throw lockedError(lockedNow);
  }
};

/** A success resets earlier failures; without any, its row goes again (most sign-ins keep nothing). */
const settleSuccess = (scope: TenantScope, attempt: Attempt) =>
  scope.autocommit((tx) =>
    attempt.failuresBefore > 0 ? markSuccess(tx).execute({ id: attempt.id }) : deleteAttempt(tx).execute({ id: attempt.id }),
  );

const clearTargets = prepared('sentinel_clear_targets', (tx) =>
  tx.delete(sentinelActivities).where(sql`${sentinelActivities.targetHash} = any(${sql.placeholder('hashes')})`),
);

/** Forgets the attempts and lockouts of `identifiers` (keys as guardAttempt takes them): a password reset ends them. */
export const clearAttempts = (scope: TenantScope, identifiers: string[]) =>
  scope.autocommit((tx) => clearTargets(tx).execute({ hashes: identifiers.map(targetHash) }));

/**
 * Runs a password or code check for `identifier` under its lockout: refused while locked, counted
 * before it runs, and a failure that reaches `maxAttempts` starts a lockout (a 429 instead of the
 * answer). A check that throws (nothing was compared) is not counted.
 */
export const guardAttempt = async <T extends { valid: boolean }>(
  scope: TenantScope,
  policy: SentinelPolicy,
  identifier: string,
  action: SentinelAction,
  check: () => Promise<T>,
): Promise<T> => {
  const attempt = await beginAttempt(scope, policy, targetHash(identifier), action);
  let outcome: T;
  try {
    outcome = await check();
  } catch (error) {
    await scope.autocommit((tx) => deleteAttempt(tx).execute({ id: attempt.id }));
    throw error;
  }
  await (outcome.valid ? settleSuccess(scope, attempt) : settleFailure(scope, policy, attempt, action));
  return outcome;
};
