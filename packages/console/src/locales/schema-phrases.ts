import type { ValidationMessageKey, ValidationPhrases } from '@gatehouse/schemas/validation-messages';

/** Phrase keys of the schemas' validation messages (the shared catalogue of `@gatehouse/schemas`). */
export type SchemaPhraseKey = `schema.${ValidationMessageKey}`;

/**
 * The shared validation phrases of one locale, as console phrases (`schema.<key>`). Each locale
 * file spreads its own, so they come with the language's chunk and are defined only once, in
 * packages/schemas/src/validation-messages.
 */
export const schemaPhrases = (phrases: ValidationPhrases) =>
  Object.fromEntries(Object.entries(phrases).map(([key, text]) => [`schema.${key}`, text])) as Record<SchemaPhraseKey, string>;
