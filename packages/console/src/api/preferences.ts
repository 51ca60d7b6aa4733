import { parseConsolePreferences, type ConsolePreferences } from '../lib/preferences.js';
import { readPreferences } from '../lib/preferences-store.js';
import { api } from './client.js';

/** Where the console keeps its preferences in the signed-in user's custom data (`/api/me/custom-data`). */
export const preferencesKey = 'adminConsole';

/** The stored record as last read, so that saving keeps the flags this build does not know. */
let remote: Record<string, unknown> = {};

/**
 * The preferences stored with the account: undefined when there are none yet; when the stored
 * record is invalid, the defaults (en and this browser's appearance mode, spec §5).
 */
export const fetchAccountPreferences = async (): Promise<ConsolePreferences | undefined> => {
  const customData = await api.get<Record<string, unknown>>('me/custom-data');
  const raw = customData[preferencesKey];
  if (raw === undefined) {
    return undefined;
  }
  remote = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return parseConsolePreferences(raw, readPreferences().appearanceMode);
};

/** Writes this browser's language and appearance to the account (merged into the stored record). */
export const saveAccountPreferences = async () => {
  const { language, appearanceMode } = readPreferences();
  remote = { ...remote, language, appearanceMode };
  await api.patch('me/custom-data', { [preferencesKey]: remote });
};
