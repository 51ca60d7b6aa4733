import { ActionIcon, Button, Card, Group, Modal, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { scopeCreateSchema, type Resource, type Scope } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { confirm } from '../../components/dialogs.js';
import { FormError } from '../../components/form.js';
import { ListEmpty, ListPagination, pageSize, SearchInput, TableLoading } from '../../components/list.js';
import { InlineError } from '../../components/query-state.js';
import { formatDate } from '../../lib/dates.js';
import { isConsoleError } from '../../lib/errors.js';
import { emptyToNull, schemaResolver, useServerErrors } from '../../lib/forms.js';

const scopesKey = (id: string) => ['resources', 'detail', id, 'scopes'] as const;

/** Permissions (scopes) of an API resource: search, paging, create, delete. Read-only when built in. */
export const ResourcePermissions = ({ resource }: { resource: Resource }) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const path = `resources/${encodeURIComponent(resource.id)}/scopes`;
  const scopes = useQuery({
    queryKey: [...scopesKey(resource.id), { page, search }],
    queryFn: ({ signal }) => api.list<Scope>(path, { page, page_size: pageSize, search }, { signal }),
    placeholderData: keepPreviousData,
    meta: { ignoreCodes: ['guard.page_out_of_range'] },
  });
  useEffect(() => {
    if (isConsoleError(scopes.error) && scopes.error.code === 'guard.page_out_of_range') {
      setPage(1);
    }
  }, [scopes.error]);
  const remove = useMutation({
    mutationFn: (scope: Scope) => api.delete(`${path}/${encodeURIComponent(scope.id)}`),
    onSuccess: async (_result, scope) => {
      notifications.show({ color: 'teal', message: t('permissions.deleted', { name: scope.name }) });
      await queryClient.invalidateQueries({ queryKey: scopesKey(resource.id) });
    },
  });
  const askDelete = async (scope: Scope) => {
    if (
      await confirm({
        title: t('permissions.delete_title'),
        message: t('permissions.delete_message', { name: scope.name }),
        confirmLabel: t('general.delete'),
        danger: true,
      })
    ) {
      remove.mutate(scope);
    }
  };
  const items = scopes.data?.items ?? [];
  const total = scopes.data?.total ?? 0;
  const editable = !resource.isBuiltIn;
  const columns = editable ? 4 : 3;

  return (
    <Card withBorder padding="md" radius="md">
      <Stack>
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
        {scopes.error && !scopes.data ? (
          <InlineError error={scopes.error} onRetry={() => void scopes.refetch()} />
        ) : !scopes.isPending && total === 0 && !search ? (
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
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('field.name')}</Table.Th>
                  <Table.Th>{t('field.description')}</Table.Th>
                  <Table.Th>{t('field.created_at')}</Table.Th>
                  {editable && <Table.Th w={48} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {scopes.isPending && <TableLoading columns={columns} />}
                {!scopes.isPending && items.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={columns}>
                      <Text c="dimmed" ta="center" py="lg">
                        {t('list.no_results')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {items.map((scope) => (
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
                        <Tooltip label={t('general.delete')}>
                          <ActionIcon variant="subtle" color="red" onClick={() => void askDelete(scope)} aria-label={t('permissions.delete_title')}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPagination page={page} total={total} onChange={setPage} />
      </Stack>
      {editable && <CreatePermissionModal opened={creating} onClose={() => setCreating(false)} resource={resource} path={path} />}
    </Card>
  );
};

type PermissionForm = z.input<typeof scopeCreateSchema>;

const CreatePermissionModal = ({ opened, onClose, resource, path }: { opened: boolean; onClose: () => void; resource: Resource; path: string }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PermissionForm, unknown, z.output<typeof scopeCreateSchema>>({
    resolver: schemaResolver(scopeCreateSchema),
    defaultValues: { name: '', description: null },
  });
  const { formError, setFormError, handleServerError } = useServerErrors(setError, ['name', 'description']);
  useEffect(() => {
    if (opened) {
      reset({ name: '', description: null });
      setFormError(undefined);
    }
  }, [opened, reset, setFormError]);
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
    <Modal opened={opened} onClose={onClose} title={t('permissions.create_title')} centered>
      <form noValidate onSubmit={handleSubmit((values) => create.mutate(values))}>
        <Stack>
          <FormError message={formError} />
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
          <TextInput
            label={t('field.description')}
            {...register('description', { setValueAs: emptyToNull })}
            error={errors.description?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('general.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('general.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
