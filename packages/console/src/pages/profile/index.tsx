import { Button, Card, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { usernameSchema, userPatchSchema, type User } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';

import { api } from '../../api/client.js';
import { useConsole } from '../../app-context.js';
import { FormDialog } from '../../components/dialogs.js';
import { DocumentTitle } from '../../components/page.js';
import { DetailState } from '../../components/query-state.js';
import { Upload, useUploadService } from '../../components/upload.js';
import { UserAvatar } from '../../components/user-avatar.js';
import { schemaResolver } from '../../lib/forms.js';
import { passwordChangePath } from '../../lib/profile.js';
import { handleProfileError, meQueryKey, useMe } from './profile-api.js';

type EditableField = 'name' | 'username';

const requiredMessage = (field: string) => () => i18next.t('profile.required_field_missing', { field });

/** Spec §5: the username cannot be emptied (required_field_missing with its name); the name can. */
const fieldSchema = (field: EditableField) =>
  z.object({
    value:
      field === 'username'
        ? z.string().min(1, { error: requiredMessage(i18next.t('field.username')) }).pipe(usernameSchema)
        : userPatchSchema.shape.name.unwrap().unwrap(),
  });

/** PATCH /api/me with one field (spec §7), the profile error rules on failure. */
const useSaveProfile = (onSaved?: () => void) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: { name: string | null } | { username: string } | { avatar: string | null }) => api.patch<User>('me', patch),
    meta: { handlesErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(meQueryKey, saved);
      notifications.show({ color: 'teal', message: t('general.saved') });
      onSaved?.();
    },
    onError: handleProfileError,
  });
};

const EditFieldModal = ({ field, user, onClose }: { field: EditableField; user: User; onClose: () => void }) => {
  const { t } = useTranslation();
  const save = useSaveProfile(onClose);
  const label = field === 'name' ? t('field.name') : t('field.username');
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<{ value: string }>({ resolver: schemaResolver(fieldSchema(field)), defaultValues: { value: user[field] ?? '' } });
  return (
    <FormDialog
      opened
      onClose={onClose}
      dirty={isDirty}
      title={t('profile.edit_title', { field: label })}
      onSubmit={handleSubmit(({ value }) => save.mutate(field === 'name' ? { name: value.trim() === '' ? null : value } : { username: value }))}
      submitting={save.isPending}
    >
      <TextInput label={label} data-autofocus {...register('value')} error={errors.value?.message} dir={field === 'username' ? 'ltr' : undefined} />
    </FormDialog>
  );
};

/** One line of a profile card: what it is, its value, and what can be done about it. */
const Row = ({ label, value, action, testId }: { label: string; value: ReactNode; action?: ReactNode; testId: string }) => (
  <Group justify="space-between" wrap="nowrap" py="xs" data-testid={testId}>
    <Group wrap="nowrap" gap="xl" style={{ minWidth: 0 }}>
      <Text size="sm" c="dimmed" w={140} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div style={{ minWidth: 0 }}>{value}</div>
    </Group>
    {action}
  </Group>
);

const NotSet = () => {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('profile.not_set')}
    </Text>
  );
};

/** The avatar, with upload and removal when the asset service is ready (spec §6). */
const AvatarRow = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const service = useUploadService('me');
  const save = useSaveProfile();
  const ready = service.data?.status === 'ready';
  return (
    <Row
      testId="profile-avatar"
      label={t('profile.avatar')}
      value={
        <Group align="flex-start" wrap="wrap">
          <UserAvatar name={user.name ?? user.username} picture={user.avatar} size={56} />
          {ready && (
            <div style={{ width: 320, maxWidth: '100%' }}>
              <Upload target="me" status={service.data} onUploaded={(url) => save.mutate({ avatar: url })} />
            </div>
          )}
        </Group>
      }
      action={
        user.avatar ? (
          <Button variant="subtle" color="red" size="xs" onClick={() => save.mutate({ avatar: null })} loading={save.isPending}>
            {t('general.remove')}
          </Button>
        ) : undefined
      }
    />
  );
};

/** `/profile`: the console user's name, username, avatar, password and email. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { config } = useConsole();
  const me = useMe();
  const [editing, setEditing] = useState<EditableField>();

  if (!me.data) {
    return <DetailState error={me.error} onRetry={() => void me.refetch()} backTo="/" />;
  }
  const user = me.data;
  const edit = (field: EditableField) => (
    <Button variant="default" size="xs" onClick={() => setEditing(field)} aria-label={t('profile.edit_title', { field: t(`field.${field}`) })}>
      {t('profile.edit')}
    </Button>
  );

  return (
    <Stack>
      <DocumentTitle title={t('profile.title')} />
      <div>
        <Title order={1} size="h2">
          {t('profile.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('profile.description')}
        </Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="xs">
          {t('profile.section_information')}
        </Title>
        <AvatarRow user={user} />
        <Divider />
        <Row testId="profile-name" label={t('field.name')} value={user.name ? <Text size="sm">{user.name}</Text> : <NotSet />} action={edit('name')} />
        {config.edition !== 'cloud' && (
          <>
            <Divider />
            <Row
              testId="profile-username"
              label={t('field.username')}
              value={user.username ? <Text size="sm" dir="ltr">{user.username}</Text> : <NotSet />}
              action={edit('username')}
            />
          </>
        )}
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="xs">
          {t('profile.section_security')}
        </Title>
        <Row
          testId="profile-email"
          label={t('field.email')}
          value={user.primaryEmail ? <Text size="sm" dir="ltr">{user.primaryEmail}</Text> : <NotSet />}
          action={
            <Button variant="default" size="xs" onClick={() => navigate('/profile/link-email')}>
              {user.primaryEmail ? t('profile.change_email') : t('profile.link_email')}
            </Button>
          }
        />
        <Divider />
        <Row
          testId="profile-password"
          label={t('field.password')}
          value={<Text size="sm">{user.hasPassword ? '••••••••' : t('profile.not_set')}</Text>}
          action={
            <Button variant="default" size="xs" onClick={() => navigate(passwordChangePath(user.hasPassword))}>
              {user.hasPassword ? t('profile.change_password') : t('profile.set_password')}
            </Button>
          }
        />
      </Card>
      {editing && <EditFieldModal field={editing} user={user} onClose={() => setEditing(undefined)} />}
    </Stack>
  );
};
