import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { connectorTypes, mfaFactors, secondaryIdentifiers, signInIdentifiers, supportedLocales } from '@gatehouse/schemas';
import { describe, expect, it } from 'vitest';

import { repoRoot, sourceFiles } from '../../test/setup/source-files.js';
import { en } from './errors/en.js';
import { type ErrorCode, translateError } from './index.js';
import { type TermSet, termValues, translateTerm, translateTerms, uses } from './terms.js';

/** The message a caller in `locale` reads for an error thrown with these params. */
const message = (locale: (typeof supportedLocales)[number], code: ErrorCode, params: Record<string, string>) =>
  translateError(locale, code, translateTerms(locale, code, params));

/** The raw values each set translates, as the server produces them. */
const values: Record<TermSet, string[]> = {
  signInMethod: signInIdentifiers.flatMap((identifier) => [`${identifier} + password`, `${identifier} + verification code`]),
  identifierWith: [...signInIdentifiers],
  accountField: [...signInIdentifiers, 'password'],
  mfaFactor: [...mfaFactors],
  mfaIdentifier: ['primaryEmail', 'primaryPhone'],
  connectorType: connectorTypes.filter((type) => type !== 'Social'),
  profileField: [...secondaryIdentifiers, 'password'],
};

/**
 * Machine tokens no translated message may show (`password` and `email` are left out: Italian
 * and others use them as words).
 */
const rawTokens = /\b(username|verification code|emailOrPhone|primaryEmail|primaryPhone|Totp|BackupCode|EmailVerificationCode|PhoneVerificationCode|Sms)\b|\s\+\s/;
const otherLocales = supportedLocales.filter((locale) => locale !== 'en');

describe('the main experience errors', () => {
  it('read naturally in German, with no raw token', () => {
    expect(message('de', 'session.sign_in_method_not_enabled', { method: 'username + password' })).toBe(
      'Die Anmeldung mit Benutzername und Passwort ist nicht aktiviert.',
    );
    expect(message('de', 'session.sign_in_method_not_enabled', { method: 'email + verification code' })).toBe(
      'Die Anmeldung mit E-Mail-Adresse und Bestätigungscode ist nicht aktiviert.',
    );
    expect(message('de', 'session.sign_up_identifier_not_enabled', { identifier: 'phone' })).toBe(
      'Die Registrierung mit Telefonnummer ist nicht aktiviert.',
    );
    expect(message('de', 'session.profile_exists', { field: 'username' })).toBe('Für das Konto ist bereits ein Benutzername festgelegt.');
    expect(message('de', 'session.profile_exists', { field: 'email' })).toBe('Für das Konto ist bereits eine E-Mail-Adresse festgelegt.');
  });

  it('read naturally in Japanese, with no raw token', () => {
    expect(message('ja', 'session.sign_in_method_not_enabled', { method: 'username + password' })).toBe(
      'ユーザー名とパスワードによるサインインは有効になっていません。',
    );
    expect(message('ja', 'session.sign_in_method_not_enabled', { method: 'phone + verification code' })).toBe(
      '電話番号と確認コードによるサインインは有効になっていません。',
    );
    expect(message('ja', 'session.sign_up_identifier_not_enabled', { identifier: 'email' })).toBe('メールアドレスによる登録は有効になっていません。');
    expect(message('ja', 'session.profile_exists', { field: 'password' })).toBe('このアカウントには既にパスワードが設定されています。');
  });

  it('still read well in English', () => {
    expect(message('en', 'session.sign_in_method_not_enabled', { method: 'username + password' })).toBe(
      'Signing in with username and password is not enabled.',
    );
    expect(message('en', 'session.sign_in_method_not_enabled', { method: 'email + verification code' })).toBe(
      'Signing in with email address and verification code is not enabled.',
    );
    expect(message('en', 'session.sign_up_identifier_not_enabled', { identifier: 'email' })).toBe('Registering with an email address is not enabled.');
    expect(message('en', 'session.profile_exists', { field: 'phone' })).toBe('The account\'s phone number is already set.');
    expect(message('en', 'connector.type_exists', { type: 'Sms', target: '' })).toBe('This tenant already has an SMS connector. Edit it or delete it first.');
    expect(message('en', 'user.mfa_needs_identifier', { type: 'PhoneVerificationCode', field: 'primaryPhone' })).toBe(
      'To use SMS verification codes, the user needs a primary phone number.',
    );
  });

  it('show no raw token in any other language', () => {
    for (const locale of otherLocales) {
      for (const method of values.signInMethod) {
        expect(message(locale, 'session.sign_in_method_not_enabled', { method }), `${locale} ${method}`).not.toMatch(rawTokens);
      }
      for (const identifier of signInIdentifiers) {
        expect(message(locale, 'session.sign_up_identifier_not_enabled', { identifier }), `${locale} ${identifier}`).not.toMatch(rawTokens);
        expect(message(locale, 'session.profile_exists', { field: identifier }), `${locale} ${identifier}`).not.toMatch(rawTokens);
      }
    }
  });
});

