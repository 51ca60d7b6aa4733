import { Center, EmptyState, Group, Loader, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { api } from '../api/client.js';
import { isConsoleError } from '../lib/errors.js';
import { formatNumber } from '../lib/format.js';

export const pageSize = 20;

/** `page` and `search` of a list live in the URL, so back/forward and shared links keep them. */
export const useListParams = () => {
  const [params, setParams] = useSearchParams();
  const parsed = Number(params.get('page'));
  const page = Number.isInteger(parsed) && parsed > 0 ? parsed : 1;
  const search = params.get('search') ?? '';
  const update = (changes: { page?: number; search?: string }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (changes.search !== undefined) {
          if (changes.search) {
            next.set('search', changes.search);
          } else {
            next.delete('search');
          }
          next.delete('page');
        }
        if (changes.page !== undefined) {
          if (changes.page > 1) {
            next.set('page', String(changes.page));
          } else {
            next.delete('page');
          }
        }
        return next;
      },
      { replace: changes.search !== undefined },
    );
  return {
    page,
    search,
    setPage: (value: number) => update({ page: value }),
    setSearch: (value: string) => update({ search: value }),
  };
};

export const SearchInput = ({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder: string }) => {
  const [text, setText] = useState(value);
  const debounced = useDebouncedCallback((next: string) => onChange(next.trim()), 300);
  return (
    <TextInput
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      placeholder={placeholder}
      aria-label={placeholder}
      leftSection={<IconSearch size={16} />}
      w={320}
      maw="100%"
      maxLength={128}
    />
  );
};

export const ListPagination = ({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) => {
  const { t } = useTranslation();
  if (total === 0) {
    return null;
  }
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {t('list.range', { first: formatNumber(first), last: formatNumber(last), total: formatNumber(total) })}
      </Text>
      {total > pageSize && <Pagination value={page} onChange={onChange} total={Math.ceil(total / pageSize)} size="sm" />}
    </Group>
  );
};

export const ListEmpty = ({ icon, title, description, action }: { icon: ReactNode; title: ReactNode; description?: ReactNode; action?: ReactNode }) => (
  <EmptyState icon={icon} title={title} description={description} py="xl">
    {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
  </EmptyState>
);

/** A table row that opens a detail page; keyboard accessible. */
export const ClickableRow = ({ onOpen, children, label }: { onOpen: () => void; children: ReactNode; label: string }) => (
  <Table.Tr
    onClick={onOpen}
    onKeyDown={(event) => {
      if (event.key === 'Enter') {
        onOpen();
      }
    }}
    tabIndex={0}
    role="link"
    aria-label={label}
    style={{ cursor: 'pointer' }}
  >
    {children}
  </Table.Tr>
);

export const TableLoading = ({ columns }: { columns: number }) => (
  <Table.Tr>
    <Table.Td colSpan={columns}>
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    </Table.Td>
  </Table.Tr>
);

/**
 * One page of a management API list, with `page` and `search` in the URL. A page that no longer
 * exists (after deletions) sends the list back to its first page.
 */
export const usePagedList = <T,>(path: string, filters: Record<string, string> = {}) => {
  const params = useListParams();
  const { page, search, setPage } = params;
  const query = useQuery({
    queryKey: [path, 'list', { ...filters, page, search }],
    queryFn: ({ signal }) => api.list<T>(path, { ...filters, page, page_size: pageSize, search }, { signal }),
    placeholderData: keepPreviousData,
    meta: { ignoreCodes: ['guard.page_out_of_range'] },
  });
  useEffect(() => {
    if (isConsoleError(query.error) && query.error.code === 'guard.page_out_of_range') {
      setPage(1);
    }
  }, [query.error, setPage]);
  return { ...params, query, items: query.data?.items ?? [], total: query.data?.total ?? 0 };
};

/** The loading row, or the "nothing matches" row, of a list table. */
export const TableStatusRows = ({ loading, empty, columns }: { loading: boolean; empty: boolean; columns: number }) => {
  const { t } = useTranslation();
  if (loading) {
    return <TableLoading columns={columns} />;
  }
  return empty ? (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" py="lg">
          {t('list.no_results')}
        </Text>
      </Table.Td>
    </Table.Tr>
  ) : null;
};
