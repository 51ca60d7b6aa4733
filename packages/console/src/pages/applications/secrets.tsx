import { ActionIcon, Badge, Button, Card, Group, Modal, Select, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { applicationSecretCreateSchema, type Application, type ApplicationSecret } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { api, segment } from '../../api/client.js';
import { CopyBox } from '../../components/copy-box.js';
import { confirm } from '../../components/dialogs.js';
import { FormError } from '../../components/form.js';
import { InlineError } from '../../components/query-state.js';
import { formatDateTime } from '../../lib/dates.js';
import { schemaResolver, useServerErrors } from '../../lib/forms.js';

const expirations = ['never', '30', '90', '180', '365'] as const;
const dayMs = 86_400_000;

/** The secret's name from the schemas; the expiry as a choice turned into a timestamp on submit. */
const secretFormSchema = applicationSecretCreateSchema.pick({ name: true }).extend({ expiration: z.enum(expirations) });
type SecretForm = z.infer<typeof secretFormSchema>;

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
    if (
      await confirm({
        title: t('secrets.delete_title'),
        message: t('secrets.delete_message', { name: secret.name }),
        confirmLabel: t('general.delete'),
        danger: true,
      })
    ) {
      remove.mutate(secret.name);
    }
  };

  const now = Date.now();
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={4}>{t('secrets.title')}</Title>
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
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('field.name')}</Table.Th>
                  <Table.Th>{t('secrets.value')}</Table.Th>
                  <Table.Th>{t('field.created_at')}</Table.Th>
                  <Table.Th>{t('secrets.expires')}</Table.Th>
                  <Table.Th w={48} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {secrets.data?.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center" py="md">
                        {t('secrets.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
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
                        <Tooltip label={t('general.delete')}>
                          <ActionIcon variant="subtle" color="red" onClick={() => void askDelete(secret)} aria-label={t('secrets.delete_title')}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
    reset,
    setError,
    formState: { errors },
  } = useForm<SecretForm>({ resolver: schemaResolver(secretFormSchema), defaultValues: { name: '', expiration: 'never' } });
  const { formError, setFormError, handleServerError } = useServerErrors(setError, ['name', 'expiresAt']);
  useEffect(() => {
    if (opened) {
      reset({ name: '', expiration: 'never' });
      setFormError(undefined);
    }
  }, [opened, reset, setFormError]);
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
    <Modal opened={opened} onClose={onClose} title={t('secrets.create_title')} centered>
      <form noValidate onSubmit={handleSubmit((values) => create.mutate(values))}>
        <Stack>
          <FormError message={formError} />
          <TextInput label={t('field.name')} required data-autofocus {...register('name')} error={errors.name?.message} />
          <Controller
            control={control}
            name="expiration"
            render={({ field }) => (
              <Select
                label={t('secrets.expiration')}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
                data={expirations.map((value) => ({
                  value,
                  label: value === 'never' ? t('secrets.never') : t('secrets.in_days', { days: Number(value) }),
                }))}
                comboboxProps={{ withinPortal: true }}
              />
            )}
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
