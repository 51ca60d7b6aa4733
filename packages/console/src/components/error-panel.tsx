import { Button, Center, Code, Collapse, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { clearTokens, signInAgain } from '../auth/session.js';
import { isConsoleError, isReauthenticationError } from '../lib/errors.js';
import { LoadingScreen } from './loading-screen.js';

type ErrorPanelProps = {
  title?: string;
  code?: string;
  message?: string;
  /** Shown folded: the call stack, in development builds. */
  details?: string;
  /** Defaults to clearing every token and reloading the page (spec "Generic error panel"). */
  onRetry?: () => void;
  retryLabel?: string;
};

export const retryByReloading = async () => {
  await clearTokens().catch(() => undefined);
  window.location.reload();
};

export const ErrorPanel = ({ title, code, message, details, onRetry, retryLabel }: ErrorPanelProps) => {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Center mih="60vh" p="md">
      <Paper withBorder p="xl" radius="lg" maw={560} w="100%" role="alert">
        <Stack gap="sm" align="flex-start">
          <IconAlertTriangle size={36} color="var(--mantine-color-red-6)" aria-hidden />
          <Title order={3}>{title ?? t('errors.something_went_wrong')}</Title>
          {code && (
            <Text size="sm" c="dimmed">
              {t('errors.code', { code })}
            </Text>
          )}
          {message && <Text style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>{message}</Text>}
          {details && (
            <>
              <UnstyledButton onClick={toggle} fz="sm" c="dimmed" aria-expanded={opened}>
                {opened ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />} {t('errors.details')}
              </UnstyledButton>
              <Collapse expanded={opened} w="100%">
                <Code block fz="xs" style={{ maxHeight: 280, overflow: 'auto', direction: 'ltr' }}>
                  {details}
                </Code>
              </Collapse>
            </>
          )}
          <Button mt="sm" onClick={onRetry ?? (() => void retryByReloading())}>
            {retryLabel ?? t('general.retry')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
};

/** What the panel says about an error (spec §8 "Shell"). */
export const describeError = (error: unknown, translate: (key: 'errors.crypto_subtle_unavailable') => string) => {
  const code = isConsoleError(error) ? error.code : undefined;
  if (code === 'crypto_subtle_unavailable') {
    return { code, message: translate('errors.crypto_subtle_unavailable'), stack: undefined };
  }
  if (isRouteErrorResponse(error)) {
    return { code: String(error.status), message: error.statusText, stack: undefined };
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  return { code, message, stack };
};

/** Shows an error (the app's error boundary, a failed start-up); restarts sign-in for auth errors. */
export const ErrorView = ({ error }: { error: unknown }) => {
  const { t } = useTranslation();
  const reauthenticate = isReauthenticationError(error);
  useEffect(() => {
    if (reauthenticate) {
      void signInAgain();
    }
  }, [reauthenticate]);
  if (reauthenticate) {
    return <LoadingScreen />;
  }
  const { code, message, stack } = describeError(error, t);
  const development = import.meta.env.DEV;
  return (
    <ErrorPanel
      {...(code ? { code } : {})}
      {...(message ? { message } : {})}
      {...(development && stack ? { details: stack } : {})}
    />
  );
};

/** The router's error boundary. */
export const RouteErrorBoundary = () => <ErrorView error={useRouteError()} />;
