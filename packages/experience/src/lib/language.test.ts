import { describe, expect, it } from 'vitest';

import { matchLanguage, matchLocale, pickLanguage, rtlLocales } from './language.js';

describe('locales', () => {
  it('mark Arabic right-to-left', () => {
    expect(rtlLocales.has('ar')).toBe(true);
    expect(rtlLocales.has('en')).toBe(false);
  });
});

describe('matchLocale', () => {
  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['EN-gb', 'en'],
    ['de-AT', 'de'],
    ['fr-CA', 'fr'],
    ['pt', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['pt-PT', 'pt-PT'],
    ['pt-AO', 'pt-PT'],
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hant', 'zh-TW'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-HK'],
    ['zh-Hant-HK', 'zh-HK'],
    ['zh-MO', 'zh-HK'],
    ['pl', 'pl-PL'],
    ['tr', 'tr-TR'],
    ['uk', 'uk-UA'],
    ['ar-EG', 'ar'],
    ['ja-JP', 'ja'],
    ['ko_KR', 'ko'],
  ])('%s → %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale);
  });

  it('is undefined for unsupported languages', () => {
    expect(matchLocale('nl-NL')).toBeUndefined();
    expect(matchLocale('')).toBeUndefined();
  });
});

describe('matchLanguage', () => {
  it('takes the first supported language in the browser order', () => {
    expect(matchLanguage(['nl-NL', 'de-DE', 'en'])).toBe('de');
    expect(matchLanguage(['pt', 'en'])).toBe('pt-BR');
    expect(matchLanguage(['nl', 'sv'])).toBeUndefined();
  });
});

describe('pickLanguage', () => {
  it('prefers the stored choice, then the browser (auto-detect), then the fallback', () => {
    expect(pickLanguage({ stored: 'ja', autoDetect: true, preferred: ['de'], fallback: 'en' })).toBe('ja');
    expect(pickLanguage({ stored: null, autoDetect: true, preferred: ['de'], fallback: 'fr' })).toBe('de');
    expect(pickLanguage({ stored: null, autoDetect: false, preferred: ['de'], fallback: 'fr' })).toBe('fr');
    expect(pickLanguage({ stored: null, autoDetect: true, preferred: ['nl'], fallback: 'es' })).toBe('es');
    expect(pickLanguage({ stored: 'xx', autoDetect: true, preferred: [], fallback: 'zz' })).toBe('en');
  });

  it('takes the first supported ui_locales of the app after the stored choice and before the browser', () => {
    const base = { stored: null, autoDetect: true, preferred: ['de-DE', 'de'], fallback: 'en' };
    expect(pickLanguage({ ...base, requested: ['ja'] })).toBe('ja');
    expect(pickLanguage({ ...base, requested: ['xx-YY', 'tlh', 'pt', 'fr'] })).toBe('pt-BR');
    expect(pickLanguage({ ...base, requested: ['zh-Hant-HK', 'en'] })).toBe('zh-HK');
    // The user's own choice in the switcher wins; unsupported tags fall through to the browser.
    expect(pickLanguage({ ...base, stored: 'ko', requested: ['ja'] })).toBe('ko');
    expect(pickLanguage({ ...base, requested: ['nl', 'sv'] })).toBe('de');
    expect(pickLanguage({ ...base, requested: [] })).toBe('de');
    // Asked for by the app, it applies even where the tenant does not follow the browser.
    expect(pickLanguage({ ...base, autoDetect: false, requested: ['it'] })).toBe('it');
    expect(pickLanguage({ ...base, autoDetect: false, requested: ['nl'] })).toBe('en');
  });
});
