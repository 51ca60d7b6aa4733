import { supportedLocales } from '@gatehouse/schemas/locales';
import { describe, expect, it } from 'vitest';

import ar from './ar.js';
import de from './de.js';
import en from './en.js';
import es from './es.js';
import fr from './fr.js';
import it_ from './it.js';
import ja from './ja.js';
import ko from './ko.js';
import plPL from './pl-PL.js';
import ptBR from './pt-BR.js';
import ptPT from './pt-PT.js';
import ru from './ru.js';
import trTR from './tr-TR.js';
import ukUA from './uk-UA.js';
import zhCN from './zh-CN.js';
import zhHK from './zh-HK.js';
import zhTW from './zh-TW.js';

/** Each locale file's own export, imported directly so a wiring mistake elsewhere cannot hide a gap. */
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

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
const enKeys = Object.keys(en).sort();

/** Phrases that may stay as in English (names, units, codes); a few words more are shared by many languages (Details, System, Tokens). */
const mayMatchEnglish = new Set(['general.seconds', 'list.range', 'top_bar.docs', 'field.email', 'help.email.title', 'sidebar.item.customize_jwt', 'sidebar.item.enterprise_sso', 'sidebar.item.webhooks', 'application_type.SAML.title', 'application_type.SPA.title', 'schema.connector.twilio_account_sid', 'schema.connector.twilio_messaging_service_sid']);

describe('console locales', () => {
  it('has a phrase file for each of the 17 locales', () => {
    expect(Object.keys(files).sort()).toEqual([...supportedLocales].sort());
  });

  describe.each(supportedLocales.filter((locale) => locale !== 'en'))('%s', (locale) => {
    const phrases = files[locale]!;

    it("has exactly en's keys", () => {
      expect(Object.keys(phrases).sort()).toEqual(enKeys);
    });

    it('fills in the same placeholders as en, with non-empty text', () => {
      for (const key of enKeys) {
        const text = phrases[key]!;
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(en[key as keyof typeof en]));
      }
    });

    it('is translated, not copied from en', () => {
      const same = enKeys.filter((key) => !mayMatchEnglish.has(key) && phrases[key] === en[key as keyof typeof en]);
      expect(same.length, same.join(', ')).toBeLessThanOrEqual(Math.max(12, Math.ceil(enKeys.length * 0.03)));
    });
  });
});

describe('German wording', () => {
  it('calls connectors "Konnektor" everywhere, as the sidebar does', () => {
    // Names the server or the code gives (DEV_CONNECTORS, {{placeholders}}) are not German words.
    const words = (text: string) => text.replaceAll(/DEV_CONNECTORS|{{\s*\w+\s*}}/g, '');
    const english = Object.entries(de).filter(([, text]) => /connector/i.test(words(text)));
    expect(english).toEqual([]);
    expect(de['sidebar.item.connectors']).toBe('Konnektoren');
  });
});
