import { Center, EmptyState, Group, Loader, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

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
