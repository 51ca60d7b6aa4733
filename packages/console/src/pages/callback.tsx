import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { clearTokens, completeSignIn, startSignIn } from '../auth/session.js';
import { ErrorPanel } from '../components/error-panel.js';
import { LoadingScreen } from '../components/loading-screen.js';

/**
 * /callback: finishes the sign-in and goes to the saved location, or /. On failure (state lost,
 * access denied at the provider) the tokens are cleared and a new sign-in is offered.
 */
export const CallbackPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    completeSignIn().then(
      (path) => navigate(path, { replace: true }),
      async (failure: unknown) => {
        await clearTokens().catch(() => undefined);
        setError(failure);
      },
    );
  }, [navigate]);

  if (error) {
    const description =
      typeof error === 'object' && error !== null && 'error_description' in error && typeof error.error_description === 'string'
        ? error.error_description
        : error instanceof Error
          ? error.message
          : undefined;
    return (
      <ErrorPanel
        title={t('auth.callback_failed')}
        {...(description ? { message: description } : {})}
        onRetry={() => void startSignIn()}
        retryLabel={t('auth.sign_in_again')}
      />
    );
  }
  return <LoadingScreen />;
};
