import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
  type MantineSpacing,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';

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

export const ListPagination = ({ page, total, capped = false, onChange }: { page: number; total: number; capped?: boolean; onChange: (page: number) => void }) => {
  const { t } = useTranslation();
  if (total === 0) {
    return null;
  }
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {t(capped ? 'list.range_capped' : 'list.range', { first: formatNumber(first), last: formatNumber(last), total: formatNumber(total) })}
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

/**
 * A table row that opens a detail page; keyboard accessible. Its accessible name is the row's own
 * text, so what a screen reader says matches what is shown (WCAG 2.5.3, label in name).
 */
export const ClickableRow = ({ onOpen, children }: { onOpen: () => void; children: ReactNode }) => (
  <Table.Tr
    onClick={onOpen}
    onKeyDown={(event) => {
      if (event.key === 'Enter') {
        onOpen();
      }
    }}
    tabIndex={0}
    role="link"
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
 * One page of a management API list, cached under `queryKey` (which names the page and search). A
 * page that no longer exists (after deletions) sends the list back to its first page.
 */
export const usePagedQuery = <T,>(
  queryKey: QueryKey,
  path: string,
  { page, search, setPage, filters = {} }: { page: number; search: string; setPage: (page: number) => void; filters?: Record<string, string> },
) => {
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.list<T>(path, { ...filters, page, page_size: pageSize, search }, { signal }),
    placeholderData: keepPreviousData,
    meta: { ignoreCodes: ['guard.page_out_of_range'] },
  });
  useEffect(() => {
    if (isConsoleError(query.error) && query.error.code === 'guard.page_out_of_range') {
      setPage(1);
    }
  }, [query.error, setPage]);
  return { query, items: query.data?.items ?? [], total: query.data?.total ?? 0, capped: query.data?.capped ?? false };
};

/** One page of a management API list, with `page` and `search` in the URL. */
export const usePagedList = <T,>(path: string, filters: Record<string, string> = {}) => {
  const params = useListParams();
  const { page, search } = params;
  return { ...params, ...usePagedQuery<T>([path, 'list', { ...filters, page, search }], path, { ...params, filters }) };
};

/** The loading row, or the "nothing matches" row (or `emptyMessage`), of a list table. */
export const TableStatusRows = ({ loading, empty, columns, emptyMessage }: { loading: boolean; empty: boolean; columns: number; emptyMessage?: ReactNode }) => {
  const { t } = useTranslation();
  if (loading) {
    return <TableLoading columns={columns} />;
  }
  return empty ? (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" py="lg">
          {emptyMessage ?? t('list.no_results')}
        </Text>
      </Table.Td>
    </Table.Tr>
  ) : null;
};

/** A column of a `ListTable`: its heading (none for a column of row actions) and width. */
export type ListColumn = { title?: ReactNode; width?: number };

/**
 * The table of a list inside a card or section: scrolls sideways below `minWidth`, and shows the
 * loading row, or the empty row, before its rows.
 */
export const ListTable = ({
  columns,
  minWidth,
  spacing = 'sm',
  loading,
  empty = false,
  emptyMessage,
  highlightOnHover,
  children,
}: {
  columns: readonly ListColumn[];
  minWidth: number;
  spacing?: MantineSpacing;
  loading: boolean;
  empty?: boolean;
  emptyMessage?: ReactNode;
  /** For rows that open something (`ClickableRow`). */
  highlightOnHover?: boolean;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={spacing} highlightOnHover={highlightOnHover}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={index} w={column.width}>
                {/* A column of row actions shows no heading, but screen readers still name it. */}
                {column.title ?? <VisuallyHidden>{t('general.actions')}</VisuallyHidden>}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TableStatusRows loading={loading} empty={empty} columns={columns.length} emptyMessage={emptyMessage} />
          {children}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** An icon button of a table row with its tooltip; `label` names it for assistive technology when the tooltip alone would not. */
export const RowAction = ({
  tooltip,
  label = tooltip,
  color = 'gray',
  onClick,
  loading,
  children,
}: {
  tooltip: string;
  label?: string;
  color?: 'gray' | 'red';
  onClick: () => void;
  loading?: boolean;
  children: ReactNode;
}) => (
  <Tooltip label={tooltip}>
    <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={label} loading={loading}>
      {children}
    </ActionIcon>
  </Tooltip>
);

/** The delete button of a table row; its tooltip says Delete unless `tooltip` says otherwise. */
export const DeleteRowAction = ({ tooltip, ...props }: { tooltip?: string; label?: string; onClick: () => void; loading?: boolean }) => {
  const { t } = useTranslation();
  return (
    <RowAction tooltip={tooltip ?? t('general.delete')} color="red" {...props}>
      <IconTrash size={16} />
    </RowAction>
  );
};

/** A name in a list, marked when the entity is built in or the default one (`defaultLabel`). */
export const NameCell = ({ name, builtIn, defaultLabel, size }: { name: string; builtIn: boolean; defaultLabel?: string | false; size?: 'sm' }) => {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <Text fw={500} size={size}>
        {name}
      </Text>
      {builtIn && (
        <Badge size="xs" variant="light" color="gray">
          {t('general.built_in')}
        </Badge>
      )}
      {defaultLabel && (
        <Badge size="xs" variant="light">
          {defaultLabel}
        </Badge>
      )}
    </Group>
  );
};

/** A list's create dialog: shown while the location is its `create` path, and loaded only then. */
export const CreateRoute = ({ path, children }: { path: string; children: ReactNode }) => {
  const { pathname } = useLocation();
  return pathname === path ? <Suspense fallback={null}>{children}</Suspense> : null;
};

/** The link that opens a list's create dialog: in the page header, or `light` in the list's empty state. */
export const CreateLink = ({ to, state, label, light = false }: { to: string; state?: unknown; label: string; light?: boolean }) => (
  <Button component={Link} to={to} state={state} variant={light ? 'light' : undefined} leftSection={light ? undefined : <IconPlus size={16} />}>
    {label}
  </Button>
);

/**
 * A paged list in a card: its toolbar (search, filters), then the empty state while the list has
 * nothing at all, else the table of its rows (`children`), then the pages.
 */
export const ListCard = ({
  list,
  filtered,
  toolbar,
  empty,
  error,
  columns,
  minWidth,
  highlightOnHover = true,
  children,
}: {
  list: { query: { isPending: boolean }; items: unknown[]; total: number; capped?: boolean; page: number; setPage: (page: number) => void };
  /** A search or filter is set: an empty page then means "nothing matches", which the table says. */
  filtered: boolean;
  toolbar?: ReactNode;
  empty: ReactNode;
  /** Replaces the empty state and the table when the list could not be loaded. */
  error?: ReactNode;
  columns: readonly ListColumn[];
  minWidth: number;
  /** Unless the rows open nothing. */
  highlightOnHover?: boolean;
  children: ReactNode;
}) => (
  <Card withBorder padding="md" radius="md">
    <Stack>
      {toolbar}
      {error ||
        (!list.query.isPending && list.total === 0 && !filtered ? (
          empty
        ) : (
          <ListTable columns={columns} minWidth={minWidth} loading={list.query.isPending} empty={list.items.length === 0} highlightOnHover={highlightOnHover}>
            {children}
          </ListTable>
        ))}
      <ListPagination page={list.page} total={list.total} capped={list.capped} onChange={list.setPage} />
    </Stack>
  </Card>
);
