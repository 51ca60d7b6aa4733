/**
 * Validation messages in the console's language. The forms validate with the schemas' zod rules;
 * zod's own messages are mapped to the console's phrases here, the schemas' custom messages to
 * the shared catalogue of `@gatehouse/schemas/validation-messages` (recognized by their English
 * text; its phrases are in every console locale as `schema.<key>`, see locales/schema-phrases.ts).
 * Pure: the translate function is passed in.
 */
import { matchValidationMessage, validationMessages } from '@gatehouse/schemas/validation-messages';

import type { SchemaPhraseKey } from '../locales/schema-phrases.js';

export type ValidationKey =
  | 'validation.required'
  | 'validation.min_length'
  | 'validation.max_length'
  | 'validation.min_value'
  | 'validation.max_value'
  | 'validation.integer'
  | 'validation.number'
  | 'validation.max_items'
  | 'validation.invalid'
  | SchemaPhraseKey;

export type Translate = (key: ValidationKey, values?: Record<string, string | number>) => string;

/** The subset of a zod 4 issue the messages need. */
export type IssueLike = {
  code: string;
  /** The issue's text: a schema's own message (`.regex(…, { message })`) or zod's. */
  message?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  input?: unknown;
};

/** The message for one of zod's own issues (the schemas' custom messages are mapped below). */
export const issueMessage = (issue: IssueLike, t: Translate): string => {
  const limit = (value: number | bigint | undefined) => Number(value ?? 0);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        return limit(issue.minimum) <= 1 ? t('validation.required') : t('validation.min_length', { min: limit(issue.minimum) });
      }
      if (issue.origin === 'number') {
        return t('validation.min_value', { min: limit(issue.minimum) });
      }
      return t('validation.required');
    case 'too_big':
      if (issue.origin === 'string') {
        return t('validation.max_length', { max: limit(issue.maximum) });
      }
      if (issue.origin === 'number') {
        return t('validation.max_value', { max: limit(issue.maximum) });
      }
      return t('validation.max_items', { max: limit(issue.maximum) });
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') {
        return t('validation.required');
      }
      if (issue.expected === 'int') {
        return t('validation.integer');
      }
      return issue.expected === 'number' ? t('validation.number') : t('validation.invalid');
    case 'invalid_value':
    case 'invalid_union':
      // An empty choice (a select left blank) or an empty field of several shapes (a JSON body) is missing rather than wrong.
      return issue.input === undefined || issue.input === null || issue.input === '' ? t('validation.required') : t('validation.invalid');
    default:
      return t('validation.invalid');
  }
};

/** The schemas' own messages (exact English text), each with its phrase. */
export const schemaMessages: Readonly<Record<string, SchemaPhraseKey>> = Object.fromEntries(
  Object.entries(validationMessages).map(([key, text]) => [text, `schema.${key}` as SchemaPhraseKey]),
);

/** A schema message in the console's language; other messages (already localized) unchanged. */
export const localizeMessage = (message: string, t: Translate): string => {
  const match = matchValidationMessage(message);
  return match ? t(`schema.${match.key}`, match.params) : message;
};

/**
 * A zod issue in the console's language: the schema's own message when the shared catalogue knows
 * it (a rule worded for people, such as what a connector id may hold), else zod's own issue as a
 * phrase (zod's generic English texts are never shown).
 */
export const describeIssue = (issue: IssueLike, t: Translate): string => {
  const match = issue.message === undefined ? undefined : matchValidationMessage(issue.message);
  return match ? t(`schema.${match.key}`, match.params) : issueMessage(issue, t);
};
