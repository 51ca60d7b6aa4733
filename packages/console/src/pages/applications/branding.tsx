import { Badge, ColorInput, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { applicationSignInExperienceInputSchema, type Application, type ApplicationSignInExperience } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { confirm } from '../../components/dialogs.js';
import { DeleteSection, FormSection, OptionalTextField, SaveForm, useSaveForm } from '../../components/form.js';
import { PageLoading } from '../../components/loading-screen.js';
import { InlineError } from '../../components/query-state.js';
import { isConsoleError } from '../../lib/errors.js';
import { emptyToNull, emptyToUndefined, schemaResolver } from '../../lib/forms.js';

type BrandingForm = z.input<typeof applicationSignInExperienceInputSchema>;

const brandingKey = (id: string) => ['applications', 'detail', id, 'sign-in-experience'] as const;

const formValues = (stored: ApplicationSignInExperience | null): BrandingForm => ({
  displayName: stored?.displayName ?? null,
  color: { primaryColor: stored?.color.primaryColor, darkPrimaryColor: stored?.color.darkPrimaryColor },
  branding: { logoUrl: stored?.branding.logoUrl, darkLogoUrl: stored?.branding.darkLogoUrl },
  termsOfUseUrl: stored?.termsOfUseUrl ?? null,
  privacyPolicyUrl: stored?.privacyPolicyUrl ?? null,
});

const resolver = schemaResolver(applicationSignInExperienceInputSchema);

/** Which colour field, and the one message a colour can fail with. */
const ColorField = ({ control, name, label }: { control: Control<BrandingForm>; name: 'color.primaryColor' | 'color.darkPrimaryColor'; label: string }) => {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ColorInput
          label={label}
          format="hex"
          fixOnBlur={false}
          placeholder="#1A73E8"
          value={field.value ?? ''}
          onChange={(value) => field.onChange(emptyToUndefined(value))}
          onBlur={field.onBlur}
          error={fieldState.error && t('app_branding.invalid_color')}
        />
      )}
    />
  );
};

/**
 * `applications/{id}/branding`: the app's own display name, logos, colours and legal links on the
 * hosted pages (`/applications/{id}/sign-in-experience`); empty fields keep the tenant's.
 */
export const ApplicationBranding = ({ application }: { application: Application }) => {
  const queryClient = useQueryClient();
  const path = `applications/${encodeURIComponent(application.id)}/sign-in-experience`;
  const stored = useQuery({
    queryKey: brandingKey(application.id),
    // No overrides is a 404: that is the empty form, not an error.
    queryFn: async ({ signal }) => {
      try {
        return await api.get<ApplicationSignInExperience>(path, undefined, { signal });
      } catch (error) {
        if (isConsoleError(error) && error.status === 404) {
          return null;
        }
        throw error;
      }
    },
  });
  if (stored.error) {
    return <InlineError error={stored.error} onRetry={() => void stored.refetch()} />;
  }
  if (stored.data === undefined) {
    return <PageLoading />;
  }
  return <BrandingEditor application={application} stored={stored.data} path={path} onSaved={(saved) => queryClient.setQueryData(brandingKey(application.id), saved)} />;
};

const BrandingEditor = ({
  application,
  stored,
  path,
  onSaved,
}: {
  application: Application;
  stored: ApplicationSignInExperience | null;
  path: string;
  onSaved: (saved: ApplicationSignInExperience | null) => void;
}) => {
  const { t } = useTranslation();
  const { form, formProps } = useSaveForm({
    resolver,
    entity: stored,
    toValues: formValues,
    fields: ['displayName', 'color', 'branding', 'termsOfUseUrl', 'privacyPolicyUrl'],
    save: (values) => api.put<ApplicationSignInExperience>(path, values),
    onSaved,
  });
  const { control, register } = form;
  const errors = form.formState.errors;
  const remove = useMutation({
    mutationFn: () => api.delete(path),
    onSuccess: () => {
      onSaved(null);
      form.reset(formValues(null));
      notifications.show({ color: 'teal', message: t('app_branding.removed') });
    },
  });
  const askRemove = async () => {
    if (
      await confirm({
        title: t('app_branding.reset'),
        message: t('app_branding.reset_message', { name: application.name }),
        confirmLabel: t('general.remove'),
        danger: true,
      })
    ) {
      remove.mutate();
    }
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" maw={720}>
          {t('app_branding.description')}
        </Text>
        <Badge variant="light" color={stored ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
          {stored ? t('app_branding.custom') : t('app_branding.inherited')}
        </Badge>
      </Group>
      <SaveForm {...formProps}>
        <FormSection title={t('app_branding.section_identity')}>
          <TextInput
            label={t('app_branding.display_name')}
            description={t('app_branding.display_name_hint')}
            placeholder={application.name}
            {...register('displayName', { setValueAs: emptyToNull })}
            error={errors.displayName?.message}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <OptionalTextField control={control} name="branding.logoUrl" label={t('app_branding.logo_url')} placeholder="https://example.com/logo.svg" />
            <OptionalTextField
              control={control}
              name="branding.darkLogoUrl"
              label={t('app_branding.dark_logo_url')}
              placeholder="https://example.com/logo-dark.svg"
            />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('app_branding.section_colors')} description={t('app_branding.dark_hint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ColorField control={control} name="color.primaryColor" label={t('app_branding.primary_color')} />
            <ColorField control={control} name="color.darkPrimaryColor" label={t('app_branding.dark_primary_color')} />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('app_branding.section_links')} description={t('app_branding.links_hint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('app_branding.terms_url')}
              placeholder="https://example.com/terms"
              {...register('termsOfUseUrl', { setValueAs: emptyToNull })}
              error={errors.termsOfUseUrl?.message}
            />
            <TextInput
              label={t('app_branding.privacy_url')}
              placeholder="https://example.com/privacy"
              {...register('privacyPolicyUrl', { setValueAs: emptyToNull })}
              error={errors.privacyPolicyUrl?.message}
            />
          </SimpleGrid>
        </FormSection>
      </SaveForm>
      {stored && (
        <DeleteSection
          title={t('app_branding.reset')}
          description={t('app_branding.reset_description')}
          actionLabel={t('general.remove')}
          onDelete={() => void askRemove()}
          deleting={remove.isPending}
        />
      )}
    </Stack>
  );
};
