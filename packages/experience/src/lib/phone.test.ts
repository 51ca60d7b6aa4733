import { describe, expect, it } from 'vitest';

import {
  callingCodeOf,
  composePhone,
  countryOptions,
  followCountry,
  formatPhone,
  isInternational,
  isPhoneCountry,
  phoneCountries,
  pickCountry,
  switchCountry,
} from './phone.js';

describe('composePhone', () => {
  it('reads a number without + as a national number of the picked country', () => {
    expect(composePhone('5551234567', 'US')).toEqual({ digits: '15551234567', possible: true });
    expect(composePhone('(555) 123-4567', 'US')).toEqual({ digits: '15551234567', possible: true });
    // The national (trunk) prefix is not part of the international number…
    expect(composePhone('0151 12345678', 'DE')).toEqual({ digits: '4915112345678', possible: true });
    expect(composePhone('07911 123456', 'GB')).toEqual({ digits: '447911123456', possible: true });
    // …except where it is (Italy keeps its 0).
    expect(composePhone('06 1234 5678', 'IT')).toEqual({ digits: '390612345678', possible: true });
    expect(composePhone('5551234567', 'FR').digits).not.toBe('15551234567');
  });

  it('takes a number after + or 00 as international, whatever the picked country', () => {
    expect(composePhone('+1 (555) 123-4567', 'DE')).toEqual({ digits: '15551234567', possible: true });
    expect(composePhone('+44 7911 123456', 'US')).toEqual({ digits: '447911123456', possible: true });
    expect(composePhone(' 0049 151 12345678', 'US')).toEqual({ digits: '4915112345678', possible: true });
  });

  it('reads the country code typed without + in front of a US number (the old habit, 1 being the US trunk prefix)', () => {
    expect(composePhone('15551234567', 'US')).toEqual({ digits: '15551234567', possible: true });
  });

  it('says when a number cannot be one, so the page asks again instead of sending a code nowhere', () => {
    expect(composePhone('123', 'US').possible).toBe(false);
    expect(composePhone('+44 79', 'US').possible).toBe(false);
    expect(composePhone('+', 'US')).toEqual({ digits: '', possible: false });
    expect(composePhone('', 'US')).toEqual({ digits: '', possible: false });
  });
});

describe('followCountry and switchCountry', () => {
  it('follows the calling code of an international number', () => {
    expect(followCountry('+44 7911', 'US')).toBe('GB');
    expect(followCountry('0049', 'US')).toBe('DE');
    expect(followCountry('+7 912', 'US')).toBe('RU');
  });

  it('keeps the picked country while it has the typed code, or no country code is complete', () => {
    expect(followCountry('+1 416 555 1234', 'CA')).toBe('CA');
    expect(followCountry('+44 1534', 'JE')).toBe('JE');
    expect(followCountry('+', 'FR')).toBe('FR');
    expect(followCountry('+8', 'FR')).toBe('FR');
    // A non-geographic code (international freephone) belongs to no country.
    expect(followCountry('+800 1234 5678', 'FR')).toBe('FR');
  });

  it('leaves a national number to the picked country', () => {
    expect(followCountry('44 7911', 'US')).toBe('US');
    expect(isInternational('0151 1234')).toBe(false);
    expect(isInternational(' +49')).toBe(true);
    expect(isInternational('0049')).toBe(true);
  });

  it('puts the picked country’s code in place of the typed one', () => {
    expect(switchCountry('+49 151 2345', 'GB')).toBe('+44 151 2345');
    expect(switchCountry('0049 151 2345', 'GB')).toBe('+44 151 2345');
    expect(switchCountry('+4915112345', 'FR')).toBe('+33 15112345');
    expect(switchCountry('+8', 'GB')).toBe('+44 ');
    expect(switchCountry('0151 2345', 'GB')).toBe('0151 2345');
  });
});

describe('formatPhone', () => {
  it('shows a stored number in international format with its plus', () => {
    expect(formatPhone('15551234567')).toBe('+1 555 123 4567');
    expect(formatPhone('4915112345678')).toBe('+49 1511 2345678');
    expect(formatPhone('447911123456')).toBe('+44 7911 123456');
  });

  it('shows a plus and the digits when it knows no format', () => {
    expect(formatPhone('999')).toBe('+999');
    expect(formatPhone('not digits')).toBe('+not digits');
  });
});

describe('pickCountry', () => {
  it('keeps a country chosen before', () => {
    expect(pickCountry('FR', 'en', 'en-US')).toBe('FR');
  });

  it('takes the region of the page language, then of the browser language', () => {
    expect(pickCountry(undefined, 'pt-BR', 'en-US')).toBe('BR');
    expect(pickCountry(undefined, 'zh-TW', undefined)).toBe('TW');
    expect(pickCountry(undefined, 'en', 'en-GB')).toBe('GB');
  });

  it('then where the browser language is most spoken, then the US', () => {
    expect(pickCountry(undefined, 'de', 'de')).toBe('DE');
    expect(pickCountry(undefined, 'ja', 'ja')).toBe('JP');
    expect(pickCountry(undefined, 'en', undefined)).toBe('US');
    // Latin America (419) has no calling code of its own; a made-up choice is not kept.
    expect(pickCountry('ZZ', 'es', 'es-419')).toBe('US');
    expect(pickCountry(undefined, 'en', 'not a language tag!')).toBe('US');
  });
});

describe('countryOptions', () => {
  it('lists every country with a calling code, named in the page language and sorted for it', () => {
    const german = countryOptions('de');
    expect(german).toHaveLength(phoneCountries.length);
    expect(phoneCountries.length).toBeGreaterThan(230);
    expect(german.find((option) => option.country === 'DE')).toEqual({ country: 'DE', name: 'Deutschland', callingCode: '49' });
    // German order puts Ägypten with the A's.
    const names = german.map((option) => option.name);
    expect(names.indexOf('Ägypten')).toBeLessThan(names.indexOf('Belgien'));
    expect(countryOptions('ja').find((option) => option.country === 'JP')?.name).toBe('日本');
    expect(countryOptions('en').find((option) => option.country === 'XK')).toEqual({ country: 'XK', name: 'Kosovo', callingCode: '383' });
  });

  it('knows the calling codes', () => {
    expect(callingCodeOf('US')).toBe('1');
    expect(callingCodeOf('GB')).toBe('44');
    expect(isPhoneCountry('DE')).toBe(true);
    expect(isPhoneCountry('001')).toBe(false);
    expect(isPhoneCountry('toString')).toBe(false);
  });
});
