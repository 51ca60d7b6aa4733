import { Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { primaryEmailSchema, userPasswordSchema, usernameSchema } from '@gatehouse/schemas';
import { useMutation } from '@tanstack/react-query';
import i18next from 'i18next';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { z } from 'zod';

import { createFirstAdmin } from '../api/console-config.js';
import { useConsole } from '../app-context.js';
import { basename, startSignIn } from '../auth/session.js';
import { FormError } from '../components/form.js';
import { Logo } from '../components/logo.js';
import { emptyToUndefined, schemaResolver, useServerErrors } from '../lib/forms.js';
import { isConsoleError } from '../lib/errors.js';

/** The first administrator (POST /api/console/first-admin): the schemas' username, email and password rules. */
const firstAdminSchema = z
  .object({
    username: usernameSchema,
    password: userPasswordSchema.shape.password,
    confirmPassword: z.string(),
    primaryEmail: primaryEmailSchema.optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: () => i18next.t('validation.password_mismatch'),
  });

type FirstAdminForm = z.input<typeof firstAdminSchema>;

/**
 * The welcome screen of a fresh install (`firstAdminNeeded`): creates the first console
 * administrator, then starts the sign-in. Unreachable once an administrator exists.
 */
export const Component = () => {
  const { t } = useTranslation();
  const { config, markFirstAdminCreated } = useConsole();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FirstAdminForm, unknown, z.output<typeof firstAdminSchema>>({
    resolver: schemaResolver(firstAdminSchema),
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });
  const { formError, setFormError, handleServerError } = useServerErrors(setError, ['username', 'password', 'primaryEmail']);
  const create = useMutation({
    mutationFn: createFirstAdmin,
    meta: { handlesErrors: true },
    onSuccess: async () => {
      markFirstAdminCreated();
      // Come back to the console root after signing in, not to this screen.
      window.history.replaceState(null, '', basename);
      await startSignIn();
    },
    onError: handleServerError,
  });
  const setupDone = isConsoleError(create.error) && create.error.code === 'console.setup_done';

  if (!config.firstAdminNeeded && !create.isSuccess) {
    return <Navigate to="/" replace />;
  }

  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder radius="lg" p="xl" w={440} maw="100%" shadow="sm">
        <form
          noValidate
          onSubmit={handleSubmit(({ username, password, primaryEmail }) => {
            setFormError(undefined);
            create.mutate({ username, password, ...(primaryEmail ? { primaryEmail } : {}) });
          })}
        >
          <Stack>
            <Logo size={40} />
            <div>
              <Title order={1} size="h2">
                {t('welcome.title')}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {t('welcome.description')}
              </Text>
            </div>
            <FormError message={formError} />
            {setupDone && (
              <Button variant="light" onClick={() => void startSignIn()}>
                {t('welcome.sign_in')}
              </Button>
            )}
            <TextInput
              label={t('field.username')}
              autoComplete="username"
              required
              {...register('username')}
              error={errors.username?.message}
              dir="ltr"
            />
            <TextInput
              label={t('field.email')}
              description={t('welcome.email_hint')}
              type="email"
              autoComplete="email"
              {...register('primaryEmail', { setValueAs: emptyToUndefined })}
              error={errors.primaryEmail?.message}
              dir="ltr"
            />
            <PasswordInput
              label={t('field.password')}
              autoComplete="new-password"
              required
              {...register('password')}
              error={errors.password?.message && <span style={{ whiteSpace: 'pre-line' }}>{errors.password.message}</span>}
            />
            <PasswordInput
              label={t('field.confirm_password')}
              autoComplete="new-password"
              required
              {...register('confirmPassword')}
              error={errors.confirmPassword?.message}
            />
            <Button type="submit" loading={create.isPending || create.isSuccess} fullWidth mt="sm">
              {t('welcome.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
};
