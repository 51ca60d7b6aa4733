import { createHash, randomBytes } from 'node:crypto';

import { subjectTokenTtlSeconds, type SubjectTokenCreate } from '@gatehouse/schemas';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';

import { notFound } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { oidcModelInstances as table } from '../../oidc/oidc-model-instances.table.js';
import { users } from '../users/users.table.js';

/**
 * Subject tokens live beside the OIDC models (same table, expiry and purge) under their SHA-256:
 * the database never holds a usable token. `accountId` in the payload puts them among the user's
 * grants, so suspending or deleting the user removes them with the rest.
 */
const modelName = 'SubjectToken';
const prefix = 'sub_';

type SubjectTokenPayload = { accountId: string; context: Record<string, unknown>; createdBy: { subject: string; clientId: string } };

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export const createSubjectToken = async (
  scope: TenantScope,
  input: SubjectTokenCreate,
  createdBy: SubjectTokenPayload['createdBy'],
) => {
  const token = `${prefix}${randomBytes(32).toString('base64url')}`;
  const payload: SubjectTokenPayload = { accountId: input.userId, context: input.context ?? {}, createdBy };
  await scope.transaction(async (tx) => {
    const [user] = await tx.select({ isSuspended: users.isSuspended }).from(users).where(eq(users.id, input.userId));
    if (!user) {
      throw notFound('user', input.userId);
    }
    await tx.insert(table).values({
      tenantId: scope.tenantId,
      modelName,
      id: digest(token),
      payload,
      expiresAt: new Date(Date.now() + subjectTokenTtlSeconds * 1000),
    });
  });
  return { subjectToken: token, expiresIn: subjectTokenTtlSeconds };
};

/**
 * Marks the token used and returns what it was minted for; undefined when it is unknown, expired
 * or already used. One UPDATE decides, so two concurrent exchanges cannot both win.
 */
export const consumeSubjectToken = async (scope: Pick<TenantScope, 'transaction'>, token: string): Promise<SubjectTokenPayload | undefined> => {
  if (!token.startsWith(prefix)) {
    return undefined;
  }
  const [row] = await scope.transaction((tx) =>
    tx
      .update(table)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(table.modelName, modelName),
          eq(table.id, digest(token)),
          isNull(table.consumedAt),
          gt(table.expiresAt, sql`now()`),
        ),
      )
      .returning({ payload: table.payload }),
  );
  return row?.payload as SubjectTokenPayload | undefined;
};
