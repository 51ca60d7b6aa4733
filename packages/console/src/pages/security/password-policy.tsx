import { Alert, Button, Group, List, PasswordInput, SegmentedControl, Input, Stack, Text } from '@mantine/core';
import { passwordPolicyDefaults, passwordPolicySchema, type SignInExperience } from '@gatehouse/schemas';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { api } from '../../api/client.js';
import { FormSection, NumberField, SaveForm, SwitchField } from '../../components/form.js';
import { EntryListField } from './entry-list-field.js';
import { useSignInExperiencePartForm } from './part-form.js';

const wordSchema = passwordPolicySchema.shape.rejects.unwrap().shape.words.unwrap().element;

/** A whole number of the policy between its limits (out-of-range values are reported, not clamped). */
const lengthLimits = { allowDecimal: false, allowNegative: false, min: 1, max: passwordPolicyDefaults.maxLength, clampBehavior: 'none', w: 220 } as const;

type CheckResult = { result: boolean; issues: { code: string; message: string }[] };

/** Tries a password against the saved policy, with the server's own checker (breached passwords included). */
const PolicyTester = () => {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const check = useMutation({ mutationFn: (value: string) => api.post<CheckResult>('sign-in-exp/default/check-password', { password: value }) });
  return (
    <FormSection title={t('security.password.try_title')} description={t('security.password.try_description')}>
      <Group align="flex-end">
        <PasswordInput
          label={t('field.password')}
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            check.reset();
          }}
          autoComplete="off"
          w={320}
          maw="100%"
          maxLength={256}
        />
        <Button variant="light" disabled={!password} loading={check.isPending} onClick={() => check.mutate(password)}>
          {t('security.password.try_submit')}
        </Button>
      </Group>
      {check.data?.result === true && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {t('security.password.try_accepted')}
        </Alert>
      )}
      {check.data?.result === false && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('security.password.try_rejected')} role="status">
          <List size="sm">
            {check.data.issues.map((issue) => (
              <List.Item key={issue.code}>{issue.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </FormSection>
  );
};

/** `security/password-policy`: the sign-in experience's `passwordPolicy` (spec §5). */
export const PasswordPolicyTab = ({ experience }: { experience: SignInExperience }) => {
  const { t } = useTranslation();
  const {
    form: {
      control,
      formState: { errors },
    },
    formProps,
  } = useSignInExperiencePartForm(experience, 'passwordPolicy', passwordPolicySchema);

  return (
    <Stack>
      <SaveForm {...formProps}>
        <FormSection title={t('security.password.length_title')} description={t('security.password.length_description')}>
          <Group align="flex-start">
            <NumberField
              control={control}
              name="length.min"
              label={t('security.password.min_length')}
              description={t('security.password.min_length_hint', { value: passwordPolicyDefaults.minLength })}
              {...lengthLimits}
            />
            <NumberField
              control={control}
              name="length.max"
              label={t('security.password.max_length')}
              description={t('security.password.max_length_hint', { value: passwordPolicyDefaults.maxLength })}
              {...lengthLimits}
              error={errors.length?.max?.type === 'custom' ? t('security.password.min_over_max') : undefined}
            />
          </Group>
        </FormSection>
        <FormSection title={t('security.password.types_title')} description={t('security.password.types_description')}>
          <Controller
            control={control}
            name="characterTypes.min"
            render={({ field }) => (
              <Input.Wrapper label={t('security.password.types_label')} error={errors.characterTypes?.min?.message}>
                <div>
                  <SegmentedControl
                    mt={4}
                    value={String(field.value ?? passwordPolicyDefaults.minCharacterTypes)}
                    onChange={(value) => field.onChange(Number(value))}
                    data={['1', '2', '3', '4']}
                    aria-label={t('security.password.types_label')}
                  />
                </div>
              </Input.Wrapper>
            )}
          />
        </FormSection>
        <FormSection title={t('security.password.rejects_title')} description={t('security.password.rejects_description')}>
          {(
            [
              ['rejects.pwned', 'security.password.pwned', 'security.password.pwned_hint'],
              ['rejects.repetitionAndSequence', 'security.password.sequence', 'security.password.sequence_hint'],
              ['rejects.userInfo', 'security.password.user_info', 'security.password.user_info_hint'],
            ] as const
          ).map(([name, label, hint]) => (
            <SwitchField key={name} control={control} name={name} label={t(label)} description={t(hint)} />
          ))}
          <EntryListField
            control={control}
            name="rejects.words"
            entrySchema={wordSchema}
            invalidMessage={(word) => t('security.password.words_invalid', { word })}
            label={t('security.password.words')}
            description={t('security.password.words_hint')}
            splitChars={[',', ' ', '\n']}
          />
          <Text size="xs" c="dimmed">
            {t('security.password.restricted_note')}
          </Text>
        </FormSection>
      </SaveForm>
      <PolicyTester />
    </Stack>
  );
};
