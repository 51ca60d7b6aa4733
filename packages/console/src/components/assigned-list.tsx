import { ActionIcon, Button, getDefaultZIndex, Group, Modal, MultiSelect, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconX } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { api, type Query } from '../api/client.js';
import { confirm } from './dialogs.js';
import { ClickableRow, ListCard, ListEmpty, SearchInput, usePagedList } from './list.js';
import { InlineError } from './query-state.js';

/**
 * After an assignment changes, every relation list (keys `{entity}/{id}/{relation}`) is stale: the
 * same link shows on both sides (a role's users and a user's roles). So is the role list, which
 * counts each role's users and apps.
 */
export const invalidateRelations = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey: [first, second] }) => typeof first === 'string' && (first.includes('/') || (first === 'roles' && second === 'list')),
  });

export type AssignedColumn<T> = { header: ReactNode; cell: (item: T) => ReactNode };

export type AssignModalProps = { opened: boolean; onClose: () => void; assignedIds: ReadonlySet<string> };

type AssignedListProps<T extends { id: string }> = {
  /** The relation's path, e.g. `roles/{id}/users`; an item is removed with DELETE `{path}/{item id}`. */
  path: string;
  description?: ReactNode;
  /** Shown when the list can be searched (by the server). */
  searchPlaceholder?: string;
  columns: AssignedColumn<T>[];
  /** Names an item in confirmations, notifications and row labels. */
  itemName: (item: T) => string;
  onOpen?: (item: T) => void;
  empty: { icon: ReactNode; title: string; description?: string };
  /** Without it the list is read-only. */
  assign?: { label: string; renderModal: (props: AssignModalProps) => ReactNode };
  remove?: { title: string; message: (item: T) => string; done: (item: T) => string };
};

/** One side of a many-to-many relation: a paged (and searchable) list with assign and remove. */
export const AssignedList = <T extends { id: string }>({
  path,
  description,
  searchPlaceholder,
  columns,
  itemName,
  onOpen,
  empty,
  assign,
  remove,
}: AssignedListProps<T>) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [assigning, setAssigning] = useState(false);
  const list = usePagedList<T>(path);
  const { items, page, search, setPage, setSearch } = list;
  const removal = useMutation({
    mutationFn: (item: T) => api.delete(`${path}/${encodeURIComponent(item.id)}`),
    onSuccess: async (_result, item) => {
      notifications.show({ color: 'teal', message: remove?.done(item) });
      if (items.length === 1 && page > 1) {
        setPage(page - 1);
      }
      await invalidateRelations(queryClient);
    },
  });
  const askRemove = async (item: T) => {
    if (remove && (await confirm({ title: remove.title, message: remove.message(item), confirmLabel: t('general.remove'), danger: true }))) {
      removal.mutate(item);
    }
  };
  // The first 100 assigned ids (the API's largest page) keep the picker from offering them again.
  const assigned = useQuery({
    queryKey: [path, 'list', 'ids'],
    queryFn: ({ signal }) => api.list<T>(path, { page: 1, page_size: 100 }, { signal }),
    enabled: assigning,
  });
  const assignButton = (variant: 'filled' | 'light') =>
    assign && (
      <Button variant={variant} leftSection={variant === 'filled' ? <IconPlus size={16} /> : undefined} onClick={() => setAssigning(true)}>
        {assign.label}
      </Button>
    );

  return (
    <>
      <ListCard
        list={list}
        filtered={Boolean(search)}
        toolbar={
          <>
            {(description || searchPlaceholder || assign) && (
              <Group justify="space-between" align="flex-start">
                {searchPlaceholder ? (
                  <SearchInput value={search} onChange={setSearch} placeholder={searchPlaceholder} />
                ) : (
                  <Text size="sm" c="dimmed" maw={640}>
                    {description}
                  </Text>
                )}
                {assignButton('filled')}
              </Group>
            )}
            {searchPlaceholder && description && (
              <Text size="sm" c="dimmed" maw={640}>
                {description}
              </Text>
            )}
          </>
        }
        empty={<ListEmpty icon={empty.icon} title={empty.title} description={empty.description} action={assignButton('light')} />}
        error={list.query.error && !list.query.data && <InlineError error={list.query.error} onRetry={() => void list.query.refetch()} />}
        minWidth={520}
        columns={[...columns.map((column) => ({ title: column.header })), ...(remove ? [{ width: 48 }] : [])]}
        highlightOnHover={Boolean(onOpen)}
      >
        {list.items.map((item) => {
          const cells = (
            <>
              {columns.map((column, index) => (
                <Table.Td key={index}>{column.cell(item)}</Table.Td>
              ))}
              {remove && (
                <Table.Td>
                  <Tooltip label={t('general.remove')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('general.remove')} ${itemName(item)}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        void askRemove(item);
                      }}
                      onKeyDown={(event) => event.stopPropagation()}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              )}
            </>
          );
          return onOpen ? (
            <ClickableRow key={item.id} onOpen={() => onOpen(item)}>
              {cells}
            </ClickableRow>
          ) : (
            <Table.Tr key={item.id}>{cells}</Table.Tr>
          );
        })}
      </ListCard>
      {assign?.renderModal({
        opened: assigning,
        onClose: () => setAssigning(false),
        assignedIds: new Set(assigned.data?.items.map((item) => item.id)),
      })}
    </>
  );
};

