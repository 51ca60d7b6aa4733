import { ActionIcon, Autocomplete, Button, Group, Table, Text, Textarea } from '@mantine/core';
import { customPhraseTranslationSchema, experiencePhraseKeys } from '@gatehouse/schemas';
import { supportedLocales, type SupportedLocale } from '@gatehouse/schemas/locales';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { api, segment } from '../../api/client.js';
import { confirmDelete, dropdownInDialog, FormDialog } from '../../components/dialogs.js';
import { FormSection, SelectField, useDialogForm } from '../../components/form.js';
import { DeleteRowAction, ListTable, RowAction } from '../../components/list.js';
import { InlineError } from '../../components/query-state.js';
import { isConsoleError } from '../../lib/errors.js';
import { schemaResolver } from '../../lib/forms.js';
import { languageLabel, languageOptions } from '../../lib/languages.js';
import { mergeEdits } from './draft.js';
import { customPhrasesQueryKey, useCustomPhrases, type CustomPhrase } from './queries.js';

const phraseKeys: ReadonlySet<string> = new Set(experiencePhraseKeys);

/** Rows of key and text, with the schema's limits; one key once, and only keys the pages have. */
const phrasesFormSchema = z.object({
  languageTag: z.enum(supportedLocales),
  rows: z
    .array(z.object({ key: customPhraseTranslationSchema.keyType, value: customPhraseTranslationSchema.valueType }))
    .superRefine((rows, context) => {
      const seen = new Set<string>();
      for (const [index, row] of rows.entries()) {
        if (seen.has(row.key)) {
          context.addIssue({ code: 'custom', path: [index, 'key'], message: i18next.t('sign_in_exp.phrases.duplicate_key') });
        } else if (row.key !== '' && !phraseKeys.has(row.key)) {
          // A key the pages do not have would change nothing (the server refuses it too).
          context.addIssue({ code: 'custom', path: [index, 'key'], message: i18next.t('sign_in_exp.phrases.unknown_key') });
        }
        seen.add(row.key);
      }
    }),
});
type PhrasesForm = z.infer<typeof phrasesFormSchema>;

