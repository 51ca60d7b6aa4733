import type { SupportedLocale } from '@gatehouse/schemas/locales';

import { matchLocale, parseConsolePreferences, type AppearanceMode, type ConsolePreferences } from './preferences.js';
import { localStore, readJson, storageKeys } from './storage.js';

/**
 * The console preferences of this browser (language and appearance), kept in local storage and
 * validated on every read. Without a stored language, the browser's languages pick one.
 */
export const readPreferences = (): ConsolePreferences => {
  const raw = readJson(localStore, storageKeys.preferences);
  if (raw === undefined) {
    const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
    return { language: matchLocale(preferred), appearanceMode: 'system' };
  }
  return parseConsolePreferences(raw);
};

const listeners = new Set<() => void>();

const write = (patch: Partial<ConsolePreferences>) => {
  const next = { ...readPreferences(), ...patch };
  localStore.setItem(storageKeys.preferences, JSON.stringify(next));
  for (const listener of listeners) {
    listener();
  }
};

export const storeLanguage = (language: SupportedLocale) => write({ language });
export const storeAppearanceMode = (appearanceMode: AppearanceMode) => write({ appearanceMode });

export const subscribePreferences = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
