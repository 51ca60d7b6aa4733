import { isSecretConfigKey } from '@gatehouse/schemas';
import { z } from 'zod';

/**
 * Connector configuration forms, generated from the JSON Schema each factory publishes
 * (`GET /api/connector-factories`). Pure: the schema becomes a list of field descriptions, the
 * form keeps its own state shape (text as typed, JSON as text, maps as rows), and the state turns
 * back into a config that is checked against the same schema. Covers the subset the factories
 * use: strings (secrets as passwords), numbers, booleans, enums, constants, nested objects,
 * arrays of objects, string maps; anything else is edited as JSON.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  additionalProperties?: JsonSchema | boolean;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  /** The field's own message for its pattern or format (published by the factory, as ajv-errors names it). */
  errorMessage?: string;
  [keyword: string]: unknown;
};

type Common = {
  /** The property name. */
  name: string;
  /** Property names from the root, without list indexes (`templates.subject`): the phrase key of the label. */
  labelKey: string;
  required: boolean;
  /** The English text of the field's own rule (a shared validation message), said instead of "invalid". */
  message?: string;
};

export type ConfigField = Common &
  (
    | { kind: 'text'; secret: boolean; multiline: boolean; placeholder?: string }
    | { kind: 'number'; integer: boolean; min?: number; max?: number; placeholder?: string }
    /** A boolean with a default, or a required one: on or off. */
    | { kind: 'switch'; defaultValue: boolean }
    /** An optional boolean without a default: unset, on or off (unset lets the provider decide). */
    | { kind: 'tristate' }
    | { kind: 'select'; options: string[]; defaultValue?: string }
    /** A constant: not shown, always sent. */
    | { kind: 'fixed'; value: unknown }
    | { kind: 'group'; fields: ConfigField[] }
    /** An array of objects: a repeatable group. */
    | { kind: 'list'; fields: ConfigField[]; minItems: number }
    /** An object of string values with free keys (headers, parameters). */
    | { kind: 'map' }
    | { kind: 'json' }
  );

/** Strings longer than this are bodies or keys: a multi-line input. */
const multilineAbove = 2048;
const privateKeyName = /private[-_]?key/i;

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

const isStringMap = (schema: JsonSchema) =>
  typeOf(schema) === 'object' &&
  !schema.properties &&
  typeof schema.additionalProperties === 'object' &&
  typeOf(schema.additionalProperties) === 'string';

const describeField = (name: string, schema: JsonSchema, required: boolean, parentKey: string): ConfigField => {
  const common: Common = {
    name,
    labelKey: parentKey ? `${parentKey}.${name}` : name,
    required,
    ...(typeof schema.errorMessage === 'string' ? { message: schema.errorMessage } : {}),
  };
  if (schema.const !== undefined) {
    return { ...common, kind: 'fixed', value: schema.const };
  }
  if (Array.isArray(schema.enum) && schema.enum.every((option) => typeof option === 'string')) {
    return {
      ...common,
      kind: 'select',
      options: schema.enum as string[],
      ...(typeof schema.default === 'string' ? { defaultValue: schema.default } : {}),
    };
  }
  switch (typeOf(schema)) {
    case 'string': {
      const secret = isSecretConfigKey(name);
      return {
        ...common,
        kind: 'text',
        secret,
        // A long secret is a password-like value, except a key file's content (PEM), which has lines.
        multiline: (schema.maxLength ?? 0) > multilineAbove && (!secret || privateKeyName.test(name)),
        ...(typeof schema.default === 'string' ? { placeholder: schema.default } : {}),
      };
    }
    case 'integer':
    case 'number':
      return {
        ...common,
        kind: 'number',
        integer: typeOf(schema) === 'integer',
        ...(schema.minimum === undefined ? {} : { min: schema.minimum }),
        ...(schema.maximum === undefined ? {} : { max: schema.maximum }),
        ...(typeof schema.default === 'number' ? { placeholder: String(schema.default) } : {}),
      };
    case 'boolean':
      return typeof schema.default === 'boolean' || required
        ? { ...common, kind: 'switch', defaultValue: schema.default === true }
        : { ...common, kind: 'tristate' };
    case 'object':
      if (schema.properties) {
        // Inside an optional group (SMTP's sign-in), no field is required as such: empty means no group.
        return { ...common, kind: 'group', fields: describeFields(schema, common.labelKey, required) };
      }
      return isStringMap(schema) ? { ...common, kind: 'map' } : { ...common, kind: 'json' };
    case 'array':
      if (schema.items && typeOf(schema.items) === 'object' && schema.items.properties) {
        return { ...common, kind: 'list', fields: describeFields(schema.items, common.labelKey), minItems: schema.minItems ?? 0 };
      }
      return { ...common, kind: 'json' };
    default:
      return { ...common, kind: 'json' };
  }
};

