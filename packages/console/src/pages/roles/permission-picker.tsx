import { Accordion, Center, Checkbox, Group, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import type { Resource, Scope } from '@gatehouse/schemas';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../../api/client.js';
import { InlineError } from '../../components/query-state.js';
import { formatNumber } from '../../lib/format.js';

/** The API's largest page: the picker shows that many resources, and that many permissions per resource and search. */
const pickerPage = { page: 1, page_size: 100 } as const;

type PickerProps = {
  /** Chosen scope ids. */
  value: string[];
  onChange: (value: string[]) => void;
  /** Scopes the role already has: shown checked, and cannot be chosen again. */
  assignedIds?: ReadonlySet<string>;
};

/** API permissions grouped by API resource, to check; a resource's permissions load when it is opened. */
export const PermissionPicker = ({ value, onChange, assignedIds = new Set() }: PickerProps) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<string[]>([]);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const resources = useQuery({
    queryKey: ['resources', 'list', { page: 1, pageSize: pickerPage.page_size }],
    queryFn: ({ signal }) => api.list<Resource>('resources', pickerPage, { signal }),
  });

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" fw={500}>
          {t('role_permissions.picker_label')}
        </Text>
        <Text size="xs" c="dimmed" aria-live="polite">
          {t('role_permissions.selected', { number: formatNumber(value.length) })}
        </Text>
      </Group>
      <TextInput
        value={searchText}
        onChange={(event) => setSearchText(event.currentTarget.value)}
        placeholder={t('role_permissions.picker_search')}
        aria-label={t('role_permissions.picker_search')}
        leftSection={<IconSearch size={16} />}
        maxLength={128}
      />
      {resources.error && !resources.data ? (
        <InlineError error={resources.error} onRetry={() => void resources.refetch()} />
      ) : !resources.data ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : resources.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('role_permissions.no_resources')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={360} type="auto">
          <Accordion multiple value={opened} onChange={setOpened} variant="contained">
            {resources.data.items.map((resource) => (
              <Accordion.Item key={resource.id} value={resource.id}>
                <Accordion.Control>
                  <Text size="sm" fw={500}>
                    {resource.name}
                  </Text>
                  <Text size="xs" c="dimmed" dir="ltr" style={{ wordBreak: 'break-all' }}>
                    {resource.indicator}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  {opened.includes(resource.id) && (
                    <ResourceScopes resource={resource} search={search} value={value} onChange={onChange} assignedIds={assignedIds} />
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
};

const ResourceScopes = ({ resource, search, value, onChange, assignedIds }: Required<PickerProps> & { resource: Resource; search: string }) => {
  const { t } = useTranslation();
  const path = `resources/${encodeURIComponent(resource.id)}/scopes`;
  const scopes = useQuery({
    queryKey: [path, 'list', { page: 1, pageSize: pickerPage.page_size, search }],
    queryFn: ({ signal }) => api.list<Scope>(path, { ...pickerPage, search }, { signal }),
    placeholderData: keepPreviousData,
  });
  if (scopes.error && !scopes.data) {
    return <InlineError error={scopes.error} onRetry={() => void scopes.refetch()} />;
  }
  if (!scopes.data) {
    return (
      <Center py="xs">
        <Loader size="xs" />
      </Center>
    );
  }
  const items = scopes.data.items;
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {search ? t('list.no_results') : t('role_permissions.resource_has_none')}
      </Text>
    );
  }
  const chosen = new Set(value);
  const open = items.filter((scope) => !assignedIds.has(scope.id));
  const allChosen = open.length > 0 && open.every((scope) => chosen.has(scope.id));
  const someChosen = open.some((scope) => chosen.has(scope.id));
  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) {
        next.add(id);
      } else {
        next.delete(id);
      }
    }
    onChange([...next]);
  };
  return (
    <Stack gap={6}>
      <Checkbox
        label={t('role_permissions.select_all')}
        checked={allChosen}
        indeterminate={someChosen && !allChosen}
        disabled={open.length === 0}
        onChange={(event) => toggle(open.map((scope) => scope.id), event.currentTarget.checked)}
      />
      {items.map((scope) => {
        const assigned = assignedIds.has(scope.id);
        return (
          <Checkbox
            key={scope.id}
            ml="md"
            checked={assigned || chosen.has(scope.id)}
            disabled={assigned}
            onChange={(event) => toggle([scope.id], event.currentTarget.checked)}
            label={
              <Text span size="sm" ff="monospace" dir="ltr">
                {scope.name}
              </Text>
            }
            description={assigned ? t('role_permissions.already_assigned') : (scope.description ?? undefined)}
          />
        );
      })}
      {scopes.data.total > items.length && (
        <Text size="xs" c="dimmed">
          {t('role_permissions.picker_more', { shown: formatNumber(items.length), total: formatNumber(scopes.data.total) })}
        </Text>
      )}
    </Stack>
  );
};
