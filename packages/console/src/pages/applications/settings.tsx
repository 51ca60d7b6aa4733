import { NumberInput, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import {
  applicationPatchSchema,
  checkApplicationRules,
  tokenTtl,
  type Application,
  type ApplicationPatch,
  type RuleIssue,
} from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useMemo } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { FormError, FormFooter, FormSection } from '../../components/form.js';
import { UriListField } from '../../components/uri-list-field.js';
import { emptyToNull, schemaResolver, useServerErrors } from '../../lib/forms.js';
import { applicationQueryKey } from './query-keys.js';
import { ApplicationSecrets } from './secrets.js';
import { confidentialTypes, userFacingTypes } from './types.js';

const ruleMessage = (issue: RuleIssue, type: Application['type']): string => {
  switch (issue.code) {
    case 'invalid_uri':
      return i18next.t(type === 'Native' ? 'validation.redirect_uri_native' : 'validation.redirect_uri_web');
    case 'duplicate':
      return i18next.t('validation.duplicate_uri');
    default:
      return issue.message;
  }
};

/**
 * The PATCH schema, plus the type-dependent rules of the schemas package (redirect URI forms per
 * type, duplicates), checked on the values as they would be stored.
 */
const settingsSchema = (application: Application) =>
  applicationPatchSchema.superRefine((value, context) => {
    const issues = checkApplicationRules({
      type: application.type,
      oidcClientMetadata: { ...application.oidcClientMetadata, ...value.oidcClientMetadata },
      customClientMetadata: { ...application.customClientMetadata, ...value.customClientMetadata },
      protectedAppMetadata: application.protectedAppMetadata,
      isThirdParty: application.isThirdParty,
    });
    for (const issue of issues) {
      context.addIssue({
        code: 'custom',
        path: issue.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        message: ruleMessage(issue, application.type),
      });
    }
  });

type SettingsForm = z.input<typeof applicationPatchSchema>;

const formValues = (application: Application): SettingsForm => {
  const base = { name: application.name, description: application.description };
  if (!userFacingTypes.includes(application.type)) {
    return base;
  }
  const custom = application.customClientMetadata;
  return {
    ...base,
    oidcClientMetadata: {
      redirectUris: application.oidcClientMetadata.redirectUris,
      postLogoutRedirectUris: application.oidcClientMetadata.postLogoutRedirectUris,
    },
    customClientMetadata: {
      corsAllowedOrigins: custom.corsAllowedOrigins ?? [],
      idTokenTtl: custom.idTokenTtl,
      refreshTokenTtlInDays: custom.refreshTokenTtlInDays,
      alwaysIssueRefreshToken: custom.alwaysIssueRefreshToken ?? false,
      rotateRefreshToken: custom.rotateRefreshToken ?? true,
    },
  };
};

/**
 * PATCH merges customClientMetadata: a cleared lifetime cannot be removed, so it is set back to the
 * default instead (README "Token lifetimes"); one never set stays unset.
 */
const patchBody = (application: Application, values: ApplicationPatch): ApplicationPatch => {
  const body: ApplicationPatch = { ...values };
  if (values.customClientMetadata) {
    const stored = application.customClientMetadata;
    const custom = { ...values.customClientMetadata };
    if (custom.idTokenTtl === undefined && stored.idTokenTtl !== undefined) {
      custom.idTokenTtl = tokenTtl.idToken;
    }
    if (custom.refreshTokenTtlInDays === undefined && stored.refreshTokenTtlInDays !== undefined) {
      custom.refreshTokenTtlInDays = tokenTtl.refreshTokenDays;
    }
    body.customClientMetadata = custom;
  }
  return body;
};

/** Messages of a list field: one per row, plus one for the list itself. */
const listErrors = (error: unknown) => {
  const node = error as (FieldError & Record<number, FieldError | undefined>) | undefined;
  if (!node) {
    return { rows: [], list: undefined };
  }
  const rows = Object.keys(node)
    .filter((key) => /^\d+$/.test(key))
    .reduce<Array<string | undefined>>((all, key) => {
      all[Number(key)] = node[Number(key)]?.message;
      return all;
    }, []);
  return { rows, list: node.message ?? node.root?.message };
};

