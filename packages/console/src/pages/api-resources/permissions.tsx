import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { scopeCreateSchema, type Resource, type Scope } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { confirmDelete, FormDialog } from '../../components/dialogs.js';
import { useDialogForm } from '../../components/form.js';
import { DeleteRowAction, ListCard, ListEmpty, SearchInput, usePagedQuery } from '../../components/list.js';
import { InlineError } from '../../components/query-state.js';
import { formatDate } from '../../lib/dates.js';
import { emptyToNull, schemaResolver } from '../../lib/forms.js';

const scopesKey = (id: string) => ['resources', 'detail', id, 'scopes'] as const;

/** Permissions (scopes) of an API resource: search, paging, create, delete. Read-only when built in. */
export const ResourcePermissions = ({ resource }: { resource: Resource }) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const path = `resources/${encodeURIComponent(resource.id)}/scopes`;
  const scopes = usePagedQuery<Scope>([...scopesKey(resource.id), { page, search }], path, { page, search, setPage });
  const { query } = scopes;
  const remove = useMutation({
    mutationFn: (scope: Scope) => api.delete(`${path}/${encodeURIComponent(scope.id)}`),
    onSuccess: async (_result, scope) => {
      notifications.show({ color: 'teal', message: t('permissions.deleted', { name: scope.name }) });
      await queryClient.invalidateQueries({ queryKey: scopesKey(resource.id) });
    },
  });
  const askDelete = async (scope: Scope) => {
    if (await confirmDelete({ title: t('permissions.delete_title'), message: t('permissions.delete_message', { name: scope.name }) })) {
      remove.mutate(scope);
    }
  };
  const editable = !resource.isBuiltIn;
  const columns = [{ title: t('field.name') }, { title: t('field.description') }, { title: t('field.created_at') }, ...(editable ? [{ width: 48 }] : [])];

  return (
    <>
      <ListCard
        list={{ ...scopes, page, setPage }}
        filtered={Boolean(search)}
        toolbar={
          <Group justify="space-between">
            <SearchInput
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(1);
              }}
              placeholder={t('permissions.search')}
            />
            {editable && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                {t('permissions.create')}
              </Button>
            )}
          </Group>
        }
        empty={
          <ListEmpty
            icon={<IconKey size={28} />}
            title={t('permissions.empty')}
            description={t('permissions.empty_description')}
            action={
              editable && (
                <Button variant="light" onClick={() => setCreating(true)}>
                  {t('permissions.create')}
                </Button>
              )
            }
          />
        }
        error={query.error && !query.data && <InlineError error={query.error} onRetry={() => void query.refetch()} />}
        columns={columns}
        minWidth={520}
        highlightOnHover={false}
      >
        {scopes.items.map((scope) => (
          <Table.Tr key={scope.id}>
            <Table.Td>
              <Text ff="monospace" size="sm" dir="ltr">
                {scope.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {scope.description || '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDate(scope.createdAt, i18n.language)}</Text>
            </Table.Td>
            {editable && (
              <Table.Td>
                <DeleteRowAction label={t('permissions.delete_title')} onClick={() => void askDelete(scope)} />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </ListCard>
      {editable && <CreatePermissionModal opened={creating} onClose={() => setCreating(false)} resource={resource} path={path} />}
    </>
  );
};

const CreatePermissionModal = ({ opened, onClose, resource, path }: { opened: boolean; onClose: () => void; resource: Resource; path: string }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
    formError,
    handleServerError,
  } = useDialogForm({ resolver: schemaResolver(scopeCreateSchema), opened, values: { name: '', description: null }, fields: ['name', 'description'] });
  const create = useMutation({
    mutationFn: (body: z.output<typeof scopeCreateSchema>) => api.post<Scope>(path, body),
    meta: { handlesErrors: true },
    onSuccess: async (scope) => {
      notifications.show({ color: 'teal', message: t('permissions.created', { name: scope.name }) });
      await queryClient.invalidateQueries({ queryKey: scopesKey(resource.id) });
      onClose();
    },
    onError: handleServerError,
  });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      dirty={isDirty}
      title={t('permissions.create_title')}
      onSubmit={handleSubmit((values) => create.mutate(values))}
      error={formError}
      submitting={create.isPending}
      submitLabel={t('general.create')}
    >
      <TextInput
        label={t('permissions.name')}
        description={t('permissions.name_hint')}
        placeholder="read:orders"
        required
        dir="ltr"
        data-autofocus
        {...register('name')}
        error={errors.name?.message}
      />
      <TextInput label={t('field.description')} {...register('description', { setValueAs: emptyToNull })} error={errors.description?.message} />
    </FormDialog>
  );
};
