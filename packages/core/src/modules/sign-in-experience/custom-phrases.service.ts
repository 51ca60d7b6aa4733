import { experiencePhraseKeys, isSupportedLocale } from '@gatehouse/schemas';
import { asc, eq } from 'drizzle-orm';

import { ApiError, notFound } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { customPhrases } from './sign-in-experience.table.js';

/** The same answer for every verb: a language the pages do not speak has no custom phrases. */
const assertLanguage = (languageTag: string) => {
  if (!isSupportedLocale(languageTag)) {
    throw new ApiError(422, 'sign_in_experience.unsupported_language', { languageTag });
  }
};

export const listCustomPhrases = (scope: TenantScope) =>
  scope.transaction(async (tx) =>
    (await tx.select().from(customPhrases).orderBy(asc(customPhrases.languageTag))).map((row) => ({
      languageTag: row.languageTag,
      translation: row.translation,
    })),
  );

export const getCustomPhrase = (scope: TenantScope, languageTag: string) => {
  assertLanguage(languageTag);
  return scope.transaction(async (tx) => {
    const [row] = await tx.select().from(customPhrases).where(eq(customPhrases.languageTag, languageTag));
    if (!row) {
      throw notFound('custom phrase', languageTag);
    }
    return { languageTag: row.languageTag, translation: row.translation };
  });
};

/** The keys the hosted pages have phrases for (generated from their English phrases). */
const phraseKeys: ReadonlySet<string> = new Set(experiencePhraseKeys);
/** How many unknown keys the message names; the details name every one. */
const keysInMessage = 10;

/** A key the pages have no phrase for would silently change nothing (a typo): refused, each named. */
const assertKnownKeys = (translation: Record<string, string>) => {
  const unknown = Object.keys(translation).filter((key) => !phraseKeys.has(key));
  if (unknown.length === 0) {
    return;
  }
  const keys = unknown.slice(0, keysInMessage).join(', ') + (unknown.length > keysInMessage ? ', …' : '');
  throw new ApiError(
    422,
    'custom_phrase.unknown_keys',
    { keys },
    unknown.map((key) => ({ path: `body.${key}`, code: 'custom_phrase.unknown_key' as const, params: { key } })),
  );
};

/** Replaces the phrases of one language. */
export const putCustomPhrase = (scope: TenantScope, languageTag: string, translation: Record<string, string>) => {
  assertLanguage(languageTag);
  assertKnownKeys(translation);
  return scope.transaction(async (tx) => {
    await tx
      .insert(customPhrases)
      .values({ tenantId: scope.tenantId, languageTag, translation })
      .onConflictDoUpdate({ target: [customPhrases.tenantId, customPhrases.languageTag], set: { translation, updatedAt: new Date() } });
    return { languageTag, translation };
  });
};

export const deleteCustomPhrase = (scope: TenantScope, languageTag: string) => {
  assertLanguage(languageTag);
  return scope.transaction(async (tx) => {
    const deleted = await tx.delete(customPhrases).where(eq(customPhrases.languageTag, languageTag)).returning();
    if (deleted.length === 0) {
      throw notFound('custom phrase', languageTag);
    }
  });
};
