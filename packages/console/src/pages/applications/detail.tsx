import { ActionIcon, Badge, Card, Group, Menu, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Application } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconApps, IconDots, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { api } from '../../api/client.js';
import { CopyBox } from '../../components/copy-box.js';
import { confirm } from '../../components/dialogs.js';
import { BackLink, DocumentTitle, RouteTabs } from '../../components/page.js';
import { PageNotFound } from '../../components/page-not-found.js';
import { DetailState } from '../../components/query-state.js';
import { ApplicationRoles } from './roles.js';
import { ApplicationSettings } from './settings.js';
import { applicationQueryKey } from './query-keys.js';


/** `applications/{id}/{tab}`: settings for every app; roles for machine-to-machine apps. */
export const Component = () => {
  const { t } = useTranslation();
  const { id = '', tab = 'settings' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const application = useQuery({
    queryKey: applicationQueryKey(id),
    queryFn: ({ signal }) => api.get<Application>(`applications/${encodeURIComponent(id)}`, undefined, { signal }),
    meta: { ignoreCodes: ['entity.not_found'] },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`applications/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('applications.deleted', { name: application.data?.name ?? '' }) });
      queryClient.removeQueries({ queryKey: applicationQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: ['applications', 'list'] });
      navigate(application.data?.isThirdParty ? '/applications/third-party-applications' : '/applications', { replace: true });
    },
  });

  if (!application.data) {
    return (
      <>
        <BackLink to="/applications">{t('applications.back')}</BackLink>
        <DetailState error={application.error} onRetry={() => void application.refetch()} backTo="/applications" />
      </>
    );
  }
  const app = application.data;
  const tabs = [{ value: 'settings', label: t('applications.tab_settings') }];
  if (app.type === 'MachineToMachine') {
    tabs.push({ value: 'roles', label: t('applications.tab_roles') });
  }
  if (!tabs.some((entry) => entry.value === tab)) {
    return <PageNotFound />;
  }

  const askDelete = async () => {
    const confirmed = await confirm({
      title: t('applications.delete_title'),
      message: t('applications.delete_message', { name: app.name }),
      confirmLabel: t('general.delete'),
      danger: true,
    });
    if (confirmed) {
      remove.mutate();
    }
  };

  return (
    <>
      <DocumentTitle title={app.name} />
      <BackLink to={app.isThirdParty ? '/applications/third-party-applications' : '/applications'}>{t('applications.back')}</BackLink>
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon size={48} radius="md" variant="light">
              <IconApps size={26} />
            </ThemeIcon>
            <Stack gap={6}>
              <Title order={2} style={{ wordBreak: 'break-word' }}>
                {app.name}
              </Title>
              <Group gap="xs">
                <Badge variant="light">{t(`application_type.${app.type}.title`)}</Badge>
                {app.isThirdParty && (
                  <Badge variant="outline" color="gray">
                    {t('applications.third_party')}
                  </Badge>
                )}
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {t('applications.app_id')}
                </Text>
                <CopyBox value={app.id} />
              </Group>
            </Stack>
          </Group>
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('general.more_actions')} loading={remove.isPending}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void askDelete()}>
                {t('general.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Card>
      <RouteTabs tabs={tabs} active={tab} basePath={`/applications/${app.id}`} />
      {tab === 'settings' && <ApplicationSettings key={app.id} application={app} />}
      {tab === 'roles' && <ApplicationRoles application={app} />}
    </>
  );
};
