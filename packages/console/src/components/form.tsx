import {
  Box,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
  type NumberInputProps,
  type SelectProps,
  type SwitchProps,
  type TextInputProps,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, type FormEventHandler, type ReactNode } from 'react';
import { Controller, useForm, type Control, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useServerErrors } from '../lib/forms.js';
import { FormError } from './form-error.js';
import { UnsavedChangesGuard } from './unsaved-changes.js';

export const FormSection = ({ title, description, children }: { title: ReactNode; description?: ReactNode; children: ReactNode }) => (
  <Card withBorder padding="lg" radius="md">
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed" mt={4}>
            {description}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  </Card>
);

export { FormError };

/** Save and discard for a settings form; sticks to the bottom of the window while changes are unsaved. */
export const FormFooter = ({ dirty, submitting, onDiscard }: { dirty: boolean; submitting: boolean; onDiscard: () => void }) => {
  const { t } = useTranslation();
  return (
    <Card
      data-save-bar
      withBorder
      padding="sm"
      radius="md"
      style={{ position: 'sticky', bottom: 'var(--mantine-spacing-md)', zIndex: 5, boxShadow: dirty ? 'var(--mantine-shadow-md)' : undefined }}
    >
      <Group justify="flex-end">
        <Button variant="default" onClick={onDiscard} disabled={!dirty || submitting}>
          {t('general.discard')}
        </Button>
        <Button type="submit" loading={submitting} disabled={!dirty}>
          {t('general.save_changes')}
        </Button>
      </Group>
    </Card>
  );
};

type SaveFormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | undefined;
  dirty: boolean;
  submitting: boolean;
  onDiscard: () => void;
  /** Without the save bar. */
  readOnly?: boolean;
  children: ReactNode;
};

/**
 * A form that saves changes: shows its own error above the fields, ends with the save bar, and
 * asks before its unsaved changes are lost.
 */
export const SaveForm = ({ onSubmit, error, dirty, submitting, onDiscard, readOnly = false, children }: SaveFormProps) => (
  <form noValidate onSubmit={onSubmit}>
    <Stack>
      <UnsavedChangesGuard dirty={!readOnly && dirty} />
      <FormError message={error} />
      {children}
      {!readOnly && <FormFooter dirty={dirty} submitting={submitting} onDiscard={onDiscard} />}
    </Stack>
  </form>
);

/**
 * The form of an entity's settings: filled from the entity (`toValues`), validated by `resolver`,
 * the server's errors inline. After a save, `onSaved` updates the caches, the form takes the saved
 * values and "Saved." shows. `formProps` go to `SaveForm`.
 */
export const useSaveForm = <Input extends FieldValues, Output, Entity>({
  resolver,
  entity,
  toValues,
  fields,
  save,
  onSaved,
}: {
  resolver: Resolver<Input, unknown, Output>;
  entity: Entity;
  toValues: (entity: Entity) => Input;
  /** The fields that the server's error details may name. */
  fields: readonly string[];
  /** `loaded`: the values the form started from, for a save that sends only what changed. */
  save: (values: Output, loaded: Input) => Promise<Entity>;
  onSaved: (saved: Entity) => unknown;
}) => {
  const { t } = useTranslation();
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues: toValues(entity) as DefaultValues<Input> });
  const { formError, setFormError, handleServerError } = useServerErrors(form.setError, fields);
  const mutation = useMutation({
    mutationFn: (values: Output) => save(values, form.formState.defaultValues as Input),
    meta: { handlesErrors: true },
    onSuccess: async (saved) => {
      await onSaved(saved);
      form.reset(toValues(saved));
      notifications.show({ color: 'teal', message: t('general.saved') });
    },
    onError: handleServerError,
  });
  return {
    form,
    formProps: {
      onSubmit: form.handleSubmit((values) => {
        setFormError(undefined);
        mutation.mutate(values);
      }),
      error: formError,
      dirty: form.formState.isDirty,
      submitting: mutation.isPending,
      onDiscard: () => form.reset(toValues(entity)),
    },
  };
};

/**
 * The form of a dialog (`FormDialog`): validated by `resolver`, the server's errors inline. Each
 * time `opened` turns to something (the dialog opens, or opens on another item), the form starts
 * again from `values`, without the previous error.
 */
export const useDialogForm = <Input extends FieldValues, Output>({
  resolver,
  opened,
  values,
  fields,
}: {
  resolver: Resolver<Input, unknown, Output>;
  opened: unknown;
  values: DefaultValues<Input> | undefined;
  /** The fields that the server's error details may name. */
  fields: readonly string[];
}) => {
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues: values });
  const { formError, setFormError, handleServerError } = useServerErrors(form.setError, fields);
  // The values when the dialog opens; they may change while it is open (after a save).
  const clear = useEffectEvent(() => {
    form.reset(values);
    setFormError(undefined);
  });
  useEffect(() => {
    if (opened) {
      clear();
    }
  }, [opened]);
  return { ...form, formError, handleServerError };
};

/**
 * The form of a create dialog: empty again whenever the dialog opens, the server's errors inline.
 * Once created, `created` says so, the `{listKey}` lists refresh and the new entity opens at
 * `openPath`. `dialogProps` go to `FormDialog`.
 */
