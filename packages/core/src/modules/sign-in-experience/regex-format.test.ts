import { describe, expect, it } from 'vitest';

import { isLinearTimeFormat, matchesFormat } from './regex-format.js';

describe('Regex field formats (RE2)', () => {
  it('matches the whole value, as HTML pattern does', () => {
    expect(matchesFormat('E-\\d{4}', 'E-1234')).toBe(true);
    expect(matchesFormat('E-\\d{4}', 'xE-1234')).toBe(false);
    expect(matchesFormat('E-\\d{4}', 'E-12345')).toBe(false);
    expect(matchesFormat('a|b', 'ab')).toBe(false);
    expect(matchesFormat('[\\p{L} ]+', 'Zoë Ångström')).toBe(true);
  });

  it('refuses backreferences and lookaround, which need backtracking', () => {
    expect(isLinearTimeFormat('[A-Z]{2}\\d+')).toBe(true);
    for (const format of ['(a)\\1', '(?=a)a', '(?!a)b', '(?<=a)b', '(?<!a)b']) {
      expect(isLinearTimeFormat(format), format).toBe(false);
    }
  });

  it('answers a catastrophic-backtracking pattern at once', () => {
    // JavaScript's engine would take longer than the age of the universe on this input.
    expect(matchesFormat('(a+)+b', `${'a'.repeat(4000)}!`)).toBe(false);
    expect(matchesFormat('(a|aa)*c', `${'a'.repeat(4000)}`)).toBe(false);
  });
});
