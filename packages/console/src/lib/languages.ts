import { localeNames, supportedLocales, type SupportedLocale } from '@gatehouse/schemas/locales';

/** A language as the console lists it for choosing: its own name and its tag (just the tag when unknown). */
export const languageLabel = (tag: string) => (Object.hasOwn(localeNames, tag) ? `${localeNames[tag as SupportedLocale]} (${tag})` : tag);

/** Options of a language select. */
export const languageOptions = (tags: readonly SupportedLocale[] = supportedLocales) => tags.map((tag) => ({ value: tag, label: languageLabel(tag) }));
