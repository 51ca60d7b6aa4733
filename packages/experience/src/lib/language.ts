import { supportedLocales } from '@gatehouse/schemas/locales';

/** The locales the hosted pages are translated into (`@gatehouse/schemas/locales` holds no zod). */
export const locales = supportedLocales;

export type Locale = (typeof locales)[number];

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (locales as readonly string[]).includes(value);

export { localeNames, matchLanguage, matchLocale, pickLanguage, rtlLocales } from '@gatehouse/schemas/locales';