describe('the names', () => {
  it('cover every value the server produces, in every locale, each in words', () => {
    for (const [set, raw] of Object.entries(values) as [TermSet, string[]][]) {
      expect(raw.filter((value) => !termValues(set).includes(value)), set).toEqual([]);
    }
    for (const locale of supportedLocales) {
      for (const [set, raw] of Object.entries(values) as [TermSet, string[]][]) {
        for (const value of raw) {
          const name = translateTerm(locale, set, value);
          expect(name.trim(), `${locale} ${set} ${value}`).not.toBe('');
          if (locale !== 'en') {
            expect(name, `${locale} ${set} ${value}`).not.toMatch(rawTokens);
          }
        }
      }
    }
    // English says the machine values in words too, where they are not words already.
    expect(translateTerm('en', 'signInMethod', 'phone + verification code')).toBe('phone number and verification code');
    expect(translateTerm('en', 'profileField', 'emailOrPhone')).toBe('email address or phone number');
  });

  it('are used only for placeholders the phrases have', () => {
    for (const [code, params] of Object.entries(uses)) {
      for (const name of Object.keys(params)) {
        expect(en[code as keyof typeof en], `${code} ${name}`).toContain(`{{${name}}}`);
      }
    }
  });

  it('fill every phrase they are used in, leaving no placeholder and no raw token', () => {
    for (const locale of supportedLocales) {
      for (const [code, params] of Object.entries(uses) as [ErrorCode, Record<string, { set: TermSet }>][]) {
        const [first, ...others] = Object.entries(params);
        for (const value of values[first![1].set]) {
          const filled = Object.fromEntries([[first![0], value], ...others.map(([name, { set }]) => [name, values[set][0]!])]);
          const text = message(locale, code, { target: '', ...filled });
          expect(text, `${locale} ${code} ${value}`).not.toMatch(/{{|}}/);
          if (locale !== 'en') {
            expect(text, `${locale} ${code} ${value}`).not.toMatch(rawTokens);
          }
        }
      }
    }
  });
});

describe('translateTerms', () => {
  it('keeps the raw values in the params it is given', () => {
    const params = { method: 'username + password' };
    const shown = translateTerms('de', 'session.sign_in_method_not_enabled', params);
    expect(shown).toEqual({ method: 'Benutzername und Passwort' });
    expect(params).toEqual({ method: 'username + password' });
  });

  it('leaves unknown values, other params and other codes as they are', () => {
    expect(translateTerms('de', 'session.sign_up_identifier_not_enabled', { identifier: 'fax', other: 'username' })).toEqual({
      identifier: 'fax',
      other: 'username',
    });
    const params = { name: 'username' };
    expect(translateTerms('de', 'role.name_exists', params)).toBe(params);
  });

  it('translates the items of a list and joins them the way the language does', () => {
    const fields = 'username, emailOrPhone, customProfile.nickname';
    expect(message('en', 'user.missing_profile', { fields })).toBe(
      'Some account information is still needed: username, email address or phone number, customProfile.nickname.',
    );
    expect(message('de', 'user.missing_profile', { fields })).toBe(
      'Einige Kontoangaben werden noch benötigt: Benutzername, E-Mail-Adresse oder Telefonnummer, customProfile.nickname.',
    );
    expect(message('ja', 'user.missing_profile', { fields })).toBe(
      'アカウント情報がまだ不足しています: ユーザー名、メールアドレスまたは電話番号、customProfile.nickname。',
    );
    expect(message('de', 'user.missing_profile_field', { field: 'password' })).toBe('Fehlt: Passwort.');
  });
});

describe('the sign-in methods the server names', () => {
  it('are written as the signInMethod names expect (`<identifier> + <method>`)', () => {
    const written = sourceFiles(join(repoRoot, 'packages/core/src')).flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/'session\.sign_in_method_not_enabled', { method: `\${[^}]+} \+ ([^`]+)` }/g)].map(
        (match) => match[1]!,
      ),
    );
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect([...new Set(written)].sort()).toEqual(['password', 'verification code']);
  });
});
