import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';

import { handleApiError } from '../api/error-handler.js';
import { fetchAccountPreferences, saveAccountPreferences } from '../api/preferences.js';
import { activateLanguage } from '../lib/i18n.js';
import { readPreferences, storeLanguage, subscribePreferences } from '../lib/preferences-store.js';

/**
 * Keeps the console preferences of the account (custom data) and of this browser (local storage)
 * together: on sign-in the account's win; a change made here is written to both.
 */
export const PreferencesSync = () => {
  const { setColorScheme } = useMantineColorScheme();
  // Read through a ref: the effect runs once per session, whatever the scheme context does.
  const applyScheme = useRef(setColorScheme);
  applyScheme.current = setColorScheme;
  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    const start = async () => {
      try {
        const account = await fetchAccountPreferences();
        if (!active) {
          return;
        }
        const local = readPreferences();
        if (!account) {
          await saveAccountPreferences();
        } else {
          if (account.language !== local.language) {
            storeLanguage(account.language);
            await activateLanguage(account.language);
          }
          if (account.appearanceMode !== local.appearanceMode) {
            applyScheme.current(account.appearanceMode === 'system' ? 'auto' : account.appearanceMode);
          }
        }
      } catch (error) {
        handleApiError(error);
      }
      if (active) {
        unsubscribe = subscribePreferences(() => {
          saveAccountPreferences().catch(handleApiError);
        });
      }
    };
    void start();
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, []);
  return null;
};
