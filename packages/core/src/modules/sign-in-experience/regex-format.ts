import { LRUCache } from 'lru-cache';
import { RE2JS } from 're2js';

/**
 * Regex custom profile fields, matched on the server with RE2 (linear time). The pattern is a
 * tenant admin's and the value an anonymous user's: with JavaScript's backtracking engine a pattern
 * like `(a+)+b` would let one sign-up request hold the event loop, for every tenant, for minutes.
 * RE2 has no backreferences or lookaround, so a format that uses them is refused when it is saved.
 */
const compiled = new LRUCache<string, RE2JS>({ max: 500 });

const compile = (format: string) => {
  let pattern = compiled.get(format);
  if (!pattern) {
    // Anchored like HTML's `pattern` attribute: the whole value must match.
    pattern = RE2JS.compile(`^(?:${format})$`);
    compiled.set(format, pattern);
  }
  return pattern;
};

export const linearTimeFormatMessage = 'Must be a regular expression without backreferences or lookaround.';

/** Whether RE2 takes the format (the schema has already checked that JavaScript does). */
export const isLinearTimeFormat = (format: string) => {
  try {
    compile(format);
    return true;
  } catch {
    return false;
  }
};

export const matchesFormat = (format: string, value: string) => compile(format).matches(value);
