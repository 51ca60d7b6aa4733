import { Button, Group, Modal, Radio, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { applicationCreateSchema, thirdPartyCapableTypes, type Application, type ApplicationType } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { FormError } from '../../components/form.js';
import { emptyToNull, schemaResolver, useServerErrors } from '../../lib/forms.js';
import { creatableTypes } from './types.js';

type CreateForm = z.input<typeof applicationCreateSchema>;

/** The create dialog with the type picker (spec §2 `applications/create`). */
export const CreateApplicationModal = ({ opened, thirdParty, onClose }: { opened: boolean; thirdParty: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const types: readonly ApplicationType[] = thirdParty ? thirdPartyCapableTypes : creatableTypes;
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<CreateForm, unknown, z.output<typeof applicationCreateSchema>>({
    resolver: schemaResolver(applicationCreateSchema),
    defaultValues: { type: 'SPA', name: '', description: null, isThirdParty: thirdParty },
  });
  const { formError, setFormError, handleServerError } = useServerErrors(setError, ['name', 'description', 'type', 'isThirdParty']);

  useEffect(() => {
    if (opened) {
      reset({ type: 'SPA', name: '', description: null, isThirdParty: thirdParty });
      setFormError(undefined);
    }
  }, [opened, thirdParty, reset, setFormError]);

  const create = useMutation({
    mutationFn: (body: z.output<typeof applicationCreateSchema>) => api.post<Application>('applications', body),
    meta: { handlesErrors: true },
    onSuccess: async (application) => {
      await queryClient.invalidateQueries({ queryKey: ['applications', 'list'] });
      notifications.show({ color: 'teal', message: t('applications.created', { name: application.name }) });
      navigate(`/applications/${application.id}/settings`, { replace: true });
    },
    onError: handleServerError,
  });

  const type = watch('type');
  const canBeThirdParty = thirdPartyCapableTypes.includes(type);

  return (
    <Modal opened={opened} onClose={onClose} title={t('applications.create_title')} size="xl" centered>
      <form
        noValidate
        onSubmit={handleSubmit((values) =>
          create.mutate({ ...values, isThirdParty: canBeThirdParty ? Boolean(values.isThirdParty) : false }),
        )}
      >
        <Stack>
          <FormError message={formError} />
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <Radio.Group value={field.value} onChange={(value) => field.onChange(value as ApplicationType)} label={t('applications.type')} error={errors.type?.message}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                  {types.map((option) => (
                    <Radio.Card key={option} value={option} p="md" radius="md" data-testid={`application-type-${option}`}>
                      <Group wrap="nowrap" align="flex-start">
                        <Radio.Indicator />
                        <div>
                          <Text fw={600}>{t(`application_type.${option}.title`)}</Text>
                          <Text size="sm" c="dimmed">
                            {t(`application_type.${option}.description`)}
                          </Text>
                        </div>
                      </Group>
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              </Radio.Group>
            )}
          />
          <TextInput label={t('field.name')} required data-autofocus {...register('name')} error={errors.name?.message} />
          <Textarea
            label={t('field.description')}
            autosize
            minRows={2}
            {...register('description', { setValueAs: emptyToNull })}
            error={errors.description?.message}
          />
          {canBeThirdParty && (
            <Controller
              control={control}
              name="isThirdParty"
              render={({ field }) => (
                <Switch
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  label={t('applications.third_party_switch')}
                  description={t('applications.third_party_hint')}
                />
              )}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('general.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('applications.create_submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
