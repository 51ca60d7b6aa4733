import { Group, Text } from '@mantine/core';
import { sentinelPolicySchema, type SignInExperience } from '@gatehouse/schemas';
import { useTranslation } from 'react-i18next';

import { FormSection, NumberField, SaveForm } from '../../components/form.js';
import { splitMinutes } from '../../lib/security.js';
import { useSignInExperiencePartForm } from './part-form.js';

const limits = [
  ['maxAttempts', 'security.general.max_attempts', 'security.general.max_attempts_hint', 100],
  ['lockoutDuration', 'security.general.lockout', 'security.general.lockout_hint', 1440],
] as const;

/** `security/general`: lockout after repeated failures (`sentinelPolicy`). */
export const GeneralTab = ({ experience }: { experience: SignInExperience }) => {
  const { t } = useTranslation();
  const { form, formProps } = useSignInExperiencePartForm(experience, 'sentinelPolicy', sentinelPolicySchema);
  const duration = form.watch('lockoutDuration');
  const split = typeof duration === 'number' && duration > 0 ? splitMinutes(duration) : undefined;

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
        {split && (
          <Text size="sm" c="dimmed">
            {t('security.general.lockout_summary', { hours: split.hours, minutes: split.minutes })}
          </Text>
        )}
      </FormSection>
    </SaveForm>
  );
};
