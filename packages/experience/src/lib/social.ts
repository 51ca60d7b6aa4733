/** A connector's display name in the page language, falling back to its language alone, then English. */
export const localizedName = (names: Record<string, string>, language: string, fallback: string): string =>
  names[language] ?? names[language.split('-')[0]!] ?? names.en ?? Object.values(names)[0] ?? fallback;
