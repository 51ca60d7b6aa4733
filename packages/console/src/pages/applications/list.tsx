import { Group, Table, Tabs, Text } from '@mantine/core';
import type { Application } from '@gatehouse/schemas';
import { IconApps } from '@tabler/icons-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { ClickableRow, CreateLink, CreateRoute, ListCard, ListEmpty, SearchInput, usePagedList } from '../../components/list.js';
import { PageHeader } from '../../components/page.js';
import { formatDate } from '../../lib/dates.js';
import { ApplicationTypeBadges } from './type-badges.js';

const thirdPartyPath = '/applications/third-party-applications';

/** The create dialog (and the schemas it validates with) loads only when it opens. */
const CreateApplicationModal = lazy(() => import('./create-modal.js').then((module) => ({ default: module.CreateApplicationModal })));

/** Applications: own apps and third-party apps (tabs), search and paging; `create` opens the type picker. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const thirdParty = location.pathname.startsWith(thirdPartyPath);
  const createForThirdParty = Boolean((location.state as { thirdParty?: boolean } | null)?.thirdParty);
  const list = usePagedList<Application>('applications', { isThirdParty: String(thirdParty) });
  const listPath = thirdParty ? thirdPartyPath : '/applications';
  const create = { to: '/applications/create', state: { thirdParty }, label: t('applications.create') };

  return (
    <>
      <PageHeader title={t('applications.title')} description={t('applications.description')} actions={<CreateLink {...create} />} />
      <Tabs value={thirdParty ? 'third-party' : 'mine'} onChange={(value) => navigate(value === 'third-party' ? thirdPartyPath : '/applications')} mb="md">
        <Tabs.List>
          <Tabs.Tab value="mine">{t('applications.tab_mine')}</Tabs.Tab>
          <Tabs.Tab value="third-party">{t('applications.tab_third_party')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <ListCard
        list={list}
        filtered={Boolean(list.search)}
        toolbar={<SearchInput key={listPath} value={list.search} onChange={list.setSearch} placeholder={t('applications.search')} />}
        empty={
          <ListEmpty
            icon={<IconApps size={28} />}
            title={thirdParty ? t('applications.empty_third_party') : t('applications.empty')}
            description={t('applications.empty_description')}
            action={<CreateLink {...create} light />}
          />
        }
        minWidth={560}
        columns={[{ title: t('field.name') }, { title: t('applications.type') }, { title: t('field.created_at') }]}
      >
        {list.items.map((application) => (
          <ClickableRow key={application.id} onOpen={() => navigate(`/applications/${application.id}/settings`)}>
            <Table.Td>
              <Text fw={500}>{application.name}</Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {application.id}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={6}>
                <ApplicationTypeBadges application={application} />
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDate(application.createdAt, i18n.language)}</Text>
            </Table.Td>
          </ClickableRow>
        ))}
      </ListCard>
      <CreateRoute path="/applications/create">
        <CreateApplicationModal opened thirdParty={createForThirdParty} onClose={() => navigate(createForThirdParty ? thirdPartyPath : '/applications')} />
      </CreateRoute>
    </>
  );
};
