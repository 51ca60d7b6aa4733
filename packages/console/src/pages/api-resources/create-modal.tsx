import { TextInput } from '@mantine/core';
import { resourceCreateSchema, type Resource } from '@gatehouse/schemas';
import { useTranslation } from 'react-i18next';

import { api } from '../../api/client.js';
import { FormDialog } from '../../components/dialogs.js';
import { NumberField, useCreateForm } from '../../components/form.js';
import { schemaResolver } from '../../lib/forms.js';

/** Creates an API resource (name, indicator, token lifetime) and opens it. */
export const CreateResourceModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { form, dialogProps } = useCreateForm({
    opened,
    resolver: schemaResolver(resourceCreateSchema),
    empty: { name: '', indicator: '' },
    fields: ['name', 'indicator', 'accessTokenTtl'],
    create: (body) => api.post<Resource>('resources', body),
    listKey: 'resources',
    created: (resource) => t('api_resources.created', { name: resource.name }),
    openPath: (resource) => `/api-resources/${resource.id}/permissions`,
  });
  const errors = form.formState.errors;

  return (
    <FormDialog opened={opened} onClose={onClose} title={t('api_resources.create_title')} size="lg" submitLabel={t('api_resources.create_submit')} {...dialogProps}>
      <TextInput label={t('field.name')} placeholder={t('api_resources.name_placeholder')} required data-autofocus {...form.register('name')} error={errors.name?.message} />
      <TextInput
        label={t('api_resources.indicator')}
        description={t('api_resources.indicator_hint')}
        placeholder="https://api.example.com"
        required
        dir="ltr"
        {...form.register('indicator')}
        error={errors.indicator?.message}
      />
      <NumberField
        control={form.control}
        name="accessTokenTtl"
        label={t('api_resources.token_ttl')}
        description={t('api_resources.token_ttl_hint')}
        placeholder="3600"
        allowDecimal={false}
        allowNegative={false}
      />
    </FormDialog>
  );
};
