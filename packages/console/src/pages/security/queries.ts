import type { captchaProviderSchema, SignInExperience, SignInExperiencePatch } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { isConsoleError } from '../../lib/errors.js';
import { signInExperienceQueryKey } from '../sign-in-experience/queries.js';

export { useSignInExperience } from '../sign-in-experience/queries.js';

export type CaptchaProvider = z.infer<typeof captchaProviderSchema>;

export const captchaProviderQueryKey = ['captcha-provider'] as const;

/** Saves parts of the sign-in experience outside a form (each part given replaces the stored one). */
export const useSignInExperiencePatch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SignInExperiencePatch) => api.patch<SignInExperience>('sign-in-exp', patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(signInExperienceQueryKey, saved);
      notifications.show({ color: 'teal', message: i18next.t('general.saved') });
    },
  });
};

/** The captcha provider, or null when none is set (the API answers 404). */
export const useCaptchaProvider = () =>
  useQuery({
    queryKey: captchaProviderQueryKey,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<CaptchaProvider>('captcha-provider', undefined, { signal });
      } catch (error) {
        if (isConsoleError(error) && error.status === 404) {
          return null;
        }
        throw error;
      }
    },
  });