/** Texts of the hosted pages replaced per language (`/api/custom-phrases/{languageTag}`), saved on their own. */
export const CustomPhrasesSection = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const phrases = useCustomPhrases();
  const [editing, setEditing] = useState<CustomPhrase | 'new'>();
  const remove = useMutation({
    mutationFn: (languageTag: string) => api.delete(`custom-phrases/${segment(languageTag)}`),
    onSuccess: async (_result, languageTag) => {
      notifications.show({ color: 'teal', message: t('sign_in_exp.phrases.deleted', { language: languageLabel(languageTag) }) });
      await queryClient.invalidateQueries({ queryKey: customPhrasesQueryKey });
    },
  });
  const askDelete = async (languageTag: string) => {
    if (await confirmDelete({ title: t('sign_in_exp.phrases.delete_title'), message: t('sign_in_exp.phrases.delete_message', { language: languageLabel(languageTag) }) })) {
      remove.mutate(languageTag);
    }
  };
  const list = phrases.data ?? [];
  const taken = list.map((phrase) => phrase.languageTag);

  return (
    <FormSection title={t('sign_in_exp.phrases.title')} description={t('sign_in_exp.phrases.description')}>
      {phrases.error && !phrases.data ? (
        <InlineError error={phrases.error} onRetry={() => void phrases.refetch()} />
      ) : (
        <ListTable
          columns={[{ title: t('sign_in_exp.phrases.language') }, { title: t('sign_in_exp.phrases.count') }, { width: 88 }]}
          minWidth={420}
          spacing="xs"
          loading={phrases.isPending}
          empty={phrases.data?.length === 0}
          emptyMessage={t('sign_in_exp.phrases.empty')}
        >
          {list.map((phrase) => (
            <Table.Tr key={phrase.languageTag}>
              <Table.Td>
                <Text size="sm">{languageLabel(phrase.languageTag)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{Object.keys(phrase.translation).length}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <RowAction
                    tooltip={t('sign_in_exp.phrases.edit')}
                    label={t('sign_in_exp.phrases.edit_language', { language: languageLabel(phrase.languageTag) })}
                    onClick={() => setEditing(phrase)}
                  >
                    <IconEdit size={16} />
                  </RowAction>
                  <DeleteRowAction
                    label={t('sign_in_exp.phrases.delete_language', { language: languageLabel(phrase.languageTag) })}
                    onClick={() => void askDelete(phrase.languageTag)}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {taken.length < supportedLocales.length && (
        <Button variant="light" w="fit-content" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('sign_in_exp.phrases.add')}
        </Button>
      )}
      <PhrasesModal editing={editing} taken={taken} onClose={() => setEditing(undefined)} />
    </FormSection>
  );
};

const emptyRow = { key: '', value: '' };

const PhrasesModal = ({ editing, taken, onClose }: { editing: CustomPhrase | 'new' | undefined; taken: readonly string[]; onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isNew = editing === 'new';
  const available = useMemo(() => supportedLocales.filter((locale) => !taken.includes(locale)), [taken]);
  const values: PhrasesForm | undefined =
    editing === 'new'
      ? { languageTag: available[0] ?? 'en', rows: [emptyRow] }
      : editing && { languageTag: editing.languageTag as SupportedLocale, rows: Object.entries(editing.translation).map(([key, value]) => ({ key, value })) };
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isDirty },
    formError,
    handleServerError,
  } = useDialogForm({ resolver: schemaResolver(phrasesFormSchema), opened: editing, values, fields: ['languageTag', 'rows'] });
  const rows = useFieldArray({ control, name: 'rows' });

  const loaded = isNew || !editing ? {} : editing.translation;
  const save = useMutation({
    mutationFn: async ({ languageTag, rows: entries }: PhrasesForm) => {
      const path = `custom-phrases/${segment(languageTag)}`;
      // The PUT replaces the language's phrases: keep those another tab saved meanwhile.
      const latest = await api.get<CustomPhrase>(path).then(
        (phrase) => phrase.translation,
        (error: unknown) => {
          if (isConsoleError(error) && error.status === 404) {
            return {};
          }
          throw error;
        },
      );
      const edited = Object.fromEntries(entries.map(({ key, value }) => [key, value]));
      return api.put<CustomPhrase>(path, mergeEdits(loaded, edited, latest));
    },
    meta: { handlesErrors: true },
    onSuccess: async (saved) => {
      notifications.show({ color: 'teal', message: t('sign_in_exp.phrases.saved', { language: languageLabel(saved.languageTag) }) });
      await queryClient.invalidateQueries({ queryKey: customPhrasesQueryKey });
      onClose();
    },
    onError: handleServerError,
  });

  return (
    <FormDialog
      opened={editing !== undefined}
      onClose={onClose}
      dirty={isDirty}
      size="xl"
      title={isNew || !editing ? t('sign_in_exp.phrases.add_title') : t('sign_in_exp.phrases.edit_title', { language: languageLabel(editing.languageTag) })}
      onSubmit={handleSubmit((values) => save.mutate(values))}
      error={formError}
      submitting={save.isPending}
    >
      {isNew && (
        <SelectField
          control={control}
          name="languageTag"
          label={t('sign_in_exp.phrases.language')}
          searchable
          data={languageOptions(available)}
          comboboxProps={dropdownInDialog}
          maw={320}
        />
      )}
      <Text size="sm" c="dimmed">
        {t('sign_in_exp.phrases.keys_hint')}
      </Text>
      {rows.fields.map((row, index) => (
        <Group key={row.id} align="flex-start" wrap="nowrap" gap="sm">
          <Controller
            control={control}
            name={`rows.${index}.key`}
            render={({ field, fieldState }) => (
              <Autocomplete
                aria-label={t('sign_in_exp.phrases.key_n', { index: index + 1 })}
                placeholder="sign_in.submit"
                dir="ltr"
                ff="monospace"
                w={240}
                data={experiencePhraseKeys}
                limit={50}
                comboboxProps={dropdownInDialog}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={fieldState.error?.message}
              />
            )}
          />
          <Textarea
            aria-label={t('sign_in_exp.phrases.value_n', { index: index + 1 })}
            autosize
            minRows={1}
            maxRows={6}
            style={{ flex: 1 }}
            {...register(`rows.${index}.value`)}
            error={errors.rows?.[index]?.value?.message}
          />
          <ActionIcon variant="subtle" color="red" mt={6} onClick={() => rows.remove(index)} aria-label={t('sign_in_exp.phrases.remove_n', { index: index + 1 })}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="subtle" size="compact-sm" w="fit-content" leftSection={<IconPlus size={14} />} onClick={() => rows.append(emptyRow)}>
        {t('sign_in_exp.phrases.add_row')}
      </Button>
    </FormDialog>
  );
};
