import { SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import {
  applicationPatchSchema,
  checkApplicationRules,
  tokenTtl,
  type Application,
  type ApplicationPatch,
  type RuleIssue,
} from '@gatehouse/schemas';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useMemo } from 'react';
import { Controller, type Control, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { FormSection, NumberField, SaveForm, SwitchField, useSaveForm } from '../../components/form.js';
import { UriListField } from '../../components/uri-list-field.js';
import { emptyToNull, schemaResolver } from '../../lib/forms.js';
import { localizeMessage } from '../../lib/validation-messages.js';
import { applicationQueryKey } from './query-keys.js';
import { ApplicationSecrets } from './secrets.js';
import { confidentialTypes, userFacingTypes } from './types.js';

/** A rule's message (one of the schemas' messages) in the console's language. */
const ruleMessage = (issue: RuleIssue): string =>
  localizeMessage(issue.message, (key, values) => i18next.t(key, values ?? {}));

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
        message: ruleMessage(issue),
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
      // Sent as '' when cleared: the server merges this object and removes an empty URI.
      backchannelLogoutUri: application.oidcClientMetadata.backchannelLogoutUri ?? '',
      backchannelLogoutSessionRequired: application.oidcClientMetadata.backchannelLogoutSessionRequired ?? false,
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

/** A list of URIs bound to a form field, with a message per row and one for the list. */
const UriListControl = ({
  control,
  name,
  errors,
  ...props
}: {
  control: Control<SettingsForm, unknown, ApplicationPatch>;
  name: 'oidcClientMetadata.redirectUris' | 'oidcClientMetadata.postLogoutRedirectUris' | 'customClientMetadata.corsAllowedOrigins';
  label: string;
  description: string;
  errors: ReturnType<typeof listErrors>;
  placeholder: string;
}) => (
  <Controller
    control={control}
    name={name}
    render={({ field }) => <UriListField {...props} name={field.name} value={field.value ?? []} onChange={field.onChange} rowErrors={errors.rows} error={errors.list} />}
  />
);

export const ApplicationSettings = ({ application }: { application: Application }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const resolver = useMemo(() => schemaResolver(settingsSchema(application)), [application]);
  const { form, formProps } = useSaveForm({
    resolver,
    entity: application,
    toValues: formValues,
    fields: ['name', 'description', 'oidcClientMetadata', 'customClientMetadata'],
    save: (values) => api.patch<Application>(`applications/${encodeURIComponent(application.id)}`, patchBody(application, values)),
    onSaved: (saved) => queryClient.setQueryData(applicationQueryKey(application.id), saved),
  });
  const { control, register } = form;
  const errors = form.formState.errors;
  const userFacing = userFacingTypes.includes(application.type);
  const uriPlaceholder = application.type === 'Native' ? 'com.example.app://callback' : 'https://example.com/callback';
  const uriLists = [
    {
      name: 'oidcClientMetadata.redirectUris',
      label: t('applications.redirect_uris'),
      description: t('applications.redirect_uris_hint'),
      errors: listErrors(errors.oidcClientMetadata?.redirectUris),
      placeholder: uriPlaceholder,
    },
    {
      name: 'oidcClientMetadata.postLogoutRedirectUris',
      label: t('applications.post_logout_uris'),
      description: t('applications.post_logout_uris_hint'),
      errors: listErrors(errors.oidcClientMetadata?.postLogoutRedirectUris),
      placeholder: uriPlaceholder,
    },
    {
      name: 'customClientMetadata.corsAllowedOrigins',
      label: t('applications.cors_origins'),
      description: t('applications.cors_origins_hint'),
      errors: listErrors(errors.customClientMetadata?.corsAllowedOrigins),
      placeholder: 'https://example.com',
    },
  ] as const;

  return (
    <Stack>
      {confidentialTypes.includes(application.type) && <ApplicationSecrets application={application} />}
      <SaveForm {...formProps}>
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
            {uriLists.map((list) => (
              <UriListControl key={list.name} control={control} {...list} />
            ))}
          </FormSection>
        )}
        {userFacing && (
          <FormSection title={t('applications.section_tokens')} description={t('applications.section_tokens_description')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberField
                control={control}
                name="customClientMetadata.idTokenTtl"
                label={t('applications.id_token_ttl')}
                description={t('applications.id_token_ttl_hint', { default: tokenTtl.idToken })}
                placeholder={String(tokenTtl.idToken)}
                allowDecimal={false}
                allowNegative={false}
              />
              <NumberField
                control={control}
                name="customClientMetadata.refreshTokenTtlInDays"
                label={t('applications.refresh_token_ttl')}
                description={t('applications.refresh_token_ttl_hint', {
                  min: tokenTtl.minRefreshTokenDays,
                  max: tokenTtl.maxRefreshTokenDays,
                  default: tokenTtl.refreshTokenDays,
                })}
                placeholder={String(tokenTtl.refreshTokenDays)}
                allowDecimal={false}
                allowNegative={false}
              />
            </SimpleGrid>
            <SwitchField
              control={control}
              name="customClientMetadata.alwaysIssueRefreshToken"
              label={t('applications.always_issue_refresh_token')}
              description={t('applications.always_issue_refresh_token_hint')}
            />
            <SwitchField
              control={control}
              name="customClientMetadata.rotateRefreshToken"
              label={t('applications.rotate_refresh_token')}
              description={t('applications.rotate_refresh_token_hint')}
            />
          </FormSection>
        )}
        {userFacing && (
          <FormSection title={t('applications.section_backchannel_logout')} description={t('applications.section_backchannel_logout_description')}>
            <TextInput
              label={t('applications.backchannel_logout_uri')}
              placeholder="https://example.com/backchannel-logout"
              dir="ltr"
              {...register('oidcClientMetadata.backchannelLogoutUri')}
              error={errors.oidcClientMetadata?.backchannelLogoutUri?.message}
            />
            <SwitchField
              control={control}
              name="oidcClientMetadata.backchannelLogoutSessionRequired"
              label={t('applications.backchannel_logout_session_required')}
              description={t('applications.backchannel_logout_session_required_hint')}
            />
          </FormSection>
        )}
      </SaveForm>
    </Stack>
  );
};
