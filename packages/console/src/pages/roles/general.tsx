import { Stack, TextInput } from '@mantine/core';
import { rolePatchSchema, type Role } from '@gatehouse/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { useDeleteEntity } from '../../components/detail-page.js';
import { DeleteSection, FormSection, SaveForm, SwitchField, useSaveForm } from '../../components/form.js';
import { schemaResolver } from '../../lib/forms.js';
import { roleQueryKey } from './query-keys.js';

const formValues = (role: Role): z.input<typeof rolePatchSchema> => ({
  name: role.name,
  description: role.description,
  ...(role.type === 'User' ? { isDefault: role.isDefault } : {}),
});

/** Name, description and (User roles) default role; deletion. The built-in role is read-only. */
export const RoleGeneral = ({ role }: { role: Role }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const readOnly = role.isBuiltIn;
  const path = `roles/${encodeURIComponent(role.id)}`;
  const { form, formProps } = useSaveForm({
    resolver: schemaResolver(rolePatchSchema),
    entity: role,
    toValues: formValues,
    fields: ['name', 'description', 'isDefault'],
    save: (body) => api.patch<Role>(path, body),
    onSaved: async (saved) => {
      queryClient.setQueryData(roleQueryKey(role.id), saved);
      await queryClient.invalidateQueries({ queryKey: ['roles', 'list'] });
    },
  });
  const errors = form.formState.errors;
  const deletion = useDeleteEntity({
    path,
    queryKey: roleQueryKey(role.id),
    listKey: 'roles',
    question: { title: t('roles.delete_title'), message: t('roles.delete_message', { name: role.name }) },
    done: t('roles.deleted', { name: role.name }),
    backTo: '/roles',
  });

  return (
    <Stack>
      <SaveForm {...formProps} readOnly={readOnly}>
        <FormSection title={t('roles.section_general')}>
          <TextInput label={t('roles.name')} required disabled={readOnly} {...form.register('name')} error={errors.name?.message} />
          <TextInput label={t('field.description')} required disabled={readOnly} {...form.register('description')} error={errors.description?.message} />
          {role.type === 'User' && (
            <SwitchField
              control={form.control}
              name="isDefault"
              label={t('roles.default_switch')}
              description={t('roles.default_description')}
              disabled={readOnly}
            />
          )}
        </FormSection>
      </SaveForm>
      {!readOnly && <DeleteSection title={t('roles.delete_title')} description={t('roles.delete_description')} {...deletion} />}
    </Stack>
  );
};