export const useCreateForm = <Input extends FieldValues, Output, Created>({
  opened,
  resolver,
  empty,
  fields,
  create,
  listKey,
  created,
  openPath,
}: {
  opened: boolean;
  resolver: Resolver<Input, unknown, Output>;
  empty: Input;
  /** The fields that the server's error details may name. */
  fields: readonly string[];
  create: (values: Output) => Promise<Created>;
  listKey: string;
  created: (entity: Created) => string;
  openPath: (entity: Created) => string;
}) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { formError, handleServerError, ...form } = useDialogForm({ resolver, opened, values: empty as DefaultValues<Input>, fields });
  const mutation = useMutation({
    mutationFn: create,
    meta: { handlesErrors: true },
    onSuccess: async (entity) => {
      await queryClient.invalidateQueries({ queryKey: [listKey, 'list'] });
      notifications.show({ color: 'teal', message: created(entity) });
      navigate(openPath(entity), { replace: true });
    },
    onError: handleServerError,
  });
  return {
    form,
    dialogProps: {
      onSubmit: form.handleSubmit((values) => mutation.mutate(values)),
      error: formError,
      submitting: mutation.isPending,
      dirty: form.formState.isDirty,
    },
  };
};

// The forms pass their own `useForm` control, whatever their values and transformed output.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldBinding<T extends FieldValues> = { control: Control<T, any, any>; name: Path<T> };

/** A switch bound to a boolean field of a form. */
export const SwitchField = <T extends FieldValues>({ control, name, ...props }: FieldBinding<T> & Omit<SwitchProps, 'checked' | 'onChange' | 'name'>) => (
  <Controller
    control={control}
    name={name}
    render={({ field }) => <Switch {...props} checked={field.value === true} onChange={(event) => field.onChange(event.currentTarget.checked)} />}
  />
);

/** A number input bound to a form field, where an empty input is no value; the field's error unless `error` is given. */
export const NumberField = <T extends FieldValues>({
  control,
  name,
  error,
  ...props
}: FieldBinding<T> & Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'name'>) => (
  <Controller
    control={control}
    name={name}
    render={({ field, fieldState }) => (
      <NumberInput
        {...props}
        value={typeof field.value === 'number' ? field.value : ''}
        onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
        onBlur={field.onBlur}
        error={error ?? fieldState.error?.message}
      />
    )}
  />
);

/**
 * A text input bound to an optional field, where an empty input is no value. Controlled on purpose:
 * when the form is reset to values without the field (a stored entity that lacks it), a registered
 * uncontrolled input would keep its text, and react-hook-form would read that text back as the value.
 */
export const OptionalTextField = <T extends FieldValues>({
  control,
  name,
  error,
  ...props
}: FieldBinding<T> & Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'name'>) => (
  <Controller
    control={control}
    name={name}
    render={({ field, fieldState }) => (
      <TextInput
        {...props}
        ref={field.ref}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(event) => field.onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value)}
        onBlur={field.onBlur}
        error={error ?? fieldState.error?.message}
      />
    )}
  />
);

/** A select bound to a form field that always has one of its options; the field's error unless `error` is given. */
export const SelectField = <T extends FieldValues>({ control, name, error, ...props }: FieldBinding<T> & Omit<SelectProps, 'value' | 'onChange' | 'name'>) => (
  <Controller
    control={control}
    name={name}
    render={({ field, fieldState }) => (
      <Select
        {...props}
        value={field.value ?? null}
        onChange={(value) => value && field.onChange(value)}
        allowDeselect={false}
        error={error ?? fieldState.error?.message}
      />
    )}
  />
);

/** The red section at the end of a settings tab that deletes the entity (after a confirmation the caller asks). */
export const DeleteSection = ({
  title,
  description,
  actionLabel,
  onDelete,
  deleting,
  blockedReason,
}: {
  title: ReactNode;
  description: ReactNode;
  /** Delete, unless the entity is removed from something rather than deleted. */
  actionLabel?: string;
  onDelete: () => void;
  deleting: boolean;
  /** Why it cannot be deleted now: the button is disabled, and this says why (beside it and as its tooltip). */
  blockedReason?: string | undefined;
}) => {
  const { t } = useTranslation();
  const reasonId = useId();
  return (
    <Card withBorder padding="lg" radius="md" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Group justify="space-between">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed" mt={4} maw={560}>
            {description}
          </Text>
          {blockedReason && (
            <Text id={reasonId} size="sm" fw={500} mt={6} maw={560} data-testid="delete-blocked-reason">
              {blockedReason}
            </Text>
          )}
        </div>
        {blockedReason ? (
          <Tooltip label={blockedReason} multiline maw={320}>
            {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
            <Box component="span">
              <Button color="red" variant="light" disabled aria-describedby={reasonId}>
                {actionLabel ?? t('general.delete')}
              </Button>
            </Box>
          </Tooltip>
        ) : (
          <Button color="red" variant="light" onClick={onDelete} loading={deleting}>
            {actionLabel ?? t('general.delete')}
          </Button>
        )}
      </Group>
    </Card>
  );
};
