import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { applicationSecretCreateSchema, type Application, type ApplicationSecret } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { api, segment } from '../../api/client.js';
import { CopyBox } from '../../components/copy-box.js';
import { confirmDelete, dropdownInDialog, FormDialog } from '../../components/dialogs.js';
import { SelectField, useDialogForm } from '../../components/form.js';
import { DeleteRowAction, ListTable } from '../../components/list.js';
import { InlineError } from '../../components/query-state.js';
import { formatDateTime } from '../../lib/dates.js';
import { schemaResolver } from '../../lib/forms.js';

const expirations = ['never', '30', '90', '180', '365'] as const;
const dayMs = 86_400_000;

/** The secret's name from the schemas; the expiry as a choice turned into a timestamp on submit. */
const secretFormSchema = applicationSecretCreateSchema.pick({ name: true }).extend({ expiration: z.enum(expirations) });
type SecretForm = z.infer<typeof secretFormSchema>;
const emptySecret: SecretForm = { name: '', expiration: 'never' };

const secretsKey = (id: string) => ['applications', 'detail', id, 'secrets'] as const;

/** Secrets of a confidential application: list (values in a copy box), create with an expiry, delete. */
export const ApplicationSecrets = ({ application }: { application: Application }) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const path = `applications/${encodeURIComponent(application.id)}/secrets`;
  const secrets = useQuery({
    queryKey: secretsKey(application.id),
    queryFn: ({ signal }) => api.get<ApplicationSecret[]>(path, undefined, { signal }),
  });
  const remove = useMutation({
    mutationFn: (name: string) => api.delete(`${path}/${segment(name)}`),
    onSuccess: async (_result, name) => {
      notifications.show({ color: 'teal', message: t('secrets.deleted', { name }) });
      await queryClient.invalidateQueries({ queryKey: secretsKey(application.id) });
    },
  });

  const askDelete = async (secret: ApplicationSecret) => {
    if (await confirmDelete({ title: t('secrets.delete_title'), message: t('secrets.delete_message', { name: secret.name }) })) {
      remove.mutate(secret.name);
    }
  };

  const now = Date.now();
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">{t('secrets.title')}</Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('secrets.description')}
            </Text>
          </div>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('secrets.create')}
          </Button>
        </Group>
        {secrets.error && !secrets.data ? (
          <InlineError error={secrets.error} onRetry={() => void secrets.refetch()} />
        ) : (
          <ListTable
            columns={[{ title: t('field.name') }, { title: t('secrets.value') }, { title: t('field.created_at') }, { title: t('secrets.expires') }, { width: 48 }]}
            minWidth={640}
            loading={secrets.isPending}
            empty={secrets.data?.length === 0}
            emptyMessage={t('secrets.empty')}
          >
            {secrets.data?.map((secret) => {
              const expired = secret.expiresAt !== null && secret.expiresAt <= now;
              return (
                <Table.Tr key={secret.name}>
                  <Table.Td>
                    <Text fw={500} size="sm">
                      {secret.name}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={280}>
                    <CopyBox value={secret.value} hidden />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(secret.createdAt, i18n.language)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {secret.expiresAt === null ? (
                      <Text size="sm" c="dimmed">
                        {t('secrets.never')}
                      </Text>
                    ) : (
                      <Group gap={6}>
                        <Text size="sm">{formatDateTime(secret.expiresAt, i18n.language)}</Text>
                        {expired && (
                          <Badge color="red" variant="light" size="sm">
                            {t('secrets.expired')}
                          </Badge>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <DeleteRowAction label={t('secrets.delete_title')} onClick={() => void askDelete(secret)} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </Stack>
      <CreateSecretModal opened={creating} onClose={() => setCreating(false)} path={path} applicationId={application.id} />
    </Card>
  );
};

const CreateSecretModal = ({ opened, onClose, path, applicationId }: { opened: boolean; onClose: () => void; path: string; applicationId: string }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isDirty },
    formError,
    handleServerError,
  } = useDialogForm({ resolver: schemaResolver(secretFormSchema), opened, values: emptySecret, fields: ['name', 'expiresAt'] });
  const create = useMutation({
    mutationFn: ({ name, expiration }: SecretForm) =>
      api.post<ApplicationSecret>(path, { name, expiresAt: expiration === 'never' ? null : Date.now() + Number(expiration) * dayMs }),
    meta: { handlesErrors: true },
    onSuccess: async (secret) => {
      notifications.show({ color: 'teal', message: t('secrets.created', { name: secret.name }) });
      await queryClient.invalidateQueries({ queryKey: secretsKey(applicationId) });
      onClose();
    },
    onError: handleServerError,
  });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      dirty={isDirty}
      title={t('secrets.create_title')}
      onSubmit={handleSubmit((values) => create.mutate(values))}
      error={formError}
      submitting={create.isPending}
      submitLabel={t('general.create')}
    >
      <TextInput label={t('field.name')} required data-autofocus {...register('name')} error={errors.name?.message} />
      <SelectField
        control={control}
        name="expiration"
        label={t('secrets.expiration')}
        data={expirations.map((value) => ({
          value,
          label: value === 'never' ? t('secrets.never') : t('secrets.in_days', { days: Number(value) }),
        }))}
        comboboxProps={dropdownInDialog}
      />
    </FormDialog>
  );
};
