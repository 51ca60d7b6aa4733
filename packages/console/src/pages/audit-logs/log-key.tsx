import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { describeLogKey, logKeyGroups } from '../../lib/log-keys.js';

/** Names a log key in the console's language: "Sign-in · Password verified"; a key it does not know stays as it is. */
export const useLogKeyLabel = () => {
  const { t } = useTranslation();
  return (key: string) => {
    const meaning = describeLogKey(key);
    switch (meaning.kind) {
      case 'token':
        return t(`log_keys.token.${meaning.grant}`);
      case 'interaction':
        return t('log_keys.interaction', { event: t(`log_keys.event.${meaning.event}`), step: t(`log_keys.step.${meaning.step}`) });
      default:
        return key;
    }
  };
};

/** The options of the event filter, grouped by token requests and sign-in flow event. */
export const useLogKeyOptions = () => {
  const { t } = useTranslation();
  const label = useLogKeyLabel();
  return logKeyGroups().map(({ group, keys }) => ({
    group: group === 'token' ? t('log_keys.group_token') : t(`log_keys.event.${group}`),
    items: keys.map((key) => ({ value: key, label: label(key) })),
  }));
};

export const LogKeyText = ({ logKey }: { logKey: string }) => {
  const label = useLogKeyLabel()(logKey);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {label !== logKey && (
        <Text size="xs" c="dimmed" ff="monospace" dir="ltr">
          {logKey}
        </Text>
      )}
    </Stack>
  );
};

export const LogResultBadge = ({ result }: { result: 'Success' | 'Error' }) => {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={result === 'Success' ? 'teal' : 'red'}>
      {t(`audit_logs.result_${result}`)}
    </Badge>
  );
};
