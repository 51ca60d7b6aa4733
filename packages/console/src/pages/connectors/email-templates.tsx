import { Alert, Button, Group, Table, Text, Textarea, TextInput } from '@mantine/core';
import { emailTemplateUpsertSchema, localeNames, supportedLocales, templateContentTypes, templateTypes, type EmailTemplate } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPencil, IconPlus, IconTemplate } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { api, segment } from '../../api/client.js';
import { confirmDelete, dropdownInDialog, FormDialog } from '../../components/dialogs.js';
import { FormSection, OptionalTextField, SelectField, useDialogForm } from '../../components/form.js';
import { DeleteRowAction, ListEmpty, ListTable, RowAction } from '../../components/list.js';
import { InlineError } from '../../components/query-state.js';
import { schemaResolver } from '../../lib/forms.js';
import { literalPlaceholders } from '../../lib/connectors.js';
import { languageOptions } from '../../lib/languages.js';
import { monospaceInput } from './config-fields.js';
import { connectorQueryKeys, useEmailTemplates } from './queries.js';

const templateSchema = emailTemplateUpsertSchema.shape.templates.element;
type TemplateForm = z.input<typeof templateSchema>;

const emptyTemplate = (languageTag: TemplateForm['languageTag']): TemplateForm => ({
  languageTag,
  templateType: 'Generic',
  details: { subject: '', content: '', contentType: 'text/html' },
});

const formOf = (template: EmailTemplate): TemplateForm => ({
  languageTag: template.languageTag as TemplateForm['languageTag'],
  templateType: template.templateType,
  details: template.details,
});

type EditorProps = {
  template: TemplateForm | undefined;
  editing: boolean;
  /** The saved templates: a new one for a language and usage type already there replaces it. */
  saved: EmailTemplate[];
  onClose: () => void;
};

/** Creates or replaces the template of one language and usage type. */
const TemplateModal = ({ template, editing, saved, onClose }: EditorProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isDirty },
    formError,
    handleServerError,
  } = useDialogForm({ resolver: schemaResolver(templateSchema), opened: template, values: template, fields: ['languageTag', 'templateType', 'details'] });
  const save = useMutation({
    mutationFn: (body: z.output<typeof templateSchema>) => api.put<EmailTemplate[]>('email-templates', { templates: [body] }),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: connectorQueryKeys.emailTemplates });
      notifications.show({ color: 'teal', message: t('general.saved') });
      onClose();
    },
    onError: handleServerError,
  });
  const [languageTag, templateType] = useWatch({ control, name: ['languageTag', 'templateType'] });
  const replaces = !editing && saved.some((existing) => existing.languageTag === languageTag && existing.templateType === templateType);
  return (
    <FormDialog
      opened={Boolean(template)}
      onClose={onClose}
      dirty={isDirty}
      title={editing ? t('connectors.templates.edit_title') : t('connectors.templates.add_title')}
      size="lg"
      onSubmit={handleSubmit((values) => save.mutate(values))}
      error={formError}
      submitting={save.isPending}
    >
      <Group grow align="flex-start">
        <SelectField
          control={control}
          name="languageTag"
          label={t('connectors.templates.language')}
          data={languageOptions()}
          disabled={editing}
          searchable
          comboboxProps={dropdownInDialog}
        />
        <SelectField
          control={control}
          name="templateType"
          label={t('connectors.templates.usage_type')}
          data={templateTypes.map((type) => ({ value: type, label: t(`connectors.option.${type}`) }))}
          disabled={editing}
          comboboxProps={dropdownInDialog}
        />
      </Group>
      {replaces && (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />}>
          {t('connectors.templates.replaces_existing')}
        </Alert>
      )}
      <TextInput label={t('connectors.templates.subject')} required {...register('details.subject')} error={errors.details?.subject?.message} />
      <Textarea
        label={t('connectors.templates.content')}
        description={t('connectors.templates.content_hint', literalPlaceholders)}
        required
        autosize
        minRows={6}
        maxRows={18}
        styles={monospaceInput}
        {...register('details.content')}
        error={errors.details?.content?.message}
      />
      <SelectField
        control={control}
        name="details.contentType"
        label={t('connectors.templates.content_type')}
        data={templateContentTypes.map((type) => ({ value: type, label: type }))}
        comboboxProps={dropdownInDialog}
      />
      <Group grow align="flex-start">
        <OptionalTextField
          control={control}
          name="details.sendFrom"
          label={t('connectors.templates.send_from')}
          description={t('connectors.templates.send_from_hint')}
        />
        <OptionalTextField control={control} name="details.replyTo" label={t('connectors.templates.reply_to')} dir="ltr" />
      </Group>
    </FormDialog>
  );
};

/**
 * The tenant's email templates (`/api/email-templates`), one per language and usage type. They
 * win over the templates in the connector's own configuration.
 */
export const EmailTemplates = () => {
  const { t, i18n } = useTranslation();
  const [editing, onEdit] = useState<{ template: TemplateForm; existing: boolean }>();
  const queryClient = useQueryClient();
  const templates = useEmailTemplates();
  const remove = useMutation({
    mutationFn: (template: EmailTemplate) => api.delete(`email-templates/${segment(template.id)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: connectorQueryKeys.emailTemplates });
      notifications.show({ color: 'teal', message: t('connectors.templates.deleted') });
    },
  });
  const askDelete = async (template: EmailTemplate) => {
    if (
      await confirmDelete({
        title: t('connectors.templates.delete_title'),
        message: t('connectors.templates.delete_message', { type: t(`connectors.option.${template.templateType}`), language: template.languageTag }),
      })
    ) {
      remove.mutate(template);
    }
  };
  const language = (supportedLocales as readonly string[]).includes(i18n.language) ? (i18n.language as TemplateForm['languageTag']) : 'en';
  const items = templates.data ?? [];
  const add = (
    <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onEdit({ template: emptyTemplate(language), existing: false })}>
      {t('connectors.templates.add')}
    </Button>
  );

  return (
    <FormSection title={t('connectors.templates.title')} description={t('connectors.templates.description')}>
      {templates.error ? (
        <InlineError error={templates.error} onRetry={() => void templates.refetch()} />
      ) : !templates.isPending && items.length === 0 ? (
        <ListEmpty icon={<IconTemplate size={28} />} title={t('connectors.templates.empty')} description={t('connectors.templates.empty_description')} action={add} />
      ) : (
        <>
          <ListTable
            columns={[{ title: t('connectors.templates.language') }, { title: t('connectors.templates.usage_type') }, { title: t('connectors.templates.subject') }, { width: 90 }]}
            minWidth={520}
            spacing="xs"
            loading={templates.isPending}
          >
            {items.map((template) => (
              <Table.Tr key={template.id}>
                <Table.Td>
                  <Text size="sm">{localeNames[template.languageTag as TemplateForm['languageTag']] ?? template.languageTag}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`connectors.option.${template.templateType}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" truncate maw={280}>
                    {template.details.subject}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <RowAction tooltip={t('connectors.templates.edit_title')} onClick={() => onEdit({ template: formOf(template), existing: true })}>
                      <IconPencil size={16} />
                    </RowAction>
                    <DeleteRowAction onClick={() => void askDelete(template)} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          <Group>{add}</Group>
        </>
      )}
      <TemplateModal template={editing?.template} editing={Boolean(editing?.existing)} saved={items} onClose={() => onEdit(undefined)} />
    </FormSection>
  );
};
