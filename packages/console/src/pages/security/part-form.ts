import type { SignInExperience } from '@gatehouse/schemas';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { useSaveForm } from '../../components/form.js';
import { schemaResolver } from '../../lib/forms.js';
import { mergeEdits } from '../sign-in-experience/draft.js';
import { signInExperienceQueryKey } from '../sign-in-experience/queries.js';

/** The parts of the sign-in experience that a security tab edits as a form of its own. */
export type SecurityPart = 'passwordPolicy' | 'emailBlocklistPolicy' | 'sentinelPolicy';

/**
 * One part of the sign-in experience as a settings form, validated with the part's schema and
 * saved alone (the PATCH carries only this part, with the edits merged onto the stored part, so
 * that another tab's save to it is kept). `formProps` go to `SaveForm`.
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
    save: async (value, loaded) => {
      // The part replaces the stored one: merge the edits onto what the server holds now.
      const latest = await api.get<SignInExperience>('sign-in-exp');
      return api.patch<SignInExperience>('sign-in-exp', { [part]: mergeEdits(loaded, value, latest[part]) });
    },
    onSaved: (saved) => queryClient.setQueryData(signInExperienceQueryKey, saved),
  });
};
