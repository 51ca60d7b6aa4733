import { Button, PasswordInput } from '@mantine/core';
import { userPasswordSchema } from '@gatehouse/schemas';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';

import { api } from '../../api/client.js';
import { PageLoading } from '../../components/loading-screen.js';
import { schemaResolver } from '../../lib/forms.js';
import { handleProfileError, useMe, useProfileFlow } from './profile-api.js';
import { StepCard } from './step-card.js';

/** `/profile/verify-password`: the current password first, before choosing a new one (spec §5). */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const { setVerifiedPassword } = useProfileFlow();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof userPasswordSchema>>({ resolver: schemaResolver(userPasswordSchema), defaultValues: { password: '' } });
  const verify = useMutation({
    mutationFn: async ({ password }: { password: string }) => {
      await api.post('me/password/verify', { password });
      return password;
    },
    meta: { handlesErrors: true },
    onSuccess: (password) => {
      setVerifiedPassword(password);
      navigate('/profile/change-password', { replace: true });
    },
    onError: handleProfileError,
  });

  if (me.data && !me.data.hasPassword) {
    return <Navigate to="/profile/change-password" replace />;
  }
  if (!me.data) {
    return <PageLoading />;
  }
  return (
    <StepCard title={t('profile.verify_password_title')} description={t('profile.verify_password_description')}>
      <form noValidate onSubmit={handleSubmit((values) => verify.mutate(values))}>
        <PasswordInput
          label={t('profile.current_password')}
          autoComplete="current-password"
          data-autofocus
          autoFocus
          {...register('password')}
          error={errors.password?.message}
          mb="md"
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          {t('profile.continue')}
        </Button>
      </form>
    </StepCard>
  );
};
