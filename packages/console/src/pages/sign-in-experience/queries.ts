import type { CustomProfileField, SignInExperience } from '@gatehouse/schemas';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../api/client.js';

export type CustomPhrase = { languageTag: string; translation: Record<string, string> };

export const signInExperienceQueryKey = ['sign-in-exp'] as const;
export const customProfileFieldsQueryKey = ['custom-profile-fields'] as const;
export const customPhrasesQueryKey = ['custom-phrases'] as const;

export const useSignInExperience = () =>
  useQuery({ queryKey: signInExperienceQueryKey, queryFn: ({ signal }) => api.get<SignInExperience>('sign-in-exp', undefined, { signal }) });

/** In form order (sieOrder). */
export const useCustomProfileFields = () =>
  useQuery({
    queryKey: customProfileFieldsQueryKey,
    queryFn: ({ signal }) => api.get<CustomProfileField[]>('custom-profile-fields', undefined, { signal }),
  });

export const useCustomPhrases = () =>
  useQuery({ queryKey: customPhrasesQueryKey, queryFn: ({ signal }) => api.get<CustomPhrase[]>('custom-phrases', undefined, { signal }) });
