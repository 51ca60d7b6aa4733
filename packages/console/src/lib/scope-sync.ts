/**
 * Scope sync (spec §4 "Sign-in session"): compares the scopes the server grants the console with
 * those of the access token it holds.
 *
 * - A granted scope the token lacks: clear every token and sign in again with a consent prompt.
 * - A token scope the server no longer grants: clear the access token only (the refresh token gets
 *   a new one, without it).
 * - Otherwise nothing to do.
 *
 * In the self-hosted edition the server grants the console exactly `all` on the management API.
 */
export type ScopeSyncDecision = 'in-sync' | 'sign-in-again' | 'refresh-access-token';

export const decideScopeSync = (serverScopes: readonly string[], tokenScopes: readonly string[]): ScopeSyncDecision => {
  const held = new Set(tokenScopes);
  if (serverScopes.some((scope) => !held.has(scope))) {
    return 'sign-in-again';
  }
  const granted = new Set(serverScopes);
  if (tokenScopes.some((scope) => !granted.has(scope))) {
    return 'refresh-access-token';
  }
  return 'in-sync';
};

/** What the console needs on the management API today. */
export const consoleRequiredScopes = ['all'] as const;

/**
 * A sign-in restarted for missing scopes and coming back still without them would loop forever (the
 * account simply lacks the role). The first mismatch restarts; a second one within this window
 * stops and says so.
 */
export const scopeRestartWindowMs = 5 * 60 * 1000;

export const shouldRestartForScopes = (lastRestartAt: number | undefined, now: number): boolean =>
  lastRestartAt === undefined || !Number.isFinite(lastRestartAt) || now - lastRestartAt > scopeRestartWindowMs;
