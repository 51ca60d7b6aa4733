import { UserManager, type User } from 'oidc-client-ts';

import type { ConsoleConfig } from '../api/console-config.js';
import { isReauthenticationError } from '../lib/errors.js';
import { tokenScopes } from '../lib/jwt.js';
import { isSignUpRequested, saveReturnLocation, takeReturnLocation } from '../lib/return-location.js';
import { consoleRequiredScopes, decideScopeSync, shouldRestartForScopes } from '../lib/scope-sync.js';
import { sessionStore, storageKeys } from '../lib/storage.js';

/**
 * The console's own sign-in: an OIDC authorization code + PKCE flow against the admin tenant, for
 * an access token to the managed tenant's management API (spec "Sign-in behaviour", §4).
 * Tokens live in session storage (oidc-client-ts default) and are refreshed with the refresh token.
 */
export const basename = '/console';

let manager: UserManager | undefined;
let config: ConsoleConfig | undefined;
/** Set once a redirect to the provider has started: nothing else should happen on this page. */
let redirecting = false;
let renewing: Promise<User | null> | undefined;

const userManager = () => {
  if (!manager) {
    throw new Error('The sign-in session is not initialized.');
  }
  return manager;
};

const resource = () => config!.managementResource;

export const initSession = (consoleConfig: ConsoleConfig) => {
  config = consoleConfig;
  const origin = window.location.origin;
  manager = new UserManager({
    authority: consoleConfig.issuer,
    client_id: consoleConfig.clientId,
    redirect_uri: `${origin}${basename}/callback`,
    post_logout_redirect_uri: `${origin}${basename}`,
    scope: 'openid profile email offline_access all',
    response_type: 'code',
    extraQueryParams: { resource: consoleConfig.managementResource },
    extraTokenParams: { resource: consoleConfig.managementResource },
    loadUserInfo: false,
    automaticSilentRenew: true,
    // The provider's pages refuse framing: no iframe-based session checks.
    monitorSession: false,
  });
  manager.events.addSilentRenewError((error) => {
    if (isReauthenticationError(error)) {
      void signInAgain();
    }
  });
};

export const getUser = () => userManager().getUser();

export const subscribeUser = (listener: (user: User | null) => void) => {
  const loaded = (user: User) => listener(user);
  const unloaded = () => listener(null);
  userManager().events.addUserLoaded(loaded);
  userManager().events.addUserUnloaded(unloaded);
  return () => {
    userManager().events.removeUserLoaded(loaded);
    userManager().events.removeUserUnloaded(unloaded);
  };
};

export const isRedirecting = () => redirecting;

type SignInOptions = { signUp?: boolean; prompt?: 'consent' | 'login' };

/**
 * Sends the browser to the sign-in pages, after saving where it was (path, query and hash).
 * `signUp` opens the registration screen.
 */
export const startSignIn = async ({ signUp = false, prompt }: SignInOptions = {}) => {
  if (redirecting) {
    return;
  }
  redirecting = true;
  saveReturnLocation(sessionStore, storageKeys.returnLocation, window.location, basename);
  try {
    await userManager().signinRedirect({
      // Replaces the settings' extraQueryParams, so the resource goes again.
      extraQueryParams: { resource: resource(), ...(signUp ? { first_screen: 'register' } : {}) },
      ...(prompt ? { prompt } : {}),
    });
  } catch (error) {
    redirecting = false;
    throw error;
  }
};

/** An expired session, a refused refresh or a 401: forget the tokens and sign in again (spec §4, §8). */
export const signInAgain = async (options: SignInOptions = {}) => {
  if (redirecting) {
    return;
  }
  await userManager().removeUser();
  await startSignIn(options);
};

/** Sign out at the provider (with the ID token as hint), which comes back to /console. */
export const signOut = async () => {
  if (redirecting) {
    return;
  }
  redirecting = true;
  const user = await userManager().getUser();
  try {
    await userManager().signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {});
  } catch (error) {
    // The provider could not be reached: at least forget the tokens here.
    await userManager().removeUser();
    redirecting = false;
    throw error;
  }
};

/** Forget every token of this browser tab (the error panel's Retry does this before reloading). */
export const clearTokens = async () => {
  sessionStore.removeItem(storageKeys.scopeSyncRestart);
  if (manager) {
    await manager.removeUser();
    await manager.clearStaleState();
  }
};

/** A fresh access token through the refresh token, for the management API; shared by concurrent callers. */
const renew = () => {
  renewing ??= userManager()
    .signinSilent({ resource: resource() })
    .finally(() => {
      renewing = undefined;
    });
  return renewing;
};

/** The access token for API calls, renewed first when it has expired. */
export const accessToken = async (): Promise<string | undefined> => {
  if (!manager) {
    return undefined;
  }
  let user = await manager.getUser();
  if (user?.expired && user.refresh_token) {
    try {
      user = await renew();
    } catch (error) {
      if (isReauthenticationError(error)) {
        await signInAgain();
      }
      throw error;
    }
  }
  return user?.access_token;
};

let callback: Promise<string> | undefined;

/** Completes the sign-in at /callback (once, even if React renders twice) and answers where to go. */
export const completeSignIn = () => {
  callback ??= userManager()
    .signinRedirectCallback()
    .then(() => takeReturnLocation(sessionStore, storageKeys.returnLocation));
  return callback;
};

export type SessionState = 'ready' | 'redirecting' | 'no-access';

const readRestartMarker = () => {
  const value = Number(sessionStore.getItem(storageKeys.scopeSyncRestart));
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

/** Scope sync (spec §4): the token must hold exactly what the server grants the console. */
const syncScopes = async (user: User): Promise<SessionState> => {
  let decision = decideScopeSync(consoleRequiredScopes, tokenScopes(user.access_token));
  if (decision === 'refresh-access-token') {
    // Clear the access token: a refreshed one carries only what is granted now.
    const renewed = await renew();
    decision = decideScopeSync(consoleRequiredScopes, tokenScopes(renewed?.access_token));
    if (decision === 'refresh-access-token') {
      return 'ready';
    }
  }
  if (decision === 'sign-in-again') {
    if (!shouldRestartForScopes(readRestartMarker(), Date.now())) {
      // Signed in again already and still without the scopes: this account has no console access.
      sessionStore.removeItem(storageKeys.scopeSyncRestart);
      return 'no-access';
    }
    sessionStore.setItem(storageKeys.scopeSyncRestart, String(Date.now()));
    await signInAgain({ prompt: 'consent' });
    return 'redirecting';
  }
  sessionStore.removeItem(storageKeys.scopeSyncRestart);
  return 'ready';
};

/**
 * Makes sure a usable session exists before the console shows anything: signs in when there is
 * none (registration when `?sign_up` is truthy), refreshes an expired one, and checks its scopes.
 */
export const ensureSession = async (): Promise<SessionState> => {
  let user = await userManager().getUser();
  if (user?.expired && user.refresh_token) {
    try {
      user = await renew();
    } catch (error) {
      if (!isReauthenticationError(error)) {
        throw error;
      }
      user = null;
    }
  }
  if (!user || user.expired) {
    await signInAgain({ signUp: isSignUpRequested(window.location.search) });
    return 'redirecting';
  }
  return syncScopes(user);
};
