import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { userCreateSchema, type User } from '@gatehouse/schemas';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { CopyBox } from '../../components/copy-box.js';
import { FormError } from '../../components/form.js';
import { emptyToNull, schemaResolver, useServerErrors } from '../../lib/forms.js';
import { generateTenantPassword } from './password.js';

/** The schemas' create rules, plus the console's own: a user needs a way to sign in. */
const createUserFormSchema = userCreateSchema.refine((value) => Boolean(value.username || value.primaryEmail || value.primaryPhone), {
  path: ['username'],
  error: () => i18next.t('validation.identifier_required'),
});
type CreateForm = z.input<typeof createUserFormSchema>;

const emptyForm: CreateForm = { username: null, primaryEmail: null, primaryPhone: null, name: null };

/** Creates a user with a generated password, shown once in a copy box. */
export const CreateUserModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<{ user: User; password: string }>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateForm, unknown, z.output<typeof createUserFormSchema>>({
    resolver: schemaResolver(createUserFormSchema),
    defaultValues: emptyForm,
  });
  const { formError, setFormError, handleServerError } = useServerErrors(setError, ['username', 'primaryEmail', 'primaryPhone', 'name', 'password']);
  useEffect(() => {
    if (opened) {
      reset(emptyForm);
      setFormError(undefined);
      setCreated(undefined);
    }
  }, [opened, reset, setFormError]);
  const create = useMutation({
    mutationFn: async (values: z.output<typeof createUserFormSchema>) => {
      const password = await generateTenantPassword();
      const user = await api.post<User>('users', { ...values, password });
      return { user, password };
    },
    meta: { handlesErrors: true },
    onSuccess: async (result) => {
      setCreated(result);
      await queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
    onError: handleServerError,
  });

  return (
    <Modal opened={opened} onClose={onClose} title={created ? t('users.created_title') : t('users.create_title')} centered closeOnClickOutside={!created}>
      {created ? (
        <Stack>
          <Alert color="teal" icon={<IconCircleCheck size={18} />}>
            {t('users.created_description')}
          </Alert>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('users.generated_password')}
            </Text>
            <CopyBox value={created.password} size="md" />
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('general.close')}
            </Button>
            <Button onClick={() => navigate(`/users/${created.user.id}/settings`, { replace: true })}>{t('users.view_details')}</Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={handleSubmit((values) => create.mutate(values))}>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('users.create_description')}
            </Text>
            <FormError message={formError} />
            <TextInput label={t('field.username')} dir="ltr" data-autofocus {...register('username', { setValueAs: emptyToNull })} error={errors.username?.message} />
            <TextInput label={t('field.email')} type="email" dir="ltr" {...register('primaryEmail', { setValueAs: emptyToNull })} error={errors.primaryEmail?.message} />
            <TextInput label={t('field.phone')} type="tel" dir="ltr" {...register('primaryPhone', { setValueAs: emptyToNull })} error={errors.primaryPhone?.message} />
            <TextInput label={t('field.name')} {...register('name', { setValueAs: emptyToNull })} error={errors.name?.message} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('general.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('users.create_submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
};
