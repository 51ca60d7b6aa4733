/** Web storage that never throws (storage can be disabled or full); values are JSON. */
const safely = <T>(action: () => T, fallback: T): T => {
  try {
    return action();
  } catch {
    return fallback;
  }
};

const read = <T>(storage: () => Storage, key: string): T | undefined =>
  safely(() => {
    const raw = storage().getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }, undefined);

const write = (storage: () => Storage, key: string, value: unknown) => {
  safely(() => {
    if (value === undefined) {
      storage().removeItem(key);
    } else {
      storage().setItem(key, JSON.stringify(value));
    }
  }, undefined);
};

const session = () => window.sessionStorage;
const local = () => window.localStorage;

export const sessionStore = {
  get: <T>(key: string) => read<T>(session, key),
  set: (key: string, value: unknown) => write(session, key, value),
};

export const localStore = {
  get: <T>(key: string) => read<T>(local, key),
  set: (key: string, value: unknown) => write(local, key, value),
};

export const storageKeys = {
  language: 'gatehouse:experience:language',
  social: 'gatehouse:experience:social',
  missingProfile: 'gatehouse:experience:missing-profile',
  codeStep: 'gatehouse:experience:code-step',
} as const;

/**
 * The language the user picked, also as a cookie: the server-rendered sign-out pages (which cannot
 * read web storage) speak it too. Same name as `languageCookie` in core's oidc/provider-pages.ts.
 */
export const rememberLanguageCookie = (locale: string) => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  safely(() => {
    document.cookie = `gatehouse_language=${encodeURIComponent(locale)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  }, undefined);
};
