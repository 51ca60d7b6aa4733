import { describe, expect, it } from 'vitest';

import {
  detectIdentifierType,
  identifierFieldText,
  identifierInputProps,
  identifierLabelKey,
  isValidIdentifier,
  matchIdentifierType,
  normalizeIdentifier,
  showsCountryPicker,
} from './identifier.js';

describe('detectIdentifierType', () => {
  it.each([
    ['alice@example.com', 'email'],
    [' bob@mail.co ', 'email'],
    ['a@b', 'email'],
    ['+1 (555) 123-4567', 'phone'],
    ['15551234567', 'phone'],
    ['+44 20.7946.0958', 'phone'],
    ['alice', 'username'],
    ['alice_01', 'username'],
    ['user123', 'username'],
    ['+', 'username'],
    ['', 'username'],
  ] as const)('%s is %s', (value, type) => {
    expect(detectIdentifierType(value)).toBe(type);
  });
});

describe('matchIdentifierType', () => {
  it('keeps the detected type when it is enabled', () => {
    expect(matchIdentifierType('alice@example.com', ['username', 'email'])).toBe('email');
    expect(matchIdentifierType('alice', ['username', 'email'])).toBe('username');
    expect(matchIdentifierType('5551234', ['email', 'phone'])).toBe('phone');
  });

  it('reads digits as a username when phone numbers are not enabled', () => {
    expect(matchIdentifierType('12345', ['username', 'email'])).toBe('username');
  });

  it('is undefined for a type that is not enabled', () => {
    expect(matchIdentifierType('alice@example.com', ['username'])).toBeUndefined();
    expect(matchIdentifierType('alice', ['email', 'phone'])).toBeUndefined();
    expect(matchIdentifierType('12345', ['email'])).toBeUndefined();
  });
});

describe('normalizeIdentifier and isValidIdentifier', () => {
  it('sends phone numbers as digits only and trims the rest', () => {
    expect(normalizeIdentifier('phone', '+1 (555) 123-4567')).toBe('15551234567');
    // 00 is the international call prefix: the same number as with +, not another account's.
    expect(normalizeIdentifier('phone', '0049 151 12345678')).toBe(normalizeIdentifier('phone', '+49 151 12345678'));
    expect(normalizeIdentifier('phone', '0151 12345678')).toBe('015112345678');
    expect(normalizeIdentifier('email', '  a@b.co ')).toBe('a@b.co');
    expect(normalizeIdentifier('username', ' alice ')).toBe('alice');
  });

  it('checks emails with the spec pattern and phone lengths', () => {
    expect(isValidIdentifier('email', 'a@b.co')).toBe(true);
    expect(isValidIdentifier('email', 'a@b')).toBe(false);
    expect(isValidIdentifier('phone', '+1 555 1234')).toBe(true);
    expect(isValidIdentifier('phone', '12')).toBe(false);
    expect(isValidIdentifier('username', '  ')).toBe(false);
  });
});

describe('identifier field', () => {
  it('labels the field after the enabled types, in a fixed order', () => {
    expect(identifierLabelKey(['username'])).toBe('field.username');
    expect(identifierLabelKey(['email', 'username'])).toBe('field.username_or_email');
    expect(identifierLabelKey(['phone', 'email'])).toBe('field.email_or_phone');
    expect(identifierLabelKey(['phone', 'username'])).toBe('field.username_or_phone');
    expect(identifierLabelKey(['phone', 'email', 'username'])).toBe('field.username_email_or_phone');
  });

  it('picks input type, keyboard and autofill hint, left to right and at most 128 characters', () => {
    const common = { dir: 'ltr', maxLength: 128 };
    expect(identifierInputProps(['email'])).toEqual({ type: 'email', inputMode: 'email', autoComplete: 'email', ...common });
    expect(identifierInputProps(['phone'])).toEqual({ type: 'tel', inputMode: 'tel', autoComplete: 'tel', ...common });
    expect(identifierInputProps(['username'])).toEqual({ type: 'text', inputMode: 'text', autoComplete: 'username', ...common });
    expect(identifierInputProps(['username', 'email'])).toEqual({ type: 'text', inputMode: 'text', autoComplete: 'username', ...common });
  });
});

describe('showsCountryPicker and identifierFieldText', () => {
  it('shows the picker beside a phone-only field, and beside another once a phone number is typed', () => {
    expect(showsCountryPicker('', ['phone'])).toBe(true);
    expect(showsCountryPicker('alice', ['phone'])).toBe(true);
    expect(showsCountryPicker('', ['username', 'email', 'phone'])).toBe(false);
    expect(showsCountryPicker('alice', ['username', 'email', 'phone'])).toBe(false);
    expect(showsCountryPicker('a@b.co', ['email', 'phone'])).toBe(false);
    expect(showsCountryPicker('+', ['email', 'phone'])).toBe(false);
    expect(showsCountryPicker('555', ['username', 'email', 'phone'])).toBe(true);
    expect(showsCountryPicker('+44 79', ['email', 'phone'])).toBe(true);
    // Digits are a username where phone numbers are not accepted: no picker.
    expect(showsCountryPicker('555', ['username', 'email'])).toBe(false);
  });

  it('puts a sent phone number back into a field with its plus (international, whatever country is picked)', () => {
    expect(identifierFieldText({ type: 'phone', value: '15551234567' })).toBe('+15551234567');
    expect(identifierFieldText({ type: 'email', value: 'a@b.co' })).toBe('a@b.co');
    expect(identifierFieldText({ type: 'phone', value: '+15551234567' })).toBe('+15551234567');
  });
});
