/** Web storage that never throws (storage can be disabled, full or blocked by the browser). */
export type KeyValueStore = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

const safely = <T>(action: () => T, fallback: T): T => {
  try {
    return action();
  } catch {
    return fallback;
  }
};

const memory = new Map<string, string>();
/** Used when the browser refuses access to its storage. */
const memoryStore: KeyValueStore = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

const guarded = (pick: () => Storage): KeyValueStore => ({
  getItem: (key) => safely(() => pick().getItem(key), memoryStore.getItem(key)),
  setItem: (key, value) => safely(() => pick().setItem(key, value), memoryStore.setItem(key, value)),
  removeItem: (key) => safely(() => pick().removeItem(key), memoryStore.removeItem(key)),
});

export const localStore: KeyValueStore = guarded(() => window.localStorage);
export const sessionStore: KeyValueStore = guarded(() => window.sessionStorage);

export const readJson = (store: KeyValueStore, key: string): unknown => {
  const raw = store.getItem(key);
  if (raw === null) {
    return undefined;
  }
  return safely<unknown>(() => JSON.parse(raw), undefined);
};

/** Storage keys of the console (spec §9): all prefixed so they never clash with an app on the same origin. */
export const storageKeys = {
  /** Local: `{ language, appearanceMode }`, read with parseConsolePreferences. */
  preferences: 'gatehouse:console:preferences',
  /** Session: where to go after sign-in. */
  returnLocation: 'gatehouse:console:return-location',
  /** Session: a sign-in restarted by the scope check, so that a second mismatch stops instead of looping. */
  scopeSyncRestart: 'gatehouse:console:scope-sync-restart',
} as const;
