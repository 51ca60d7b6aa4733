import { errorOutcome, isConsoleError, joinMessageAndDetails, type ErrorText } from './errors.js';

/** Spec §5: a user with a password confirms it first; a user without one sets one straight away. */
export const passwordChangePath = (hasPassword: boolean) => (hasPassword ? '/profile/verify-password' : '/profile/change-password');

export type ProfileErrorOutcome =
  /** 422: the server's message in an alert with a Got it button; the error counts as handled. */
  | { action: 'alert'; message: string }
  | { action: 'toast'; message: ErrorText }
  /** 401 (and errors that are not the data layer's): for the caller's usual handling. */
  | { action: 'rethrow' };

/** What a failed profile update shows (spec §8, "Profile update"). */
export const profileErrorOutcome = (error: unknown): ProfileErrorOutcome => {
  if (!isConsoleError(error) || error.status === 401) {
    return { action: 'rethrow' };
  }
  if (error.status === 422 && error.body) {
    return { action: 'alert', message: joinMessageAndDetails(error.body) };
  }
  const outcome = errorOutcome(error.problem);
  return outcome.action === 'toast' ? outcome : { action: 'rethrow' };
};
