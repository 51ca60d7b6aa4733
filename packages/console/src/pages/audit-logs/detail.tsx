import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Log } from '@gatehouse/schemas';
import { IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';

import { api } from '../../api/client.js';
import { CopyBox } from '../../components/copy-box.js';
import { FormSection } from '../../components/form.js';
import { JsonBlock } from '../../components/json-block.js';
import { BackLink, DocumentTitle } from '../../components/page.js';
import { DetailState } from '../../components/query-state.js';
import { ConsoleError } from '../../lib/errors.js';
import { formatDateTime } from '../../lib/dates.js';
import { ApplicationLink, UserLink } from './entity-links.js';
import { LogResultBadge, useLogKeyLabel } from './log-key.js';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={4} style={{ minWidth: 0 }}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    {children}
  </Stack>
);

/**
 * One audit log entry, reached from the audit log (`audit-logs/{logId}`), a user's logs tab
 * (`users/{userId}/logs/{logId}`) or an application's (`applications/{appId}/logs/{logId}`). Under a
 * user or an application, an entry about someone else is not found there.
 */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const { logId = '', userId, appId } = useParams();
  const keyLabel = useLogKeyLabel();
  const location = useLocation();
  const listed = userId
    ? { to: `/users/${encodeURIComponent(userId)}/logs`, label: t('audit_logs.back_to_user') }
    : appId
      ? { to: `/applications/${encodeURIComponent(appId)}/logs`, label: t('audit_logs.back_to_application') }
      : { to: '/audit-logs', label: t('audit_logs.back') };
  // Back to the list with the filters and page it was opened from.
  const from = (location.state as { from?: unknown } | null)?.from;
  const back = typeof from === 'string' && from.startsWith(listed.to) ? { ...listed, to: from } : listed;
  const log = useQuery({
    queryKey: ['logs', 'detail', logId],
    queryFn: ({ signal }) => api.get<Log>(`logs/${encodeURIComponent(logId)}`, undefined, { signal }),
    meta: { ignoreCodes: ['entity.not_found'] },
  });
  const elsewhere = log.data && ((userId && log.data.payload.userId !== userId) || (appId && log.data.payload.applicationId !== appId));
  if (!log.data || elsewhere) {
    return (
      <>
        <BackLink to={back.to}>{back.label}</BackLink>
        <DetailState
          error={elsewhere ? new ConsoleError({ kind: 'http', status: 404 }) : log.error}
          onRetry={() => void log.refetch()}
          backTo={back.to}
        />
      </>
    );
  }
  const { key, payload, createdAt, id } = log.data;
  const label = keyLabel(key);

  return (
    <>
      <DocumentTitle title={label} />
      <BackLink to={back.to}>{back.label}</BackLink>
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="md" variant="light" color={payload.result === 'Success' ? 'teal' : 'red'}>
            <IconFileText size={26} />
          </ThemeIcon>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
                {label}
              </Title>
              <LogResultBadge result={payload.result} />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('audit_logs.log_id')}
              </Text>
              <CopyBox value={id} />
            </Group>
          </Stack>
        </Group>
      </Card>
      <Stack>
        <FormSection title={t('audit_logs.section_details')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Field label={t('audit_logs.event_key')}>
              <Text size="sm" ff="monospace" dir="ltr">
                {key}
              </Text>
            </Field>
            <Field label={t('audit_logs.time')}>
              <Text size="sm">{formatDateTime(createdAt, i18n.language)}</Text>
            </Field>
            <Field label={t('audit_logs.user')}>{payload.userId ? <UserLink id={payload.userId} /> : <Text size="sm">—</Text>}</Field>
            <Field label={t('audit_logs.application')}>
              {payload.applicationId ? <ApplicationLink id={payload.applicationId} /> : <Text size="sm">—</Text>}
            </Field>
            <Field label={t('audit_logs.ip')}>
              <Text size="sm" ff="monospace" dir="ltr">
                {payload.ip ?? '—'}
              </Text>
            </Field>
            <Field label={t('audit_logs.user_agent')}>
              <Text size="sm" dir="ltr" style={{ wordBreak: 'break-word' }}>
                {payload.userAgent ?? '—'}
              </Text>
            </Field>
          </SimpleGrid>
        </FormSection>
        {payload.error && (
          <FormSection title={t('audit_logs.error')}>
            <JsonBlock value={payload.error} />
          </FormSection>
        )}
        <FormSection title={t('audit_logs.payload')} description={t('audit_logs.payload_description')}>
          <JsonBlock value={payload} />
        </FormSection>
      </Stack>
    </>
  );
};
