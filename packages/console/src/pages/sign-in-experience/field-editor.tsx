import { Badge, Group, Textarea, TextInput } from '@mantine/core';
import {
  customProfileFieldSchema,
  customProfileFieldTypes,
  type CustomProfileField,
  type CustomProfileFieldCreate,
  type CustomProfileFieldType,
  type SignInExperience,
} from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { api, segment } from '../../api/client.js';
import { FormError, FormFooter, FormSection, SwitchField } from '../../components/form.js';
import { BackLink, PageHeader } from '../../components/page.js';
import { DetailState } from '../../components/query-state.js';
import { UnsavedChangesGuard } from '../../components/unsaved-changes.js';
import { schemaResolver, useServerErrors } from '../../lib/forms.js';
import { FieldConfig } from './field-config.js';
import { fieldEditorPath, fieldFormOf, fieldFormSchema, newFieldForm, toFieldBody, toFieldPatch, type FieldForm } from './field-form.js';
import { FormWithPreview } from './parts.js';
import { PreviewPanel } from './preview-panel.js';
import { customProfileFieldsQueryKey, useCustomProfileFields, useSignInExperience } from './queries.js';

const listPath = '/sign-in-experience/collect-user-profile';

const isFieldType = (value: string | null): value is CustomProfileFieldType =>
  value !== null && (customProfileFieldTypes as readonly string[]).includes(value);

/**
 * `sign-in-experience/collect-user-profile/fields/{fieldName}`: one custom profile field, or a new
 * one (`?type=` names its type; the name comes from the add dialog), with the live preview.
 */
export const Component = () => {
  const { t } = useTranslation();
  const { fieldName = '' } = useParams();
  const [params] = useSearchParams();
  const createType = params.get('type');
  const creating = isFieldType(createType);
  const stored = useQuery({
    queryKey: [...customProfileFieldsQueryKey, 'detail', fieldName],
    queryFn: ({ signal }) => api.get<CustomProfileField>(`custom-profile-fields/${segment(fieldName)}`, undefined, { signal }),
    enabled: !creating,
    meta: { ignoreCodes: ['entity.not_found'] },
  });
  const experience = useSignInExperience();

  const ready = experience.data && (creating || stored.data);
  return (
    <>
      <BackLink to={listPath}>{t('sign_in_exp.fields.back')}</BackLink>
      {ready ? (
        <FieldEditor
          key={creating ? `new-${fieldName}-${createType}` : stored.data!.id}
          experience={experience.data!}
          stored={creating ? undefined : stored.data}
          initial={creating ? newFieldForm(fieldName, createType) : fieldFormOf(stored.data!)}
        />
      ) : (
        <DetailState
          error={stored.error ?? experience.error}
          onRetry={() => void Promise.all([stored.refetch(), experience.refetch()])}
          backTo={listPath}
        />
      )}
    </>
  );
};

const FieldEditor = ({ experience, stored, initial }: { experience: SignInExperience; stored: CustomProfileField | undefined; initial: FieldForm }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const resolver = useMemo(() => schemaResolver(fieldFormSchema), []);
  const form = useForm<FieldForm, unknown, CustomProfileFieldCreate>({ resolver, defaultValues: initial });
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = form;
  const { formError, setFormError, handleServerError } = useServerErrors(setError, ['name', 'label', 'description', 'required', 'config']);
  /** Where to go once the saved values are the form's (the unsaved-changes guard then lets it through). */
  const [leaveTo, setLeaveTo] = useState<string>();
  useEffect(() => {
    if (leaveTo && !isDirty) {
      navigate(leaveTo, { replace: true });
    }
  }, [leaveTo, isDirty, navigate]);

  const save = useMutation({
    mutationFn: (values: FieldForm) =>
      stored
        ? api.patch<CustomProfileField>(`custom-profile-fields/${segment(stored.name)}`, toFieldPatch(values, stored))
        : api.post<CustomProfileField>('custom-profile-fields', toFieldBody(values)),
    meta: { handlesErrors: true },
    onSuccess: async (saved) => {
      notifications.show({ color: 'teal', message: stored ? t('general.saved') : t('sign_in_exp.fields.created', { name: saved.label || saved.name }) });
      await queryClient.invalidateQueries({ queryKey: customProfileFieldsQueryKey });
      reset(fieldFormOf(saved));
      if (!stored) {
        setLeaveTo(listPath);
      } else if (saved.name !== stored.name) {
        setLeaveTo(fieldEditorPath(saved.name));
      }
    },
    onError: handleServerError,
  });

  const title = stored ? stored.label || stored.name : t('sign_in_exp.fields.new_title');
  return (
    <>
      <PageHeader
        title={title}
        description={
          <Group gap="xs" component="span">
            <Badge variant="outline" color="gray" component="span">
              {t(`sign_in_exp.field_type.${initial.type}`)}
            </Badge>
            {t(`sign_in_exp.field_type.${initial.type}_description`)}
          </Group>
        }
      />
      <FormWithPreview
        form={form}
        onSubmit={(event) =>
          void handleSubmit(() => {
            setFormError(undefined);
            save.mutate(form.getValues());
          })(event)
        }
        preview={<FieldPreview control={control} experience={experience} stored={stored} />}
      >
        <FormError message={formError} />
        <FormSection title={t('sign_in_exp.fields.section_general')}>
          <TextInput
            label={t('sign_in_exp.fields.name')}
            description={t('sign_in_exp.fields.name_description')}
            required
            dir="ltr"
            {...register('name')}
            error={errors.name?.message}
          />
          <TextInput label={t('sign_in_exp.fields.label')} description={t('sign_in_exp.fields.label_description')} {...register('label')} error={errors.label?.message} />
          <Textarea
            label={t('sign_in_exp.fields.field_description')}
            description={t('sign_in_exp.fields.field_description_hint')}
            autosize
            minRows={2}
            {...register('description')}
            error={errors.description?.message}
          />
          <SwitchField control={control} name="required" label={t('sign_in_exp.fields.required_switch')} />
        </FormSection>
        <FormSection title={t('sign_in_exp.fields.section_config')}>
          <FieldConfig />
        </FormSection>
        <FormFooter dirty={isDirty || !stored} submitting={save.isPending} onDiscard={() => reset(initial)} />
      </FormWithPreview>
      <UnsavedChangesGuard dirty={isDirty && !leaveTo} />
    </>
  );
};

/** The profile form with this field as edited (while it is valid) in its place among the others. */
const FieldPreview = ({
  control,
  experience,
  stored,
}: {
  control: Control<FieldForm, unknown, CustomProfileFieldCreate>;
  experience: SignInExperience; stored: CustomProfileField | undefined }) => {
  const fields = useCustomProfileFields();
  const values = useWatch({ control }) as FieldForm;
  const [draft, setDraft] = useState<CustomProfileField>();
  useEffect(() => {
    const parsed = customProfileFieldSchema.safeParse({ ...toFieldBody(values), id: stored?.id ?? values.name, sieOrder: stored?.sieOrder ?? Number.MAX_SAFE_INTEGER });
    if (parsed.success) {
      setDraft(parsed.data);
    }
  }, [values, stored]);
  const list = useMemo(() => {
    const others = (fields.data ?? []).filter((field) => field.id !== stored?.id);
    return draft ? [...others, draft].sort((first, second) => first.sieOrder - second.sieOrder) : others;
  }, [fields.data, draft, stored]);
  return <PreviewPanel experience={experience} fields={list} defaultPage="continue" />;
};
