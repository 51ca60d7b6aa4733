import { Radio, Stack, TextInput } from '@mantine/core';
import { roleCreateSchema, roleTypes, type Role } from '@gatehouse/schemas';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { FormDialog } from '../../components/dialogs.js';
import { FormError, useCreateForm } from '../../components/form.js';
import { schemaResolver } from '../../lib/forms.js';
import { PermissionPicker } from './permission-picker.js';

/** Creates a role (name, description, type) with optional first permissions, and opens it. */
export const CreateRoleModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { form, dialogProps } = useCreateForm({
    opened,
    resolver: schemaResolver(roleCreateSchema),
    empty: { name: '', description: '', type: 'User', scopeIds: [] },
    fields: ['name', 'description', 'type', 'scopeIds'],
    create: ({ scopeIds, ...values }: z.output<typeof roleCreateSchema>) => api.post<Role>('roles', { ...values, ...(scopeIds?.length ? { scopeIds } : {}) }),
    listKey: 'roles',
    created: (role) => t('roles.created', { name: role.name }),
    openPath: (role) => `/roles/${role.id}/permissions`,
  });
  const errors = form.formState.errors;

  return (
    <FormDialog opened={opened} onClose={onClose} title={t('roles.create_title')} size="lg" submitLabel={t('roles.create_submit')} {...dialogProps}>
      <TextInput label={t('roles.name')} placeholder={t('roles.name_placeholder')} required data-autofocus {...form.register('name')} error={errors.name?.message} />
      <TextInput
        label={t('field.description')}
        placeholder={t('roles.description_placeholder')}
        required
        {...form.register('description')}
        error={errors.description?.message}
      />
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <Radio.Group label={t('roles.type')} value={field.value ?? 'User'} onChange={field.onChange} error={errors.type?.message}>
            <Stack gap="xs" mt={6}>
              {roleTypes.map((type) => (
                <Radio key={type} value={type} label={t(`roles.type_${type}`)} description={t(`roles.type_${type}_description`)} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      <Controller control={form.control} name="scopeIds" render={({ field }) => <PermissionPicker value={field.value ?? []} onChange={field.onChange} />} />
      <FormError message={errors.scopeIds?.message} />
    </FormDialog>
  );
};
