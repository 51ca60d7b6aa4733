import { isSupportedLocale } from '@gatehouse/schemas';
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

/** Replaces the phrases of one language. */
export const putCustomPhrase = (scope: TenantScope, languageTag: string, translation: Record<string, string>) => {
  assertLanguage(languageTag);
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
