import { describe, expect, it } from 'vitest';

import { detectBase, stripBase } from './base.js';
import { checkFieldValue, formatDate, toProfileValue, type CustomField } from './custom-fields.js';
import { checkPasswordPolicy, countCharacterTypes } from './password-policy.js';
import { resolveRoute, type RouteContext } from './routes.js';
import { alternativeModeFor, signInModeFor } from './sign-in-method.js';
import { localizedName } from './social.js';
import { agreeToTermsFor, termsDisplay } from './terms.js';

describe('base path', () => {
  it('detects a /t/{tenantId} prefix', () => {
    expect(detectBase('/t/acme/sign-in')).toBe('/t/acme');
    expect(detectBase('/t/acme')).toBe('/t/acme');
    expect(detectBase('/sign-in')).toBe('');
    expect(detectBase('/api/t/acme')).toBe('');
  });

  it('strips it from page paths', () => {
    expect(stripBase('/t/acme/sign-in', '/t/acme')).toBe('/sign-in');
    expect(stripBase('/t/acme', '/t/acme')).toBe('/');
    expect(stripBase('/register/', '')).toBe('/register');
    expect(stripBase('/', '')).toBe('/');
  });
});

describe('sign-in mode', () => {
  const method = { identifier: 'email' as const, password: true, verificationCode: true, isPasswordPrimary: true };

  it('starts with the primary way and offers the other', () => {
    expect(signInModeFor(method)).toBe('password');
    expect(alternativeModeFor(method, 'password')).toBe('code');
    expect(signInModeFor({ ...method, isPasswordPrimary: false })).toBe('code');
    expect(alternativeModeFor(method, 'code')).toBe('password');
  });

  it('follows the user choice only when the method allows it', () => {
    expect(signInModeFor(method, 'code')).toBe('code');
    expect(signInModeFor({ ...method, verificationCode: false }, 'code')).toBe('password');
    expect(alternativeModeFor({ ...method, verificationCode: false }, 'password')).toBeUndefined();
    expect(signInModeFor({ ...method, password: false, isPasswordPrimary: true })).toBe('code');
  });

  it('uses the password when it is the only way, primary or not', () => {
    expect(signInModeFor({ ...method, verificationCode: false, isPasswordPrimary: false })).toBe('password');
  });
});

describe('terms', () => {
  const urls = { termsOfUseUrl: 'https://example.com/terms', privacyPolicyUrl: null };

  it('shows nothing without documents', () => {
    expect(termsDisplay({ termsOfUseUrl: null, privacyPolicyUrl: null, agreeToTermsPolicy: 'Manual' }, 'register')).toBe('none');
  });

  it('follows the policy per page', () => {
    expect(termsDisplay({ ...urls, agreeToTermsPolicy: 'Manual' }, 'signIn')).toBe('checkbox');
    expect(termsDisplay({ ...urls, agreeToTermsPolicy: 'ManualRegistrationOnly' }, 'signIn')).toBe('none');
    expect(termsDisplay({ ...urls, agreeToTermsPolicy: 'ManualRegistrationOnly' }, 'register')).toBe('checkbox');
    expect(termsDisplay({ ...urls, agreeToTermsPolicy: 'Automatic' }, 'signIn')).toBe('notice');
  });

  it('sends agreeToTerms when ticked or automatic', () => {
    expect(agreeToTermsFor('checkbox', true)).toBe(true);
    expect(agreeToTermsFor('checkbox', false)).toBeUndefined();
    expect(agreeToTermsFor('notice', false)).toBe(true);
    expect(agreeToTermsFor('none', true)).toBeUndefined();
  });
});

describe('routes', () => {
  const context: RouteContext = { hasInteraction: true, prompt: 'login', firstScreen: 'signIn', signInMode: 'SignInAndRegister', initial: true };

  it('shows the unknown-session page without an interaction', () => {
    expect(resolveRoute('/sign-in', { ...context, hasInteraction: false })).toEqual({ page: 'unknown-session' });
    expect(resolveRoute('/unknown-session', context)).toEqual({ page: 'unknown-session' });
  });

  it('opens register first for first_screen=register or the Register mode', () => {
    expect(resolveRoute('/sign-in', { ...context, firstScreen: 'register' })).toEqual({ redirect: '/register' });
    expect(resolveRoute('/sign-in', { ...context, firstScreen: 'register', initial: false })).toEqual({ page: 'sign-in' });
    expect(resolveRoute('/sign-in', { ...context, firstScreen: 'register', signInMode: 'SignIn' })).toEqual({ page: 'sign-in' });
    expect(resolveRoute('/sign-in', { ...context, signInMode: 'Register', initial: false })).toEqual({ redirect: '/register' });
    expect(resolveRoute('/', context)).toEqual({ redirect: '/sign-in' });
  });

  it('hides registration in SignIn mode', () => {
    expect(resolveRoute('/register', { ...context, signInMode: 'SignIn' })).toEqual({ redirect: '/sign-in' });
    expect(resolveRoute('/register', context)).toEqual({ page: 'register' });
  });

  it('sends a consent prompt to the consent page', () => {
    expect(resolveRoute('/sign-in', { ...context, prompt: 'consent' })).toEqual({ redirect: '/consent' });
    expect(resolveRoute('/consent', { ...context, prompt: 'consent' })).toEqual({ page: 'consent' });
    expect(resolveRoute('/consent', context)).toEqual({ redirect: '/sign-in' });
  });

  it('shows the account choice only for prompt=select_account; its sign-in pages stay open (no signed-in account)', () => {
    expect(resolveRoute('/select-account', { ...context, prompt: 'select_account' })).toEqual({ page: 'select-account' });
    expect(resolveRoute('/sign-in', { ...context, prompt: 'select_account' })).toEqual({ page: 'sign-in' });
    expect(resolveRoute('/select-account', context)).toEqual({ redirect: '/sign-in' });
  });

  it('reads the connector of the social callback', () => {
    expect(resolveRoute('/callback/social/google%20x', context)).toEqual({ page: 'social-callback', connectorId: 'google x' });
  });
});