const describeFields = (schema: JsonSchema, parentKey: string, parentRequired = true): ConfigField[] => {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    describeField(name, property, parentRequired && required.has(name), parentKey),
  );
};

/** The fields of a factory's configuration form, in the schema's order. `omit` leaves top-level keys out. */
export const describeConfigSchema = (schema: JsonSchema, omit: readonly string[] = []): ConfigField[] =>
  describeFields(schema, '').filter((field) => !omit.includes(field.name));

/**
 * Whether a row's value of a map is typed as a password: every header's (an API key sent as a
 * header is as secret as the Authorization one), and any value whose name says it is a credential.
 */
export const isSecretMapValue = (field: Pick<ConfigField, 'name'>, key: string) => /headers$/i.test(field.name) || isSecretConfigKey(key.trim());

/** The form's state: text as typed, numbers as typed, JSON as text, maps as rows, lists as item states. */
export type FormValue = string | number | boolean | undefined | FormState | FormState[] | MapRow[];
export type FormState = { [name: string]: FormValue };
export type MapRow = { key: string; value: string };

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const initialValue = (field: ConfigField, value: unknown): FormValue => {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' ? value : '';
    case 'number':
      return typeof value === 'number' ? value : '';
    case 'switch':
      return typeof value === 'boolean' ? value : field.defaultValue;
    case 'tristate':
      return typeof value === 'boolean' ? value : undefined;
    case 'select':
      return typeof value === 'string' ? value : (field.defaultValue ?? '');
    case 'fixed':
      return undefined;
    case 'group':
      return toFormState(field.fields, value);
    case 'list':
      return Array.isArray(value) ? value.map((item) => toFormState(field.fields, item)) : field.minItems > 0 ? [newListItem(field.fields)] : [];
    case 'map':
      return Object.entries(asObject(value)).map(([key, item]) => ({ key, value: typeof item === 'string' ? item : JSON.stringify(item) }));
    case 'json':
      return value === undefined ? '' : JSON.stringify(value, null, 2);
  }
};

/** A config (a saved connector's, with masked secrets) as form state; without one, the empty form with defaults. */
export const toFormState = (fields: readonly ConfigField[], config?: unknown): FormState => {
  const source = asObject(config);
  return Object.fromEntries(fields.map((field) => [field.name, initialValue(field, source[field.name])]));
};

/** A new entry of a repeatable group. */
export const newListItem = (fields: readonly ConfigField[]): FormState => toFormState(fields);

/** Messages by data path (`templates.0.subject`), as phrase codes or already localized text. */
export type FieldErrors = Record<string, string>;

/** Codes of the form's own checks (the rest come from the schema). */
export const formErrorCodes = { invalidJson: 'invalid_json', duplicateKey: 'duplicate_key' } as const;

const isEmpty = (value: unknown) => value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);

const convertValue = (field: ConfigField, value: FormValue, path: string, errors: FieldErrors): unknown => {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' && value !== '' ? value : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'switch':
    case 'tristate':
      return typeof value === 'boolean' ? value : undefined;
    case 'select':
      return typeof value === 'string' && value !== '' ? value : undefined;
    case 'fixed':
      return field.value;
    case 'group': {
      const converted = convertFields(field.fields, asObject(value) as FormState, path, errors);
      // An optional group left empty (no credentials, no TLS options) is left out as a whole.
      return isEmpty(converted) && !field.required ? undefined : converted;
    }
    case 'list': {
      const items = Array.isArray(value) ? (value as FormState[]) : [];
      if (items.length === 0 && !field.required) {
        return undefined;
      }
      return items.map((item, index) => convertFields(field.fields, item, `${path}.${index}`, errors));
    }
    case 'map': {
      const rows = (Array.isArray(value) ? (value as MapRow[]) : []).filter((row) => row.key.trim() !== '' || row.value !== '');
      if (rows.length === 0) {
        return undefined;
      }
      const entries = rows.map((row) => [row.key.trim(), row.value] as const);
      if (new Set(entries.map(([key]) => key)).size !== entries.length) {
        errors[path] = formErrorCodes.duplicateKey;
      }
      return Object.fromEntries(entries);
    }
    case 'json': {
      if (typeof value !== 'string' || value.trim() === '') {
        return undefined;
      }
      try {
        return JSON.parse(value) as unknown;
      } catch {
        errors[path] = formErrorCodes.invalidJson;
        return undefined;
      }
    }
  }
};

