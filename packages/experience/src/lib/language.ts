import { supportedLocales } from '@gatehouse/schemas/locales';

/** The locales the hosted pages are translated into (`@gatehouse/schemas/locales` holds no zod). */
export const locales = supportedLocales;

export type Locale = (typeof locales)[number];

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (locales as readonly string[]).includes(value);

export { localeNames, rtlLocales } from '@gatehouse/schemas/locales';

/** Chinese variants by script or region, since `zh-Hant` is Traditional and `zh` alone Simplified. */
const matchChinese = (parts: string[]): Locale => {
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
export const matchLocale = (tag: string): Locale | undefined => {
  const normalized = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!normalized) {
    return undefined;
  }
  const exact = locales.find((locale) => locale.toLowerCase() === normalized);
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
  return locales.find((locale) => locale.toLowerCase().split('-')[0] === language);
};

/** The first of the browser's preferred languages that is supported, in the browser's order. */
export const matchLanguage = (preferred: readonly string[]): Locale | undefined => {
  for (const tag of preferred) {
    const match = matchLocale(tag);
    if (match) {
      return match;
    }
  }
  return undefined;
};

/**
 * The page language: the user's own choice from the switcher, then (with auto-detect) the
 * browser's languages, then the tenant's fallback language.
 */
export const pickLanguage = (options: {
  stored: string | null | undefined;
  autoDetect: boolean;
  preferred: readonly string[];
  fallback: string;
}): Locale => {
  if (isLocale(options.stored)) {
    return options.stored;
  }
  if (options.autoDetect) {
    const detected = matchLanguage(options.preferred);
    if (detected) {
      return detected;
    }
  }
  return isLocale(options.fallback) ? options.fallback : 'en';
};
