import { Table, Text } from '@mantine/core';
import type { User } from '@gatehouse/schemas';
import { IconUsers } from '@tabler/icons-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { ClickableRow, CreateLink, CreateRoute, ListCard, ListEmpty, SearchInput, usePagedList } from '../../components/list.js';
import { PageHeader } from '../../components/page.js';
import { formatDateTime } from '../../lib/dates.js';
import { UserCell } from './user-cell.js';

/** The create dialog (and the schemas it validates with) loads only when it opens. */
const CreateUserModal = lazy(() => import('./create-modal.js').then((module) => ({ default: module.CreateUserModal })));

/** Users: search (username, email, phone, name, id) and paging; `create` opens the create dialog. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = usePagedList<User>('users');
  const create = { to: '/users/create', label: t('users.create') };

  return (
    <>
      <PageHeader title={t('users.title')} description={t('users.description')} actions={<CreateLink {...create} />} />
      <ListCard
        list={list}
        filtered={Boolean(list.search)}
        toolbar={<SearchInput value={list.search} onChange={list.setSearch} placeholder={t('users.search')} />}
        empty={<ListEmpty icon={<IconUsers size={28} />} title={t('users.empty')} description={t('users.empty_description')} action={<CreateLink {...create} light />} />}
        minWidth={640}
        columns={[{ title: t('users.user') }, { title: t('users.last_sign_in') }, { title: t('field.created_at') }]}
      >
        {list.items.map((user) => (
          <ClickableRow key={user.id} onOpen={() => navigate(`/users/${user.id}/settings`)}>
            <Table.Td>
              <UserCell user={user} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{user.lastSignInAt ? formatDateTime(user.lastSignInAt, i18n.language) : t('users.never_signed_in')}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDateTime(user.createdAt, i18n.language)}</Text>
            </Table.Td>
          </ClickableRow>
        ))}
      </ListCard>
      <CreateRoute path="/users/create">
        <CreateUserModal opened onClose={() => navigate('/users')} />
      </CreateRoute>
    </>
  );
};
