import { ActionIcon, Badge, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import type { User } from '@gatehouse/schemas';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDots, IconKey, IconLock, IconLockOpen, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { api } from '../../api/client.js';
import { CopyBox } from '../../components/copy-box.js';
import { confirm } from '../../components/dialogs.js';
import { BackLink, DocumentTitle, RouteTabs } from '../../components/page.js';
import { PageNotFound } from '../../components/page-not-found.js';
import { DetailState } from '../../components/query-state.js';
import { UserAvatar } from '../../components/user-avatar.js';
import { formatDateTime } from '../../lib/dates.js';
import { userDisplayName } from './display-name.js';
import { generateTenantPassword } from './password.js';
import { UserSettings } from './settings.js';
import { userQueryKey } from './query-keys.js';


/** `users/{id}/{tab}`: the settings tab (profile, custom data), with suspend, password reset and delete. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const { id = '', tab = 'settings' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const path = `users/${encodeURIComponent(id)}`;
  const user = useQuery({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => api.get<User>(path, undefined, { signal }),
    meta: { ignoreCodes: ['entity.not_found'] },
  });
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
  const suspend = useMutation({
    mutationFn: (isSuspended: boolean) => api.patch<User>(`${path}/is-suspended`, { isSuspended }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(userQueryKey(id), saved);
      notifications.show({ color: 'teal', message: saved.isSuspended ? t('users.suspended_done') : t('users.reactivated_done') });
      await refreshLists();
    },
  });
  const resetPassword = useMutation({
    mutationFn: async () => {
      const password = await generateTenantPassword();
      await api.patch<User>(`${path}/password`, { password });
      return password;
    },
    onSuccess: (password) => {
      modals.open({
        title: t('users.password_reset_title'),
        centered: true,
        children: (
          <Stack>
            <Text size="sm">{t('users.password_reset_description')}</Text>
            <CopyBox value={password} size="md" />
          </Stack>
        ),
      });
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(path),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('users.deleted') });
      queryClient.removeQueries({ queryKey: userQueryKey(id) });
      await refreshLists();
      navigate('/users', { replace: true });
    },
  });

  if (!user.data) {
    return (
      <>
        <BackLink to="/users">{t('users.back')}</BackLink>
        <DetailState error={user.error} onRetry={() => void user.refetch()} backTo="/users" />
      </>
    );
  }
  const data = user.data;
  const tabs = [{ value: 'settings', label: t('users.tab_settings') }];
  if (!tabs.some((entry) => entry.value === tab)) {
    return <PageNotFound />;
  }
  const name = userDisplayName(data);

  const askSuspend = async () => {
    const suspending = !data.isSuspended;
    if (
      await confirm({
        title: suspending ? t('users.suspend_title') : t('users.reactivate_title'),
        message: suspending ? t('users.suspend_message', { name }) : t('users.reactivate_message', { name }),
        confirmLabel: suspending ? t('users.suspend') : t('users.reactivate'),
        danger: suspending,
      })
    ) {
      suspend.mutate(suspending);
    }
  };
  const askResetPassword = async () => {
    if (await confirm({ title: t('users.reset_password'), message: t('users.reset_password_message', { name }), confirmLabel: t('users.reset_password') })) {
      resetPassword.mutate();
    }
  };
  const askDelete = async () => {
    if (await confirm({ title: t('users.delete_title'), message: t('users.delete_message', { name }), confirmLabel: t('general.delete'), danger: true })) {
      remove.mutate();
    }
  };

  return (
    <>
      <DocumentTitle title={name} />
      <BackLink to="/users">{t('users.back')}</BackLink>
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group wrap="nowrap" align="flex-start">
            <UserAvatar name={name} picture={data.avatar} size={56} />
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Title order={2} style={{ wordBreak: 'break-word' }}>
                  {name}
                </Title>
                {data.isSuspended && (
                  <Badge color="red" variant="light">
                    {t('users.suspended')}
                  </Badge>
                )}
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {t('users.user_id')}
                </Text>
                <CopyBox value={data.id} />
              </Group>
              <Text size="xs" c="dimmed">
                {data.lastSignInAt
                  ? t('users.last_sign_in_at', { date: formatDateTime(data.lastSignInAt, i18n.language) })
                  : t('users.never_signed_in')}
              </Text>
            </Stack>
          </Group>
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('general.more_actions')}
                loading={suspend.isPending || resetPassword.isPending || remove.isPending}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconKey size={16} />} onClick={() => void askResetPassword()}>
                {t('users.reset_password')}
              </Menu.Item>
              <Menu.Item leftSection={data.isSuspended ? <IconLockOpen size={16} /> : <IconLock size={16} />} onClick={() => void askSuspend()}>
                {data.isSuspended ? t('users.reactivate') : t('users.suspend')}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void askDelete()}>
                {t('general.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Card>
      <RouteTabs tabs={tabs} active={tab} basePath={`/users/${data.id}`} />
      {tab === 'settings' && <UserSettings key={data.id} user={data} />}
    </>
  );
};
