import { rtlLocales, type SupportedLocale } from '@gatehouse/schemas/locales';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import type { Phrases } from '../locales/en.js';

/** One chunk per locale: only the active language's phrases are downloaded. */
const loaders: Record<SupportedLocale, () => Promise<{ default: Phrases }>> = {
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

const applyDocumentLanguage = (locale: SupportedLocale) => {
  document.documentElement.lang = locale;
  document.documentElement.dir = rtlLocales.has(locale) ? 'rtl' : 'ltr';
};

/**
 * Makes `locale` the console's language: downloads its phrases (once), switches i18next, and sets
 * `lang` and `dir` on the document (right-to-left for Arabic). en is the fallback; every locale
 * has all of en's keys (checked by the type checker and a unit test), so it is only loaded when
 * it is the language.
 */
export const activateLanguage = async (locale: SupportedLocale) => {
  const phrases = (await loaders[locale]()).default;
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: 'en',
      resources: { [locale]: { translation: phrases } },
      partialBundledLanguages: true,
      load: 'currentOnly',
      keySeparator: false,
      nsSeparator: false,
      // React escapes text; escaping here too would show `&amp;`.
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    });
  } else {
    if (!i18next.hasResourceBundle(locale, 'translation')) {
      i18next.addResourceBundle(locale, 'translation', phrases, true, true);
    }
    await i18next.changeLanguage(locale);
  }
  applyDocumentLanguage(locale);
};

export const currentLanguage = (): string => i18next.resolvedLanguage ?? i18next.language ?? 'en';
