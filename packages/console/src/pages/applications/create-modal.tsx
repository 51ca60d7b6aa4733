import { Group, Radio, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { applicationCreateSchema, thirdPartyCapableTypes, tokenTtl, type Application, type ApplicationType } from '@gatehouse/schemas';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { FormDialog } from '../../components/dialogs.js';
import { SwitchField, useCreateForm } from '../../components/form.js';
import { emptyToNull, schemaResolver } from '../../lib/forms.js';
import { creatableTypes } from './types.js';

type CreateForm = z.input<typeof applicationCreateSchema>;

const emptyForm = (thirdParty: boolean): CreateForm => ({
  type: 'SPA',
  name: '',
  description: null,
  isThirdParty: thirdParty,
  protectedAppMetadata: { host: '', origin: '', sessionDuration: tokenTtl.refreshTokenDays * 86_400 },
});

/** The create schema, with the Protected app's fields only when that type is picked. */
const baseResolver = schemaResolver(applicationCreateSchema);
const resolver: typeof baseResolver = (values, context, options) =>
  baseResolver({ ...values, protectedAppMetadata: values.type === 'Protected' ? values.protectedAppMetadata : undefined }, context, options);

/** The create dialog with the type picker (spec §2 `applications/create`). */
export const CreateApplicationModal = ({ opened, thirdParty, onClose }: { opened: boolean; thirdParty: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const types: readonly ApplicationType[] = thirdParty ? thirdPartyCapableTypes : creatableTypes;
  const { form, dialogProps } = useCreateForm({
    opened,
    resolver,
    empty: emptyForm(thirdParty),
    fields: ['name', 'description', 'type', 'isThirdParty', 'protectedAppMetadata'],
    create: (values) =>
      api.post<Application>('applications', { ...values, isThirdParty: thirdPartyCapableTypes.includes(values.type) ? Boolean(values.isThirdParty) : false }),
    listKey: 'applications',
    created: (application) => t('applications.created', { name: application.name }),
    openPath: (application) => `/applications/${application.id}/settings`,
  });
  const { control, register } = form;
  const errors = form.formState.errors;
  const type = form.watch('type');

  return (
    <FormDialog opened={opened} onClose={onClose} title={t('applications.create_title')} size="xl" submitLabel={t('applications.create_submit')} {...dialogProps}>
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
      <Textarea label={t('field.description')} autosize minRows={2} {...register('description', { setValueAs: emptyToNull })} error={errors.description?.message} />
      {type === 'Protected' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('applications.create_protected_host')}
            description={t('applications.create_protected_host_hint')}
            placeholder="app.example.com"
            required
            {...register('protectedAppMetadata.host')}
            error={errors.protectedAppMetadata?.host?.message ?? errors.protectedAppMetadata?.message}
          />
          <TextInput
            label={t('applications.create_protected_origin')}
            description={t('applications.create_protected_origin_hint')}
            placeholder="https://origin.example.com"
            required
            {...register('protectedAppMetadata.origin')}
            error={errors.protectedAppMetadata?.origin?.message}
          />
        </SimpleGrid>
      )}
      {thirdPartyCapableTypes.includes(type) && (
        <SwitchField control={control} name="isThirdParty" label={t('applications.third_party_switch')} description={t('applications.third_party_hint')} />
      )}
    </FormDialog>
  );
};
