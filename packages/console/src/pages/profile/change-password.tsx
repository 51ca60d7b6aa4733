import { Button, PasswordInput, Stack } from '@mantine/core';
import { userPasswordSchema } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';

import { api } from '../../api/client.js';
import { PageLoading } from '../../components/loading-screen.js';
import { schemaResolver } from '../../lib/forms.js';
import { handleProfileError, meQueryKey, useMe, useProfileFlow } from './profile-api.js';
import { StepCard } from './step-card.js';

const newPasswordSchema = z
  .object({ password: userPasswordSchema.shape.password, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: () => i18next.t('validation.password_mismatch'),
  });

/**
 * `/profile/change-password`: a new password. A user who has one comes here through
 * verify-password, whose confirmed password the server needs again.
 */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const { verifiedPassword, setVerifiedPassword } = useProfileFlow();
  // Set once changed: the page may render again before the profile page's chunk has loaded.
  const changed = useRef(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof newPasswordSchema>>({ resolver: schemaResolver(newPasswordSchema), defaultValues: { password: '', confirmPassword: '' } });
  const change = useMutation({
    mutationFn: (password: string) => api.patch('me/password', { password, ...(verifiedPassword ? { currentPassword: verifiedPassword } : {}) }),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      changed.current = true;
      notifications.show({ color: 'teal', message: t('profile.password_changed') });
      navigate('/profile', { replace: true });
      setVerifiedPassword(undefined);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    onError: handleProfileError,
  });

  if (!me.data || changed.current) {
    return <PageLoading />;
  }
  if (me.data.hasPassword && !verifiedPassword) {
    return <Navigate to="/profile/verify-password" replace />;
  }
  return (
    <StepCard
      title={me.data.hasPassword ? t('profile.change_password') : t('profile.set_password')}
      description={t('profile.new_password_description')}
    >
      <form noValidate onSubmit={handleSubmit(({ password }) => change.mutate(password))}>
        <Stack>
          <PasswordInput label={t('profile.new_password')} autoComplete="new-password" autoFocus {...register('password')} error={errors.password?.message} />
          <PasswordInput label={t('field.confirm_password')} autoComplete="new-password" {...register('confirmPassword')} error={errors.confirmPassword?.message} />
          <Button type="submit" loading={change.isPending} fullWidth>
            {t('general.save_changes')}
          </Button>
        </Stack>
      </form>
    </StepCard>
  );
};
