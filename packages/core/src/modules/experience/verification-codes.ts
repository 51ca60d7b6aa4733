import { createHash, randomInt } from 'node:crypto';

import { emailKey } from '@gatehouse/schemas';
import { and, count, eq, exists, gt, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { ApiError } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { generateId } from '../../crypto/ids.js';
import { safeEqual } from '../../crypto/secret-box.js';
import { verificationCodes } from './experience.table.js';

/** Documented defaults: 6 digits, valid 10 minutes, 10 tries, one send per minute and 10 per hour per address. */
export const verificationCodePolicy = {
  digits: 6,
  ttlSeconds: 600,
  maxTries: 10,
  resendAfterSeconds: 60,
  maxPerHour: 10,
} as const;

export type CodeIdentifier = { type: 'email' | 'phone'; value: string };

/** Codes are kept per address, case-insensitively, an email in its canonical spelling (one mailbox, one count). */
const key = (identifier: CodeIdentifier) => `${identifier.type}:${identifier.type === 'email' ? emailKey(identifier.value) : identifier.value.toLowerCase()}`;
const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Creates a fresh code for an identifier and use, replacing the previous one, and hands it to
 * `deliver`. If delivery fails the code is removed again: nothing is left half-sent.
 */
export const issueVerificationCode = async (
  scope: TenantScope,
  identifier: CodeIdentifier,
  usage: string,
  deliver: (code: string) => Promise<void>,
) => {
  const code = String(randomInt(0, 10 ** verificationCodePolicy.digits)).padStart(verificationCodePolicy.digits, '0');
  const id = generateId();
  await scope.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${scope.tenantId}:${key(identifier)}`}))`);
    // Resending for the same purpose waits a minute; every purpose together is capped per hour.
    const [recent] = await tx
      .select({
        total: count(),
        latest: sql<Date | null>`max(${verificationCodes.createdAt}) filter (where ${verificationCodes.usage} = ${usage})`,
        oldest: sql<Date | null>`min(${verificationCodes.createdAt})`,
      })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.identifier, key(identifier)), gt(verificationCodes.createdAt, sql`now() - interval '1 hour'`)));
    const secondsUntil = (sent: Date | null | undefined, afterSeconds: number) =>
      sent ? Math.ceil((new Date(sent).getTime() + afterSeconds * 1000 - Date.now()) / 1000) : 0;
    const wait = secondsUntil(recent?.latest, verificationCodePolicy.resendAfterSeconds);
    if (wait > 0) {
      throw new ApiError(429, 'verification_code.too_many_requests', { seconds: wait });
    }
    if ((recent?.total ?? 0) >= verificationCodePolicy.maxPerHour) {
      // Until the oldest code of the last hour leaves the window.
      const seconds = Math.max(secondsUntil(recent?.oldest, 3600), 1);
      throw new ApiError(429, 'verification_code.too_many_requests', { seconds, minutes: Math.ceil(seconds / 60) }, undefined, 'verification_code.hourly_limit');
    }
    await tx
      .update(verificationCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(verificationCodes.identifier, key(identifier)), eq(verificationCodes.usage, usage), isNull(verificationCodes.consumedAt)));
    await tx.insert(verificationCodes).values({
      tenantId: scope.tenantId,
      id,
      identifier: key(identifier),
      usage,
      codeHash: hashCode(code),
      expiresAt: new Date(Date.now() + verificationCodePolicy.ttlSeconds * 1000),
    });
  });
  try {
    await deliver(code);
  } catch (error) {
    await scope.transaction((tx) => tx.delete(verificationCodes).where(eq(verificationCodes.id, id)));
    throw error;
  }
};

/** Checks a code; each wrong try counts, and a used code cannot be used again. */
export const checkVerificationCode = (scope: TenantScope, identifier: CodeIdentifier, usage: string, code: string) =>
  scope.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.identifier, key(identifier)), eq(verificationCodes.usage, usage), isNull(verificationCodes.consumedAt)))
      .orderBy(sql`${verificationCodes.createdAt} desc`)
      .limit(1)
      .for('update');
    if (!row) {
      throw new ApiError(400, 'verification_code.not_found');
    }
    if (row.expiresAt.getTime() <= Date.now()) {
      throw new ApiError(400, 'verification_code.expired');
    }
    if (row.tryCount >= verificationCodePolicy.maxTries) {
      throw new ApiError(429, 'verification_code.exceeded_max_try');
    }
    if (!safeEqual(row.codeHash, hashCode(code.trim()))) {
      await tx.update(verificationCodes).set({ tryCount: row.tryCount + 1 }).where(eq(verificationCodes.id, row.id));
      return false;
    }
    await tx.update(verificationCodes).set({ consumedAt: sql`now()` }).where(eq(verificationCodes.id, row.id));
    return true;
  });

/**
 * Whether a code that did not match is one sent earlier to the identifier for this use and replaced
 * by a newer one since (within the hour codes are counted in): its row is kept, marked consumed at
 * the moment the code replacing it was created (one transaction, so the same `now()`). A code that
 * was used is consumed at another moment, so it does not count. Tells the user to take the newest
 * code instead of "not correct"; only someone who was sent the old code can be told this, and the
 * wrong try was already counted.
 */
export const isSupersededCode = async (scope: TenantScope, identifier: CodeIdentifier, usage: string, code: string) => {
  const newer = alias(verificationCodes, 'newer');
  const [row] = await scope.transaction((tx) =>
    tx
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.identifier, key(identifier)),
          eq(verificationCodes.usage, usage),
          eq(verificationCodes.codeHash, hashCode(code.trim())),
          gt(verificationCodes.createdAt, sql`now() - interval '1 hour'`),
          exists(
            tx
              .select({ id: newer.id })
              .from(newer)
              .where(
                and(
                  eq(newer.identifier, verificationCodes.identifier),
                  eq(newer.usage, verificationCodes.usage),
                  eq(newer.createdAt, verificationCodes.consumedAt),
                  ne(newer.id, verificationCodes.id),
                ),
              ),
          ),
        ),
      )
      .limit(1),
  );
  return Boolean(row);
};
