/**
 * What a user may enter for a custom profile field, checked the same way by the server (on
 * `POST /api/experience/profile`) and by the sign-in page before it sends anything: this module has
 * no dependency (no zod), so the page can import it without growing. Only the Regex matcher
 * differs: the server passes RE2, the page the browser's own engine.
 */
import type { CustomProfileFieldCreate, DateFormat } from '../entities/custom-profile-fields.js';
import { isHttpUrl } from './patterns.js';

/** Longest text a Text or Regex field takes, and the cap on `maxLength`. */
export const customProfileTextMaxLength = 4096;

/** Longest text one part of an Address or Fullname field takes. */
export const customProfilePartMaxLength = 256;

/** What a valid value is stored as. */
export type CustomProfileValue = string | number | string[] | Record<string, string>;

export type CustomProfileValueResult =
  | { ok: true; value: CustomProfileValue | undefined }
  | { ok: false; code: string; params?: Record<string, string | number> };

type DistributivePick<T, Key extends keyof T> = T extends unknown ? Pick<T, Key> : never;
/** The parts of a field that decide whether a value is valid; any stored or new field has them. */
export type CustomProfileFieldRule = DistributivePick<CustomProfileFieldCreate, 'type' | 'config' | 'required'>;
type NumberRule = Extract<CustomProfileFieldRule, { type: 'Number' }>['config'];

const fail = (code: string, params?: Record<string, string | number>): CustomProfileValueResult => ({
  ok: false,
  code: `custom_profile_field.${code}`,
  ...(params && { params }),
});

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const checkLength = (value: string, min = 0, max = customProfileTextMaxLength) => {
  if (value.length < min) {
    return fail('too_short', { min });
  }
  if (value.length > Math.min(max, customProfileTextMaxLength)) {
    return fail('too_long', { max: Math.min(max, customProfileTextMaxLength) });
  }
  return undefined;
};

const numberText = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

const checkNumber = (value: unknown, { minValue, maxValue }: NumberRule) => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && numberText.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) {
    return fail('invalid_number');
  }
  if ((minValue !== undefined && number < minValue) || (maxValue !== undefined && number > maxValue)) {
    return fail('out_of_range', {
      ...(minValue !== undefined && { min: minValue }),
      ...(maxValue !== undefined && { max: maxValue }),
    });
  }
  return { ok: true, value: number } as const;
};

type DatePart = 'year' | 'month' | 'day';
const datePatterns: Record<Exclude<DateFormat, 'custom'>, { pattern: RegExp; order: readonly DatePart[] }> = {
  'MM/dd/yyyy': { pattern: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: ['month', 'day', 'year'] },
  'dd/MM/yyyy': { pattern: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: ['day', 'month', 'year'] },
  'yyyy-MM-dd': { pattern: /^(\d{4})-(\d{2})-(\d{2})$/, order: ['year', 'month', 'day'] },
};

/** A real calendar date written in the given format (leap years included). */
export const isDateInFormat = (value: string, format: Exclude<DateFormat, 'custom'>): boolean => {
  const { pattern, order } = datePatterns[format];
  const match = pattern.exec(value);
  if (!match) {
    return false;
  }
  const parts = Object.fromEntries(order.map((part, index) => [part, Number(match[index + 1])]));
  const { year = 0, month = 0, day = 0 } = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear keeps them as written.
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const checkParts = (
  value: unknown,
  parts: ReadonlyArray<{ name: string; enabled: boolean; required?: boolean }>,
  fieldRequired: boolean,
): CustomProfileValueResult => {
  if (!isPlainObject(value)) {
    return fail('invalid_format');
  }
  const enabled = new Map(parts.filter((part) => part.enabled).map((part) => [part.name, part]));
  const result: Record<string, string> = {};
  for (const [name, partValue] of Object.entries(value)) {
    const trimmed = typeof partValue === 'string' ? partValue.trim() : partValue === undefined || partValue === null ? '' : undefined;
    if (!enabled.has(name) || trimmed === undefined) {
      return fail('invalid_format', { part: name });
    }
    if (trimmed.length > customProfilePartMaxLength) {
      return fail('too_long', { part: name, max: customProfilePartMaxLength });
    }
    if (trimmed) {
      result[name] = trimmed;
    }
  }
  if (Object.keys(result).length === 0) {
    return fieldRequired ? fail('required') : { ok: true, value: undefined };
  }
  for (const part of enabled.values()) {
    if (part.required && !result[part.name]) {
      return fail('required', { part: part.name });
    }
  }
  return { ok: true, value: result };
};

/** Whether a value matches a Regex field's whole format; the server passes a linear-time matcher. */
export type FormatMatcher = (format: string, value: string) => boolean;

/**
 * Checks and normalises what a user entered for a field (at sign-up or in their profile). Strings
 * are trimmed; Number accepts a number or numeric text and yields a number; Checkbox yields the
 * distinct chosen values; Address and Fullname yield their non-empty parts. An empty optional
 * field yields `value: undefined` (nothing to store).
 */
export const validateCustomProfileValue = (
  field: CustomProfileFieldRule,
  value: unknown,
  matchesFormat: FormatMatcher,
): CustomProfileValueResult => {
  if (isEmpty(value)) {
    return field.required ? fail('required') : { ok: true, value: undefined };
  }

  if (field.type === 'Address' || field.type === 'Fullname') {
    return checkParts(value, field.config.parts, field.required);
  }
  if (field.type === 'Number') {
    return checkNumber(value, field.config);
  }
  if (field.type === 'Checkbox') {
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
      return fail('invalid_format');
    }
    const allowed = new Set(field.config.options.map((option) => option.value));
    const invalid = value.find((item) => !allowed.has(item));
    return invalid === undefined ? { ok: true, value: [...new Set(value)] } : fail('invalid_option', { value: invalid });
  }

  if (typeof value !== 'string') {
    return fail('invalid_format');
  }
  const text = value.trim();
  switch (field.type) {
    case 'Text': {
      return checkLength(text, field.config.minLength, field.config.maxLength) ?? { ok: true, value: text };
    }
    case 'Url': {
      return checkLength(text, 0, 2048) ?? (isHttpUrl(text) ? { ok: true, value: text } : fail('invalid_url'));
    }
    case 'Regex': {
      // Length first: the matcher never sees more than the longest text a field takes.
      return (
        checkLength(text) ??
        (matchesFormat(field.config.format, text) ? { ok: true, value: text } : fail('pattern_mismatch', { format: field.config.format }))
      );
    }
    case 'Select': {
      return field.config.options.some((option) => option.value === text)
        ? { ok: true, value: text }
        : fail('invalid_option', { value: text });
    }
    case 'Date': {
      const { format } = field.config;
      if (format === 'custom') {
        return checkLength(text, 1, 128) ?? { ok: true, value: text };
      }
      return isDateInFormat(text, format) ? { ok: true, value: text } : fail('invalid_date', { format });
    }
  }
};
