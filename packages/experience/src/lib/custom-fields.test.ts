import { describe, expect, it } from 'vitest';

import { type CustomField, checkFieldValue, toProfileValue } from './custom-fields.js';

/** A field as the page's configuration carries it. */
const field = (rule: Pick<CustomField, 'type' | 'config'> & Partial<CustomField>) =>
  ({ id: 'f1', name: 'field', label: 'Field', required: false, sieOrder: 0, ...rule }) as CustomField;

const text = field({ type: 'Text', config: {} });
const customDate = field({ type: 'Date', config: { format: 'custom', customFormat: 'MMM yyyy' } });
const isoDate = field({ type: 'Date', config: { format: 'dd/MM/yyyy' } });
const letters = field({ type: 'Regex', config: { format: '\\p{L}+' } });
const address = field({
  type: 'Address',
  required: true,
  config: {
    parts: [
      { name: 'streetAddress', enabled: true, required: true },
      { name: 'locality', enabled: true, required: true },
      { name: 'country', enabled: true },
    ],
  },
});
const range = field({ type: 'Number', config: { minValue: -5, maxValue: 5 } });

/**
 * The page checks a value with the server's own rules (shared code) before it sends it: whatever
 * it lets through, the server takes, and it refuses nothing the server would take.
 */
describe('checkFieldValue', () => {
  it('holds text to the lengths the server holds it to, also with no maxLength configured', () => {
    expect(checkFieldValue(text, 'x'.repeat(4096))).toBeUndefined();
    expect(checkFieldValue(text, 'x'.repeat(4097))).toEqual({ problem: { key: 'errors.max_length', values: { max: 4096 } } });
    expect(checkFieldValue(customDate, 'May 2020')).toBeUndefined();
    expect(checkFieldValue(customDate, 'x'.repeat(129))).toEqual({ problem: { key: 'errors.max_length', values: { max: 128 } } });
  });

  it('checks each address part, naming every required part left empty and a part that is too long', () => {
    expect(checkFieldValue(address, {})).toEqual({
      parts: { streetAddress: { key: 'errors.required' }, locality: { key: 'errors.required' } },
    });
    expect(checkFieldValue(address, { country: 'FR' })).toEqual({
      parts: { streetAddress: { key: 'errors.required' }, locality: { key: 'errors.required' } },
    });
    expect(checkFieldValue(address, { streetAddress: 'x'.repeat(257), locality: 'Lyon' })).toEqual({
      parts: { streetAddress: { key: 'errors.max_length', values: { max: 256 } } },
    });
    expect(checkFieldValue(address, { streetAddress: ' 1 rue Neuve ', locality: 'Lyon', country: '' })).toBeUndefined();
  });

  it('names every required part of a full name left empty at once, not only the first', () => {
    const fullname = field({
      type: 'Fullname',
      required: true,
      config: { parts: [{ name: 'givenName', enabled: true, required: true }, { name: 'familyName', enabled: true, required: true }] },
    });
    const both = { parts: { givenName: { key: 'errors.required' }, familyName: { key: 'errors.required' } } };
    expect(checkFieldValue(fullname, undefined)).toEqual(both);
    expect(checkFieldValue(fullname, {})).toEqual(both);
    expect(checkFieldValue(fullname, { givenName: ' ', familyName: '' })).toEqual(both);
    expect(checkFieldValue(fullname, { givenName: 'Ada' })).toEqual({ parts: { familyName: { key: 'errors.required' } } });
    // A required field whose parts are all optional: the field itself is missing.
    const anyPart = field({ type: 'Fullname', required: true, config: { parts: [{ name: 'givenName', enabled: true }] } });
    expect(checkFieldValue(anyPart, {})).toEqual({ problem: { key: 'errors.required' } });
  });

  it('reads a Regex format as the server does: \\p{L} is any letter, an emoji one character', () => {
    expect(checkFieldValue(letters, 'Élodie')).toBeUndefined();
    expect(checkFieldValue(letters, 'p{L}')).toEqual({ problem: { key: 'errors.invalid_format' } });
    expect(checkFieldValue(field({ type: 'Regex', config: { format: '.' } }), '😀')).toBeUndefined();
    // A format only RE2 reads is left to the server rather than refused here.
    expect(checkFieldValue(field({ type: 'Regex', config: { format: '\\x{e9}' } }), 'é')).toBeUndefined();
  });

  it('refuses a date that is not in the calendar and numbers out of range, on the right side', () => {
    expect(checkFieldValue(isoDate, '2001-02-29')).toEqual({ problem: { key: 'errors.invalid_date' } });
    expect(checkFieldValue(isoDate, '2000-02-29')).toBeUndefined();
    expect(checkFieldValue(range, '1e')).toEqual({ problem: { key: 'errors.invalid_number' } });
    expect(checkFieldValue(range, '1,5')).toEqual({ problem: { key: 'errors.invalid_number' } });
    expect(checkFieldValue(range, '-5.01')).toEqual({ problem: { key: 'errors.number_min', values: { min: -5 } } });
    expect(checkFieldValue(range, '5.01')).toEqual({ problem: { key: 'errors.number_max', values: { max: 5 } } });
    expect(checkFieldValue(range, '-5')).toBeUndefined();
  });
});

describe('toProfileValue', () => {
  it('sends what the server stores: trimmed, a number, the date in its format, each choice once, no empty part', () => {
    expect(toProfileValue(text, '  Ops  ')).toBe('Ops');
    expect(toProfileValue(text, '   ')).toBeUndefined();
    expect(toProfileValue(range, ' 5 ')).toBe(5);
    expect(toProfileValue(isoDate, '2000-02-29')).toBe('29/02/2000');
    const options = [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b' },
    ];
    expect(toProfileValue(field({ type: 'Checkbox', config: { options } }), ['b', 'a', 'b'])).toEqual(['b', 'a']);
    expect(toProfileValue(address, { streetAddress: ' 1 rue Neuve ', locality: 'Lyon', country: ' ' })).toEqual({
      streetAddress: '1 rue Neuve',
      locality: 'Lyon',
    });
  });
});