export type Option = { value: string; label: string };

type AssignModalOwnProps<T> = AssignModalProps & {
  title: string;
  label: string;
  placeholder: string;
  nothingFound: string;
  submitLabel: string;
  /** Candidates come from this list, searched by the server as the user types. */
  candidates: { path: string; query?: Query; toOption: (item: T) => Option };
  /** Posts the chosen ids. */
  assign: (ids: string[]) => Promise<unknown>;
  done: string;
};

/** Picks items to assign from a server-searched list (first 100 matches), leaving out those assigned. */
export const AssignModal = <T,>({
  opened,
  onClose,
  assignedIds,
  title,
  label,
  placeholder,
  nothingFound,
  submitLabel,
  candidates,
  assign,
  done,
}: AssignModalOwnProps<T>) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Option[]>([]);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  useEffect(() => {
    if (opened) {
      setSelected([]);
      setSearchText('');
    }
  }, [opened]);
  const found = useQuery({
    queryKey: [candidates.path, 'list', { ...candidates.query, search, page: 1, pageSize: 100 }],
    queryFn: ({ signal }) => api.list<T>(candidates.path, { ...candidates.query, search, page: 1, page_size: 100 }, { signal }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const chosen = new Set(selected.map((option) => option.value));
  // Chosen options stay in the data so their labels show whatever the current search is.
  const options = [
    ...selected,
    ...(found.data?.items ?? []).map(candidates.toOption).filter((option) => !assignedIds.has(option.value) && !chosen.has(option.value)),
  ];
  const submit = useMutation({
    mutationFn: () => assign(selected.map((option) => option.value)),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: done });
      await invalidateRelations(queryClient);
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <MultiSelect
          label={label}
          placeholder={found.isPending ? t('general.loading') : placeholder}
          data={options}
          value={[...chosen]}
          onChange={(values) => setSelected(values.map((value) => options.find((option) => option.value === value)!).filter(Boolean))}
          searchable
          searchValue={searchText}
          onSearchChange={setSearchText}
          filter={({ options: all }) => all}
          nothingFoundMessage={found.isFetching ? t('general.loading') : nothingFound}
          // Above the modal: the theme keeps dropdowns at the spec's z-index 103, below modals.
          comboboxProps={{ withinPortal: true, zIndex: getDefaultZIndex('popover') }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('general.cancel')}
          </Button>
          <Button disabled={selected.length === 0} loading={submit.isPending} onClick={() => submit.mutate()}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
