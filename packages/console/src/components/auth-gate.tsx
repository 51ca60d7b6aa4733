import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

import { useConsole } from '../app-context.js';
import { ensureSession, signOut, type SessionState } from '../auth/session.js';
import { ErrorPanel, ErrorView } from './error-panel.js';
import { LoadingScreen } from './loading-screen.js';
import { PreferencesSync } from './preferences-sync.js';

/**
 * Shows its children only with a usable session (spec "Sign-in behaviour"): an unauthenticated
 * visitor is sent to sign in, the location saved; on a fresh install, to the welcome screen.
 */
export const AuthGate = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const { config } = useConsole();
  const [state, setState] = useState<SessionState | 'checking'>('checking');
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    if (config.firstAdminNeeded) {
      return;
    }
    let active = true;
    ensureSession().then(
      (next) => active && setState(next),
      (failure: unknown) => active && setError(failure),
    );
    return () => {
      active = false;
    };
  }, [config.firstAdminNeeded]);

  if (config.firstAdminNeeded) {
    return <Navigate to="/welcome" replace />;
  }
  if (error) {
    return <ErrorView error={error} />;
  }
  if (state === 'no-access') {
    return (
      <ErrorPanel
        title={t('auth.no_access_title')}
        message={t('auth.no_access_description')}
        onRetry={() => void signOut()}
        retryLabel={t('user_menu.sign_out')}
      />
    );
  }
  if (state !== 'ready') {
    return <LoadingScreen />;
  }
  return (
    <>
      <PreferencesSync />
      {children}
    </>
  );
};
