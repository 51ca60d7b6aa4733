import { describe, expect, it } from 'vitest';

import { supportedLocales } from '../constants/locales.js';
import { validationPhrasesByLocale } from '../validation-messages/all.js';
import { localizeValidationMessage } from '../validation-messages/index.js';
import {
  type CustomProfileFieldRule,
  customProfileFieldCreateSchema,
  customProfileFieldPatchSchema,
  customProfileFieldSchema,
  isDateInFormat,
  profileFieldTarget,
  validateCustomProfileValue,
} from './custom-profile-fields.js';

/** The distinct dotted paths of a failed parse, for asserting *where* it failed. */
const failedPaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => {
  expect(result.success).toBe(false);
  return [...new Set((result.error?.issues ?? []).map((issue) => issue.path.map(String).join('.')))];
};

const base = { name: 'department', label: 'Department', required: false };
const options = [
  { label: 'Red', value: 'red' },
  { label: 'Blue', value: 'blue' },
];

describe('customProfileFieldCreateSchema', () => {
  it.each([
    { type: 'Text', config: {} },
    { type: 'Text', config: { placeholder: 'Team', minLength: 2, maxLength: 2 } },
    { type: 'Number', config: { minValue: -1.5, maxValue: 10 } },
    { type: 'Date', config: { format: 'yyyy-MM-dd' } },
    { type: 'Date', config: { format: 'custom', customFormat: 'Quarter Q yyyy' } },
    { type: 'Checkbox', config: { options } },
    { type: 'Select', config: { placeholder: 'Pick one', options } },
    { type: 'Url', config: {} },
    { type: 'Regex', config: { format: '[A-Z]{2}\\d{4}' } },
    { type: 'Address', config: { parts: [{ name: 'streetAddress', enabled: true, required: true }, { name: 'country', enabled: false }] } },
    { type: 'Fullname', config: { parts: [{ name: 'givenName', enabled: true, label: 'First name' }, { name: 'familyName', enabled: true }] } },
  ])('accepts a $type field', (field) => {
    expect(customProfileFieldCreateSchema.parse({ ...base, ...field })).toEqual({ ...base, ...field });
  });

  it('accepts a description and a position', () => {
    const field = { ...base, description: 'Where you work', sieOrder: 3, type: 'Url', config: {} };
    expect(customProfileFieldCreateSchema.parse(field)).toEqual(field);
  });

  it('checks the config against the type', () => {
    expect(failedPaths(customProfileFieldCreateSchema.safeParse({ ...base, type: 'Select', config: { format: 'x' } }))).toEqual([
      'config.options',
      'config',
    ]);
    expect(customProfileFieldCreateSchema.safeParse({ ...base, type: 'Color', config: {} }).success).toBe(false);
  });

  it.each([
    [{ type: 'Text', config: { minLength: 5, maxLength: 4 } }, 'config.maxLength'],
    [{ type: 'Text', config: { maxLength: 0 } }, 'config.maxLength'],
    [{ type: 'Text', config: { placeholder: 'p'.repeat(257) } }, 'config.placeholder'],
    [{ type: 'Number', config: { minValue: 10, maxValue: 9 } }, 'config.maxValue'],
    [{ type: 'Date', config: {} }, 'config.format'],
    [{ type: 'Date', config: { format: 'dd.MM.yyyy' } }, 'config.format'],
    [{ type: 'Date', config: { format: 'custom' } }, 'config.customFormat'],
    [{ type: 'Date', config: { format: 'custom', customFormat: 'f'.repeat(129) } }, 'config.customFormat'],
    [{ type: 'Select', config: { options: [] } }, 'config.options'],
    [{ type: 'Checkbox', config: { options: [...options, { label: 'Again', value: 'red' }] } }, 'config.options'],
    [{ type: 'Regex', config: { format: '[a-z' } }, 'config.format'],
    [{ type: 'Regex', config: { format: 'a'.repeat(129) } }, 'config.format'],
    [{ type: 'Address', config: { parts: [{ name: 'city', enabled: true }] } }, 'config.parts.0.name'],
    [{ type: 'Address', config: { parts: [] } }, 'config.parts'],
    [{ type: 'Address', config: { parts: [{ name: 'country', enabled: false }, { name: 'locality', enabled: false }] } }, 'config.parts'],
    [{ type: 'Fullname', config: { parts: [{ name: 'givenName', enabled: false }] } }, 'config.parts'],
    [{ type: 'Fullname', config: { parts: [{ name: 'nickname', enabled: true }] } }, 'config.parts.0.name'],
    [{ type: 'Fullname', config: { parts: [{ name: 'givenName', enabled: true }, { name: 'givenName', enabled: false }] } }, 'config.parts'],
  ])('refuses %o at %s', (field, path) => {
    expect(failedPaths(customProfileFieldCreateSchema.safeParse({ ...base, ...field }))).toContain(path);
  });

  it.each([
    ['birthdate', 'Checkbox'],
    ['address', 'Text'],
    ['name', 'Number'],
    ['website', 'Text'],
    ['fullname', 'Address'],
  ])('refuses %s as a %s field: the profile keeps it as another type', (name, type) => {
    const config = type === 'Checkbox' ? { options } : type === 'Address' ? { parts: [{ name: 'country', enabled: true }] } : {};
    expect(failedPaths(customProfileFieldCreateSchema.safeParse({ ...base, name, type, config }))).toEqual(['name']);
  });

  it('takes Address and Fullname fields under any other name (kept in custom data)', () => {
    expect(profileFieldTarget('shipping')).toBe('customData');
    expect(profileFieldTarget('address')).toBe('profile');
    expect(profileFieldTarget('fullname')).toBe('fullname');
    const shipping = { ...base, name: 'shipping', type: 'Address', config: { parts: [{ name: 'country', enabled: true }] } };
    expect(customProfileFieldCreateSchema.safeParse(shipping).success).toBe(true);
  });

  it('checks the name, the label and the description', () => {
    const field = { ...base, type: 'Url', config: {} };
    for (const name of ['', '1st', '_x', 'has-dash', 'has space', 'n'.repeat(129)]) {
      expect(failedPaths(customProfileFieldCreateSchema.safeParse({ ...field, name }))).toEqual(['name']);
    }
    expect(customProfileFieldCreateSchema.parse({ ...field, name: 'a1_b' }).name).toBe('a1_b');
    expect(failedPaths(customProfileFieldCreateSchema.safeParse({ ...field, label: 'l'.repeat(129), description: 'd'.repeat(257) }))).toEqual(
      ['label', 'description'],
    );
  });

  it.each(['username', 'primaryEmail', 'primaryPhone', 'password', 'avatar', 'id'])('refuses the reserved name %s', (name) => {
    expect(failedPaths(customProfileFieldCreateSchema.safeParse({ ...base, name, type: 'Text', config: {} }))).toEqual(['name']);
  });

  it('refuses an id and unknown keys', () => {
    expect(failedPaths(customProfileFieldCreateSchema.safeParse({ ...base, id: 'f1', type: 'Url', config: {} }))).toEqual(['']);
    expect(failedPaths(customProfileFieldCreateSchema.safeParse({ ...base, type: 'Url', config: { pattern: 'x' } }))).toEqual(['config']);
  });
});

