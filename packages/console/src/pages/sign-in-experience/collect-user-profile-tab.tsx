import { ActionIcon, Badge, Button, Group, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { builtInProfileFieldTypeMessage, customProfileFieldNameSchema, fitsBuiltInProfileField, customProfileFieldTypes, type CustomProfileField, type CustomProfileFieldType } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconForms, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';

import { api, segment } from '../../api/client.js';
import { confirmDelete, dropdownInDialog, FormDialog } from '../../components/dialogs.js';
import { FormSection, SelectField } from '../../components/form.js';
import { DeleteRowAction, ListEmpty, ListTable } from '../../components/list.js';
import { InlineError } from '../../components/query-state.js';
import { schemaResolver } from '../../lib/forms.js';
import { moveItem } from './draft.js';
import { fieldEditorPath } from './field-form.js';
import { MoveButtons } from './parts.js';
import { customProfileFieldsQueryKey } from './queries.js';

/** Custom profile fields, in the order the profile form asks them: reorder, delete, open in the editor. */
export const CollectUserProfileTab = ({ fields }: { fields: UseQueryResult<CustomProfileField[]> }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const list = fields.data ?? [];

  const reorder = useMutation({
    mutationFn: (order: string[]) => api.post<CustomProfileField[]>('custom-profile-fields/properties/sie-order', { order }),
    onSuccess: (next) => queryClient.setQueryData(customProfileFieldsQueryKey, next),
  });
  const remove = useMutation({
    mutationFn: (name: string) => api.delete(`custom-profile-fields/${segment(name)}`),
    onSuccess: async (_result, name) => {
      notifications.show({ color: 'teal', message: t('sign_in_exp.fields.deleted', { name }) });
      await queryClient.invalidateQueries({ queryKey: customProfileFieldsQueryKey });
    },
  });
  const askDelete = async (field: CustomProfileField) => {
    if (await confirmDelete({ title: t('sign_in_exp.fields.delete_title'), message: t('sign_in_exp.fields.delete_message', { name: field.label || field.name }) })) {
      remove.mutate(field.name);
    }
  };

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      {t('sign_in_exp.fields.add')}
    </Button>
  );

  return (
    <FormSection title={t('sign_in_exp.fields.title')} description={t('sign_in_exp.fields.description')}>
      {fields.error && !fields.data ? (
        <InlineError error={fields.error} onRetry={() => void fields.refetch()} />
      ) : fields.data?.length === 0 ? (
        <ListEmpty icon={<IconForms size={40} stroke={1.5} />} title={t('sign_in_exp.fields.empty')} description={t('sign_in_exp.fields.empty_description')} action={addButton} />
      ) : (
        <>
          <ListTable
            columns={[{ title: t('sign_in_exp.fields.label') }, { title: t('sign_in_exp.fields.name') }, { title: t('sign_in_exp.fields.type') }, { width: 140 }]}
            minWidth={560}
            spacing="xs"
            loading={fields.isPending}
          >
            {list.map((field, index) => (
              <Table.Tr key={field.id}>
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm" fw={500}>
                      {field.label || field.name}
                    </Text>
                    {field.required && (
                      <Badge size="xs" variant="light">
                        {t('sign_in_exp.fields.required')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {field.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="outline" color="gray">
                    {t(`sign_in_exp.field_type.${field.type}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap" justify="flex-end">
                    <MoveButtons
                      index={index}
                      count={list.length}
                      label={field.label || field.name}
                      onMove={(to) => reorder.mutate(moveItem(list, index, to).map((entry) => entry.name))}
                    />
                    <Tooltip label={t('sign_in_exp.fields.edit')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        component={Link}
                        to={fieldEditorPath(field.name)}
                        aria-label={t('sign_in_exp.fields.edit_field', { name: field.label || field.name })}
                      >
                        <IconEdit size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <DeleteRowAction label={t('sign_in_exp.fields.delete_field', { name: field.label || field.name })} onClick={() => void askDelete(field)} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          <Group>{addButton}</Group>
        </>
      )}
      <NewFieldModal
        opened={creating}
        onClose={() => setCreating(false)}
        taken={list.map((field) => field.name)}
        onChosen={(name, type) => navigate(`${fieldEditorPath(name)}?type=${type}`)}
      />
    </FormSection>
  );
};

const newFieldSchema = (taken: readonly string[]) =>
  z.object({
    type: z.enum(customProfileFieldTypes),
    name: customProfileFieldNameSchema.refine((name) => !taken.includes(name), { message: i18next.t('sign_in_exp.fields.name_taken') }),
  }).refine(fitsBuiltInProfileField, { message: builtInProfileFieldTypeMessage, path: ['name'] });
type NewField = { type: CustomProfileFieldType; name: string };

/** The type and the name of a new field; the editor page then asks the rest. */
const NewFieldModal = ({
  opened,
  onClose,
  taken,
  onChosen,
}: {
  opened: boolean;
  onClose: () => void;
  taken: readonly string[];
  onChosen: (name: string, type: CustomProfileFieldType) => void;
}) => {
  const { t } = useTranslation();
  const resolver = useMemo(() => schemaResolver(newFieldSchema(taken)), [taken]);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<NewField>({ resolver, defaultValues: { type: 'Text', name: '' } });
  useEffect(() => {
    if (opened) {
      reset({ type: 'Text', name: '' });
    }
  }, [opened, reset]);
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      dirty={isDirty}
      title={t('sign_in_exp.fields.add_title')}
      onSubmit={handleSubmit(({ name, type }) => {
        onClose();
        onChosen(name, type);
      })}
      submitLabel={t('sign_in_exp.fields.continue')}
    >
      <SelectField
        control={control}
        name="type"
        label={t('sign_in_exp.fields.type')}
        data={customProfileFieldTypes.map((type) => ({ value: type, label: t(`sign_in_exp.field_type.${type}`) }))}
        comboboxProps={dropdownInDialog}
      />
      <TextInput
        label={t('sign_in_exp.fields.name')}
        description={t('sign_in_exp.fields.name_description')}
        required
        dir="ltr"
        data-autofocus
        {...register('name')}
        error={errors.name?.message}
      />
    </FormDialog>
  );
};
