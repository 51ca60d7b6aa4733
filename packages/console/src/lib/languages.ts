import { supportedLocales, type SupportedLocale } from '@gatehouse/schemas/locales';

/** Each language in its own name, as the language menu shows it whatever the current language. */
export const languageNames: Record<SupportedLocale, string> = {
  ar: 'العربية',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  'pl-PL': 'Polski',
  'pt-BR': 'Português (Brasil)',
  'pt-PT': 'Português (Portugal)',
  ru: 'Русский',
  'tr-TR': 'Türkçe',
  'uk-UA': 'Українська',
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文（香港）',
  'zh-TW': '繁體中文（台灣）',
};

export const rtlLocales: ReadonlySet<SupportedLocale> = new Set(['ar']);

/** A language as the console lists it for choosing: its own name and its tag (just the tag when unknown). */
export const languageLabel = (tag: string) => (Object.hasOwn(languageNames, tag) ? `${languageNames[tag as SupportedLocale]} (${tag})` : tag);

/** Options of a language select. */
export const languageOptions = (tags: readonly SupportedLocale[] = supportedLocales) => tags.map((tag) => ({ value: tag, label: languageLabel(tag) }));
