import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { resourceCreateSchema, type Resource } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { FormError } from '../../components/form.js';
import { schemaResolver, useServerErrors } from '../../lib/forms.js';

type CreateForm = z.input<typeof resourceCreateSchema>;

/** Creates an API resource (name, indicator, token lifetime) and opens it. */
export const CreateResourceModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateForm, unknown, z.output<typeof resourceCreateSchema>>({
    resolver: schemaResolver(resourceCreateSchema),
    defaultValues: { name: '', indicator: '' },
  });
  const { formError, setFormError, handleServerError } = useServerErrors(setError, ['name', 'indicator', 'accessTokenTtl']);
  useEffect(() => {
    if (opened) {
      reset({ name: '', indicator: '' });
      setFormError(undefined);
    }
  }, [opened, reset, setFormError]);
  const create = useMutation({
    mutationFn: (body: z.output<typeof resourceCreateSchema>) => api.post<Resource>('resources', body),
    meta: { handlesErrors: true },
    onSuccess: async (resource) => {
      await queryClient.invalidateQueries({ queryKey: ['resources', 'list'] });
      notifications.show({ color: 'teal', message: t('api_resources.created', { name: resource.name }) });
      navigate(`/api-resources/${resource.id}/permissions`, { replace: true });
    },
    onError: handleServerError,
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('api_resources.create_title')} centered size="lg">
      <form noValidate onSubmit={handleSubmit((values) => create.mutate(values))}>
        <Stack>
          <FormError message={formError} />
          <TextInput label={t('field.name')} placeholder={t('api_resources.name_placeholder')} required data-autofocus {...register('name')} error={errors.name?.message} />
          <TextInput
            label={t('api_resources.indicator')}
            description={t('api_resources.indicator_hint')}
            placeholder="https://api.example.com"
            required
            dir="ltr"
            {...register('indicator')}
            error={errors.indicator?.message}
          />
          <Controller
            control={control}
            name="accessTokenTtl"
            render={({ field }) => (
              <NumberInput
                label={t('api_resources.token_ttl')}
                description={t('api_resources.token_ttl_hint')}
                placeholder="3600"
                value={field.value ?? ''}
                onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
                onBlur={field.onBlur}
                allowDecimal={false}
                allowNegative={false}
                error={errors.accessTokenTtl?.message}
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('general.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('api_resources.create_submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
