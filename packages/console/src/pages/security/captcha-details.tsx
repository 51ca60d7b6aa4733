import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { api } from '../../api/client.js';
import { confirmDelete } from '../../components/dialogs.js';
import { DeleteSection } from '../../components/form.js';
import { ListEmpty } from '../../components/list.js';
import { BackLink, PageHeader } from '../../components/page.js';
import { DetailState } from '../../components/query-state.js';
import { discardChangesState } from '../../components/unsaved-changes.js';
import { formatDateTime } from '../../lib/dates.js';
import { captchaProviderNames } from '../../lib/security.js';
import { CaptchaGuideSteps, CaptchaProviderForm } from './captcha.js';
import { captchaProviderQueryKey, useCaptchaProvider, useSignInExperience } from './queries.js';

/** `security/captcha/details`: the configured provider, its keys (secret masked), and its removal. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const provider = useCaptchaProvider();
  // While a captcha is required, the server refuses to remove its provider: say so before.
  const required = useSignInExperience().data?.captchaPolicy.enabled === true;
  const remove = useMutation({
    mutationFn: () => api.delete('captcha-provider'),
    onSuccess: () => {
      queryClient.setQueryData(captchaProviderQueryKey, null);
      notifications.show({ color: 'teal', message: t('security.captcha.deleted') });
      navigate('/security/captcha', { replace: true, state: discardChangesState });
    },
  });
  const askDelete = async () => {
    if (await confirmDelete({ title: t('security.captcha.delete_title'), message: t('security.captcha.delete_message') })) {
      remove.mutate();
    }
  };
  const back = <BackLink to="/security/captcha">{t('security.captcha.back')}</BackLink>;
  if (provider.data === undefined) {
    return (
      <>
        {back}
        <DetailState error={provider.error} onRetry={() => void provider.refetch()} backTo="/security/captcha" />
      </>
    );
  }
  if (provider.data === null) {
    return (
      <>
        {back}
        <ListEmpty
          icon={<IconShieldOff size={28} />}
          title={t('security.captcha.none')}
          description={t('security.captcha.provider_description')}
          action={
            <Button component={Link} to="/security/captcha" variant="light">
              {t('security.captcha.set_up')}
            </Button>
          }
        />
      </>
    );
  }
  const current = provider.data;
  return (
    <>
      {back}
      <PageHeader
        title={captchaProviderNames[current.config.type]}
        description={t('security.captcha.details_description', { date: formatDateTime(current.updatedAt, i18n.language) })}
      />
      <Stack>
        <CaptchaProviderForm key={current.updatedAt} type={current.config.type} provider={current} onSaved={() => undefined} />
        <CaptchaGuideSteps type={current.config.type} />
        <DeleteSection
          title={t('security.captcha.delete_title')}
          description={t('security.captcha.delete_description')}
          onDelete={() => void askDelete()}
          deleting={remove.isPending}
          blockedReason={required ? t('security.captcha.delete_blocked') : undefined}
        />
      </Stack>
    </>
  );
};
