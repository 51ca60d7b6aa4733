import { Button, Center, Group, PinInput, Stack, Text } from '@mantine/core';
import type { User } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';

import { api } from '../../api/client.js';
import { PageLoading } from '../../components/loading-screen.js';
import { useSendEmailCode } from './link-email.js';
import { handleProfileError, meQueryKey, useProfileFlow } from './profile-api.js';
import { StepCard } from './step-card.js';

/** `/profile/verification-code`: the code sent to the new address links it (`POST /api/me/email`). */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pendingEmail, setPendingEmail } = useProfileFlow();
  const [code, setCode] = useState('');
  // Set once linked: the page may render again before the profile page's chunk has loaded.
  const linked = useRef(false);
  const link = useMutation({
    mutationFn: (verificationCode: string) => api.post<User>('me/email', { email: pendingEmail, verificationCode }),
    meta: { handlesErrors: true },
    onSuccess: (saved) => {
      linked.current = true;
      queryClient.setQueryData(meQueryKey, saved);
      notifications.show({ color: 'teal', message: t('profile.email_linked') });
      navigate('/profile', { replace: true });
      setPendingEmail(undefined);
    },
    onError: (error) => {
      setCode('');
      handleProfileError(error);
    },
  });
  const resend = useSendEmailCode(
    () => notifications.show({ color: 'teal', message: t('profile.code_sent') }),
    () => navigate('/profile/link-email', { replace: true }),
  );

  if (linked.current) {
    return <PageLoading />;
  }
  if (!pendingEmail) {
    return <Navigate to="/profile/link-email" replace />;
  }
  const submit = (value: string) => {
    if (/^\d{6}$/.test(value) && !link.isPending) {
      link.mutate(value);
    }
  };
  return (
    <StepCard title={t('profile.verification_code_title')} description={t('profile.verification_code_description', { email: pendingEmail })}>
      <Stack>
        <Center>
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            autoFocus
            value={code}
            onChange={setCode}
            onComplete={submit}
            aria-label={t('profile.verification_code')}
            disabled={link.isPending}
          />
        </Center>
        <Button onClick={() => submit(code)} loading={link.isPending} disabled={code.length !== 6} fullWidth>
          {t('profile.verify')}
        </Button>
        <Group justify="center" gap={4}>
          <Text size="sm" c="dimmed">
            {t('profile.no_code')}
          </Text>
          <Button variant="subtle" size="compact-sm" loading={resend.isPending} onClick={() => resend.mutate({ email: pendingEmail })}>
            {t('profile.resend_code')}
          </Button>
        </Group>
      </Stack>
    </StepCard>
  );
};
