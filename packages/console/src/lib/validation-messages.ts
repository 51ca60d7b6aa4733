/**
 * Validation messages in the console's language. The forms validate with the schemas' zod rules;
 * zod's own messages and the schemas' messages are English, so both are mapped to phrases here.
 * Pure: the translate function is passed in.
 */

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
  | 'validation.username'
  | 'validation.email'
  | 'validation.phone'
  | 'validation.avatar_url'
  | 'validation.http_url'
  | 'validation.origin'
  | 'validation.indicator'
  | 'validation.scope_name'
  | 'validation.json_size'
  | 'sign_in_exp.validation.hex_color'
  | 'sign_in_exp.validation.field_name'
  | 'sign_in_exp.validation.field_name_reserved'
  | 'sign_in_exp.validation.field_type_built_in'
  | 'sign_in_exp.validation.min_over_max'
  | 'sign_in_exp.validation.custom_format'
  | 'sign_in_exp.validation.duplicate_option'
  | 'sign_in_exp.validation.regex';

export type Translate = (key: ValidationKey, values?: Record<string, string | number>) => string;

/** The subset of a zod 4 issue the messages need. */
export type IssueLike = {
  code: string;
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
    default:
      return t('validation.invalid');
  }
};

/** The schemas' own messages (packages/schemas), each with its phrase. */
export const schemaMessages: Readonly<Record<string, ValidationKey>> = {
  'Must start with a letter or underscore, then letters, digits or underscores.': 'validation.username',
  'Must be an email address.': 'validation.email',
  'Must contain digits only.': 'validation.phone',
  'Must be an http(s) URL or empty.': 'validation.avatar_url',
  'Must be an absolute http(s) URL.': 'validation.http_url',
  'Must be an http(s) origin.': 'validation.origin',
  'Must be an absolute URI without a fragment.': 'validation.indicator',
  'Must not contain spaces, double quotes or backslashes.': 'validation.scope_name',
  'Must serialize to at most 64 KiB of JSON.': 'validation.json_size',
  'Must be # plus 3 or 6 hex digits.': 'sign_in_exp.validation.hex_color',
  'Must start with a letter, then letters, digits or underscores.': 'sign_in_exp.validation.field_name',
  'This name belongs to a built-in user field.': 'sign_in_exp.validation.field_name_reserved',
  'This name is kept on the user profile and needs another field type.': 'sign_in_exp.validation.field_type_built_in',
  'minLength must not exceed maxLength.': 'sign_in_exp.validation.min_over_max',
  'minValue must not exceed maxValue.': 'sign_in_exp.validation.min_over_max',
  'A custom format needs customFormat.': 'sign_in_exp.validation.custom_format',
  'Contains the same option value twice.': 'sign_in_exp.validation.duplicate_option',
  'Must be a valid regular expression.': 'sign_in_exp.validation.regex',
};

/** A schema message in the console's language; other messages (already localized) unchanged. */
export const localizeMessage = (message: string, t: Translate): string => {
  const key = schemaMessages[message];
  return key ? t(key) : message;
};
