import { ActionIcon, Button, Card, Checkbox, getDefaultZIndex, Group, Modal, MultiSelect, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { userConsentUserScopes, type Application, type UserConsentScopes, type UserConsentUserScope } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconApi, IconPlus, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../../api/client.js';
import { confirm } from '../../components/dialogs.js';
import { ListEmpty } from '../../components/list.js';
import { PageLoading } from '../../components/loading-screen.js';
import { InlineError } from '../../components/query-state.js';
import { useOwnResources, useResourceScopes } from '../api-resources/queries.js';

/** Above the modal: the theme keeps page dropdowns at z-index 103 (spec §9), under any modal. */
const inModal = { withinPortal: true, zIndex: getDefaultZIndex('popover') };

const consentKey = (id: string) => ['applications', 'detail', id, 'user-consent-scopes'] as const;

/**
 * `applications/{id}/permissions` (third-party apps): the user data and API permissions the app's
 * users may consent to (`/applications/{id}/user-consent-scopes`).
 */
export const ApplicationPermissions = ({ application }: { application: Application }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const path = `applications/${encodeURIComponent(application.id)}/user-consent-scopes`;
  const consent = useQuery({
    queryKey: consentKey(application.id),
    queryFn: ({ signal }) => api.get<UserConsentScopes>(path, undefined, { signal }),
  });
  const store = (next: UserConsentScopes) => queryClient.setQueryData(consentKey(application.id), next);
  const toggleUserScope = useMutation({
    mutationFn: async ({ scope, enabled }: { scope: UserConsentUserScope; enabled: boolean }) => {
      if (enabled) {
        return api.post<UserConsentScopes>(path, { userScopes: [scope] });
      }
      await api.delete(`${path}/user-scopes/${scope}`);
      return api.get<UserConsentScopes>(path);
    },
    onSuccess: (next) => {
      store(next);
      notifications.show({ color: 'teal', message: t('app_permissions.updated') });
    },
  });
  const removeResourceScope = useMutation({
    mutationFn: async (scope: { id: string; name: string }) => {
      await api.delete(`${path}/resource-scopes/${encodeURIComponent(scope.id)}`);
      return api.get<UserConsentScopes>(path);
    },
    onSuccess: (next, scope) => {
      store(next);
      notifications.show({ color: 'teal', message: t('app_permissions.removed', { name: scope.name }) });
    },
  });

  if (consent.error) {
    return <InlineError error={consent.error} onRetry={() => void consent.refetch()} />;
  }
  if (!consent.data) {
    return <PageLoading />;
  }
  const { userScopes, resourceScopes } = consent.data;
  const askRemove = async (scope: { id: string; name: string }) => {
    if (
      await confirm({
        title: t('app_permissions.remove_title'),
        message: t('app_permissions.remove_message', { name: scope.name, app: application.name }),
        confirmLabel: t('general.remove'),
        danger: true,
      })
    ) {
      removeResourceScope.mutate(scope);
    }
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed" maw={720}>
        {t('app_permissions.description')}
      </Text>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="consent-user-title">
        <Title order={2} size="h4" id="consent-user-title">
          {t('app_permissions.user_title')}
        </Title>
        <Text size="sm" c="dimmed" mt={4} mb="md">
          {t('app_permissions.user_description')}
        </Text>
        <Stack gap="sm">
          {userConsentUserScopes.map((scope) => (
            <Checkbox
              key={scope}
              label={scope}
              description={t(`app_permissions.scope.${scope}`)}
              checked={userScopes.includes(scope)}
              disabled={toggleUserScope.isPending}
              onChange={(event) => toggleUserScope.mutate({ scope, enabled: event.currentTarget.checked })}
              styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          ))}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="consent-api-title">
        <Group justify="space-between" align="flex-start" mb="md">
          <div>
            <Title order={2} size="h4" id="consent-api-title">
              {t('app_permissions.api_title')}
            </Title>
            <Text size="sm" c="dimmed" mt={4} maw={640}>
              {t('app_permissions.api_description')}
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('app_permissions.add')}
          </Button>
        </Group>
        {resourceScopes.length === 0 ? (
          <ListEmpty icon={<IconApi size={28} />} title={t('app_permissions.api_empty')} description={t('app_permissions.api_empty_description')} />
        ) : (
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('app_permissions.pick_permissions')}</Table.Th>
                <Table.Th>{t('field.description')}</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            {resourceScopes.map((group) => (
              <Table.Tbody key={group.resource.id}>
                <Table.Tr>
                  <Table.Td colSpan={3} bg="var(--mantine-color-default-hover)">
                    <Text size="sm" fw={600}>
                      {group.resource.name}{' '}
                      <Text span size="xs" c="dimmed" ff="monospace">
                        {group.resource.indicator}
                      </Text>
                    </Text>
                  </Table.Td>
                </Table.Tr>
                {group.scopes.map((scope) => (
                  <Table.Tr key={scope.id}>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {scope.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {scope.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={t('general.remove')}>
                        <ActionIcon variant="subtle" color="red" onClick={() => void askRemove(scope)} aria-label={`${t('general.remove')} ${scope.name}`}>
                          <IconX size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            ))}
          </Table>
        )}
      </Card>
      <AddResourceScopesModal opened={adding} onClose={() => setAdding(false)} path={path} current={consent.data} onAdded={store} />
    </Stack>
  );
};

const AddResourceScopesModal = ({
  opened,
  onClose,
  path,
  current,
  onAdded,
}: {
  opened: boolean;
  onClose: () => void;
  path: string;
  current: UserConsentScopes;
  onAdded: (next: UserConsentScopes) => void;
}) => {
  const { t } = useTranslation();
  const resources = useOwnResources(opened);
  const [resourceId, setResourceId] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const scopes = useResourceScopes(opened ? (resourceId ?? undefined) : undefined);
  useEffect(() => {
    if (opened) {
      setResourceId(null);
      setSelected([]);
    }
  }, [opened]);
  useEffect(() => {
    if (opened && !resourceId && resources.data?.[0]) {
      setResourceId(resources.data[0].id);
    }
  }, [opened, resourceId, resources.data]);
  const added = new Set(current.resourceScopes.flatMap((group) => group.scopes.map((scope) => scope.id)));
  const options = (scopes.data ?? []).filter((scope) => !added.has(scope.id)).map((scope) => ({ value: scope.id, label: scope.name }));
  const add = useMutation({
    mutationFn: (scopeIds: string[]) => api.post<UserConsentScopes>(path, { resourceScopes: scopeIds }),
    onSuccess: (next) => {
      onAdded(next);
      notifications.show({ color: 'teal', message: t('app_permissions.added') });
      onClose();
    },
  });
  const noApis = resources.data?.length === 0;

  return (
    <Modal opened={opened} onClose={onClose} title={t('app_permissions.add_title')} centered>
      <Stack>
        {noApis ? (
          <Text size="sm" c="dimmed">
            {t('app_permissions.no_apis')}
          </Text>
        ) : (
          <>
            <Select
              label={t('guides.api')}
              data={(resources.data ?? []).map((resource) => ({ value: resource.id, label: resource.name }))}
              value={resourceId}
              onChange={(value) => {
                setResourceId(value);
                setSelected([]);
              }}
              placeholder={resources.isPending ? t('general.loading') : undefined}
              allowDeselect={false}
              comboboxProps={inModal}
            />
            <MultiSelect
              label={t('app_permissions.pick_permissions')}
              placeholder={t('app_permissions.pick_placeholder')}
              data={options}
              value={selected}
              onChange={setSelected}
              searchable
              nothingFoundMessage={t('app_permissions.none_left')}
              comboboxProps={inModal}
              data-autofocus
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('general.cancel')}
          </Button>
          <Button disabled={selected.length === 0} loading={add.isPending} onClick={() => add.mutate(selected)}>
            {t('app_permissions.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
