import { emailBlocklistPolicySchema, passwordPolicySchema } from '@gatehouse/schemas';
import { describe, expect, it } from 'vitest';

import { captchaGuideOf, captchaGuides, firstInvalidEntry, isCaptchaGuideId, isSecurityTab, splitMinutes } from './security.js';

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

describe('splitMinutes', () => {
  it('splits a lockout duration into hours and minutes', () => {
    expect(splitMinutes(60)).toEqual({ hours: 1, minutes: 0 });
    expect(splitMinutes(90)).toEqual({ hours: 1, minutes: 30 });
    expect(splitMinutes(45)).toEqual({ hours: 0, minutes: 45 });
    expect(splitMinutes(1440)).toEqual({ hours: 24, minutes: 0 });
  });
});