const convertFields = (fields: readonly ConfigField[], state: FormState, prefix: string, errors: FieldErrors) => {
  const config: Record<string, unknown> = {};
  for (const field of fields) {
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    const value = convertValue(field, state[field.name], path, errors);
    if (value !== undefined) {
      config[field.name] = value;
    }
  }
  return config;
};

/** The config to send: empty inputs left out (the server applies its defaults), JSON parsed, rows joined. */
export const toConfig = (fields: readonly ConfigField[], state: FormState): { config: Record<string, unknown>; errors: FieldErrors } => {
  const errors: FieldErrors = {};
  const config = convertFields(fields, state, '', errors);
  return { config, errors };
};

/**
 * The data path of the field that shows a problem at `path` (a schema issue or a server detail):
 * problems inside a JSON editor or a map are shown on the editor itself.
 */
export const fieldPathOf = (fields: readonly ConfigField[], path: readonly (string | number)[]): string | undefined => {
  let current: readonly ConfigField[] = fields;
  const resolved: string[] = [];
  for (let index = 0; index < path.length; index += 1) {
    const field = current.find((candidate) => candidate.name === String(path[index]));
    if (!field) {
      return resolved.length > 0 ? resolved.join('.') : undefined;
    }
    resolved.push(field.name);
    if (field.kind === 'group') {
      current = field.fields;
    } else if (field.kind === 'list' && typeof path[index + 1] === 'number') {
      index += 1;
      resolved.push(String(path[index]));
      current = field.fields;
    } else {
      return resolved.join('.');
    }
  }
  return resolved.join('.');
};

/** The field at a field path (`templates.0.subject`), list indexes skipped. */
export const fieldAt = (fields: readonly ConfigField[], path: string): ConfigField | undefined => {
  let current: readonly ConfigField[] = fields;
  let found: ConfigField | undefined;
  for (const part of path.split('.')) {
    if (/^\d+$/.test(part)) {
      continue;
    }
    found = current.find((candidate) => candidate.name === part);
    if (!found) {
      return undefined;
    }
    current = found.kind === 'group' || found.kind === 'list' ? found.fields : [];
  }
  return found;
};

/**
 * What is wrong inside a JSON editor's value, said by key: a value of one of several shapes (an
 * SMS body template is `{ format: "json", template }` or `{ format: "form", fields }`) fails as a
 * whole, so the shape it comes closest to says what to change.
 */
export type JsonProblem =
  /** The value is not an object at all. */
  | { kind: 'not_object' }
  /** A key the value needs is missing. */
  | { kind: 'missing'; key: string }
  /** A key that picks the shape has none of its values. */
  | { kind: 'one_of'; key: string; values: string[] }
  /** A key's value is wrong: `issue` says how. */
  | { kind: 'key'; key: string; issue: z.core.$ZodIssue };

const keyOf = (path: readonly PropertyKey[]) => path.map(String).join('.');

const isMissing = (issue: z.core.$ZodIssue) => issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null);

const jsonProblemOf = (issue: z.core.$ZodIssue, relative: readonly PropertyKey[]): JsonProblem | undefined => {
  if (relative.length > 0) {
    const key = keyOf(relative);
    return isMissing(issue) ? { kind: 'missing', key } : { kind: 'key', key, issue };
  }
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) {
    return issue.code === 'invalid_type' && issue.expected === 'object' && !isMissing(issue) ? { kind: 'not_object' } : undefined;
  }
  const branches = issue.errors;
  // Every shape refuses the same key's value: that key picks the shape (a discriminator).
  const choices = branches.map((branch) => branch.find((inner) => inner.code === 'invalid_value' && inner.path.length === 1));
  const choiceKeys = new Set(choices.map((choice) => (choice ? keyOf(choice.path) : undefined)));
  if (choices.every(Boolean) && choiceKeys.size === 1) {
    const values = choices.flatMap((choice) => (choice?.code === 'invalid_value' ? choice.values.map(String) : []));
    return { kind: 'one_of', key: keyOf(choices[0]!.path), values: [...new Set(values)] };
  }
  // Else the shape with the fewest problems is the one meant: its first problem.
  const closest = [...branches].sort((first, second) => first.length - second.length)[0]!;
  const first = closest[0];
  return first ? jsonProblemOf(first, first.path) : undefined;
};

