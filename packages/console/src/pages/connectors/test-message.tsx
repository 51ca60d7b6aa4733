import { Alert, Button, Group, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, segment } from '../../api/client.js';
import { handleApiError } from '../../api/error-handler.js';
import { FormSection } from '../../components/form.js';
import { type ApiErrorBody, errorOutcome, isConsoleError, joinMessageAndDetails } from '../../lib/errors.js';
import type { ConnectorFactory } from './queries.js';

type Props = {
  factory: ConnectorFactory;
  /** A saved connector: its stored secrets stand in for the masked ones. */
  connectorId?: string;
  /** The form's current config, or undefined when it has problems (then shown on the fields). */
  config: () => Record<string, unknown> | undefined;
  /**
   * A refusal for the config's sake: the form marks the fields it names and answers what the test
   * should say instead of the server's summary (undefined when it is not about the config).
   */
  onConfigRefused?: (body: ApiErrorBody) => string | undefined;
};

/** Sends one message with the configuration as it is in the form, saved or not. */
export const TestMessage = ({ factory, connectorId, config, onConfigRefused }: Props) => {
  const { t, i18n } = useTranslation();
  const isEmail = factory.type === 'Email';
  const [to, setTo] = useState('');
  const [toError, setToError] = useState<string>();
  const [result, setResult] = useState<{ sentTo: string } | { error: string }>();

  const send = useMutation({
    mutationFn: (body: { config: Record<string, unknown>; to: string }) =>
      api.post(`connectors/${segment(factory.id)}/test`, { ...body, locale: i18n.language, ...(connectorId ? { id: connectorId } : {}) }),
    meta: { handlesErrors: true },
    onSuccess: (_data, body) => setResult({ sentTo: body.to }),
    onError: (error) => {
      if (isConsoleError(error) && error.body && errorOutcome(error.problem).action === 'toast') {
        // A recipient the server refuses is marked on its field, like any other form error.
        const recipient = error.body.details?.find((detail) => detail.path === 'body.to');
        if (recipient) {
          setToError(recipient.message);
          return;
        }
        setResult({ error: onConfigRefused?.(error.body) ?? joinMessageAndDetails(error.body) });
        return;
      }
      handleApiError(error);
    },
  });

  const start = () => {
    setResult(undefined);
    const recipient = to.trim();
    if (!recipient) {
      setToError(t('validation.required'));
      return;
    }
    const current = config();
    if (current) {
      send.mutate({ config: current, to: recipient });
    }
  };

  return (
    <FormSection title={t('connectors.test.title')} description={isEmail ? t('connectors.test.description_email') : t('connectors.test.description_sms')}>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label={isEmail ? t('connectors.test.to_email') : t('connectors.test.to_phone')}
          value={to}
          onChange={(event) => {
            setTo(event.currentTarget.value);
            setToError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              start();
            }
          }}
          error={toError}
          type={isEmail ? 'email' : 'tel'}
          dir="ltr"
          w={320}
          maw="100%"
          maxLength={128}
        />
        <Button variant="light" onClick={start} loading={send.isPending} mt={25}>
          {t('connectors.test.send')}
        </Button>
      </Group>
      {result && 'sentTo' in result && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {t('connectors.test.sent', { to: result.sentTo })}
        </Alert>
      )}
      {result && 'error' in result && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('connectors.test.failed')} role="alert" style={{ whiteSpace: 'pre-line' }}>
          {result.error}
        </Alert>
      )}
    </FormSection>
  );
};
