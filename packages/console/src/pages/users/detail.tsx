import { Badge, Menu, Stack, Text } from '@mantine/core';
import type { User } from '@gatehouse/schemas';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconKey, IconLock, IconLockOpen, IconLogout, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { api } from '../../api/client.js';
import { CopyBox } from '../../components/copy-box.js';
import { CopyRow, DetailFrame, DetailPending, useDeleteEntity, useDetailQuery } from '../../components/detail-page.js';
import { confirm } from '../../components/dialogs.js';
import { UserAvatar } from '../../components/user-avatar.js';
import { formatDateTime } from '../../lib/dates.js';
import { LogList } from '../audit-logs/log-list.js';
import { userDisplayName } from './display-name.js';
import { generateTenantPassword } from './password.js';
import { UserRoles } from './roles.js';
import { UserSettings } from './settings.js';
import { userQueryKey } from './query-keys.js';

/** `users/{id}/{tab}`: settings (profile, social identities, custom data), roles and logs, with password reset, sign-out everywhere, suspend and delete. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const { id = '', tab = 'settings' } = useParams();
  const queryClient = useQueryClient();
  const path = `users/${encodeURIComponent(id)}`;
  const user = useDetailQuery<User>(userQueryKey(id), path);
  const suspend = useMutation({
    mutationFn: (isSuspended: boolean) => api.patch<User>(`${path}/is-suspended`, { isSuspended }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(userQueryKey(id), saved);
      notifications.show({ color: 'teal', message: saved.isSuspended ? t('users.suspended_done') : t('users.reactivated_done') });
      await queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
  const signOut = useMutation({
    mutationFn: () => api.delete(`${path}/sessions`),
    onSuccess: () => notifications.show({ color: 'teal', message: t('users.signed_out_everywhere') }),
  });
  const resetPassword = useMutation({
    mutationFn: async () => {
      const password = await generateTenantPassword();
      const saved = await api.patch<User>(`${path}/password`, { password });
      return { password, saved };
    },
    onSuccess: ({ password, saved }) => {
      queryClient.setQueryData(userQueryKey(id), saved);
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
  const name = user.data ? userDisplayName(user.data) : '';
  const deletion = useDeleteEntity({
    path,
    queryKey: userQueryKey(id),
    listKey: 'users',
    question: { title: t('users.delete_title'), message: t('users.delete_message', { name }) },
    done: t('users.deleted'),
    backTo: '/users',
  });

  const back = { to: '/users', label: t('users.back') };
  if (!user.data) {
    return <DetailPending query={user} back={back} />;
  }
  const data = user.data;

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
  const askSignOut = async () => {
    if (
      await confirm({
        title: t('users.sign_out_everywhere'),
        message: t('users.sign_out_everywhere_message', { name }),
        confirmLabel: t('users.sign_out_everywhere'),
        danger: true,
      })
    ) {
      signOut.mutate();
    }
  };
  // A user without a password (social or code sign-in only) gets a first one: nothing stops working.
  const passwordAction = data.hasPassword ? t('users.reset_password') : t('users.set_password');
  const askResetPassword = async () => {
    const message = data.hasPassword ? t('users.reset_password_message', { name }) : t('users.set_password_message', { name });
    if (await confirm({ title: passwordAction, message, confirmLabel: passwordAction })) {
      resetPassword.mutate();
    }
  };

  return (
    <DetailFrame
      title={name}
      back={back}
      avatar={<UserAvatar name={name} picture={data.avatar} size={56} />}
      badges={
        data.isSuspended && (
          <Badge color="red" variant="light">
            {t('users.suspended')}
          </Badge>
        )
      }
      details={
        <>
          <CopyRow label={t('users.user_id')} value={data.id} />
          <Text size="xs" c="dimmed">
            {data.lastSignInAt ? t('users.last_sign_in_at', { date: formatDateTime(data.lastSignInAt, i18n.language) }) : t('users.never_signed_in')}
          </Text>
        </>
      }
      menu={{
        busy: suspend.isPending || resetPassword.isPending || signOut.isPending || deletion.deleting,
        items: (
          <>
            <Menu.Item leftSection={<IconKey size={16} />} onClick={() => void askResetPassword()}>
              {passwordAction}
            </Menu.Item>
            {!data.isSuspended && (
              <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void askSignOut()}>
                {t('users.sign_out_everywhere')}
              </Menu.Item>
            )}
            <Menu.Item leftSection={data.isSuspended ? <IconLockOpen size={16} /> : <IconLock size={16} />} onClick={() => void askSuspend()}>
              {data.isSuspended ? t('users.reactivate') : t('users.suspend')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={deletion.onDelete}>
              {t('general.delete')}
            </Menu.Item>
          </>
        ),
      }}
      tabs={[
        { value: 'settings', label: t('users.tab_settings') },
        { value: 'roles', label: t('user_roles.tab') },
        { value: 'logs', label: t('audit_logs.tab') },
      ]}
      tab={tab}
      basePath={`/users/${data.id}`}
    >
      {tab === 'settings' && <UserSettings key={data.id} user={data} />}
      {tab === 'roles' && <UserRoles user={data} />}
      {tab === 'logs' && <LogList userId={data.id} detailPath={(log) => `/users/${data.id}/logs/${log.id}`} />}
    </DetailFrame>
  );
};
