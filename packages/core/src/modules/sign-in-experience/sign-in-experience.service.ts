import {
  defaultSignInExperience,
  findSignInExperienceConflicts,
  type SignInExperience,
  type SignInExperiencePatch,
  signInExperienceSchema,
  withVerificationFlags,
} from '@gatehouse/schemas';
import { sql } from 'drizzle-orm';

import { ApiError } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import type { Tx } from '../../db/database.js';
import type { ErrorCode } from '../../i18n/index.js';
import { connectors } from '../connectors/connectors.table.js';
import { captchaProviders, signInExperiences } from './sign-in-experience.table.js';

/**
 * Stored settings over the defaults, part by part: a part written by an older version, or never
 * written, reads as its default instead of failing the whole document.
 */
const resolve = (stored: Record<string, unknown> | undefined): SignInExperience => {
  const merged: Record<string, unknown> = { ...defaultSignInExperience };
  for (const [key, value] of Object.entries(stored ?? {})) {
    const part = signInExperienceSchema.shape[key as keyof SignInExperience];
    const parsed = part?.safeParse(value);
    if (parsed?.success) {
      merged[key] = parsed.data;
    }
  }
  merged.id = defaultSignInExperience.id;
  merged.signUp = withVerificationFlags(merged.signUp as SignInExperience['signUp']);
  return merged as SignInExperience;
};

export const readSignInExperience = async (tx: Tx): Promise<SignInExperience> => {
  const [row] = await tx.select({ settings: signInExperiences.settings }).from(signInExperiences);
  return resolve(row?.settings);
};

export const getSignInExperience = (scope: TenantScope) => scope.transaction(readSignInExperience);

/** Which connector kinds and captcha provider the tenant has, for the conflict rules. */
const conflictContext = async (tx: Tx) => {
  const rows = await tx.select({ type: connectors.type, target: connectors.target }).from(connectors);
  const [captcha] = await tx.select({ id: captchaProviders.id }).from(captchaProviders);
  return {
    hasEmailConnector: rows.some((row) => row.type === 'Email'),
    hasSmsConnector: rows.some((row) => row.type === 'Sms'),
    socialTargets: rows.filter((row) => row.type === 'Social').map((row) => row.target),
    hasCaptchaProvider: captcha !== undefined,
  };
};

/** Refuses a configuration nobody could register or sign in with; otherwise saves it. */
export const assertWorkable = async (tx: Tx, experience: SignInExperience) => {
  const conflicts = findSignInExperienceConflicts(experience, await conflictContext(tx));
  if (conflicts.length > 0) {
    throw new ApiError(
      422,
      'sign_in_experience.unworkable',
      { count: conflicts.length },
      conflicts.map((conflict) => ({ path: conflict.path, code: conflict.code as ErrorCode, params: conflict.params })),
    );
  }
};

export const patchSignInExperience = async (scope: TenantScope, patch: SignInExperiencePatch) => {
  const saved = await scope.transaction(async (tx) => {
    // Row lock: two concurrent patches of different parts must not overwrite each other.
    await tx.execute(sql`select 1 from ${signInExperiences} for update`);
    const current = await readSignInExperience(tx);
    const next = { ...current, ...patch } as SignInExperience;
    next.signUp = withVerificationFlags(next.signUp);
    await assertWorkable(tx, next);
    const { id: _id, ...settings } = next;
    await tx
      .insert(signInExperiences)
      .values({ tenantId: scope.tenantId, settings })
      .onConflictDoUpdate({ target: signInExperiences.tenantId, set: { settings, updatedAt: new Date() } });
    return next;
  });
  // Every process drops its cached copy (see TenantRuntime.signInExperience).
  await scope.invalidate();
  return saved;
};
