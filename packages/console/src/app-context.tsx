import type { User } from 'oidc-client-ts';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

import type { ConsoleConfig } from './api/console-config.js';
import { getUser, subscribeUser } from './auth/session.js';

type ConsoleContextValue = {
  config: ConsoleConfig;
  /** After the first administrator is created, the welcome screen is gone for good. */
  markFirstAdminCreated: () => void;
};

const ConsoleContext = createContext<ConsoleContextValue | undefined>(undefined);

export const ConsoleProvider = ({ config: initial, children }: { config: ConsoleConfig; children: ReactNode }) => {
  const [config, setConfig] = useState(initial);
  return (
    <ConsoleContext.Provider value={{ config, markFirstAdminCreated: () => setConfig((current) => ({ ...current, firstAdminNeeded: false })) }}>
      {children}
    </ConsoleContext.Provider>
  );
};

export const useConsole = () => {
  const value = useContext(ConsoleContext);
  if (!value) {
    throw new Error('useConsole outside ConsoleProvider');
  }
  return value;
};

/** The signed-in console user (from the ID token), kept current across token refreshes. */
export const useCurrentUser = () => {
  const [user, setUser] = useState<User | null>(null);
  useEffect(() => {
    let active = true;
    void getUser().then((current) => active && setUser(current));
    const unsubscribe = subscribeUser((next) => setUser(next));
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);
  return user;
};
