import {
  type CountryCode,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/core';
// The smallest metadata of libphonenumber-js: calling codes, national prefixes, possible lengths and
// formats, without the per-type patterns (mobile, fixed line) the pages do not need.
import metadata from 'libphonenumber-js/metadata.min.json';

/**
 * Phone numbers on the hosted pages (loaded on demand, with the picker: `src/lib/phone-loader.ts`).
 * The server stores a number as digits, country code first (E.164 without the plus): what a person
 * types is read as a national number of the picked country, unless it starts with `+` or `00`.
 */

export type { CountryCode };

/** Whether the value is a country or region that has a calling code (`US`, `DE`, `XK`…). */
export const isPhoneCountry = (value: unknown): value is CountryCode =>
  typeof value === 'string' && Object.hasOwn(metadata.countries, value);

/** Every country or region the picker offers. */
export const phoneCountries = Object.keys(metadata.countries).filter(isPhoneCountry);

/** The calling code of a country, without the plus: `1`, `44`, `49`. */
export const callingCodeOf = (country: CountryCode): string => getCountryCallingCode(country, metadata);

/** Typed as an international number: starting with `+` or `00` (the international call prefix). */
export const isInternational = (text: string) => /^\s*(?:\+|00)/.test(text);

/** The digits of an international number, without the `00` in front: `+49 151…` and `0049 151…` are both `49151…`. */
const internationalDigits = (text: string) => text.replace(/\D/g, '').replace(/^00/, '');

/** The calling code an international number starts with (calling codes never start another one), if any. */
const callingCodePrefix = (digits: string): string | undefined =>
  [1, 2, 3].map((length) => digits.slice(0, length)).find((code) => code.length > 0 && Object.hasOwn(metadata.country_calling_codes, code));

/** The country a calling code belongs to first (`1` → US, `44` → GB, `7` → RU); none for the non-geographic ones (`800`). */
const mainCountryOf = (code: string): CountryCode | undefined =>
  metadata.country_calling_codes[code]?.find((country) => isPhoneCountry(country));

/**
 * The country the picker shows for what was typed. A national number: the current choice. An
 * international one: the country of its calling code, but the current choice while it has that
 * code too (`+1` leaves Canada picked, `+44` Jersey), and the current choice while the code is
 * incomplete or not a country's.
 */
export const followCountry = (text: string, current: CountryCode): CountryCode => {
  if (!isInternational(text)) {
    return current;
  }
  const code = callingCodePrefix(internationalDigits(text));
  if (!code || callingCodeOf(current) === code) {
    return current;
  }
  return mainCountryOf(code) ?? current;
};

/**
 * What was typed after another country was picked: an international number gets the new calling
 * code in place of its own (`+49 151 2345` → `+44 151 2345`), and one still typing its code gets
 * the new code alone; a national number stays as it is (it is read as the picked country's).
 */
export const switchCountry = (text: string, country: CountryCode): string => {
  if (!isInternational(text)) {
    return text;
  }
  const trimmed = text.trimStart();
  const code = callingCodePrefix(internationalDigits(trimmed));
  if (!code) {
    // The digits so far were the start of a calling code: the picked country's replaces them.
    return `+${callingCodeOf(country)} `;
  }
  // Skip the prefix and the old code's digits in the text as typed, keeping the rest as it was.
  let skip = (trimmed.startsWith('+') ? 0 : 2) + code.length;
  let index = trimmed.startsWith('+') ? 1 : 0;
  for (; index < trimmed.length && skip > 0; index++) {
    if (/\d/.test(trimmed[index]!)) {
      skip--;
    }
  }
  return `+${callingCodeOf(country)} ${trimmed.slice(index).trimStart()}`;
};

export type ComposedPhone = {
  /** The number as the API takes it: digits, country code first (`15551234567`). */
  digits: string;
  /** Whether it has a length a number of its country can have (the smallest metadata checks no more). */
  possible: boolean;
};

/**
 * The full international number of what was typed: as it is after `+` or `00`; else as a national
 * number of `country`, its national prefix dropped (`0151 1234567` in Germany is `491511234567`).
 * A number that already starts with the country's code without a plus is read as such where it
 * cannot be a national number (`15551234567` in the US).
 */
export const composePhone = (text: string, country: CountryCode): ComposedPhone => {
  if (isInternational(text)) {
    const digits = internationalDigits(text);
    const parsed = digits ? parsePhoneNumberFromString(`+${digits}`, metadata) : undefined;
    return { digits, possible: parsed?.isPossible() ?? false };
  }
  const parsed = parsePhoneNumberFromString(text, country, metadata);
  if (parsed) {
    return { digits: parsed.number.slice(1), possible: parsed.isPossible() };
  }
  const national = text.replace(/\D/g, '');
  return { digits: national ? `${callingCodeOf(country)}${national}` : '', possible: false };
};

/**
 * A stored number (digits, country code first) as people read it, in international format:
 * `+1 555 123 4567`; a plus and the digits when the metadata has no format for it.
 */
export const formatPhone = (digits: string): string =>
  (/^\d+$/.test(digits) ? parsePhoneNumberFromString(`+${digits}`, metadata)?.formatInternational() : undefined) ?? `+${digits}`;

/** The region subtag of a language tag (`pt-BR` → `BR`), if it has one. */
const regionOf = (tag: string | undefined): string | undefined => {
  try {
    return tag ? new Intl.Locale(tag).region : undefined;
  } catch {
    return undefined;
  }
};

/** The region a language is most likely spoken in (`de` → `DE`, `ja` → `JP`), from the browser's data. */
const likelyRegionOf = (tag: string | undefined): string | undefined => {
  try {
    return tag ? new Intl.Locale(tag).maximize().region : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The picker's first country: the one chosen before (on this or another page), else the region of
 * the page language (`pt-BR`), else that of the browser's language (`en-GB`), else the region the
 * browser's language is most spoken in (`de` → Germany), else the US.
 */
export const pickCountry = (chosen: string | undefined, pageLanguage: string, browserLanguage: string | undefined): CountryCode =>
  [chosen, regionOf(pageLanguage), regionOf(browserLanguage), likelyRegionOf(browserLanguage)].find((candidate) => isPhoneCountry(candidate)) ??
  'US';

export type CountryOption = { country: CountryCode; name: string; callingCode: string };

const optionsByLanguage = new Map<string, CountryOption[]>();

/**
 * The picker's options in a language: each country's name from the browser (`Intl.DisplayNames`,
 * nothing to download), its calling code, sorted by name for that language.
 */
export const countryOptions = (language: string): CountryOption[] => {
  let options = optionsByLanguage.get(language);
  if (!options) {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    } catch {
      names = undefined;
    }
    const collator = new Intl.Collator(language);
    options = phoneCountries
      .map((country) => ({ country, name: names?.of(country) ?? country, callingCode: callingCodeOf(country) }))
      .sort((a, b) => collator.compare(a.name, b.name));
    optionsByLanguage.set(language, options);
  }
  return options;
};
