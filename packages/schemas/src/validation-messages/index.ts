/**
 * One catalogue of the custom validation messages: those the schemas write (`.refine(…, { message })`,
 * `.regex(…, { message })`), the connectors' config guards, and the server's own checks. Each has a
 * stable key and a translation in every supported locale (`./<locale>.ts`); the server answers with
 * it (Accept-Language), the console shows it in its own language.
 *
 * Design: the schemas keep writing their English message as plain text, and a message is
 * recognized by that text (`matchValidationMessage`). This leaves the schema files alone, and
 * whatever carries a message (a zod issue, a details entry, a console form error) needs no extra
 * field. A unit test (`validation-messages.test.ts`) reads the sources and walks the exported zod
 * schemas, and fails on any custom message the catalogue does not know. Messages built at run time
 * (`Duplicate template for ${key}.`) are written with `{{placeholders}}`; what fills them is an
 * identifier, carried over untranslated.
 *
 * No zod here: the console and the hosted pages can import it. Only the English file is imported
 * by this module; the other locales are imported where they are needed (every one by the server,
 * one per language chunk by the console).
 */
import en, { type ValidationMessageKey, type ValidationPhrases } from './en.js';

export type { ValidationMessageKey, ValidationPhrases } from './en.js';

/** The English text of each key (exactly what the schemas write). */
export const validationMessages: Readonly<ValidationPhrases> = en;

export type ValidationMessageMatch = { key: ValidationMessageKey; params: Record<string, string> };

const placeholder = /{{(\w+)}}/g;
const escapeRegExp = (text: string) => text.replaceAll(/[$()*+.?[\\\]^{|}]/g, '\\$&');

const exact = new Map<string, ValidationMessageKey>();
const templated: { key: ValidationMessageKey; names: string[]; pattern: RegExp }[] = [];
for (const [key, text] of Object.entries(en) as [ValidationMessageKey, string][]) {
  const names = [...text.matchAll(placeholder)].map((match) => match[1]!);
  if (names.length === 0) {
    exact.set(text, key);
  } else {
    const literal = text.split(/{{\w+}}/).map(escapeRegExp);
    templated.push({ key, names, pattern: new RegExp(`^${literal.join('(.+?)')}$`, 's') });
  }
}

/** The catalogue entry an English message is, with the values of its placeholders. */
export const matchValidationMessage = (message: string): ValidationMessageMatch | undefined => {
  const key = exact.get(message);
  if (key) {
    return { key, params: {} };
  }
  for (const entry of templated) {
    const match = entry.pattern.exec(message);
    if (match) {
      return { key: entry.key, params: Object.fromEntries(entry.names.map((name, index) => [name, match[index + 1]!])) };
    }
  }
  return undefined;
};

/** Fills `{{name}}` placeholders; unknown names stay as written. */
export const fillValidationMessage = (text: string, params: Record<string, string>): string =>
  text.replaceAll(placeholder, (whole, name: string) => params[name] ?? whole);

/** The message in the given phrases' language, or undefined when the catalogue does not know it. */
export const localizeValidationMessage = (message: string, phrases: ValidationPhrases): string | undefined => {
  const match = matchValidationMessage(message);
  return match ? fillValidationMessage(phrases[match.key], match.params) : undefined;
};
