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

/** The lockout in force, if any: prepared, as every password or code attempt asks it first. */
const latestBlock = prepared('sentinel_latest_block', (tx) =>
  tx
    .select({ createdAt: sentinelActivities.createdAt })
    .from(sentinelActivities)
    .where(
      and(
        eq(sentinelActivities.targetHash, sql.placeholder('hash')),
        eq(sentinelActivities.result, 'Blocked'),
        gt(sentinelActivities.createdAt, sql`now() - make_interval(mins => ${sql.placeholder('minutes')}::int)`),
      ),
    )
    .orderBy(desc(sentinelActivities.createdAt))
    .limit(1),
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

const lockedUntil = async (tx: Tx, hash: string, policy: SentinelPolicy): Promise<Date | undefined> => {
  const [block] = await latestBlock(tx).execute({ hash, minutes: policy.lockoutDuration });
  return block ? new Date(block.createdAt.getTime() + policy.lockoutDuration * 60_000) : undefined;
};

const lockedError = (until: Date) =>
  new ApiError(429, 'session.identifier_locked', { until: until.toISOString(), minutes: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000)) });

/**
 * Refuses an identifier that failed `maxAttempts` times: it stays locked for `lockoutDuration`
 * minutes from the failure that locked it, whatever the password or code tried meanwhile.
 */
export const assertNotLocked = async (scope: TenantScope, policy: SentinelPolicy, identifier: string) => {
  const until = await scope.autocommit((tx) => lockedUntil(tx, targetHash(identifier), policy));
  if (until) {
    throw lockedError(until);
  }
};

/**
 * Records an attempt. Failures since the last success (or the last lockout, or within the lockout
 * window) count; reaching `maxAttempts` starts a lockout.
 */
export const recordAttempt = async (
  scope: TenantScope,
  policy: SentinelPolicy,
  identifier: string,
  action: SentinelAction,
  success: boolean,
) => {
  const hash = targetHash(identifier);
  const attempt = () => ({ tenantId: scope.tenantId, id: generateId(), targetType: 'User' as const, targetHash: hash, action });
  if (success) {
    // A success counts nothing: it needs neither the lock nor a transaction.
    await scope.autocommit((tx) => insertSuccess(tx).execute(attempt()));
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
    return lockedUntil(tx, hash, policy);
  });
  if (lockedNow) {
    throw lockedError(lockedNow);
  }
};
