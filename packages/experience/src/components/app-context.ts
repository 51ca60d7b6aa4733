import type { ExperienceConfig } from '@gatehouse/schemas';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

import type { Locale } from '../lib/language.js';

export type AppState = {
  config: ExperienceConfig;
  language: Locale;
  setLanguage: (language: Locale) => void;
  /** The dark theme is on (dark logos and icons then). */
  dark: boolean;
};

export const AppContext = createContext<AppState | undefined>(undefined);

export const useApp = (): AppState => {
  const state = useContext(AppContext);
  if (!state) {
    throw new Error('useApp outside AppContext');
  }
  return state;
};
