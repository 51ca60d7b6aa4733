import { Button, Group, JsonInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { jsonObjectSchema, userPatchSchema, type User } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { showErrorToast } from '../../api/error-handler.js';
import { FormSection, SaveForm, useSaveForm } from '../../components/form.js';
import { emptyToNull, schemaResolver } from '../../lib/forms.js';
import { SocialIdentities, SsoIdentities } from './identities.js';
import { userQueryKey } from './query-keys.js';

type SettingsForm = z.input<typeof userPatchSchema>;

const profileFields = [
  'givenName',
  'middleName',
  'familyName',
  'nickname',
  'preferredUsername',
  'profile',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
] as const;

const formValues = (user: User): SettingsForm => ({
  username: user.username,
  primaryEmail: user.primaryEmail,
  primaryPhone: user.primaryPhone,
  name: user.name,
  avatar: user.avatar,
  profile: Object.fromEntries(profileFields.map((field) => [field, user.profile[field] ?? ''])),
});

/** The user's identifiers and profile (userPatchSchema), and their custom data as JSON. */
export const UserSettings = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const path = `users/${encodeURIComponent(user.id)}`;
  const updateCache = async (saved: User) => {
    queryClient.setQueryData(userQueryKey(user.id), saved);
    await queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
  };
  const { form, formProps } = useSaveForm({
    resolver: schemaResolver(userPatchSchema),
    entity: user,
    toValues: formValues,
    fields: ['username', 'primaryEmail', 'primaryPhone', 'name', 'avatar', 'profile'],
    save: (body) => api.patch<User>(path, body),
    onSaved: updateCache,
  });
  const { register } = form;
  const errors = form.formState.errors;

  return (
    <Stack>
      <SaveForm {...formProps}>
        <FormSection title={t('users.section_identifiers')} description={t('users.section_identifiers_description')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('field.username')} dir="ltr" {...register('username', { setValueAs: emptyToNull })} error={errors.username?.message} />
            <TextInput label={t('field.email')} type="email" dir="ltr" {...register('primaryEmail', { setValueAs: emptyToNull })} error={errors.primaryEmail?.message} />
            <TextInput label={t('field.phone')} type="tel" dir="ltr" {...register('primaryPhone', { setValueAs: emptyToNull })} error={errors.primaryPhone?.message} />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('users.section_profile')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('field.name')} {...register('name', { setValueAs: emptyToNull })} error={errors.name?.message} />
            <TextInput
              label={t('users.avatar')}
              placeholder="https://…"
              dir="ltr"
              {...register('avatar', { setValueAs: emptyToNull })}
              error={errors.avatar?.message}
            />
            {profileFields.map((field) => (
              <TextInput
                key={field}
                label={t(`users.profile.${field}`)}
                {...register(`profile.${field}`)}
                error={errors.profile?.[field]?.message}
                {...(['profile', 'website', 'zoneinfo', 'locale', 'birthdate'].includes(field) ? { dir: 'ltr' } : {})}
              />
            ))}
          </SimpleGrid>
        </FormSection>
      </SaveForm>
      <SocialIdentities user={user} />
      <SsoIdentities userId={user.id} />
      <CustomDataCard user={user} path={path} onSaved={updateCache} />
    </Stack>
  );
};

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** Custom data, replaced as a whole. Text that is not a JSON object is refused (invalid_json_format). */
const CustomDataCard = ({ user, path, onSaved }: { user: User; path: string; onSaved: (saved: User) => Promise<void> }) => {
  const { t } = useTranslation();
  const [text, setText] = useState(pretty(user.customData));
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: (customData: Record<string, unknown>) => api.patch<User>(path, { customData }),
    onSuccess: async (saved) => {
      setText(pretty(saved.customData));
      await onSaved(saved);
      notifications.show({ color: 'teal', message: t('general.saved') });
    },
  });
  const submit = () => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      setError(t('errors.invalid_json_format'));
      showErrorToast(t('errors.invalid_json_format'));
      return;
    }
    const parsed = jsonObjectSchema.safeParse(value);
    if (!parsed.success) {
      setError(t('users.custom_data_object'));
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  };
  const dirty = text.trim() !== pretty(user.customData).trim();
  return (
    <FormSection title={t('users.custom_data')} description={t('users.custom_data_description')}>
      <JsonInput
        value={text}
        onChange={(value) => {
          setText(value);
          setError(undefined);
        }}
        autosize
        minRows={4}
        maxRows={20}
        formatOnBlur
        error={error}
        aria-label={t('users.custom_data')}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', direction: 'ltr' } }}
      />
      <Group justify="flex-end">
        <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setText(pretty(user.customData))}>
          {t('general.discard')}
        </Button>
        <Button disabled={!dirty} loading={save.isPending} onClick={submit}>
          {t('general.save_changes')}
        </Button>
      </Group>
    </FormSection>
  );
};