describe('customProfileFieldSchema', () => {
  it('is a stored field with id and position, keyed by type', () => {
    const field = { id: 'f1', ...base, sieOrder: 0, type: 'Number', config: { maxValue: 5 } };
    expect(customProfileFieldSchema.parse(field)).toEqual(field);
    expect(failedPaths(customProfileFieldSchema.safeParse({ ...field, sieOrder: undefined }))).toEqual(['sieOrder']);
  });
});

describe('customProfileFieldPatchSchema', () => {
  it('takes any subset of the common fields', () => {
    expect(customProfileFieldPatchSchema.parse({})).toEqual({});
    expect(customProfileFieldPatchSchema.parse({ label: 'Team', required: true })).toEqual({ label: 'Team', required: true });
  });

  it('takes type and config together, checked against each other', () => {
    const patch = { type: 'Select', config: { options } };
    expect(customProfileFieldPatchSchema.parse(patch)).toEqual(patch);
    expect(customProfileFieldPatchSchema.safeParse({ type: 'Select', config: { options: [] } }).success).toBe(false);
    expect(customProfileFieldPatchSchema.safeParse({ config: { options } }).success).toBe(false);
    expect(customProfileFieldPatchSchema.safeParse({ type: 'Select' }).success).toBe(false);
    expect(customProfileFieldPatchSchema.safeParse({ id: 'other' }).success).toBe(false);
    expect(customProfileFieldPatchSchema.safeParse({ name: 'password' }).success).toBe(false);
  });

  it('reports each problem at its own field', () => {
    expect(failedPaths(customProfileFieldPatchSchema.safeParse({ required: 'yes' }))).toEqual(['required']);
    expect(failedPaths(customProfileFieldPatchSchema.safeParse({ config: { options } }))).toEqual(['type']);
    expect(failedPaths(customProfileFieldPatchSchema.safeParse({ type: 'Number' }))).toEqual(['config']);
    expect(failedPaths(customProfileFieldPatchSchema.safeParse({ type: 'Select', config: { options: [] } }))).toEqual(['config.options']);
    expect(failedPaths(customProfileFieldPatchSchema.safeParse({ label: 'x', shoe: 1 }))).toEqual(['']);
  });

  it('words the config rules for people, in every language, without property names', () => {
    const messageOf = (field: { type: string; config: unknown }) =>
      customProfileFieldCreateSchema.safeParse({ ...base, ...field }).error?.issues.find((issue) => issue.path[0] === 'config')?.message ?? '';
    const messages = [
      messageOf({ type: 'Text', config: { minLength: 10, maxLength: 5 } }),
      messageOf({ type: 'Number', config: { minValue: 10, maxValue: 5 } }),
      messageOf({ type: 'Date', config: { format: 'custom' } }),
    ];
    expect(messages).toEqual([
      'The minimum length must not exceed the maximum length.',
      'The minimum value must not exceed the maximum value.',
      'A custom format needs a description for users.',
    ]);
    for (const locale of supportedLocales) {
      for (const message of messages) {
        const localized = localizeValidationMessage(message, validationPhrasesByLocale[locale]);
        expect(localized, `${locale}: ${message}`).toBeTruthy();
        expect(localized, locale).not.toMatch(/minLength|maxLength|minValue|maxValue|customFormat/);
      }
    }
  });
});

