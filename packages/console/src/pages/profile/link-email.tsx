import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { accountVerificationCodeRequestSchema, type AccountVerificationCodeRequest } from '@gatehouse/schemas';
import { IconMailOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { api } from '../../api/client.js';
import { isConsoleError } from '../../lib/errors.js';
import { schemaResolver } from '../../lib/forms.js';
import { handleProfileError, useMe, useProfileFlow } from './profile-api.js';
import { StepCard } from './step-card.js';

/** The server's answer when the admin tenant has no email connector to send the code with. */
const noEmailConnector = 'connector.email_not_configured';

/** Sends a code to an address; the next step takes the code (`POST /api/me/verification-codes`). */
export const useSendEmailCode = (onSent: (email: string) => void, onUnavailable: () => void) =>
  useMutation({
    mutationFn: async ({ email }: AccountVerificationCodeRequest) => {
      await api.post('me/verification-codes', { email });
      return email;
    },
    meta: { handlesErrors: true },
    onSuccess: onSent,
    onError: (error) => {
      if (isConsoleError(error) && error.code === noEmailConnector) {
        onUnavailable();
        return;
      }
      handleProfileError(error);
    },
  });

/** `/profile/link-email`: the address to link; a 6-digit code goes there. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const { setPendingEmail } = useProfileFlow();
  const [unavailable, setUnavailable] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AccountVerificationCodeRequest>({ resolver: schemaResolver(accountVerificationCodeRequestSchema), defaultValues: { email: '' } });
  const send = useSendEmailCode(
    (email) => {
      setPendingEmail(email);
      navigate('/profile/verification-code');
    },
    () => setUnavailable(true),
  );

  return (
    <StepCard
      title={me.data?.primaryEmail ? t('profile.change_email') : t('profile.link_email')}
      description={t('profile.link_email_description')}
    >
      {unavailable ? (
        <Alert color="yellow" icon={<IconMailOff size={18} />} title={t('profile.email_unavailable_title')} role="alert">
          {t('profile.email_unavailable')}
        </Alert>
      ) : (
        <form noValidate onSubmit={handleSubmit((values) => send.mutate(values))}>
          <Stack>
            <TextInput label={t('field.email')} type="email" autoComplete="email" autoFocus dir="ltr" {...register('email')} error={errors.email?.message} />
            <Button type="submit" loading={send.isPending} fullWidth>
              {t('profile.send_code')}
            </Button>
          </Stack>
        </form>
      )}
    </StepCard>
  );
};
