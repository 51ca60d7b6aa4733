/** The locales the product is translated into (spec §1). `en` is the fallback. */
export const supportedLocales = [
  'ar',
  'de',
  'en',
  'es',
  'fr',
  'it',
  'ja',
  'ko',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ru',
  'tr-TR',
  'uk-UA',
  'zh-CN',
  'zh-HK',
  'zh-TW',
] as const;

export type SupportedLocale = (typeof supportedLocales)[number];

export const fallbackLocale: SupportedLocale = 'en';

export const isSupportedLocale = (value: unknown): value is SupportedLocale =>
  typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);

/** Each locale's name in its own language, as language menus show it whatever the current language. */
export const localeNames: Record<SupportedLocale, string> = {
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

/** Locales written right to left. */
export const rtlLocales: ReadonlySet<string> = new Set<SupportedLocale>(['ar']);

/** Chinese variants by script or region, since `zh-Hant` is Traditional and `zh` alone Simplified. */
const matchChinese = (parts: string[]): SupportedLocale => {
  const rest = parts.slice(1);
  if (rest.includes('hk') || rest.includes('mo')) {
    return 'zh-HK';
  }
  if (rest.includes('hant') || rest.includes('tw')) {
    return 'zh-TW';
  }
  return 'zh-CN';
};

/**
 * The best supported locale for one browser language tag: an exact match (any case), then the
 * language alone (`de-AT` → `de`, `pt` → `pt-BR`, `pt-AO` → `pt-PT`, `zh` → `zh-CN`, `zh-Hant` →
 * `zh-TW`, `pl` → `pl-PL`). Undefined when the language is not supported at all.
 */
export const matchLocale = (tag: string): SupportedLocale | undefined => {
  const normalized = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!normalized) {
    return undefined;
  }
  const exact = supportedLocales.find((locale) => locale.toLowerCase() === normalized);
  if (exact) {
    return exact;
  }
  const parts = normalized.split('-');
  const language = parts[0];
  if (language === 'zh') {
    return matchChinese(parts);
  }
  if (language === 'pt') {
    return parts.length === 1 || parts.includes('br') ? 'pt-BR' : 'pt-PT';
  }
  return supportedLocales.find((locale) => locale.toLowerCase().split('-')[0] === language);
};

/** The first of the browser's preferred languages that is supported, in the browser's order. */
export const matchLanguage = (preferred: readonly string[]): SupportedLocale | undefined => {
  for (const tag of preferred) {
    const match = matchLocale(tag);
    if (match) {
      return match;
    }
  }
  return undefined;
};

/**
 * The page language: the user's own choice from the switcher, then the first supported language
 * the app asked for (OIDC `ui_locales`, whatever auto-detect says: the app knows its user), then
 * (with auto-detect) the browser's languages, then the tenant's fallback language.
 */
export const pickLanguage = (options: {
  stored: string | null | undefined;
  /** `ui_locales` of the authorization request, in the app's order. */
  requested?: readonly string[];
  autoDetect: boolean;
  preferred: readonly string[];
  fallback: string;
}): SupportedLocale => {
  if (isSupportedLocale(options.stored)) {
    return options.stored;
  }
  const requested = matchLanguage(options.requested ?? []);
  if (requested) {
    return requested;
  }
  if (options.autoDetect) {
    const detected = matchLanguage(options.preferred);
    if (detected) {
      return detected;
    }
  }
  return isSupportedLocale(options.fallback) ? options.fallback : 'en';
};
