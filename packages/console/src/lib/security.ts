import type { CaptchaProviderConfig } from '@gatehouse/schemas';
import type { z } from 'zod';

/** Rules of the security and signing keys pages, pure. */

export const securityTabs = ['password-policy', 'blocklist', 'captcha', 'general'] as const;
export type SecurityTab = (typeof securityTabs)[number];

export const isSecurityTab = (value: string | undefined): value is SecurityTab => securityTabs.includes(value as SecurityTab);

export type CaptchaType = CaptchaProviderConfig['type'];

/** `security/captcha/guide/{guideId}`: one guide per provider, named in the path in lower case. */
export const captchaGuides = { turnstile: 'Turnstile', 'recaptcha-enterprise': 'RecaptchaEnterprise' } as const satisfies Record<string, CaptchaType>;
export type CaptchaGuideId = keyof typeof captchaGuides;

export const isCaptchaGuideId = (value: string | undefined): value is CaptchaGuideId => value !== undefined && Object.hasOwn(captchaGuides, value);

export const captchaGuideOf = (type: CaptchaType): CaptchaGuideId => (type === 'Turnstile' ? 'turnstile' : 'recaptcha-enterprise');

/** The provider's own product names (not translated). */
export const captchaProviderNames: Readonly<Record<CaptchaType, string>> = {
  Turnstile: 'Cloudflare Turnstile',
  RecaptchaEnterprise: 'Google reCAPTCHA Enterprise',
};

/** The first entry of a list that its item schema refuses (to name it in the message), if any. */
export const firstInvalidEntry = (entries: readonly string[] | undefined, item: z.ZodType) =>
  entries?.find((entry) => !item.safeParse(entry).success);

/** Minutes as a duration in the reader's language, without a zero part: 90 → "1 hour, 30 minutes", 60 → "1 hour". */
export const formatMinutes = (total: number, locale: string) => {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const unit = (value: number, name: 'hour' | 'minute') => new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const parts = [...(hours > 0 ? [unit(hours, 'hour')] : []), ...(minutes > 0 || hours === 0 ? [unit(minutes, 'minute')] : [])];
  return new Intl.ListFormat(locale, { type: 'unit', style: 'long' }).format(parts);
};
