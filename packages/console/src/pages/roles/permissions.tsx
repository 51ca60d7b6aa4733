import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Role, Scope } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../../api/client.js';
import { AssignedList, invalidateRelations, type AssignModalProps } from '../../components/assigned-list.js';
import { ResourceLink } from '../audit-logs/entity-links.js';
import { PermissionPicker } from './permission-picker.js';

/** The API permissions a role grants: assigned from any API resource, removed with confirmation. */
export const RolePermissions = ({ role }: { role: Role }) => {
  const { t } = useTranslation();
  const path = `roles/${encodeURIComponent(role.id)}/scopes`;
  const editable = !role.isBuiltIn;
  return (
    <AssignedList<Scope>
      path={path}
      searchPlaceholder={t('role_permissions.search')}
      description={t('role_permissions.description')}
      itemName={(scope) => scope.name}
      columns={[
        {
          header: t('role_permissions.permission'),
          cell: (scope) => (
            <Text size="sm" ff="monospace" dir="ltr">
              {scope.name}
            </Text>
          ),
        },
        { header: t('role_permissions.api_resource'), cell: (scope) => <ResourceLink id={scope.resourceId} /> },
        {
          header: t('field.description'),
          cell: (scope) => (
            <Text size="sm" c="dimmed">
              {scope.description || '—'}
            </Text>
          ),
        },
      ]}
      empty={{ icon: <IconKey size={28} />, title: t('role_permissions.empty'), description: t('role_permissions.empty_description') }}
      {...(editable
        ? {
            assign: {
              label: t('role_permissions.assign'),
              renderModal: (props: AssignModalProps) => <AssignPermissionsModal {...props} role={role} path={path} />,
            },
            remove: {
              title: t('role_permissions.remove_title'),
              message: (scope: Scope) => t('role_permissions.remove_message', { name: scope.name, role: role.name }),
              done: (scope: Scope) => t('role_permissions.removed', { name: scope.name }),
            },
          }
        : {})}
    />
  );
};

const AssignPermissionsModal = ({ opened, onClose, assignedIds, role, path }: AssignModalProps & { role: Role; path: string }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => {
    if (opened) {
      setSelected([]);
    }
  }, [opened]);
  const assign = useMutation({
    mutationFn: () => api.post(path, { scopeIds: selected }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('role_permissions.assigned') });
      await invalidateRelations(queryClient);
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('role_permissions.assign_title', { name: role.name })} centered size="lg">
      <Stack>
        <PermissionPicker value={selected} onChange={setSelected} assignedIds={assignedIds} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('general.cancel')}
          </Button>
          <Button disabled={selected.length === 0} loading={assign.isPending} onClick={() => assign.mutate()}>
            {t('role_permissions.assign')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
