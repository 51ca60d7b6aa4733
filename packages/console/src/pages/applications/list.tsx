import { Badge, Button, Card, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import type { Application } from '@gatehouse/schemas';
import { IconApps, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

import { ClickableRow, ListEmpty, ListPagination, SearchInput, TableStatusRows, usePagedList } from '../../components/list.js';
import { PageHeader } from '../../components/page.js';
import { formatDate } from '../../lib/dates.js';

const thirdPartyPath = '/applications/third-party-applications';

/** The create dialog (and the schemas it validates with) loads only when it opens. */
const CreateApplicationModal = lazy(() => import('./create-modal.js').then((module) => ({ default: module.CreateApplicationModal })));

/** Applications: own apps and third-party apps (tabs), search and paging; `create` opens the type picker. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const thirdParty = location.pathname.startsWith(thirdPartyPath);
  const creating = location.pathname === '/applications/create';
  const createForThirdParty = Boolean((location.state as { thirdParty?: boolean } | null)?.thirdParty);
  const { query: applications, items, total, page, search, setPage, setSearch } = usePagedList<Application>('applications', { isThirdParty: String(thirdParty) });
  const listPath = thirdParty ? thirdPartyPath : '/applications';

  return (
    <>
      <PageHeader
        title={t('applications.title')}
        description={t('applications.description')}
        actions={
          <Button component={Link} to="/applications/create" state={{ thirdParty }} leftSection={<IconPlus size={16} />}>
            {t('applications.create')}
          </Button>
        }
      />
      <Tabs value={thirdParty ? 'third-party' : 'mine'} onChange={(value) => navigate(value === 'third-party' ? thirdPartyPath : '/applications')} mb="md">
        <Tabs.List>
          <Tabs.Tab value="mine">{t('applications.tab_mine')}</Tabs.Tab>
          <Tabs.Tab value="third-party">{t('applications.tab_third_party')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Card withBorder padding="md" radius="md">
        <Stack>
          <SearchInput key={listPath} value={search} onChange={setSearch} placeholder={t('applications.search')} />
          {!applications.isPending && total === 0 && !search ? (
            <ListEmpty
              icon={<IconApps size={28} />}
              title={thirdParty ? t('applications.empty_third_party') : t('applications.empty')}
              description={t('applications.empty_description')}
              action={
                <Button component={Link} to="/applications/create" state={{ thirdParty }} variant="light">
                  {t('applications.create')}
                </Button>
              }
            />
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('field.name')}</Table.Th>
                    <Table.Th>{t('applications.type')}</Table.Th>
                    <Table.Th>{t('field.created_at')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <TableStatusRows loading={applications.isPending} empty={items.length === 0} columns={3} />
                  {items.map((application) => (
                    <ClickableRow
                      key={application.id}
                      label={application.name}
                      onOpen={() => navigate(`/applications/${application.id}/settings`)}
                    >
                      <Table.Td>
                        <Text fw={500}>{application.name}</Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {application.id}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6}>
                          <Badge variant="light">{t(`application_type.${application.type}.title`)}</Badge>
                          {application.isThirdParty && (
                            <Badge variant="outline" color="gray">
                              {t('applications.third_party')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDate(application.createdAt, i18n.language)}</Text>
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
          <CreateApplicationModal
            opened
            thirdParty={createForThirdParty}
            onClose={() => navigate(createForThirdParty ? thirdPartyPath : '/applications')}
          />
        </Suspense>
      )}
    </>
  );
};
