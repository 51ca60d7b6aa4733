import { Table, Text } from '@mantine/core';
import type { Resource } from '@gatehouse/schemas';
import { IconApi } from '@tabler/icons-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { ClickableRow, CreateLink, CreateRoute, ListCard, ListEmpty, NameCell, SearchInput, usePagedList } from '../../components/list.js';
import { PageHeader } from '../../components/page.js';
import { formatNumber } from '../../lib/format.js';

/** The create dialog (and the schemas it validates with) loads only when it opens. */
const CreateResourceModal = lazy(() => import('./create-modal.js').then((module) => ({ default: module.CreateResourceModal })));

/** API resources: search and paging; `create` opens the create dialog. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = usePagedList<Resource>('resources');
  const create = { to: '/api-resources/create', label: t('api_resources.create') };

  return (
    <>
      <PageHeader title={t('api_resources.title')} description={t('api_resources.description')} actions={<CreateLink {...create} />} />
      <ListCard
        list={list}
        filtered={Boolean(list.search)}
        toolbar={<SearchInput value={list.search} onChange={list.setSearch} placeholder={t('api_resources.search')} />}
        empty={<ListEmpty icon={<IconApi size={28} />} title={t('api_resources.empty')} description={t('api_resources.empty_description')} action={<CreateLink {...create} light />} />}
        minWidth={560}
        columns={[{ title: t('field.name') }, { title: t('api_resources.indicator') }, { title: t('api_resources.token_ttl') }]}
      >
        {list.items.map((resource) => (
          <ClickableRow key={resource.id} onOpen={() => navigate(`/api-resources/${resource.id}/permissions`)}>
            <Table.Td>
              <NameCell name={resource.name} builtIn={resource.isBuiltIn} defaultLabel={resource.isDefault && t('api_resources.default_badge')} />
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
      </ListCard>
      <CreateRoute path="/api-resources/create">
        <CreateResourceModal opened onClose={() => navigate('/api-resources')} />
      </CreateRoute>
    </>
  );
};
