import type { KeyValueStore } from './storage.js';

/**
 * Where a visitor was going before the sign-in redirect (spec "Sign-in behaviour"): the path inside
 * the console with its query and hash, saved in session storage and restored after /callback.
 */

/** Query parameters that only start a sign-in; they are not kept in the saved location. */
const signInOnlyParams = ['sign_up'];

/**
 * The location relative to the console's base path (`/console/users?page=2#x` → `/users?page=2#x`),
 * or undefined when it is outside the console.
 */
export const toConsolePath = (
  location: { pathname: string; search: string; hash: string },
  basename: string,
): string | undefined => {
  const base = basename.replace(/\/+$/, '');
  const { pathname } = location;
  if (pathname !== base && !pathname.startsWith(`${base}/`)) {
    return undefined;
  }
  const path = pathname.slice(base.length) || '/';
  const query = new URLSearchParams(location.search);
  for (const name of signInOnlyParams) {
    query.delete(name);
  }
  const search = query.toString();
  return `${path}${search ? `?${search}` : ''}${location.hash}`;
};

/**
 * A stored path we are willing to navigate to: inside the console (one leading slash, no scheme,
 * no protocol-relative `//host`, no backslash tricks) and not the callback itself.
 */
export const isSafeConsolePath = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= 2048 &&
  value.startsWith('/') &&
  !value.startsWith('//') &&
  !value.includes('\\') &&
  !/^\/callback(?:[/?#]|$)/.test(value);

export const saveReturnLocation = (
  store: KeyValueStore,
  key: string,
  location: { pathname: string; search: string; hash: string },
  basename: string,
) => {
  const path = toConsolePath(location, basename);
  if (path && isSafeConsolePath(path)) {
    store.setItem(key, path);
  } else {
    store.removeItem(key);
  }
};

/** Reads and forgets the saved location; '/' when none or when it is not safe. */
export const takeReturnLocation = (store: KeyValueStore, key: string): string => {
  const value = store.getItem(key);
  store.removeItem(key);
  return isSafeConsolePath(value) ? value : '/';
};

/** `sign_up` is truthy unless absent, empty, `0` or `false` (spec: "when truthy"). */
export const isSignUpRequested = (search: string): boolean => {
  const value = new URLSearchParams(search).get('sign_up');
  return value !== null && !['', '0', 'false', 'no'].includes(value.trim().toLowerCase());
};
