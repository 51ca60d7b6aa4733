import { describe, expect, it } from 'vitest';

import { languageLabel, languageOptions } from './languages.js';

describe('languageLabel', () => {
  it('names a language in its own name with its tag, and an unknown tag as it is', () => {
    expect(languageLabel('de')).toBe('Deutsch (de)');
    expect(languageLabel('pt-BR')).toBe('Português (Brasil) (pt-BR)');
    expect(languageLabel('xx-YY')).toBe('xx-YY');
    expect(languageLabel('toString')).toBe('toString');
  });

  it('lists every supported language, or the ones given', () => {
    expect(languageOptions().find((option) => option.value === 'en')).toEqual({ value: 'en', label: 'English (en)' });
    expect(languageOptions(['fr', 'ja'])).toEqual([
      { value: 'fr', label: 'Français (fr)' },
      { value: 'ja', label: '日本語 (ja)' },
    ]);
  });
});
