import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { Resource } from '@gatehouse/schemas';
import { IconApi, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

import { ClickableRow, ListEmpty, ListPagination, SearchInput, TableStatusRows, usePagedList } from '../../components/list.js';
import { PageHeader } from '../../components/page.js';
import { formatNumber } from '../../lib/format.js';

/** The create dialog (and the schemas it validates with) loads only when it opens. */
const CreateResourceModal = lazy(() => import('./create-modal.js').then((module) => ({ default: module.CreateResourceModal })));

/** API resources: search and paging; `create` opens the create dialog. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const creating = location.pathname === '/api-resources/create';
  const { query: resources, items, total, page, search, setPage, setSearch } = usePagedList<Resource>('resources');

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
                  <TableStatusRows loading={resources.isPending} empty={items.length === 0} columns={3} />
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
