import { Alert, Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Resource } from '@gatehouse/schemas';
import { IconApi, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { api } from '../../api/client.js';
import { CopyBox } from '../../components/copy-box.js';
import { BackLink, DocumentTitle, RouteTabs } from '../../components/page.js';
import { PageNotFound } from '../../components/page-not-found.js';
import { DetailState } from '../../components/query-state.js';
import { ResourceGeneral } from './general.js';
import { ResourcePermissions } from './permissions.js';
import { resourceQueryKey } from './query-keys.js';


/** `api-resources/{id}/{tab}`: permissions (default) and general. */
export const Component = () => {
  const { t } = useTranslation();
  const { id = '', tab = 'permissions' } = useParams();
  const resource = useQuery({
    queryKey: resourceQueryKey(id),
    queryFn: ({ signal }) => api.get<Resource>(`resources/${encodeURIComponent(id)}`, undefined, { signal }),
    meta: { ignoreCodes: ['entity.not_found'] },
  });
  if (!resource.data) {
    return (
      <>
        <BackLink to="/api-resources">{t('api_resources.back')}</BackLink>
        <DetailState error={resource.error} onRetry={() => void resource.refetch()} backTo="/api-resources" />
      </>
    );
  }
  const data = resource.data;
  const tabs = [
    { value: 'permissions', label: t('api_resources.tab_permissions') },
    { value: 'general', label: t('api_resources.tab_general') },
  ];
  if (!tabs.some((entry) => entry.value === tab)) {
    return <PageNotFound />;
  }
  return (
    <>
      <DocumentTitle title={data.name} />
      <BackLink to="/api-resources">{t('api_resources.back')}</BackLink>
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="md" variant="light">
            <IconApi size={26} />
          </ThemeIcon>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={2} style={{ wordBreak: 'break-word' }}>
                {data.name}
              </Title>
              {data.isBuiltIn && (
                <Badge variant="light" color="gray">
                  {t('general.built_in')}
                </Badge>
              )}
              {data.isDefault && <Badge variant="light">{t('api_resources.default_badge')}</Badge>}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('api_resources.indicator')}
              </Text>
              <CopyBox value={data.indicator} />
            </Group>
          </Stack>
        </Group>
      </Card>
      {data.isBuiltIn && (
        <Alert icon={<IconLock size={18} />} color="gray" mb="lg">
          {t('api_resources.built_in_notice')}
        </Alert>
      )}
      <RouteTabs tabs={tabs} active={tab} basePath={`/api-resources/${data.id}`} />
      {tab === 'permissions' && <ResourcePermissions resource={data} />}
      {tab === 'general' && <ResourceGeneral key={data.id} resource={data} />}
    </>
  );
};
