import type { SignInExperience } from '@gatehouse/schemas';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { useSaveForm } from '../../components/form.js';
import { schemaResolver } from '../../lib/forms.js';
import { signInExperienceQueryKey } from '../sign-in-experience/queries.js';

/** The parts of the sign-in experience that a security tab edits as a form of its own. */
export type SecurityPart = 'passwordPolicy' | 'emailBlocklistPolicy' | 'sentinelPolicy';

/**
 * One part of the sign-in experience as a settings form, validated with the part's schema and
 * saved alone (the PATCH carries only this part). `formProps` go to `SaveForm`.
 */
export const useSignInExperiencePartForm = <K extends SecurityPart, Input extends FieldValues>(
  experience: SignInExperience,
  part: K,
  schema: z.ZodType<SignInExperience[K], Input>,
) => {
  const queryClient = useQueryClient();
  return useSaveForm({
    resolver: schemaResolver(schema),
    entity: experience,
    toValues: (saved) => saved[part] as unknown as Input,
    fields: [part],
    save: (value) => api.patch<SignInExperience>('sign-in-exp', { [part]: value }),
    onSaved: (saved) => queryClient.setQueryData(signInExperienceQueryKey, saved),
  });
};
