import { Group, Text } from '@mantine/core';
import { sentinelPolicySchema, type SignInExperience } from '@gatehouse/schemas';
import { useTranslation } from 'react-i18next';

import { FormSection, NumberField, SaveForm } from '../../components/form.js';
import { formatMinutes } from '../../lib/security.js';
import { useSignInExperiencePartForm } from './part-form.js';

const limits = [
  ['maxAttempts', 'security.general.max_attempts', 'security.general.max_attempts_hint', 100],
  ['lockoutDuration', 'security.general.lockout', 'security.general.lockout_hint', 1440],
] as const;

/** `security/general`: lockout after repeated failures (`sentinelPolicy`). */
export const GeneralTab = ({ experience }: { experience: SignInExperience }) => {
  const { t, i18n } = useTranslation();
  const { form, formProps } = useSignInExperiencePartForm(experience, 'sentinelPolicy', sentinelPolicySchema);
  const duration = form.watch('lockoutDuration');
  // Only for a duration the policy accepts: an out-of-range one has its error instead.
  const accepted = sentinelPolicySchema.shape.lockoutDuration.unwrap().safeParse(duration);
  const summary = accepted.success ? formatMinutes(accepted.data, i18n.language) : undefined;

  return (
    <SaveForm {...formProps}>
      <FormSection title={t('security.general.title')} description={t('security.general.description')}>
        <Group align="flex-start">
          {limits.map(([name, label, hint, max]) => (
            <NumberField
              key={name}
              control={form.control}
              name={name}
              label={t(label)}
              description={t(hint)}
              allowDecimal={false}
              allowNegative={false}
              min={1}
              max={max}
              clampBehavior="none"
              w={260}
            />
          ))}
        </Group>
        {summary && (
          <Text size="sm" c="dimmed">
            {t('security.general.lockout_summary', { duration: summary })}
          </Text>
        )}
      </FormSection>
    </SaveForm>
  );
};
