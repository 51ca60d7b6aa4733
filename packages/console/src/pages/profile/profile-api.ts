import { useOutletContext } from 'react-router';

import { errorText, handleApiError, showErrorToast } from '../../api/error-handler.js';
import { openAlert } from '../../components/dialogs.js';
import { profileErrorOutcome } from '../../lib/profile.js';

export { meQueryKey, useMe } from '../../api/me.js';

/** Spec §8 "Profile update": a 422 in an alert with Got it, others in a toast, a 401 to the usual handling. */
export const handleProfileError = (error: unknown) => {
  const outcome = profileErrorOutcome(error);
  switch (outcome.action) {
    case 'alert':
      openAlert({ message: outcome.message });
      return;
    case 'toast':
      showErrorToast(errorText(outcome.message));
      return;
    case 'rethrow':
      handleApiError(error);
  }
};

/**
 * What the profile pages hand each other, kept in memory only: the password just confirmed (the
 * change needs it), the address a code was just sent to.
 */
export type ProfileFlow = {
  verifiedPassword: string | undefined;
  setVerifiedPassword: (password: string | undefined) => void;
  pendingEmail: string | undefined;
  setPendingEmail: (email: string | undefined) => void;
};

export const useProfileFlow = () => useOutletContext<ProfileFlow>();
