import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { Resource } from '@gatehouse/schemas';
import { IconApi, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

import { api } from '../../api/client.js';
import { ClickableRow, ListEmpty, ListPagination, pageSize, SearchInput, TableLoading, useListParams } from '../../components/list.js';
import { PageHeader } from '../../components/page.js';
import { isConsoleError } from '../../lib/errors.js';
import { formatNumber } from '../../lib/format.js';

/** The create dialog (and the schemas it validates with) loads only when it opens. */
const CreateResourceModal = lazy(() => import('./create-modal.js').then((module) => ({ default: module.CreateResourceModal })));

/** API resources: search and paging; `create` opens the create dialog. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const creating = location.pathname === '/api-resources/create';
  const { page, search, setPage, setSearch } = useListParams();
  const resources = useQuery({
    queryKey: ['resources', 'list', { page, search }],
    queryFn: ({ signal }) => api.list<Resource>('resources', { page, page_size: pageSize, search }, { signal }),
    placeholderData: keepPreviousData,
    meta: { ignoreCodes: ['guard.page_out_of_range'] },
  });
  useEffect(() => {
    if (isConsoleError(resources.error) && resources.error.code === 'guard.page_out_of_range') {
      setPage(1);
    }
  }, [resources.error, setPage]);
  const items = resources.data?.items ?? [];
  const total = resources.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title={t('api_resources.title')}
        description={t('api_resources.description')}
        actions={
          <Button component={Link} to="/api-resources/create" leftSection={<IconPlus size={16} />}>
            {t('api_resources.create')}
          </Button>
        }
      />
      <Card withBorder padding="md" radius="md">
        <Stack>
          <SearchInput value={search} onChange={setSearch} placeholder={t('api_resources.search')} />
          {!resources.isPending && total === 0 && !search ? (
            <ListEmpty
              icon={<IconApi size={28} />}
              title={t('api_resources.empty')}
              description={t('api_resources.empty_description')}
              action={
                <Button component={Link} to="/api-resources/create" variant="light">
                  {t('api_resources.create')}
                </Button>
              }
            />
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('field.name')}</Table.Th>
                    <Table.Th>{t('api_resources.indicator')}</Table.Th>
                    <Table.Th>{t('api_resources.token_ttl')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {resources.isPending && <TableLoading columns={3} />}
                  {!resources.isPending && items.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={3}>
                        <Text c="dimmed" ta="center" py="lg">
                          {t('list.no_results')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {items.map((resource) => (
                    <ClickableRow key={resource.id} label={resource.name} onOpen={() => navigate(`/api-resources/${resource.id}/permissions`)}>
                      <Table.Td>
                        <Group gap={6}>
                          <Text fw={500}>{resource.name}</Text>
                          {resource.isBuiltIn && (
                            <Badge size="xs" variant="light" color="gray">
                              {t('general.built_in')}
                            </Badge>
                          )}
                          {resource.isDefault && (
                            <Badge size="xs" variant="light">
                              {t('api_resources.default_badge')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace" dir="ltr" style={{ wordBreak: 'break-all' }}>
                          {resource.indicator}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{t('general.seconds', { value: formatNumber(resource.accessTokenTtl) })}</Text>
                      </Table.Td>
                    </ClickableRow>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <ListPagination page={page} total={total} onChange={setPage} />
        </Stack>
      </Card>
      {creating && (
        <Suspense fallback={null}>
          <CreateResourceModal opened onClose={() => navigate('/api-resources')} />
        </Suspense>
      )}
    </>
  );
};
