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

/** Minutes as hours and minutes, for the lockout duration: 90 → { hours: 1, minutes: 30 }. */
export const splitMinutes = (total: number) => ({ hours: Math.floor(total / 60), minutes: total % 60 });