describe('isDateInFormat', () => {
  it.each([
    ['02/29/2024', 'MM/dd/yyyy', true],
    ['02/29/2023', 'MM/dd/yyyy', false],
    ['12/31/1999', 'MM/dd/yyyy', true],
    ['31/12/1999', 'MM/dd/yyyy', false],
    ['31/12/1999', 'dd/MM/yyyy', true],
    ['2000-02-29', 'yyyy-MM-dd', true],
    ['1900-02-29', 'yyyy-MM-dd', false],
    ['0050-01-01', 'yyyy-MM-dd', true],
    ['0000-01-01', 'yyyy-MM-dd', false],
    ['2024-13-01', 'yyyy-MM-dd', false],
    ['2024-1-01', 'yyyy-MM-dd', false],
    ['2024-01-01T00:00', 'yyyy-MM-dd', false],
  ] as const)('%s in %s: %s', (value, format, expected) => {
    expect(isDateInFormat(value, format)).toBe(expected);
  });
});

describe('validateCustomProfileValue', () => {
  // What a browser's pattern check does; the server passes RE2 (tested in core).
  const nativeMatch = (format: string, value: string) => new RegExp(`^(?:${format})$`).test(value);
  const check = (field: CustomProfileFieldRule, value: unknown) => validateCustomProfileValue(field, value, nativeMatch);
  const error = (code: string, params?: Record<string, string | number>) => ({
    ok: false,
    code: `custom_profile_field.${code}`,
    ...(params && { params }),
  });

  describe('required', () => {
    const field: CustomProfileFieldRule = { type: 'Text', config: {}, required: true };

    it.each([undefined, null, '', '   ', []])('refuses %o when required', (value) => {
      expect(check(field, value)).toEqual(error('required'));
    });

    it('gives nothing to store for an empty optional field', () => {
      expect(check({ ...field, required: false }, '  ')).toEqual({ ok: true, value: undefined });
    });
  });

  describe('Text', () => {
    const field: CustomProfileFieldRule = { type: 'Text', config: { minLength: 2, maxLength: 5 }, required: false };

    it('trims and checks the length', () => {
      expect(check(field, ' ab ')).toEqual({ ok: true, value: 'ab' });
      expect(check(field, 'abcde')).toEqual({ ok: true, value: 'abcde' });
      expect(check(field, 'a')).toEqual(error('too_short', { min: 2 }));
      expect(check(field, 'abcdef')).toEqual(error('too_long', { max: 5 }));
    });

    it('caps text without a maxLength', () => {
      const open: CustomProfileFieldRule = { type: 'Text', config: {}, required: false };
      expect(check(open, 'x'.repeat(4096))).toMatchObject({ ok: true });
      expect(check(open, 'x'.repeat(4097))).toEqual(error('too_long', { max: 4096 }));
    });

    it('refuses a non-string', () => {
      expect(check(field, 42)).toEqual(error('invalid_format'));
    });
  });

  describe('Number', () => {
    const field: CustomProfileFieldRule = { type: 'Number', config: { minValue: 0, maxValue: 10 }, required: false };

    it('takes numbers and numeric text', () => {
      expect(check(field, 7)).toEqual({ ok: true, value: 7 });
      expect(check(field, ' 2.5 ')).toEqual({ ok: true, value: 2.5 });
      expect(check(field, '1e1')).toEqual({ ok: true, value: 10 });
      expect(check(field, 0)).toEqual({ ok: true, value: 0 });
    });

    it.each(['abc', '12px', '0x10', Number.NaN, Number.POSITIVE_INFINITY, true, {}])('refuses %o', (value) => {
      expect(check(field, value)).toEqual(error('invalid_number'));
    });

    it('checks the range', () => {
      expect(check(field, -1)).toEqual(error('out_of_range', { min: 0, max: 10 }));
      expect(check(field, '10.01')).toEqual(error('out_of_range', { min: 0, max: 10 }));
      expect(check({ ...field, config: { minValue: 5 } }, 4)).toEqual(error('out_of_range', { min: 5 }));
      expect(check({ ...field, config: {} }, -1e9)).toEqual({ ok: true, value: -1e9 });
    });
  });

  describe('Date', () => {
    it('parses the fixed formats', () => {
      const field: CustomProfileFieldRule = { type: 'Date', config: { format: 'dd/MM/yyyy' }, required: false };
      expect(check(field, '29/02/2024')).toEqual({ ok: true, value: '29/02/2024' });
      expect(check(field, '02/29/2024')).toEqual(error('invalid_date', { format: 'dd/MM/yyyy' }));
      expect(check(field, 20240229)).toEqual(error('invalid_format'));
    });

    it('takes any text up to 128 characters for a custom format', () => {
      const field: CustomProfileFieldRule = {
        type: 'Date',
        config: { format: 'custom', customFormat: 'Q yyyy' },
        required: false,
      };
      expect(check(field, 'Q3 2024')).toEqual({ ok: true, value: 'Q3 2024' });
      expect(check(field, 'x'.repeat(129))).toEqual(error('too_long', { max: 128 }));
    });
  });

  describe('Checkbox', () => {
    const field: CustomProfileFieldRule = { type: 'Checkbox', config: { options }, required: false };

    it('takes a subset of the option values', () => {
      expect(check(field, ['blue'])).toEqual({ ok: true, value: ['blue'] });
      expect(check(field, ['red', 'blue', 'red'])).toEqual({ ok: true, value: ['red', 'blue'] });
      expect(check(field, [])).toEqual({ ok: true, value: undefined });
      expect(check({ ...field, required: true }, [])).toEqual(error('required'));
    });

    it('refuses other values and shapes', () => {
      expect(check(field, ['red', 'green'])).toEqual(error('invalid_option', { value: 'green' }));
      expect(check(field, 'red')).toEqual(error('invalid_format'));
      expect(check(field, ['red', 1])).toEqual(error('invalid_format'));
    });
  });

  describe('Select', () => {
    const field: CustomProfileFieldRule = { type: 'Select', config: { options }, required: true };

    it('takes one option value', () => {
      expect(check(field, 'red')).toEqual({ ok: true, value: 'red' });
      expect(check(field, 'Red')).toEqual(error('invalid_option', { value: 'Red' }));
      expect(check(field, ['red'])).toEqual(error('invalid_format'));
    });
  });

  describe('Url', () => {
    const field: CustomProfileFieldRule = { type: 'Url', config: {}, required: false };

    it('takes http(s) URLs only', () => {
      expect(check(field, 'https://example.com/me')).toEqual({ ok: true, value: 'https://example.com/me' });
      expect(check(field, 'javascript:alert(1)')).toEqual(error('invalid_url'));
      expect(check(field, 'example.com')).toEqual(error('invalid_url'));
      expect(check(field, `https://example.com/${'a'.repeat(2048)}`)).toEqual(error('too_long', { max: 2048 }));
    });
  });

  describe('Regex', () => {
    const field: CustomProfileFieldRule = { type: 'Regex', config: { format: '[A-Z]{2}\\d{4}|N/A' }, required: false };

    it('matches the whole value against the format', () => {
      expect(check(field, 'AB1234')).toEqual({ ok: true, value: 'AB1234' });
      expect(check(field, 'N/A')).toEqual({ ok: true, value: 'N/A' });
      expect(check(field, 'xAB1234')).toEqual(error('pattern_mismatch', { format: '[A-Z]{2}\\d{4}|N/A' }));
      expect(check(field, 'AB12345')).toEqual(error('pattern_mismatch', { format: '[A-Z]{2}\\d{4}|N/A' }));
    });
  });

  describe('Address', () => {
    const field: CustomProfileFieldRule = {
      type: 'Address',
      config: {
        parts: [
          { name: 'streetAddress', enabled: true, required: true },
          { name: 'locality', enabled: true },
          { name: 'country', enabled: false, required: true },
        ],
      },
      required: false,
    };

    it('takes the enabled parts, trimmed, dropping empty ones', () => {
      expect(check(field, { streetAddress: ' 1 Main St ', locality: '' })).toEqual({ ok: true, value: { streetAddress: '1 Main St' } });
    });

    it('needs the required enabled parts once anything is given', () => {
      expect(check(field, { locality: 'Springfield' })).toEqual(error('required', { part: 'streetAddress' }));
      expect(check(field, { locality: '  ' })).toEqual({ ok: true, value: undefined });
      expect(check({ ...field, required: true }, { locality: '' })).toEqual(error('required'));
    });

    it('refuses disabled or unknown parts and non-text values', () => {
      expect(check(field, { streetAddress: '1 Main St', country: 'US' })).toEqual(error('invalid_format', { part: 'country' }));
      expect(check(field, { streetAddress: '1 Main St', city: 'X' })).toEqual(error('invalid_format', { part: 'city' }));
      expect(check(field, { streetAddress: 1 })).toEqual(error('invalid_format', { part: 'streetAddress' }));
      expect(check(field, '1 Main St')).toEqual(error('invalid_format'));
      expect(check(field, { streetAddress: 's'.repeat(257) })).toEqual(error('too_long', { part: 'streetAddress', max: 256 }));
    });
  });

  describe('Fullname', () => {
    const field: CustomProfileFieldRule = {
      type: 'Fullname',
      config: {
        parts: [
          { name: 'givenName', enabled: true, required: true },
          { name: 'middleName', enabled: true },
          { name: 'familyName', enabled: true, required: true },
        ],
      },
      required: true,
    };

    it('takes the listed parts', () => {
      expect(check(field, { givenName: 'Ada', familyName: 'Lovelace' })).toEqual({
        ok: true,
        value: { givenName: 'Ada', familyName: 'Lovelace' },
      });
      expect(check(field, { givenName: 'Ada' })).toEqual(error('required', { part: 'familyName' }));
      expect(check(field, {})).toEqual(error('required'));
      expect(check(field, { givenName: 'Ada', familyName: 'L', nickname: 'A' })).toEqual(error('invalid_format', { part: 'nickname' }));
      expect(check(field, ['Ada', 'Lovelace'])).toEqual(error('invalid_format'));
    });
  });
});
