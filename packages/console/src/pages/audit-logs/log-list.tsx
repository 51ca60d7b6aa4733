import { Button, Group, Select, Stack, Table, Text, type SelectProps } from '@mantine/core';
import type { Application, Log } from '@gatehouse/schemas';
import { IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { api } from '../../api/client.js';
import { ClickableRow, ListCard, ListEmpty, pageSize, SearchInput, usePagedList } from '../../components/list.js';
import { formatDateTime } from '../../lib/dates.js';
import { ApplicationLink, UserLink } from './entity-links.js';
import { LogKeyText, LogResultBadge, useLogKeyOptions } from './log-key.js';

/**
 * Filters kept in the URL, by query parameter; a log's detail page links back to the list as it was.
 * `before` (a time in ms, exclusive) pages past the newest entries the server counts (10,000).
 */
const filterParams = { logKey: 'event', applicationId: 'application_id', userId: 'user_id', before: 'before' } as const;
type Filter = keyof typeof filterParams;

type LogListProps = {
  /** The fixed filter of a user's logs tab. */
  userId?: string;
  /** The fixed filter of an application's logs tab. */
  applicationId?: string;
  /** Where a row leads. */
  detailPath: (log: Log) => string;
};

/** A filter picked from a searchable list; clearing it shows every entry again. */
const FilterSelect = (props: SelectProps) => {
  const { t } = useTranslation();
  return <Select {...props} searchable clearable maw="100%" nothingFoundMessage={t('list.no_results')} comboboxProps={{ withinPortal: true }} />;
};

/**
 * Audit log entries, newest first, paged: the audit log page (every filter), a user's logs tab and an
 * application's logs tab (filtered to them, the other filters still offered).
 */
export const LogList = ({ userId, applicationId, detailPath }: LogListProps) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const keyOptions = useLogKeyOptions();
  const chosen = (filter: Filter) => params.get(filterParams[filter]) ?? '';
  const filters = {
    logKey: chosen('logKey'),
    userId: userId ?? chosen('userId'),
    applicationId: applicationId ?? chosen('applicationId'),
  };
  const before = chosen('before');
  const filtered = Boolean(chosen('logKey') || (!userId && filters.userId) || (!applicationId && filters.applicationId) || before);
  const list = usePagedList<Log>('logs', before ? { ...filters, endTime: before } : filters);
  // On the last page of the counted entries, the way on is to the entries older than its last.
  const oldestShown = list.capped && list.page * pageSize >= list.total ? list.items.at(-1) : undefined;
  const setFilter = (filter: Filter, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) {
          next.set(filterParams[filter], value);
        } else {
          next.delete(filterParams[filter]);
        }
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const applications = useQuery({
    queryKey: ['applications', 'list', { page: 1, pageSize: 100 }],
    queryFn: ({ signal }) => api.list<Application>('applications', { page: 1, page_size: 100 }, { signal }),
    enabled: !applicationId,
  });

  return (
    <ListCard
      list={list}
      filtered={filtered}
      toolbar={
        <Group gap="sm" align="flex-end">
          <FilterSelect
            label={t('audit_logs.filter_event')}
            placeholder={t('audit_logs.all_events')}
            data={keyOptions}
            value={chosen('logKey') || null}
            onChange={(value) => setFilter('logKey', value)}
            w={300}
          />
          {!applicationId && (
            <FilterSelect
              label={t('audit_logs.filter_application')}
              placeholder={t('audit_logs.all_applications')}
              data={(applications.data?.items ?? []).map((app) => ({ value: app.id, label: app.name }))}
              value={chosen('applicationId') || null}
              onChange={(value) => setFilter('applicationId', value)}
              w={240}
            />
          )}
          {!userId && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('audit_logs.filter_user')}
              </Text>
              <SearchInput value={chosen('userId')} onChange={(value) => setFilter('userId', value)} placeholder={t('audit_logs.user_id_placeholder')} />
            </Stack>
          )}
          {oldestShown && (
            // Entries of the same millisecond as the oldest shown come again rather than being skipped.
            <Button variant="default" onClick={() => setFilter('before', String(oldestShown.createdAt + 1))}>
              {t('audit_logs.older_entries')}
            </Button>
          )}
          {before && (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('audit_logs.entries_before', { date: formatDateTime(Number(before) - 1, i18n.language) })}
              </Text>
              <Button variant="subtle" onClick={() => setFilter('before', null)}>
                {t('audit_logs.newest_entries')}
              </Button>
            </Group>
          )}
        </Group>
      }
      empty={<ListEmpty icon={<IconFileText size={28} />} title={t('audit_logs.empty')} description={t('audit_logs.empty_description')} />}
      minWidth={720}
      columns={[
        { title: t('audit_logs.event') },
        { title: t('audit_logs.result') },
        ...(userId ? [] : [{ title: t('audit_logs.user') }]),
        ...(applicationId ? [] : [{ title: t('audit_logs.application') }]),
        { title: t('audit_logs.time') },
      ]}
    >
      {list.items.map((log) => (
        <ClickableRow key={log.id} onOpen={() => navigate(detailPath(log), { state: { from: `${location.pathname}${location.search}` } })}>
          <Table.Td>
            <LogKeyText logKey={log.key} />
          </Table.Td>
          <Table.Td>
            <LogResultBadge result={log.payload.result} />
          </Table.Td>
          {!userId && <Table.Td>{log.payload.userId ? <UserLink id={log.payload.userId} /> : <Text c="dimmed">—</Text>}</Table.Td>}
          {!applicationId && (
            <Table.Td>{log.payload.applicationId ? <ApplicationLink id={log.payload.applicationId} /> : <Text c="dimmed">—</Text>}</Table.Td>
          )}
          <Table.Td>
            <Text size="sm">{formatDateTime(log.createdAt, i18n.language)}</Text>
          </Table.Td>
        </ClickableRow>
      ))}
    </ListCard>
  );
};
