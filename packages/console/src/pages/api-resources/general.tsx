import { Stack, Switch, TextInput } from '@mantine/core';
import { resourcePatchSchema, type Resource } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { api } from '../../api/client.js';
import { useDeleteEntity } from '../../components/detail-page.js';
import { DeleteSection, FormSection, NumberField, SaveForm, useSaveForm } from '../../components/form.js';
import { schemaResolver } from '../../lib/forms.js';
import { resourceQueryKey } from './query-keys.js';

const formValues = (resource: Resource) => ({ name: resource.name, accessTokenTtl: resource.accessTokenTtl });

/** General settings of an API resource: name, token lifetime, default API, deletion. */
export const ResourceGeneral = ({ resource }: { resource: Resource }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const readOnly = resource.isBuiltIn;
  const path = `resources/${encodeURIComponent(resource.id)}`;
  const updateCache = async (saved: Resource) => {
    queryClient.setQueryData(resourceQueryKey(resource.id), saved);
    await queryClient.invalidateQueries({ queryKey: ['resources', 'list'] });
  };
  const { form, formProps } = useSaveForm({
    resolver: schemaResolver(resourcePatchSchema),
    entity: resource,
    toValues: formValues,
    fields: ['name', 'accessTokenTtl'],
    save: (body) => api.patch<Resource>(path, body),
    onSaved: updateCache,
  });
  const setDefault = useMutation({
    mutationFn: (isDefault: boolean) => api.patch<Resource>(`${path}/is-default`, { isDefault }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['resources'] });
      await updateCache(saved);
      notifications.show({ color: 'teal', message: t('general.saved') });
    },
  });
  const deletion = useDeleteEntity({
    path,
    queryKey: resourceQueryKey(resource.id),
    listKey: 'resources',
    question: { title: t('api_resources.delete_title'), message: t('api_resources.delete_message', { name: resource.name }) },
    done: t('api_resources.deleted', { name: resource.name }),
    backTo: '/api-resources',
  });

  return (
    <Stack>
      <SaveForm {...formProps} readOnly={readOnly}>
        <FormSection title={t('api_resources.section_general')}>
          <TextInput label={t('field.name')} required disabled={readOnly} {...form.register('name')} error={form.formState.errors.name?.message} />
          <TextInput label={t('api_resources.indicator')} description={t('api_resources.indicator_fixed')} value={resource.indicator} readOnly disabled dir="ltr" />
          <NumberField
            control={form.control}
            name="accessTokenTtl"
            label={t('api_resources.token_ttl')}
            description={t('api_resources.token_ttl_hint')}
            allowDecimal={false}
            allowNegative={false}
            disabled={readOnly}
          />
        </FormSection>
      </SaveForm>
      <FormSection title={t('api_resources.default_title')} description={t('api_resources.default_description')}>
        <Switch
          checked={resource.isDefault}
          disabled={readOnly || setDefault.isPending}
          onChange={(event) => setDefault.mutate(event.currentTarget.checked)}
          label={t('api_resources.default_switch')}
        />
      </FormSection>
      {!readOnly && <DeleteSection title={t('api_resources.delete_title')} description={t('api_resources.delete_description')} {...deletion} />}
    </Stack>
  );
};
