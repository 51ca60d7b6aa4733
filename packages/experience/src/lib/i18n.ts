import i18next from 'i18next';

import type { PhraseKey, Phrases } from '../locales/en.js';
import { type Locale, rtlLocales } from './language.js';

/** One chunk per locale: only the active language's phrases are downloaded. */
const loaders: Record<Locale, () => Promise<{ default: Phrases }>> = {
  ar: () => import('../locales/ar.js'),
  de: () => import('../locales/de.js'),
  en: () => import('../locales/en.js'),
  es: () => import('../locales/es.js'),
  fr: () => import('../locales/fr.js'),
  it: () => import('../locales/it.js'),
  ja: () => import('../locales/ja.js'),
  ko: () => import('../locales/ko.js'),
  'pl-PL': () => import('../locales/pl-PL.js'),
  'pt-BR': () => import('../locales/pt-BR.js'),
  'pt-PT': () => import('../locales/pt-PT.js'),
  ru: () => import('../locales/ru.js'),
  'tr-TR': () => import('../locales/tr-TR.js'),
  'uk-UA': () => import('../locales/uk-UA.js'),
  'zh-CN': () => import('../locales/zh-CN.js'),
  'zh-HK': () => import('../locales/zh-HK.js'),
  'zh-TW': () => import('../locales/zh-TW.js'),
};

const pending = new Map<Locale, Promise<Phrases>>();

/** Starts (or joins) the download of a locale's phrases. */
export const loadPhrases = (locale: Locale): Promise<Phrases> => {
  let promise = pending.get(locale);
  if (!promise) {
    promise = loaders[locale]().then((module) => module.default);
    pending.set(locale, promise);
  }
  return promise;
};

/**
 * Makes `locale` the page language: its built-in phrases with the tenant's custom phrases for that
 * language on top (same keys), and `lang`/`dir` on the document.
 */
export const activateLanguage = async (locale: Locale, custom: Record<string, string> = {}) => {
  const phrases = { ...(await loadPhrases(locale)), ...custom };
  if (!i18next.isInitialized) {
    await i18next.init({
      lng: locale,
      resources: { [locale]: { translation: phrases } },
      fallbackLng: false,
      load: 'currentOnly',
      keySeparator: false,
      nsSeparator: false,
      // Preact escapes text; escaping here would show `&amp;` in the page.
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  } else {
    i18next.addResourceBundle(locale, 'translation', phrases, true, true);
    await i18next.changeLanguage(locale);
  }
  document.documentElement.lang = locale;
  document.documentElement.dir = rtlLocales.has(locale) ? 'rtl' : 'ltr';
};

export const currentLanguage = (fallback = 'en'): string => i18next.language || fallback;

export type TranslationValues = Record<string, string | number>;

/** The phrase for a key in the current language, with `{{name}}` placeholders filled in. */
export const t = (key: PhraseKey, values?: TranslationValues): string => i18next.t(key, values ?? {});