/**
 * One problem of a config as a form shows it: the field (data path), zod's issue, and what says it
 * better than the issue's code where there is something: the field's own message (English, from
 * the shared catalogue) or, inside a JSON editor, the key concerned.
 */
export type ConfigIssue = { path: string; issue: z.core.$ZodIssue; message?: string; jsonProblem?: JsonProblem };

const validators = new WeakMap<JsonSchema, z.ZodType>();

/**
 * Checks a config against the factory's schema, the first problem per field. Rules the JSON
 * Schema cannot express (https only, header names) are the server's: its answer maps the same way.
 */
export const validateConfig = (schema: JsonSchema, fields: readonly ConfigField[], config: Record<string, unknown>): ConfigIssue[] => {
  let validator = validators.get(schema);
  if (!validator) {
    validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    validators.set(schema, validator);
  }
  // With the input in each issue, its message tells a missing value from a wrong one.
  const result = validator.safeParse(config, { reportInput: true });
  if (result.success) {
    return [];
  }
  const seen = new Set<string>();
  const issues: ConfigIssue[] = [];
  for (const issue of result.error.issues) {
    const path = fieldPathOf(fields, issue.path as (string | number)[]) ?? '';
    if (seen.has(path)) {
      continue;
    }
    seen.add(path);
    const field = path ? fieldAt(fields, path) : undefined;
    const relative = path ? issue.path.slice(path.split('.').length) : issue.path;
    const jsonProblem = field?.kind === 'json' ? jsonProblemOf(issue, relative) : undefined;
    const message = relative.length === 0 && issue.code === 'invalid_format' ? field?.message : undefined;
    issues.push({ path, issue, ...(message ? { message } : {}), ...(jsonProblem ? { jsonProblem } : {}) });
  }
  return issues;
};

/** A server detail path (`config.templates.0.subject`, `body.config.host`) as a field path of the form. */
export const serverDetailPath = (fields: readonly ConfigField[], detailPath: string): string | undefined => {
  const parts = detailPath.replace(/^body\./, '').split('.');
  if (parts[0] !== 'config') {
    return undefined;
  }
  return fieldPathOf(
    fields,
    parts.slice(1).map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
  );
};

/**
 * The label key of a server detail's config path that no field of the form shows
 * (`config.templates.0.method` → `templates.method`), or undefined outside the config.
 */
export const configLabelKeyOf = (detailPath: string): { labelKey: string; name: string } | undefined => {
  const parts = detailPath.replace(/^body\./, '').split('.');
  const names = parts.slice(1).filter((part) => !/^\d+$/.test(part));
  return parts[0] === 'config' && names.length > 0 ? { labelKey: names.join('.'), name: names.at(-1)! } : undefined;
};

/** Reads and writes a value at a data path of the form state (immutably). */
export const getAt = (state: FormState, path: string): FormValue => {
  let current: unknown = state;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') {
      return undefined;
    }
    current = (current as Record<string, unknown>)[part];
  }
  return current as FormValue;
};

export const setAt = (state: FormState, path: string, value: FormValue): FormState => {
  const [head, ...rest] = path.split('.');
  const key = head!;
  if (rest.length === 0) {
    return { ...state, [key]: value };
  }
  const child = state[key];
  if (Array.isArray(child)) {
    const [indexText, ...tail] = rest;
    const index = Number(indexText);
    const items = [...(child as FormState[])];
    items[index] = tail.length === 0 ? (value as FormState) : setAt(items[index] ?? {}, tail.join('.'), value);
    return { ...state, [key]: items };
  }
  return { ...state, [key]: setAt(asObject(child) as FormState, rest.join('.'), value) };
};

/** `fromEmail` → `From email`: the label of a field no phrase describes (a factory newer than the console). */
export const humanizeKey = (key: string) => {
  const words = key
    .replaceAll(/([a-z\d])([A-Z])/g, '$1 $2')
    .replaceAll(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
