import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { User } from '@gatehouse/schemas';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

import { ClickableRow, ListEmpty, ListPagination, SearchInput, TableStatusRows, usePagedList } from '../../components/list.js';
import { PageHeader } from '../../components/page.js';
import { UserAvatar } from '../../components/user-avatar.js';
import { formatDateTime } from '../../lib/dates.js';
import { userDisplayName } from './display-name.js';

/** The create dialog (and the schemas it validates with) loads only when it opens. */
const CreateUserModal = lazy(() => import('./create-modal.js').then((module) => ({ default: module.CreateUserModal })));

/** Users: search (username, email, phone, name, id) and paging; `create` opens the create dialog. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const creating = location.pathname === '/users/create';
  const { query: users, items, total, page, search, setPage, setSearch } = usePagedList<User>('users');

  return (
    <>
      <PageHeader
        title={t('users.title')}
        description={t('users.description')}
        actions={
          <Button component={Link} to="/users/create" leftSection={<IconPlus size={16} />}>
            {t('users.create')}
          </Button>
        }
      />
      <Card withBorder padding="md" radius="md">
        <Stack>
          <SearchInput value={search} onChange={setSearch} placeholder={t('users.search')} />
          {!users.isPending && total === 0 && !search ? (
            <ListEmpty
              icon={<IconUsers size={28} />}
              title={t('users.empty')}
              description={t('users.empty_description')}
              action={
                <Button component={Link} to="/users/create" variant="light">
                  {t('users.create')}
                </Button>
              }
            />
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('users.user')}</Table.Th>
                    <Table.Th>{t('users.last_sign_in')}</Table.Th>
                    <Table.Th>{t('field.created_at')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <TableStatusRows loading={users.isPending} empty={items.length === 0} columns={3} />
                  {items.map((user) => {
                    const name = userDisplayName(user);
                    const secondary = [user.username !== name ? user.username : null, user.primaryEmail !== name ? user.primaryEmail : null, user.primaryPhone]
                      .filter(Boolean)
                      .join(' · ');
                    return (
                      <ClickableRow key={user.id} label={name} onOpen={() => navigate(`/users/${user.id}/settings`)}>
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <UserAvatar name={name} picture={user.avatar} size={36} />
                            <div style={{ minWidth: 0 }}>
                              <Group gap={6}>
                                <Text fw={500} truncate>
                                  {name}
                                </Text>
                                {user.isSuspended && (
                                  <Badge size="xs" color="red" variant="light">
                                    {t('users.suspended')}
                                  </Badge>
                                )}
                              </Group>
                              <Text size="xs" c="dimmed" truncate>
                                {secondary || user.id}
                              </Text>
                            </div>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{user.lastSignInAt ? formatDateTime(user.lastSignInAt, i18n.language) : t('users.never_signed_in')}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatDateTime(user.createdAt, i18n.language)}</Text>
                        </Table.Td>
                      </ClickableRow>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <ListPagination page={page} total={total} onChange={setPage} />
        </Stack>
      </Card>
      {creating && (
        <Suspense fallback={null}>
          <CreateUserModal opened onClose={() => navigate('/users')} />
        </Suspense>
      )}
    </>
  );
};
