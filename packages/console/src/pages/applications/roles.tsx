import { ActionIcon, Badge, Button, Card, Group, Modal, MultiSelect, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Application, Role } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconUserShield, IconX } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../../api/client.js';
import { confirm } from '../../components/dialogs.js';
import { ListEmpty, ListPagination, pageSize, TableLoading } from '../../components/list.js';
import { InlineError } from '../../components/query-state.js';

const rolesKey = (id: string) => ['applications', 'detail', id, 'roles'] as const;

/** Machine-to-machine roles of an M2M application: their permissions become the app's scopes. */
export const ApplicationRoles = ({ application }: { application: Application }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState(false);
  const path = `applications/${encodeURIComponent(application.id)}/roles`;
  const roles = useQuery({
    queryKey: [...rolesKey(application.id), page],
    queryFn: ({ signal }) => api.list<Role>(path, { page, page_size: pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (role: Role) => api.delete(`${path}/${encodeURIComponent(role.id)}`),
    onSuccess: async (_result, role) => {
      notifications.show({ color: 'teal', message: t('app_roles.removed', { name: role.name }) });
      if ((roles.data?.items.length ?? 0) === 1 && page > 1) {
        setPage(page - 1);
      }
      await queryClient.invalidateQueries({ queryKey: rolesKey(application.id) });
    },
  });

  const askRemove = async (role: Role) => {
    if (
      await confirm({
        title: t('app_roles.remove_title'),
        message: t('app_roles.remove_message', { name: role.name, app: application.name }),
        confirmLabel: t('general.remove'),
        danger: true,
      })
    ) {
      remove.mutate(role);
    }
  };

  const items = roles.data?.items ?? [];
  return (
    <Card withBorder padding="md" radius="md">
      <Stack>
        <Group justify="space-between">
          <Text size="sm" c="dimmed" maw={640}>
            {t('app_roles.description')}
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAssigning(true)}>
            {t('app_roles.assign')}
          </Button>
        </Group>
        {roles.error && !roles.data ? (
          <InlineError error={roles.error} onRetry={() => void roles.refetch()} />
        ) : !roles.isPending && roles.data?.total === 0 ? (
          <ListEmpty icon={<IconUserShield size={28} />} title={t('app_roles.empty')} description={t('app_roles.empty_description')} />
        ) : (
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('field.name')}</Table.Th>
                <Table.Th>{t('field.description')}</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roles.isPending && <TableLoading columns={3} />}
              {items.map((role) => (
                <Table.Tr key={role.id}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text fw={500} size="sm">
                        {role.name}
                      </Text>
                      {role.isBuiltIn && (
                        <Badge size="xs" variant="light" color="gray">
                          {t('general.built_in')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {role.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={t('general.remove')}>
                      <ActionIcon variant="subtle" color="red" onClick={() => void askRemove(role)} aria-label={t('general.remove')}>
                        <IconX size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <ListPagination page={page} total={roles.data?.total ?? 0} onChange={setPage} />
      </Stack>
      <AssignRolesModal opened={assigning} onClose={() => setAssigning(false)} application={application} path={path} />
    </Card>
  );
};

const AssignRolesModal = ({ opened, onClose, application, path }: { opened: boolean; onClose: () => void; application: Application; path: string }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => {
    if (opened) {
      setSelected([]);
    }
  }, [opened]);
  // The first 100 machine-to-machine roles (the API's page size limit), minus those assigned.
  const candidates = useQuery({
    queryKey: ['roles', 'list', { type: 'MachineToMachine', page: 1, pageSize: 100 }],
    queryFn: ({ signal }) => api.list<Role>('roles', { type: 'MachineToMachine', page: 1, page_size: 100 }, { signal }),
    enabled: opened,
  });
  const assigned = useQuery({
    queryKey: [...rolesKey(application.id), 'all'],
    queryFn: ({ signal }) => api.list<Role>(path, { page: 1, page_size: 100 }, { signal }),
    enabled: opened,
  });
  const assignedIds = new Set(assigned.data?.items.map((role) => role.id));
  const options = (candidates.data?.items ?? [])
    .filter((role) => !assignedIds.has(role.id))
    .map((role) => ({ value: role.id, label: role.name }));
  const assign = useMutation({
    mutationFn: (roleIds: string[]) => api.post(path, { roleIds }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('app_roles.assigned') });
      await queryClient.invalidateQueries({ queryKey: rolesKey(application.id) });
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('app_roles.assign_title', { name: application.name })} centered>
      <Stack>
        <MultiSelect
          label={t('app_roles.roles')}
          placeholder={candidates.isPending ? t('general.loading') : t('app_roles.pick')}
          data={options}
          value={selected}
          onChange={setSelected}
          searchable
          nothingFoundMessage={t('app_roles.none_available')}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('general.cancel')}
          </Button>
          <Button disabled={selected.length === 0} loading={assign.isPending} onClick={() => assign.mutate(selected)}>
            {t('app_roles.assign')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
