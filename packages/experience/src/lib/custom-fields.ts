import type { ExperienceConfig } from '@gatehouse/schemas';
import { validateCustomProfileValue } from '@gatehouse/schemas/custom-profile-values';

export type CustomField = ExperienceConfig['customProfileFields'][number];
export type DateFormat = Extract<CustomField, { type: 'Date' }>['config']['format'];

/** What the form holds for a field while the user edits it. */
export type FieldValue = string | string[] | Record<string, string>;

export const emptyFieldValue = (field: CustomField): FieldValue =>
  field.type === 'Checkbox' ? [] : field.type === 'Address' || field.type === 'Fullname' ? {} : '';

/** Converts the `yyyy-MM-dd` of a native date input into the field's format. */
export const formatDate = (iso: string, format: DateFormat): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match || format === 'custom' || format === 'yyyy-MM-dd') {
    return iso;
  }
  const [, year, month, day] = match;
  return format === 'MM/dd/yyyy' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
};

/** A field error the page translates: phrase key plus interpolation values. */
export type FieldProblem = { key: FieldProblemKey; values?: Record<string, string | number> };
export type FieldProblemKey =
  | 'errors.required'
  | 'errors.min_length'
  | 'errors.max_length'
  | 'errors.invalid_number'
  | 'errors.number_min'
  | 'errors.number_max'
  | 'errors.invalid_url'
  | 'errors.invalid_format'
  | 'errors.invalid_date';

/** The server's codes (`custom_profile_field.*`) as the page's phrases. */
const phraseOf: Record<string, FieldProblemKey> = {
  required: 'errors.required',
  too_short: 'errors.min_length',
  too_long: 'errors.max_length',
  invalid_number: 'errors.invalid_number',
  invalid_url: 'errors.invalid_url',
  invalid_date: 'errors.invalid_date',
};

/**
 * The browser's engine for Regex fields, with the `u` flag as HTML's `pattern` attribute (so
 * `\p{L}` is a letter and an emoji one character): the closest it comes to RE2, which the server
 * uses. A format that only RE2 reads (`\x{e9}`, `[[:alpha:]]`) is left to the server to judge.
 */
const matchesFormat = (format: string, value: string) => {
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^(?:${format})$`, 'u');
  } catch {
    return true;
  }
  return pattern.test(value);
};

/** The server's own check (shared code), on what the form would send: a date in the field's format. */
const validate = (field: CustomField, value: FieldValue | undefined) =>
  validateCustomProfileValue(
    field,
    field.type === 'Date' && typeof value === 'string' ? formatDate(value.trim(), field.config.format) : value,
    matchesFormat,
  );

/**
 * The checks of `POST /profile`, made in the browser with the server's own rules before anything is
 * sent. Returns undefined when the value is fine, or the problem (for Address and Fullname, keyed
 * by part in `parts`, every required part left empty at once).
 */
export const checkFieldValue = (
  field: CustomField,
  value: FieldValue | undefined,
): { problem?: FieldProblem; parts?: Record<string, FieldProblem> } | undefined => {
  const result = validate(field, value);
  const parts: Record<string, FieldProblem> = {};
  if ((field.type === 'Address' || field.type === 'Fullname') && result.ok && result.value === undefined) {
    return undefined;
  }
  if (field.type === 'Address' || field.type === 'Fullname') {
    const entered = (value ?? {}) as Record<string, string>;
    for (const part of field.config.parts) {
      if (part.enabled && part.required && !entered[part.name]?.trim()) {
        parts[part.name] = { key: 'errors.required' };
      }
    }
  }
  if (result.ok) {
    return Object.keys(parts).length > 0 ? { parts } : undefined;
  }
  const { min, max, part } = result.params ?? {};
  const code = result.code.replace('custom_profile_field.', '');
  if (code === 'required' && Object.keys(parts).length > 0) {
    // A required field left empty: each required part says so, not only the first.
    return { parts };
  }
  const problem: FieldProblem =
    code === 'out_of_range'
      ? min !== undefined && Number(String(value).trim()) < Number(min)
        ? { key: 'errors.number_min', values: { min } }
        : { key: 'errors.number_max', values: { max: max ?? '' } }
      : code === 'too_short' || code === 'too_long'
        ? { key: phraseOf[code]!, values: code === 'too_short' ? { min: min ?? '' } : { max: max ?? '' } }
        : { key: phraseOf[code] ?? 'errors.invalid_format' };
  if (typeof part === 'string') {
    parts[part] = problem;
    return { parts };
  }
  return { problem };
};

/**
 * The value sent in `POST /profile { type: 'extraProfile', values }` for a field, as the server
 * will store it (trimmed, a number for Number, a date in the field's format), or undefined to leave
 * it out.
 */
export const toProfileValue = (field: CustomField, value: FieldValue | undefined): unknown => {
  const result = validate(field, value);
  return result.ok ? result.value : undefined;
};
