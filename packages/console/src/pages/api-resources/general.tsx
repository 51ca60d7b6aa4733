import { Button, Card, Group, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { resourcePatchSchema, type Resource } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { confirm } from '../../components/dialogs.js';
import { FormError, FormFooter, FormSection } from '../../components/form.js';
import { schemaResolver, useServerErrors } from '../../lib/forms.js';
import { resourceQueryKey } from './query-keys.js';

type GeneralForm = z.input<typeof resourcePatchSchema>;

const formValues = (resource: Resource): GeneralForm => ({ name: resource.name, accessTokenTtl: resource.accessTokenTtl });

/** General settings of an API resource: name, token lifetime, default API, deletion. */
export const ResourceGeneral = ({ resource }: { resource: Resource }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const readOnly = resource.isBuiltIn;
  const path = `resources/${encodeURIComponent(resource.id)}`;
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<GeneralForm, unknown, z.output<typeof resourcePatchSchema>>({
    resolver: schemaResolver(resourcePatchSchema),
    defaultValues: formValues(resource),
  });
  const { formError, setFormError, handleServerError } = useServerErrors(setError, ['name', 'accessTokenTtl']);
  const updateCache = async (saved: Resource) => {
    queryClient.setQueryData(resourceQueryKey(resource.id), saved);
    await queryClient.invalidateQueries({ queryKey: ['resources', 'list'] });
  };
  const save = useMutation({
    mutationFn: (body: z.output<typeof resourcePatchSchema>) => api.patch<Resource>(path, body),
    meta: { handlesErrors: true },
    onSuccess: async (saved) => {
      await updateCache(saved);
      reset(formValues(saved));
      notifications.show({ color: 'teal', message: t('general.saved') });
    },
    onError: handleServerError,
  });
  const setDefault = useMutation({
    mutationFn: (isDefault: boolean) => api.patch<Resource>(`${path}/is-default`, { isDefault }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['resources'] });
      await updateCache(saved);
      notifications.show({ color: 'teal', message: t('general.saved') });
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(path),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('api_resources.deleted', { name: resource.name }) });
      queryClient.removeQueries({ queryKey: resourceQueryKey(resource.id) });
      await queryClient.invalidateQueries({ queryKey: ['resources', 'list'] });
      navigate('/api-resources', { replace: true });
    },
  });
  const askDelete = async () => {
    if (
      await confirm({
        title: t('api_resources.delete_title'),
        message: t('api_resources.delete_message', { name: resource.name }),
        confirmLabel: t('general.delete'),
        danger: true,
      })
    ) {
      remove.mutate();
    }
  };

  return (
    <Stack>
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          setFormError(undefined);
          save.mutate(values);
        })}
      >
        <Stack>
          <FormError message={formError} />
          <FormSection title={t('api_resources.section_general')}>
            <TextInput label={t('field.name')} required disabled={readOnly} {...register('name')} error={errors.name?.message} />
            <TextInput label={t('api_resources.indicator')} description={t('api_resources.indicator_fixed')} value={resource.indicator} readOnly disabled dir="ltr" />
            <Controller
              control={control}
              name="accessTokenTtl"
              render={({ field }) => (
                <NumberInput
                  label={t('api_resources.token_ttl')}
                  description={t('api_resources.token_ttl_hint')}
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
                  onBlur={field.onBlur}
                  allowDecimal={false}
                  allowNegative={false}
                  disabled={readOnly}
                  error={errors.accessTokenTtl?.message}
                />
              )}
            />
          </FormSection>
          {!readOnly && <FormFooter dirty={isDirty} submitting={save.isPending} onDiscard={() => reset(formValues(resource))} />}
        </Stack>
      </form>
      <FormSection title={t('api_resources.default_title')} description={t('api_resources.default_description')}>
        <Switch
          checked={resource.isDefault}
          disabled={readOnly || setDefault.isPending}
          onChange={(event) => setDefault.mutate(event.currentTarget.checked)}
          label={t('api_resources.default_switch')}
        />
      </FormSection>
      {!readOnly && (
        <Card withBorder padding="lg" radius="md" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
          <Group justify="space-between">
            <div>
              <Title order={4}>{t('api_resources.delete_title')}</Title>
              <Text size="sm" c="dimmed" mt={4} maw={560}>
                {t('api_resources.delete_description')}
              </Text>
            </div>
            <Button color="red" variant="light" onClick={() => void askDelete()} loading={remove.isPending}>
              {t('general.delete')}
            </Button>
          </Group>
        </Card>
      )}
    </Stack>
  );
};
