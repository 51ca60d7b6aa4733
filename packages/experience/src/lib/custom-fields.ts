import type { ExperienceConfig } from '@gatehouse/schemas';

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

const isBlank = (value: FieldValue | undefined): boolean =>
  value === undefined ||
  (typeof value === 'string' ? value.trim() === '' : Array.isArray(value) ? value.length === 0 : Object.values(value).every((part) => !part.trim()));

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
};

/**
 * The checks the browser can make before `POST /profile` (the server checks again). Returns
 * undefined when the value is fine, or a problem per field (for Address and Fullname keyed by part
 * in `parts`).
 */
export const checkFieldValue = (
  field: CustomField,
  value: FieldValue | undefined,
): { problem?: FieldProblem; parts?: Record<string, FieldProblem> } | undefined => {
  if (field.type === 'Address' || field.type === 'Fullname') {
    const parts = (value ?? {}) as Record<string, string>;
    if (isBlank(parts)) {
      return field.required ? { problem: { key: 'errors.required' } } : undefined;
    }
    const problems: Record<string, FieldProblem> = {};
    for (const part of field.config.parts) {
      if (part.enabled && part.required && !parts[part.name]?.trim()) {
        problems[part.name] = { key: 'errors.required' };
      }
    }
    return Object.keys(problems).length > 0 ? { parts: problems } : undefined;
  }
  if (isBlank(value)) {
    return field.required ? { problem: { key: 'errors.required' } } : undefined;
  }
  if (field.type === 'Checkbox') {
    return undefined;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  const problem = (key: FieldProblemKey, values?: FieldProblem['values']) => ({ problem: { key, ...(values && { values }) } });
  switch (field.type) {
    case 'Text': {
      const { minLength, maxLength } = field.config;
      if (minLength !== undefined && text.length < minLength) {
        return problem('errors.min_length', { min: minLength });
      }
      if (maxLength !== undefined && text.length > maxLength) {
        return problem('errors.max_length', { max: maxLength });
      }
      return undefined;
    }
    case 'Number': {
      const number = Number(text);
      if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i.test(text) || !Number.isFinite(number)) {
        return problem('errors.invalid_number');
      }
      if (field.config.minValue !== undefined && number < field.config.minValue) {
        return problem('errors.number_min', { min: field.config.minValue });
      }
      if (field.config.maxValue !== undefined && number > field.config.maxValue) {
        return problem('errors.number_max', { max: field.config.maxValue });
      }
      return undefined;
    }
    case 'Url': {
      return isHttpUrl(text) ? undefined : problem('errors.invalid_url');
    }
    case 'Regex': {
      try {
        return new RegExp(`^(?:${field.config.format})$`).test(text) ? undefined : problem('errors.invalid_format');
      } catch {
        return undefined;
      }
    }
    case 'Date': {
      return field.config.format === 'custom' || /^\d{4}-\d{2}-\d{2}$/.test(text) ? undefined : problem('errors.invalid_date');
    }
    case 'Select': {
      return field.config.options.some((option) => option.value === text) ? undefined : problem('errors.required');
    }
  }
};

/** The value sent in `POST /profile { type: 'extraProfile', values }` for a field, or undefined to leave it out. */
export const toProfileValue = (field: CustomField, value: FieldValue | undefined): unknown => {
  if (isBlank(value)) {
    return undefined;
  }
  switch (field.type) {
    case 'Number': {
      return Number(String(value).trim());
    }
    case 'Date': {
      return formatDate(String(value).trim(), field.config.format);
    }
    case 'Checkbox': {
      return value;
    }
    case 'Address':
    case 'Fullname': {
      return Object.fromEntries(
        Object.entries(value as Record<string, string>)
          .map(([part, text]) => [part, text.trim()])
          .filter(([, text]) => text),
      );
    }
    default: {
      return String(value).trim();
    }
  }
};
