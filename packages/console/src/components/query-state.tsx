import { Alert, Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { isConsoleError } from '../lib/errors.js';
import { PageLoading } from './loading-screen.js';

/** A detail page's loading, missing-entity or failed state. */
export const DetailState = ({ error, onRetry, backTo }: { error: unknown; onRetry: () => void; backTo: string }) => {
  const { t } = useTranslation();
  if (!error) {
    return <PageLoading />;
  }
  if (isConsoleError(error) && error.status === 404) {
    return (
      <Center mih="50vh">
        <Stack align="center" gap="xs">
          <IconFileUnknown size={44} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
          <Title order={3}>{t('detail.not_found_title')}</Title>
          <Text c="dimmed">{t('detail.not_found_description')}</Text>
          <Button component={Link} to={backTo} variant="light" mt="sm">
            {t('detail.back_to_list')}
          </Button>
        </Stack>
      </Center>
    );
  }
  return <InlineError error={error} onRetry={onRetry} />;
};

/** A failed query inside a page: its message and a retry button. */
export const InlineError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation();
  const message = isConsoleError(error) && error.body ? error.body.message : t('errors.load_failed');
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('errors.load_failed')} role="alert">
      <Stack gap="xs" align="flex-start">
        {message !== t('errors.load_failed') && <Text size="sm">{message}</Text>}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('general.retry')}
        </Button>
      </Stack>
    </Alert>
  );
};
