import { Alert, Badge, Button, Card, Group, List, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { captchaProviderConfigSchema, type CaptchaProviderConfig, type SignInExperience } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { api } from '../../api/client.js';
import { useConsole } from '../../app-context.js';
import { CopyBox } from '../../components/copy-box.js';
import { FormError, FormFooter, FormSection } from '../../components/form.js';
import { UnsavedChangesGuard } from '../../components/unsaved-changes.js';
import { InlineError } from '../../components/query-state.js';
import { schemaResolver, useServerErrors } from '../../lib/forms.js';
import { captchaGuideOf, captchaProviderNames, type CaptchaType } from '../../lib/security.js';
import { captchaProviderQueryKey, type CaptchaProvider, useCaptchaProvider, useSignInExperiencePatch } from './queries.js';

type ProviderForm = { type: CaptchaType; siteKey: string; secretKey: string; projectId?: string };

const emptyProvider = (type: CaptchaType): ProviderForm => ({ type, siteKey: '', secretKey: '', ...(type === 'RecaptchaEnterprise' ? { projectId: '' } : {}) });

/** Sets the captcha provider (`PUT /api/captcha-provider`); editing, the masked secret is kept unless replaced. */
export const CaptchaProviderForm = ({ type, provider, onSaved }: { type: CaptchaType; provider?: CaptchaProvider; onSaved: (saved: CaptchaProvider) => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const initial: ProviderForm = provider ? { ...emptyProvider(type), ...provider.config, type } : emptyProvider(type);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProviderForm, unknown, CaptchaProviderConfig>({ resolver: schemaResolver(captchaProviderConfigSchema) as never, defaultValues: initial });
  const { formError, setFormError, handleServerError } = useServerErrors(setError, ['siteKey', 'secretKey', 'projectId']);
  const save = useMutation({
    mutationFn: (config: CaptchaProviderConfig) => api.put<CaptchaProvider>('captcha-provider', config),
    meta: { handlesErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(captchaProviderQueryKey, saved);
      notifications.show({ color: 'teal', message: t('general.saved') });
      reset({ ...emptyProvider(type), ...saved.config, type });
      onSaved(saved);
    },
    onError: handleServerError,
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit((config) => {
        setFormError(undefined);
        save.mutate(config);
      })}
    >
      <Stack>
        <UnsavedChangesGuard dirty={Boolean(provider) && isDirty} />
        <FormError message={formError} />
        <FormSection title={t('security.captcha.keys_title')} description={captchaProviderNames[type]}>
          <TextInput label={t('security.captcha.site_key')} required {...register('siteKey')} error={errors.siteKey?.message} dir="ltr" />
          <PasswordInput
            label={t('security.captcha.secret_key')}
            description={provider ? t('security.captcha.secret_key_kept') : undefined}
            required
            autoComplete="new-password"
            {...register('secretKey')}
            error={errors.secretKey?.message}
            dir="ltr"
          />
          {type === 'RecaptchaEnterprise' && (
            <TextInput label={t('security.captcha.project_id')} required {...register('projectId')} error={errors.projectId?.message} dir="ltr" />
          )}
        </FormSection>
        {provider ? (
          <FormFooter dirty={isDirty} submitting={save.isPending} onDiscard={() => reset(initial)} />
        ) : (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('security.captcha.save_provider')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
};

/** How to get the keys of a provider, with the host name of this tenant's sign-in pages. */
export const CaptchaGuideSteps = ({ type }: { type: CaptchaType }) => {
  const { t } = useTranslation();
  const { config } = useConsole();
  const host = new URL(config.tenantEndpoint).hostname;
  const steps = (type === 'Turnstile' ? t('security.captcha.guide_turnstile', { host }) : t('security.captcha.guide_recaptcha', { host })).split('\n');
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('security.captcha.guide_title', { name: captchaProviderNames[type] })}
      </Title>
      <List type="ordered" spacing="xs" size="sm">
        {steps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      <Group gap="xs" mt="md" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('security.captcha.domain')}
        </Text>
        <CopyBox value={host} />
      </Group>
    </Card>
  );
};

/** `security/captcha`: the provider (set up or open its details) and whether flows require a captcha. */
export const CaptchaTab = ({ experience }: { experience: SignInExperience }) => {
  const { t } = useTranslation();
  const provider = useCaptchaProvider();
  const toggle = useSignInExperiencePatch();
  if (provider.error) {
    return <InlineError error={provider.error} onRetry={() => void provider.refetch()} />;
  }
  const current = provider.data;
  return (
    <Stack>
      <FormSection title={t('security.captcha.provider_title')} description={t('security.captcha.provider_description')}>
        {current ? (
          <Card withBorder radius="md" padding="md">
            <Group justify="space-between" wrap="nowrap">
              <Group wrap="nowrap">
                <IconShieldCheck size={28} color="var(--mantine-color-teal-6)" />
                <div>
                  <Text fw={600}>{captchaProviderNames[current.config.type]}</Text>
                  <Text size="xs" c="dimmed" ff="monospace" dir="ltr">
                    {current.config.siteKey}
                  </Text>
                </div>
              </Group>
              <Button component={Link} to="/security/captcha/details" variant="light">
                {t('security.captcha.open_details')}
              </Button>
            </Group>
          </Card>
        ) : provider.isPending ? null : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['Turnstile', 'RecaptchaEnterprise'] as const).map((type) => (
              <Card key={type} withBorder radius="md" padding="md">
                <Stack gap="xs" h="100%">
                  <Text fw={600}>{captchaProviderNames[type]}</Text>
                  <Text size="sm" c="dimmed">
                    {type === 'Turnstile' ? t('security.captcha.turnstile_description') : t('security.captcha.recaptcha_description')}
                  </Text>
                  <Button component={Link} to={`/security/captcha/guide/${captchaGuideOf(type)}`} variant="light" mt="auto" w="fit-content">
                    {t('security.captcha.set_up')}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </FormSection>
      <FormSection title={t('security.captcha.policy_title')} description={t('security.captcha.policy_description')}>
        <Switch
          label={t('security.captcha.require')}
          checked={experience.captchaPolicy.enabled}
          disabled={toggle.isPending || (!current && !experience.captchaPolicy.enabled)}
          onChange={(event) => toggle.mutate({ captchaPolicy: { enabled: event.currentTarget.checked } })}
        />
        {!current && (
          <Alert color={experience.captchaPolicy.enabled ? 'yellow' : 'gray'} icon={<IconInfoCircle size={18} />}>
            {t('security.captcha.needs_provider')}
          </Alert>
        )}
        {current && experience.captchaPolicy.enabled && (
          <Badge color="teal" variant="light" w="fit-content">
            {t('security.captcha.active')}
          </Badge>
        )}
      </FormSection>
    </Stack>
  );
};
