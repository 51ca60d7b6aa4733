import type { ExperiencePreview } from '@gatehouse/schemas';

import { type PageName, resolveRoute } from './routes.js';

/** The message type the console posts (`experiencePreviewSchema` in the schemas). */
export const previewMessageType: ExperiencePreview['type'] = 'gatehouse:experience-preview';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A draft posted by the console. The sender is trusted (the page's own origin, checked by the
 * listener); this only tells the preview's messages from any other message the page receives.
 */
export const isPreviewMessage = (data: unknown): data is ExperiencePreview =>
  isObject(data) &&
  data.type === previewMessageType &&
  (data.mode === 'light' || data.mode === 'dark') &&
  (data.page === 'sign-in' || data.page === 'register' || data.page === 'continue') &&
  isObject(data.config) &&
  isObject(data.config.color) &&
  isObject(data.config.signIn) &&
  isObject(data.config.signUp);

/**
 * The page the preview shows, by the same rules as the real pages: a sign-up-only tenant shows
 * registration instead of sign-in, a sign-in-only tenant never shows registration.
 */
export const previewPage = (page: ExperiencePreview['page'], signInMode: ExperiencePreview['config']['signInMode']): PageName => {
  const context = { hasInteraction: true, prompt: 'login', signInMode, initial: false } as const;
  const route = resolveRoute(`/${page}`, context);
  if ('page' in route) {
    return route.page;
  }
  const redirected = resolveRoute(route.redirect, context);
  return 'page' in redirected ? redirected.page : 'sign-in';
};
