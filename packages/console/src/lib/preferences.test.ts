import { describe, expect, it } from 'vitest';

import { matchLocale, parseConsolePreferences } from './preferences.js';

describe('parseConsolePreferences', () => {
  it('reads valid preferences', () => {
    expect(parseConsolePreferences({ language: 'pt-BR', appearanceMode: 'dark', mfaUpsellNoticeAcknowledged: true })).toEqual({
      language: 'pt-BR',
      appearanceMode: 'dark',
      mfaUpsellNoticeAcknowledged: true,
    });
  });

  it('fills missing fields with the defaults', () => {
    expect(parseConsolePreferences({})).toEqual({ language: 'en', appearanceMode: 'system' });
    expect(parseConsolePreferences({ language: 'ja' }, 'light')).toEqual({ language: 'ja', appearanceMode: 'light' });
    expect(parseConsolePreferences(undefined, 'dark')).toEqual({ language: 'en', appearanceMode: 'dark' });
  });

  it('falls back to en and the stored appearance mode when anything is invalid', () => {
    const defaults = { language: 'en', appearanceMode: 'light' };
    expect(parseConsolePreferences({ language: 'xx', appearanceMode: 'dark' }, 'light')).toEqual(defaults);
    expect(parseConsolePreferences({ language: 'de', appearanceMode: 'blue' }, 'light')).toEqual(defaults);
    expect(parseConsolePreferences({ language: 'de', mfaUpsellNoticeAcknowledged: 'yes' }, 'light')).toEqual(defaults);
    expect(parseConsolePreferences({ language: 42 }, 'light')).toEqual(defaults);
    expect(parseConsolePreferences('de', 'light')).toEqual(defaults);
    expect(parseConsolePreferences(['de'], 'light')).toEqual(defaults);
  });

  it('accepts only the 17 locales, with their exact tags', () => {
    expect(parseConsolePreferences({ language: 'uk-UA' }).language).toBe('uk-UA');
    expect(parseConsolePreferences({ language: 'pl' }).language).toBe('en');
    expect(parseConsolePreferences({ language: 'zh-cn' }).language).toBe('en');
  });

  it('ignores unknown fields', () => {
    expect(parseConsolePreferences({ language: 'fr', somethingElse: 1 })).toEqual({ language: 'fr', appearanceMode: 'system' });
  });
});

describe('matchLocale', () => {
  it('matches exact tags case-insensitively', () => {
    expect(matchLocale(['pt-PT'])).toBe('pt-PT');
    expect(matchLocale(['tr-tr'])).toBe('tr-TR');
  });

  it('matches a language with another region', () => {
    expect(matchLocale(['de-AT'])).toBe('de');
    expect(matchLocale(['pl'])).toBe('pl-PL');
    expect(matchLocale(['pt'])).toBe('pt-BR');
    expect(matchLocale(['uk'])).toBe('uk-UA');
  });

  it('maps Chinese scripts and regions', () => {
    expect(matchLocale(['zh'])).toBe('zh-CN');
    expect(matchLocale(['zh-Hant'])).toBe('zh-TW');
    expect(matchLocale(['zh-Hant-HK'])).toBe('zh-TW');
    expect(matchLocale(['zh-HK'])).toBe('zh-HK');
    expect(matchLocale(['zh-SG'])).toBe('zh-CN');
  });

  it('takes the first supported language and falls back to en', () => {
    expect(matchLocale(['xx', 'ko-KR'])).toBe('ko');
    expect(matchLocale(['xx'])).toBe('en');
    expect(matchLocale([])).toBe('en');
  });
});
