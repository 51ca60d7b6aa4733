import { fallbackLocale, type SupportedLocale, supportedLocales } from '@gatehouse/schemas';
import { localizeValidationMessage } from '@gatehouse/schemas/validation-messages';
import { validationPhrasesByLocale } from '@gatehouse/schemas/validation-messages/all';
import Negotiator from 'negotiator';
import { z } from 'zod';

import { phrases as ar } from './errors/ar.js';
import { phrases as de } from './errors/de.js';
import { en, type ErrorCode, type ErrorPhrases } from './errors/en.js';
import { phrases as es } from './errors/es.js';
import { phrases as fr } from './errors/fr.js';
import { phrases as it } from './errors/it.js';
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

export type { ErrorCode } from './errors/en.js';
export { type EntityName, translateEntity } from './entities.js';
export { translateTerms } from './terms.js';

const catalogue: Record<SupportedLocale, ErrorPhrases> = {
  ar,
  de,
  en,
  es,
  fr,
  it,
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

/** Zod's own translations of its validation issues, for the field details of a 400. */
const zodLocales: Record<SupportedLocale, () => { localeError: z.core.$ZodErrorMap }> = {
  ar: z.locales.ar,
  de: z.locales.de,
  en: z.locales.en,
  es: z.locales.es,
  fr: z.locales.fr,
  it: z.locales.it,
  ja: z.locales.ja,
  ko: z.locales.ko,
  'pl-PL': z.locales.pl,
  'pt-BR': z.locales.pt,
  'pt-PT': z.locales.pt,
  ru: z.locales.ru,
  'tr-TR': z.locales.tr,
  'uk-UA': z.locales.uk,
  'zh-CN': z.locales.zhCN,
  'zh-HK': z.locales.zhTW,
  'zh-TW': z.locales.zhTW,
};
const zodErrorMaps = new Map<SupportedLocale, z.core.$ZodErrorMap>();

const preferenceOrder = [fallbackLocale, ...supportedLocales.filter((locale) => locale !== fallbackLocale)];

/** Picks the best supported locale for an Accept-Language header (fallback en). */
export const negotiateLocale = (acceptLanguage: string | undefined): SupportedLocale => {
  if (!acceptLanguage) {
    return fallbackLocale;
  }
  // The fallback goes first so that a wildcard (`*`, which fetch sends by default) resolves to it.
  const [best] = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages(preferenceOrder);
  return (best as SupportedLocale | undefined) ?? fallbackLocale;
};

/**
 * A count in a phrase, ICU style: `{{minutes, plural, one {# minute} other {# minutes}}}` takes the
 * form of the locale's plural category for the number (Intl.PluralRules: zero, one, two, few, many,
 * other; `=N` for an exact number), `#` standing for the number.
 */
export const pluralPattern = /{{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*{[^{}]*})+)\s*}}/g;
const pluralFormPattern = /(=\d+|zero|one|two|few|many|other)\s*{([^{}]*)}/g;
const pluralRules = new Map<SupportedLocale, Intl.PluralRules>();

const selectPlural = (locale: SupportedLocale, value: number, forms: string) => {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  const byCategory = new Map([...forms.matchAll(pluralFormPattern)].map(([, category, text]) => [category!, text!]));
  const form = byCategory.get(`=${value}`) ?? byCategory.get(rules.select(value)) ?? byCategory.get('other') ?? '#';
  return form.replaceAll('#', String(value));
};

export const translateError = (
  locale: SupportedLocale,
  code: ErrorCode,
  params: Record<string, string | number> = {},
): string =>
  catalogue[locale][code]
    .replaceAll(pluralPattern, (match, name: string, forms: string) => {
      const value = params[name] === undefined || params[name] === '' ? Number.NaN : Number(params[name]);
      return Number.isFinite(value) ? selectPlural(locale, value, forms) : match;
    })
    .replaceAll(/{{(\w+)}}/g, (match, name: string) => (params[name] === undefined ? match : String(params[name])));

/**
 * A custom validation message (a schema's `.refine`/`.regex` message, a server check's detail) in
 * the given locale, from the shared catalogue in `@gatehouse/schemas/validation-messages`;
 * undefined when the catalogue does not know the message.
 */
export const translateMessage = (locale: SupportedLocale, message: string): string | undefined =>
  localizeValidationMessage(message, validationPhrasesByLocale[locale]);

const errorMapFor = (locale: SupportedLocale) => {
  let errorMap = zodErrorMaps.get(locale);
  if (!errorMap) {
    errorMap = zodLocales[locale]().localeError;
    zodErrorMaps.set(locale, errorMap);
  }
  return errorMap;
};

const messageOf = (result: ReturnType<z.core.$ZodErrorMap>) => (typeof result === 'string' ? result : result?.message);

/**
 * The limit a too short or too long value broke (`too_small` → minimum, `too_big` → maximum), for the
 * field details of a 400: a page can say it in its own words. Undefined for other issues.
 */
export const issueLimit = (issue: z.core.$ZodRawIssue): { minimum: number } | { maximum: number } | undefined => {
  const number = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined);
  if (issue.code === 'too_small') {
    const minimum = number(issue.minimum);
    return minimum === undefined ? undefined : { minimum };
  }
  if (issue.code === 'too_big') {
    const maximum = number(issue.maximum);
    return maximum === undefined ? undefined : { maximum };
  }
  return undefined;
};

/**
 * zod's own message for a text too short or too long says the limit in zod's terms ("Too big:
 * expected string to have <=128 characters"); this one says it for people, in English text of the
 * validation catalogue (`text.*`), so that it is translated like the schemas' messages. Undefined
 * for other issues (and for an exact length, which zod words well enough).
 */
const lengthMessage = (issue: z.core.$ZodRawIssue): string | undefined => {
  if (issue.origin !== 'string' || issue.exact === true || issue.inclusive === false) {
    return undefined;
  }
  const limit = issueLimit(issue);
  if (!limit) {
    return undefined;
  }
  // Written as message entries, as schemas write theirs: the catalogue's test finds them so.
  const text =
    'minimum' in limit
      ? limit.minimum <= 1
        ? { message: 'Must not be empty.' }
        : { message: `Must be at least ${limit.minimum} characters.` }
      : { message: `Must be at most ${limit.maximum} characters.` };
  return text.message;
};

/**
 * A zod issue's message in the given locale. A custom message (any issue code: `.regex(pattern,
 * { message })` raises `invalid_format` with it) comes from the shared catalogue; one it does not
 * know is returned as written rather than replaced by zod's generic text. zod's own messages come
 * from zod's locales.
 */
export const translateIssue = (locale: SupportedLocale, issue: z.core.$ZodRawIssue): string => {
  if (issue.message) {
    const known = translateMessage(locale, issue.message);
    if (known !== undefined) {
      return known;
    }
    // Not zod's own English text for this issue: a message of ours the catalogue lacks. (zod's
    // type message names the input's type, so it can only be compared when the input is there.)
    const comparable = issue.code !== 'invalid_type' || 'input' in issue;
    if (issue.code === 'custom' || (comparable && issue.message !== messageOf(errorMapFor('en')(issue)))) {
      return issue.message;
    }
  }
  const length = lengthMessage(issue);
  if (length !== undefined) {
    return translateMessage(locale, length) ?? length;
  }
  return messageOf(errorMapFor(locale)(issue)) ?? issue.message ?? 'Invalid value.';
};