describe('password policy', () => {
  const policy = { length: { min: 8, max: 12 }, characterTypes: { min: 3 } };

  it('counts character types', () => {
    expect(countCharacterTypes('abc')).toBe(1);
    expect(countCharacterTypes('aB1!')).toBe(4);
  });

  it('lists every broken rule', () => {
    expect(checkPasswordPolicy('abc', policy)).toEqual([
      { code: 'too_short', min: 8 },
      { code: 'character_types', min: 3 },
    ]);
    expect(checkPasswordPolicy('abcdefghijkLM1', policy)).toEqual([{ code: 'too_long', max: 12 }]);
    expect(checkPasswordPolicy('Abcdefg1', policy)).toEqual([]);
  });
});

describe('social connector names', () => {
  it('uses the page language, then its language alone, then English', () => {
    const names = { en: 'Google', de: 'Google DE', 'zh-CN': '谷歌' };
    expect(localizedName(names, 'zh-CN', 'google')).toBe('谷歌');
    expect(localizedName(names, 'de', 'google')).toBe('Google DE');
    expect(localizedName({ en: 'Google', pt: 'Google PT' }, 'pt-BR', 'google')).toBe('Google PT');
    expect(localizedName(names, 'ja', 'google')).toBe('Google');
    expect(localizedName({}, 'ja', 'google')).toBe('google');
  });
});

describe('custom profile fields', () => {
  const base = { id: 'f1', label: 'Field', required: true, sieOrder: 0 };

  it('formats native dates in the field format', () => {
    expect(formatDate('2024-02-29', 'MM/dd/yyyy')).toBe('02/29/2024');
    expect(formatDate('2024-02-29', 'dd/MM/yyyy')).toBe('29/02/2024');
    expect(formatDate('2024-02-29', 'yyyy-MM-dd')).toBe('2024-02-29');
  });

  it('checks values before sending them', () => {
    const number: CustomField = { ...base, name: 'age', type: 'Number', config: { minValue: 18 } };
    expect(checkFieldValue(number, '')?.problem?.key).toBe('errors.required');
    expect(checkFieldValue(number, '12')?.problem).toEqual({ key: 'errors.number_min', values: { min: 18 } });
    expect(checkFieldValue(number, 'x')?.problem?.key).toBe('errors.invalid_number');
    expect(checkFieldValue(number, '21')).toBeUndefined();
    const regex: CustomField = { ...base, name: 'code', type: 'Regex', config: { format: '[A-Z]{3}' } };
    expect(checkFieldValue(regex, 'ABCD')?.problem?.key).toBe('errors.invalid_format');
    expect(checkFieldValue(regex, 'ABC')).toBeUndefined();
    const address: CustomField = {
      ...base,
      required: false,
      name: 'address',
      type: 'Address',
      config: { parts: [{ name: 'locality', enabled: true, required: true }, { name: 'country', enabled: true }] },
    };
    expect(checkFieldValue(address, {})).toBeUndefined();
    expect(checkFieldValue(address, { country: 'FR' })?.parts).toEqual({ locality: { key: 'errors.required' } });
  });

  it('converts values for POST /profile', () => {
    const date: CustomField = { ...base, name: 'birthdate', type: 'Date', config: { format: 'dd/MM/yyyy' } };
    expect(toProfileValue(date, '2000-01-31')).toBe('31/01/2000');
    const number: CustomField = { ...base, name: 'age', type: 'Number', config: {} };
    expect(toProfileValue(number, ' 42 ')).toBe(42);
    const fullname: CustomField = {
      ...base,
      name: 'fullname',
      type: 'Fullname',
      config: { parts: [{ name: 'givenName', enabled: true }, { name: 'familyName', enabled: true }] },
    };
    expect(toProfileValue(fullname, { givenName: ' Ada ', familyName: '' })).toEqual({ givenName: 'Ada' });
    expect(toProfileValue(fullname, {})).toBeUndefined();
    const checkbox: CustomField = { ...base, name: 'topics', type: 'Checkbox', config: { options: [{ label: 'A', value: 'a' }] } };
    expect(toProfileValue(checkbox, ['a'])).toEqual(['a']);
  });
});
