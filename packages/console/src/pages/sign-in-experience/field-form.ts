import {
  addressPartNames,
  customProfileFieldCreateSchema,
  fullnamePartNames,
  type CustomProfileField,
  type CustomProfileFieldCreate,
  type CustomProfileFieldPatch,
  type CustomProfileFieldType,
} from '@gatehouse/schemas';
import { z } from 'zod';

/**
 * The custom profile field editor's form: one shape for the nine types (the config keys of every
 * type side by side), turned into the type's own config for the schemas and the API. Pure.
 */

export type FieldPart = { name: string; enabled: boolean; label?: string | undefined; required?: boolean | undefined };
export type FieldOption = { label: string; value: string };

export type FieldForm = {
  name: string;
  label: string;
  description: string;
  required: boolean;
  type: CustomProfileFieldType;
  config: {
    placeholder?: string | undefined;
    minLength?: number | undefined;
    maxLength?: number | undefined;
    minValue?: number | undefined;
    maxValue?: number | undefined;
    format?: string | undefined;
    customFormat?: string | undefined;
    options?: FieldOption[] | undefined;
    parts?: FieldPart[] | undefined;
  };
};

export const fieldEditorPath = (name: string) => `/sign-in-experience/collect-user-profile/fields/${encodeURIComponent(name)}`;

/** The config keys each type takes (the schemas are strict: any other key is refused). */
export const configKeys: Record<CustomProfileFieldType, ReadonlyArray<keyof FieldForm['config']>> = {
  Text: ['placeholder', 'minLength', 'maxLength'],
  Number: ['placeholder', 'minValue', 'maxValue'],
  Date: ['placeholder', 'format', 'customFormat'],
  Checkbox: ['options'],
  Select: ['placeholder', 'options'],
  Url: ['placeholder'],
  Regex: ['placeholder', 'format'],
  Address: ['parts'],
  Fullname: ['parts'],
};

/** Every part of an Address or Fullname field, in the usual order, with the stored settings of each. */
export const allParts = (type: CustomProfileFieldType, stored: readonly FieldPart[] = []): FieldPart[] | undefined => {
  const names: readonly string[] | undefined = type === 'Address' ? addressPartNames : type === 'Fullname' ? fullnamePartNames : undefined;
  if (!names) {
    return undefined;
  }
  return names.map((name) => {
    const part = stored.find((candidate) => candidate.name === name);
    return { name, enabled: part?.enabled ?? (stored.length === 0 && name !== 'middleName' && name !== 'formatted'), label: part?.label ?? '', required: part?.required ?? false };
  });
};

/** A new field of the type, as the form starts. */
export const newFieldForm = (name: string, type: CustomProfileFieldType): FieldForm => ({
  name,
  label: '',
  description: '',
  required: false,
  type,
  config: {
    ...(type === 'Date' && { format: 'yyyy-MM-dd' }),
    ...(type === 'Regex' && { format: '' }),
    ...((type === 'Select' || type === 'Checkbox') && { options: [{ label: '', value: '' }] }),
    ...((type === 'Address' || type === 'Fullname') && { parts: allParts(type) }),
  },
});

export const fieldFormOf = (field: CustomProfileField): FieldForm => {
  const config = field.config as FieldForm['config'];
  return {
    name: field.name,
    label: field.label,
    description: field.description ?? '',
    required: field.required,
    type: field.type,
    config: { ...config, ...(config.parts && { parts: allParts(field.type, config.parts) }) },
  };
};

const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

/** The create body: the type's config keys only, empty texts left out. */
export const toFieldBody = (form: FieldForm): CustomProfileFieldCreate => {
  const config: Record<string, unknown> = {};
  for (const key of configKeys[form.type]) {
    const value = form.config[key];
    if (key === 'parts') {
      config.parts = (value as FieldPart[] | undefined)?.map(({ name, enabled, label, required }) => ({
        name,
        enabled,
        ...(text(label) !== undefined && { label }),
        ...(required && { required }),
      }));
    } else if (key === 'format' && form.type === 'Regex') {
      config.format = value;
    } else if (typeof value === 'string' ? text(value) !== undefined : value !== undefined && !Number.isNaN(value)) {
      config[key] = value;
    }
  }
  if (form.type !== 'Date' || config.format !== 'custom') {
    delete config.customFormat;
  }
  return {
    name: form.name,
    type: form.type,
    label: form.label,
    ...(text(form.description) !== undefined && { description: form.description }),
    required: form.required,
    config,
  } as CustomProfileFieldCreate;
};

/** The patch body: a cleared description is sent as empty (an omitted one would stay as it was). */
export const toFieldPatch = (form: FieldForm, stored: CustomProfileField): CustomProfileFieldPatch => {
  const body = toFieldBody(form);
  return { ...body, ...(body.description === undefined && stored.description ? { description: '' } : {}) };
};

/** The form checked by the create schema, on the body the form turns into (error paths are the form's). */
export const fieldFormSchema = z.preprocess((value: FieldForm) => toFieldBody(value), customProfileFieldCreateSchema);
