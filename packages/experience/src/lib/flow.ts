import type { InteractionEvent } from '@gatehouse/schemas';

import { api, isApiError } from './api.js';
import { getCaptchaToken } from './captcha.js';
import { currentLanguage } from './i18n.js';
import { type MissingProfile, parseMissingProfile } from './missing-profile.js';
import { navigate } from './router.js';
import { sessionStore, storageKeys } from './storage.js';

/** `PUT /`: starts (or restarts) a flow, with a fresh captcha token when the tenant has a captcha. */
export const startFlow = async (event: InteractionEvent) => {
  const captchaToken = await getCaptchaToken(currentLanguage());
  await api.start(event, captchaToken);
};

/** What the continue page needs to finish: the fields to collect and the terms answer to submit with. */
export type PendingSubmit = MissingProfile & { agreeToTerms?: boolean };

/** A promise that never settles: the page stays busy while the browser leaves it. */
const leaving = () => new Promise<never>(() => undefined);

/** Leaves for the app (or wherever the server sends the browser next). */
export const redirectTo = (url: string) => {
  window.location.assign(url);
  return leaving();
};

/**
 * `POST /submit`, then off to `redirectTo`. When the profile misses something, the continue page
 * collects it (and submits again). Other errors are thrown for the page to show.
 */
export const submitInteraction = async (agreeToTerms?: boolean): Promise<never> => {
  try {
    const { redirectTo: url } = await api.submit(agreeToTerms);
    return await redirectTo(url);
  } catch (error) {
    if (isApiError(error, 'user.missing_profile')) {
      const pendingSubmit: PendingSubmit = { ...parseMissingProfile(error.details), ...(agreeToTerms && { agreeToTerms }) };
      sessionStore.set(storageKeys.missingProfile, pendingSubmit);
      navigate('/continue');
      return leaving();
    }
    throw error;
  }
};

/** A random `state` for the social provider's round trip (base64url, 16 bytes). */
export const randomState = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** What the social callback page needs after the provider sends the user back. */
export type SocialSession = {
  connectorId: string;
  state: string;
  verificationId: string;
  event: InteractionEvent;
  agreeToTerms?: boolean;
};