export const ApplicationSettings = ({ application }: { application: Application }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const resolver = useMemo(() => schemaResolver(settingsSchema(application)), [application]);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<SettingsForm, unknown, ApplicationPatch>({ resolver, defaultValues: formValues(application) });
  const { formError, setFormError, handleServerError } = useServerErrors(setError, [
    'name',
    'description',
    'oidcClientMetadata',
    'customClientMetadata',
  ]);
  const save = useMutation({
    mutationFn: (values: ApplicationPatch) =>
      api.patch<Application>(`applications/${encodeURIComponent(application.id)}`, patchBody(application, values)),
    meta: { handlesErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(applicationQueryKey(application.id), saved);
      reset(formValues(saved));
      notifications.show({ color: 'teal', message: t('general.saved') });
    },
    onError: handleServerError,
  });
  const userFacing = userFacingTypes.includes(application.type);
  const redirectErrors = listErrors(errors.oidcClientMetadata?.redirectUris);
  const postLogoutErrors = listErrors(errors.oidcClientMetadata?.postLogoutRedirectUris);
  const corsErrors = listErrors(errors.customClientMetadata?.corsAllowedOrigins);
  const uriPlaceholder = application.type === 'Native' ? 'com.example.app://callback' : 'https://example.com/callback';

  return (
    <Stack>
      {confidentialTypes.includes(application.type) && <ApplicationSecrets application={application} />}
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          setFormError(undefined);
          save.mutate(values);
        })}
      >
        <Stack>
          <FormError message={formError} />
          <FormSection title={t('applications.section_general')}>
            <TextInput label={t('field.name')} required {...register('name')} error={errors.name?.message} />
            <Textarea
              label={t('field.description')}
              autosize
              minRows={2}
              {...register('description', { setValueAs: emptyToNull })}
              error={errors.description?.message}
            />
          </FormSection>
          {userFacing && (
            <FormSection title={t('applications.section_uris')} description={t('applications.section_uris_description')}>
              <Controller
                control={control}
                name="oidcClientMetadata.redirectUris"
                render={({ field }) => (
                  <UriListField
                    name={field.name}
                    label={t('applications.redirect_uris')}
                    description={t('applications.redirect_uris_hint')}
                    value={field.value ?? []}
                    onChange={field.onChange}
                    rowErrors={redirectErrors.rows}
                    error={redirectErrors.list}
                    placeholder={uriPlaceholder}
                  />
                )}
              />
              <Controller
                control={control}
                name="oidcClientMetadata.postLogoutRedirectUris"
                render={({ field }) => (
                  <UriListField
                    name={field.name}
                    label={t('applications.post_logout_uris')}
                    description={t('applications.post_logout_uris_hint')}
                    value={field.value ?? []}
                    onChange={field.onChange}
                    rowErrors={postLogoutErrors.rows}
                    error={postLogoutErrors.list}
                    placeholder={uriPlaceholder}
                  />
                )}
              />
              <Controller
                control={control}
                name="customClientMetadata.corsAllowedOrigins"
                render={({ field }) => (
                  <UriListField
                    name={field.name}
                    label={t('applications.cors_origins')}
                    description={t('applications.cors_origins_hint')}
                    value={field.value ?? []}
                    onChange={field.onChange}
                    rowErrors={corsErrors.rows}
                    error={corsErrors.list}
                    placeholder="https://example.com"
                  />
                )}
              />
            </FormSection>
          )}
          {userFacing && (
            <FormSection title={t('applications.section_tokens')} description={t('applications.section_tokens_description')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Controller
                  control={control}
                  name="customClientMetadata.idTokenTtl"
                  render={({ field }) => (
                    <NumberInput
                      label={t('applications.id_token_ttl')}
                      description={t('applications.id_token_ttl_hint', { default: tokenTtl.idToken })}
                      placeholder={String(tokenTtl.idToken)}
                      value={field.value ?? ''}
                      onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
                      onBlur={field.onBlur}
                      allowDecimal={false}
                      allowNegative={false}
                      error={errors.customClientMetadata?.idTokenTtl?.message}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="customClientMetadata.refreshTokenTtlInDays"
                  render={({ field }) => (
                    <NumberInput
                      label={t('applications.refresh_token_ttl')}
                      description={t('applications.refresh_token_ttl_hint', {
                        min: tokenTtl.minRefreshTokenDays,
                        max: tokenTtl.maxRefreshTokenDays,
                        default: tokenTtl.refreshTokenDays,
                      })}
                      placeholder={String(tokenTtl.refreshTokenDays)}
                      value={field.value ?? ''}
                      onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
                      onBlur={field.onBlur}
                      allowDecimal={false}
                      allowNegative={false}
                      error={errors.customClientMetadata?.refreshTokenTtlInDays?.message}
                    />
                  )}
                />
              </SimpleGrid>
              <Controller
                control={control}
                name="customClientMetadata.alwaysIssueRefreshToken"
                render={({ field }) => (
                  <Switch
                    checked={Boolean(field.value)}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    label={t('applications.always_issue_refresh_token')}
                    description={t('applications.always_issue_refresh_token_hint')}
                  />
                )}
              />
              <Controller
                control={control}
                name="customClientMetadata.rotateRefreshToken"
                render={({ field }) => (
                  <Switch
                    checked={field.value !== false}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    label={t('applications.rotate_refresh_token')}
                    description={t('applications.rotate_refresh_token_hint')}
                  />
                )}
              />
            </FormSection>
          )}
          <FormFooter dirty={isDirty} submitting={save.isPending} onDiscard={() => reset(formValues(application))} />
        </Stack>
      </form>
    </Stack>
  );
};
