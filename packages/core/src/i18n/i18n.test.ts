import { fallbackLocale, type SupportedLocale, supportedLocales } from '@gatehouse/schemas';
import { describe, expect, it } from 'vitest';

import { phrases as ar } from './errors/ar.js';
import { phrases as de } from './errors/de.js';
import { en, type ErrorPhrases } from './errors/en.js';
import { phrases as es } from './errors/es.js';
import { phrases as fr } from './errors/fr.js';
import { phrases as it_ } from './errors/it.js';
import { phrases as ja } from './errors/ja.js';
import { phrases as ko } from './errors/ko.js';
import { phrases as plPL } from './errors/pl-PL.js';
import { phrases as ptBR } from './errors/pt-BR.js';
import { phrases as ptPT } from './errors/pt-PT.js';
import { phrases as ru } from './errors/ru.js';
import { phrases as trTR } from './errors/tr-TR.js';
import { phrases as ukUA } from './errors/uk-UA.js';
import { phrases as zhCN } from './errors/zh-CN.js';
import { phrases as zhHK } from './errors/zh-HK.js';
import { phrases as zhTW } from './errors/zh-TW.js';
import { negotiateLocale, pluralPattern, translateError } from './index.js';

/** Each locale file's own export, imported directly so a wrong wiring in index.ts cannot hide a gap. */
const files: Record<string, Record<string, string>> = {
  ar,
  de,
  en,
  es,
  fr,
  it: it_,
  ja,
  ko,
  'pl-PL': plPL,
  'pt-BR': ptBR,
  'pt-PT': ptPT,
  ru,
  'tr-TR': trTR,
  'uk-UA': ukUA,
  'zh-CN': zhCN,
  'zh-HK': zhHK,
  'zh-TW': zhTW,
};

const englishKeys = Object.keys(en).sort();
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/{{(\w+)}}/g), ...text.matchAll(pluralPattern)].map((match) => match[1]))].sort();
/** Each `{{name, plural, …}}` of a phrase with the plural categories it gives a form for. */
const pluralForms = (text: string) =>
  [...text.matchAll(pluralPattern)].map((match) => ({
    name: match[1]!,
    categories: [...match[2]!.matchAll(/(zero|one|two|few|many|other)\s*{/g)].map((form) => form[1]!),
  }));
const otherLocales = supportedLocales.filter((locale) => locale !== 'en');

describe('error phrase catalogues', () => {
  it('has a file for every supported locale and no extra ones', () => {
    expect(Object.keys(files).sort()).toEqual([...supportedLocales].sort());
  });

  it('has English phrases for at least the basic codes', () => {
    expect(englishKeys.length).toBeGreaterThanOrEqual(20);
    expect(en['auth.insufficient_scope']).toBe('Insufficient permissions.');
  });

  describe.each(supportedLocales)('%s', (locale) => {
    const phrases = files[locale]!;

    it('has exactly the keys of en', () => {
      expect(Object.keys(phrases).sort()).toEqual(englishKeys);
    });

    it('keeps the placeholders of en in every phrase', () => {
      for (const key of englishKeys) {
        const text = phrases[key];
        expect(typeof text, `${locale} ${key}`).toBe('string');
        expect(placeholders(text!), `${locale} ${key}`).toEqual(placeholders(en[key as keyof typeof en]));
      }
    });

    it('gives a plural placeholder a form for every plural category of the language', () => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const key of englishKeys) {
        for (const plural of pluralForms(phrases[key]!)) {
          expect([...plural.categories].sort(), `${locale} ${key} ${plural.name}`).toEqual([...categories].sort());
        }
      }
    });

    it('has no empty phrases and no broken placeholder braces', () => {
      for (const key of englishKeys) {
        const text = phrases[key]!;
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        const withoutPlaceholders = text.replaceAll(pluralPattern, '').replaceAll(/{{\w+}}/g, '');
        expect(withoutPlaceholders, `${locale} ${key}`).not.toMatch(/[{}]/);
      }
    });
  });

  describe.each(otherLocales)('%s', (locale) => {
    it('is translated, not a copy of English', () => {
      const phrases = files[locale]!;
      const translated = englishKeys.filter((key) => phrases[key] !== en[key as keyof typeof en]);
      expect(translated.length / englishKeys.length).toBeGreaterThanOrEqual(0.8);
    });
  });
});

describe('negotiateLocale', () => {
  it.each<[string | undefined, SupportedLocale]>([
    ['de-DE,de;q=0.9', 'de'],
    ['zh-TW', 'zh-TW'],
    ['fr;q=0.1, ja;q=0.9', 'ja'],
    ['xx', 'en'],
    [undefined, 'en'],
    ['', 'en'],
    ['pl', 'pl-PL'],
    ['uk', 'uk-UA'],
    ['tr', 'tr-TR'],
    ['pt-PT', 'pt-PT'],
    ['pt-BR', 'pt-BR'],
    ['zh-HK', 'zh-HK'],
    ['en-US,en;q=0.9', 'en'],
    ['xx, ko;q=0.5', 'ko'],
    ['*', 'en'],
    ['*;q=0.1, de', 'de'],
  ])('maps %j to %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it('maps a bare pt to one of the Portuguese locales', () => {
    expect(['pt-BR', 'pt-PT']).toContain(negotiateLocale('pt'));
  });

  it('falls back to en', () => {
    expect(fallbackLocale).toBe('en');
  });
});

