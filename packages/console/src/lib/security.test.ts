import { emailBlocklistPolicySchema, passwordPolicySchema } from '@gatehouse/schemas';
import { describe, expect, it } from 'vitest';

import { captchaGuideOf, captchaGuides, firstInvalidEntry, isCaptchaGuideId, isSecurityTab, formatMinutes } from './security.js';

describe('security routes', () => {
  it('knows the tabs and the captcha guides of the paths', () => {
    expect(isSecurityTab('password-policy')).toBe(true);
    expect(isSecurityTab('captcha')).toBe(true);
    expect(isSecurityTab('details')).toBe(false);
    expect(isCaptchaGuideId('turnstile')).toBe(true);
    expect(isCaptchaGuideId('recaptcha-enterprise')).toBe(true);
    expect(isCaptchaGuideId('constructor')).toBe(false);
    for (const type of ['Turnstile', 'RecaptchaEnterprise'] as const) {
      expect(captchaGuides[captchaGuideOf(type)]).toBe(type);
    }
  });
});

describe('firstInvalidEntry', () => {
  const blocklistEntry = emailBlocklistPolicySchema.shape.customBlocklist.unwrap().element;
  const word = passwordPolicySchema.shape.rejects.unwrap().shape.words.unwrap().element;

  it('names the first entry the schema refuses', () => {
    expect(firstInvalidEntry(['@example.com', 'someone@example.org'], blocklistEntry)).toBeUndefined();
    expect(firstInvalidEntry(['@example.com', 'example', 'also bad'], blocklistEntry)).toBe('example');
    expect(firstInvalidEntry(['fine', 'x'.repeat(257)], word)).toBe('x'.repeat(257));
    expect(firstInvalidEntry(undefined, word)).toBeUndefined();
  });
});

describe('formatMinutes', () => {
  it('says hours and minutes in the language, leaving out a zero part', () => {
    expect(formatMinutes(60, 'en')).toBe('1 hour');
    expect(formatMinutes(90, 'en')).toBe('1 hour, 30 minutes');
    expect(formatMinutes(45, 'en')).toBe('45 minutes');
    expect(formatMinutes(1, 'en')).toBe('1 minute');
    expect(formatMinutes(1440, 'en')).toBe('24 hours');
    expect(formatMinutes(90, 'de')).toBe('1 Stunde, 30 Minuten');
  });
});
