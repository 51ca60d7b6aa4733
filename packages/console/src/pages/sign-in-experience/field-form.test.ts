import {
  customProfileFieldCreateSchema,
  customProfileFieldNameSchema,
  customProfileFieldPatchSchema,
  customProfileFieldTypes,
  signInExperienceColorSchema,
  type CustomProfileField,
} from '@gatehouse/schemas';
import { describe, expect, it } from 'vitest';

import { schemaMessages } from '../../lib/validation-messages.js';

import { fieldEditorPath, fieldFormOf, fieldFormSchema, newFieldForm, toFieldBody, toFieldPatch, type FieldForm } from './field-form.js';

describe('custom profile field form', () => {
  it('starts every type with a config the schema accepts once the required texts are filled in', () => {
    for (const type of customProfileFieldTypes) {
      const form = newFieldForm('field_1', type);
      if (type === 'Select' || type === 'Checkbox') {
        form.config.options = [{ label: 'Yes', value: 'yes' }];
      }
      if (type === 'Regex') {
        form.config.format = '[A-Z]{2}\\d+';
      }
      const parsed = customProfileFieldCreateSchema.safeParse(toFieldBody(form));
      expect(parsed.success, `${type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('sends the type’s own config keys only, without empty texts', () => {
    const form: FieldForm = {
      ...newFieldForm('nickname', 'Text'),
      config: { placeholder: '  ', minLength: 2, maxLength: undefined, minValue: 4, options: [], customFormat: 'x' },
    };
    expect(toFieldBody(form)).toEqual({ name: 'nickname', type: 'Text', label: '', required: false, config: { minLength: 2 } });
    const date = { ...newFieldForm('birthday', 'Date'), config: { format: 'dd/MM/yyyy', customFormat: 'DD.MM.' } };
    expect(toFieldBody(date).config).toEqual({ format: 'dd/MM/yyyy' });
    expect(toFieldBody({ ...date, config: { format: 'custom', customFormat: 'DD.MM.' } }).config).toEqual({ format: 'custom', customFormat: 'DD.MM.' });
  });

  it('keeps every address part, with the stored settings, and drops empty part labels', () => {
    const stored: CustomProfileField = {
      id: 'f1',
      name: 'address',
      type: 'Address',
      label: 'Address',
      required: false,
      sieOrder: 0,
      config: { parts: [{ name: 'country', enabled: true, label: 'Land', required: true }] },
    };
    const form = fieldFormOf(stored);
    expect(form.config.parts?.map((part) => part.name)).toEqual(['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country']);
    expect(form.config.parts?.find((part) => part.name === 'locality')).toMatchObject({ enabled: false });
    const body = toFieldBody(form);
    expect(body.config).toMatchObject({ parts: expect.arrayContaining([{ name: 'country', enabled: true, label: 'Land', required: true }, { name: 'region', enabled: false }]) });
    expect(customProfileFieldCreateSchema.safeParse(body).success).toBe(true);
  });

  it('clears a stored description with an empty one', () => {
    const stored: CustomProfileField = { id: 'f1', name: 'age', type: 'Number', label: 'Age', description: 'Years', required: true, sieOrder: 1, config: {} };
    const patch = toFieldPatch({ ...fieldFormOf(stored), description: '' }, stored);
    expect(patch).toMatchObject({ description: '' });
    expect(customProfileFieldPatchSchema.safeParse(patch).success).toBe(true);
    expect(toFieldPatch(fieldFormOf({ ...stored, description: undefined }), stored)).not.toHaveProperty('description', undefined);
  });

  it('reports problems at the form’s own paths', () => {
    const form = { ...newFieldForm('plan', 'Select'), config: { options: [{ label: 'Pro', value: '' }] } };
    const parsed = fieldFormSchema.safeParse(form);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('config.options.0.value');
    const duplicated = { ...form, config: { options: [{ label: 'A', value: 'a' }, { label: 'B', value: 'a' }] } };
    expect(fieldFormSchema.safeParse(duplicated).error?.issues[0]?.message).toBe('Contains the same option value twice.');
  });

  it('opens the editor by name', () => {
    expect(fieldEditorPath('my field')).toBe('/sign-in-experience/collect-user-profile/fields/my%20field');
  });

  it('shows the schema messages of these forms as phrases', () => {
    const first = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message ?? '';
    const messages = [
      first(customProfileFieldNameSchema.safeParse('1st')),
      first(customProfileFieldNameSchema.safeParse('username')),
      first(signInExperienceColorSchema.shape.primaryColor.safeParse('#12')),
      first(fieldFormSchema.safeParse({ ...newFieldForm('age', 'Number'), config: { minValue: 5, maxValue: 1 } })),
      first(fieldFormSchema.safeParse({ ...newFieldForm('bio', 'Text'), config: { minLength: 5, maxLength: 1 } })),
      first(fieldFormSchema.safeParse({ ...newFieldForm('day', 'Date'), config: { format: 'custom' } })),
      first(fieldFormSchema.safeParse({ ...newFieldForm('code', 'Regex'), config: { format: '(' } })),
    ];
    expect(messages.map((message) => schemaMessages[message])).toEqual([
      'schema.profile_field.name',
      'schema.profile_field.name_reserved',
      'schema.color.hex',
      'schema.profile_field.min_value_over_max',
      'schema.profile_field.min_length_over_max',
      'schema.profile_field.custom_format',
      'schema.regex.valid',
    ]);
  });
});