describe('translateError', () => {
  it('fills placeholders', () => {
    expect(translateError('en', 'entity.not_found', { entity: 'application', id: 'abc' })).toBe(
      'The application "abc" does not exist.',
    );
    expect(translateError('en', 'guard.page_out_of_range', { page: 7, lastPage: 3 })).toBe(
      'Page 7 is beyond the last page (3).',
    );
  });

  it('fills placeholders in other locales', () => {
    expect(translateError('de', 'tenant.not_found', { tenantId: 'acme' })).toBe('Der Mandant "acme" existiert nicht.');
  });

  it('fills zero and empty values rather than leaving the placeholder', () => {
    expect(translateError('en', 'guard.body_too_large', { limit: 0 })).toBe(
      'The request body is larger than the 0 bytes allowed.',
    );
    expect(translateError('en', 'tenant.not_found', { tenantId: '' })).toBe('The tenant "" does not exist.');
  });

  it('leaves unknown placeholders intact', () => {
    expect(translateError('en', 'entity.not_found', { entity: 'resource' })).toBe(
      'The resource "{{id}}" does not exist.',
    );
    expect(translateError('en', 'tenant.not_found')).toBe('The tenant "{{tenantId}}" does not exist.');
  });

  it('ignores params that the phrase does not use', () => {
    expect(translateError('en', 'auth.insufficient_scope', { extra: 'x' })).toBe('Insufficient permissions.');
  });

  it('does not expand placeholder syntax inside param values', () => {
    expect(translateError('en', 'entity.not_found', { entity: '{{id}}', id: 'x' })).toBe('The {{id}} "x" does not exist.');
  });

  it('picks the plural form of the language for a count', () => {
    const locked = (locale: SupportedLocale, minutes: number) =>
      translateError(locale, 'session.identifier_locked', { minutes, until: '2026-11-25T20:26:52.418Z' });
    expect(locked('en', 1)).toBe('Too many failed attempts. Try again in 1 minute.');
    expect(locked('en', 15)).toBe('Too many failed attempts. Try again in 15 minutes.');
    expect(locked('fr', 1)).toBe('Trop de tentatives infructueuses. Réessayez dans 1 minute.');
    expect(locked('de', 2)).toBe('Zu viele fehlgeschlagene Versuche. Versuchen Sie es in 2 Minuten erneut.');
    expect([1, 3, 5, 21].map((minutes) => locked('ru', minutes).match(/через (.+)\./)?.[1])).toEqual([
      '1 минуту',
      '3 минуты',
      '5 минут',
      '21 минуту',
    ]);
    expect([1, 2, 5, 22].map((minutes) => locked('pl-PL', minutes).match(/za (.+)\./)?.[1])).toEqual([
      '1 minutę',
      '2 minuty',
      '5 minut',
      '22 minuty',
    ]);
    expect(locked('ar', 2)).toContain('دقيقتين');
    expect(locked('ja', 5)).toBe('失敗した試行が多すぎます。5 分後にもう一度お試しください。');
    expect(translateError('en', 'sign_in_experience.unworkable', { count: 1 })).toContain('(1 problem; see details)');
    expect(translateError('en', 'verification_code.too_many_requests', { seconds: 1 })).toBe(
      'A code was sent recently. Wait 1 second before asking for another.',
    );
    expect(translateError('es', 'password_rejected.too_short', { min: 1 })).toBe('La contraseña debe tener al menos 1 carácter.');
  });

  it('shows no raw timestamp in the lockout message, in any language', () => {
    for (const locale of supportedLocales) {
      const message = translateError(locale, 'session.identifier_locked', { minutes: 3, until: '2026-11-25T20:26:52.418Z' });
      expect(message, locale).not.toContain('2026');
      expect(message, locale).toContain('3');
      expect(message, locale).not.toMatch(/[{}#]/);
    }
  });

  it('leaves a plural placeholder without a number intact', () => {
    expect(translateError('en', 'request.rate_limited')).toBe(
      'Too many requests. Try again in {{seconds, plural, one {# second} other {# seconds}}}.',
    );
  });

  it('returns a phrase for every code in every locale', () => {
    for (const locale of supportedLocales) {
      for (const code of englishKeys as (keyof ErrorPhrases)[]) {
        expect(translateError(locale, code).length, `${locale} ${code}`).toBeGreaterThan(0);
      }
    }
  });
});
