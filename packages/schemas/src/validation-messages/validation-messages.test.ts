import { describe, expect, it } from 'vitest';

import { supportedLocales } from '../constants/locales.js';
import { validationPhrasesByLocale } from './all.js';
import en from './en.js';
import { fillValidationMessage, localizeValidationMessage, matchValidationMessage, validationMessages } from './index.js';

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
const keys = Object.keys(en).sort();

/** Messages that are the same in some languages (technical terms only). */
const mayMatchEnglish = new Set(['connector.twilio_account_sid', 'connector.twilio_messaging_service_sid']);

describe('validation message catalogue', () => {
  it('has a phrase file for each of the 17 locales', () => {
    expect(Object.keys(validationPhrasesByLocale).sort()).toEqual([...supportedLocales].sort());
  });

  it('has no English text twice (a message must name one key)', () => {
    const texts = Object.values(en);
    expect(new Set(texts).size).toBe(texts.length);
  });

  describe.each(supportedLocales.filter((locale) => locale !== 'en'))('%s', (locale) => {
    const phrases = validationPhrasesByLocale[locale] as Record<string, string>;

    it("has exactly en's keys, each translated with the same placeholders", () => {
      expect(Object.keys(phrases).sort()).toEqual(keys);
      for (const key of keys) {
        const text = phrases[key]!;
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(en[key as keyof typeof en]));
        if (!mayMatchEnglish.has(key)) {
          expect(text, `${locale} ${key}`).not.toBe(en[key as keyof typeof en]);
        }
      }
    });
  });
});

describe('matchValidationMessage', () => {
  it('recognizes a message by its exact text', () => {
    expect(matchValidationMessage('Must be an absolute http(s) URL.')).toEqual({ key: 'url.http_absolute', params: {} });
    expect(matchValidationMessage('Must be an absolute http(s) URL')).toBeUndefined();
    expect(matchValidationMessage('Invalid input')).toBeUndefined();
  });

  it('recognizes a message built at run time and keeps what fills it', () => {
    expect(matchValidationMessage('Duplicate template for de SignIn.')).toEqual({ key: 'duplicate.template', params: { template: 'de SignIn' } });
    expect(matchValidationMessage('Only Traditional, SPA applications can be third-party.')).toEqual({
      key: 'application.third_party_types',
      params: { types: 'Traditional, SPA' },
    });
  });

  it('translates, filling the placeholders', () => {
    expect(localizeValidationMessage('Must be the 10-character Team ID.', validationPhrasesByLocale.de)).toBe('Muss die 10-stellige Team ID sein.');
    expect(localizeValidationMessage('Must be # plus 3 or 6 hex digits.', validationPhrasesByLocale.ja)).toBe(validationPhrasesByLocale.ja['color.hex']);
    expect(localizeValidationMessage('Unknown.', validationPhrasesByLocale.de)).toBeUndefined();
    expect(fillValidationMessage('{{a}} and {{b}}', { a: 'x' })).toBe('x and {{b}}');
    expect(validationMessages['email.address']).toBe('Must be an email address.');
  });
});
