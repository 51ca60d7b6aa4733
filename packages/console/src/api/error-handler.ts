import { notifications } from '@mantine/notifications';
import i18next from 'i18next';

import { signInAgain, signOut } from '../auth/session.js';
import { openAlert } from '../components/dialogs.js';
import { errorOutcome, isConsoleError, type ErrorText } from '../lib/errors.js';

export const errorText = (message: ErrorText): string =>
  'text' in message ? message.text : i18next.t(message.key, 'values' in message ? message.values : {});

export const showErrorToast = (message: string) => {
  notifications.show({ color: 'red', message, autoClose: 6000, style: { whiteSpace: 'pre-line' } });
};

let alerting = false;

/**
 * Carries out what the error catalogue (spec §8, lib/errors.ts) says about a failed call.
 * `ignoreCodes` are codes the caller shows itself. Errors that are not the data layer's (a bug)
 * are left to the caller and the error boundary.
 */
export const handleApiError = (error: unknown, ignoreCodes: readonly string[] = []) => {
  if (!isConsoleError(error)) {
    return;
  }
  const outcome = errorOutcome(error.problem, ignoreCodes);
  switch (outcome.action) {
    case 'ignore':
      return;
    case 'sign-in':
      void signInAgain();
      return;
    case 'sign-out':
      void signOut();
      return;
    case 'alert-then-sign-out':
      if (!alerting) {
        alerting = true;
        openAlert({
          message: outcome.message,
          onClose: () => {
            alerting = false;
            void signOut();
          },
        });
      }
      return;
    case 'toast':
      showErrorToast(errorText(outcome.message));
  }
};
