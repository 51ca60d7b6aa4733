import { Group, SegmentedControl, Table, Text } from '@mantine/core';
import { roleTypes, type RoleListItem, type RoleType } from '@gatehouse/schemas';
import { IconUserShield } from '@tabler/icons-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { ClickableRow, CreateLink, CreateRoute, ListCard, ListEmpty, NameCell, SearchInput, usePagedList } from '../../components/list.js';
import { PageHeader } from '../../components/page.js';
import { formatDate } from '../../lib/dates.js';
import { formatNumber } from '../../lib/format.js';
import { RoleTypeBadge } from './role-type.js';

/** The create dialog (and the schemas it validates with) loads only when it opens. */
const CreateRoleModal = lazy(() => import('./create-modal.js').then((module) => ({ default: module.CreateRoleModal })));

const isRoleType = (value: string | null): value is RoleType => (roleTypes as readonly (string | null)[]).includes(value);

/** Roles: search, a type filter and paging; `create` opens the create dialog. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = isRoleType(typeParam) ? typeParam : undefined;
  const list = usePagedList<RoleListItem>('roles', type ? { type } : {});
  const create = { to: '/roles/create', label: t('roles.create') };
  const setType = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (isRoleType(value)) {
        next.set('type', value);
      } else {
        next.delete('type');
      }
      next.delete('page');
      return next;
    });

  return (
    <>
      <PageHeader title={t('roles.title')} description={t('roles.description')} actions={<CreateLink {...create} />} />
      <ListCard
        list={list}
        filtered={Boolean(list.search || type)}
        toolbar={
          <Group justify="space-between">
            <SearchInput value={list.search} onChange={list.setSearch} placeholder={t('roles.search')} />
            <SegmentedControl
              value={type ?? 'all'}
              onChange={setType}
              aria-label={t('roles.type')}
              data={[
                { value: 'all', label: t('roles.type_all') },
                { value: 'User', label: t('roles.type_User') },
                { value: 'MachineToMachine', label: t('roles.type_MachineToMachine') },
              ]}
            />
          </Group>
        }
        empty={<ListEmpty icon={<IconUserShield size={28} />} title={t('roles.empty')} description={t('roles.empty_description')} action={<CreateLink {...create} light />} />}
        minWidth={640}
        columns={[{ title: t('field.name') }, { title: t('roles.type') }, { title: t('roles.assigned') }, { title: t('field.description') }, { title: t('field.created_at') }]}
      >
        {list.items.map((role) => (
          <ClickableRow key={role.id} onOpen={() => navigate(`/roles/${role.id}/permissions`)}>
            <Table.Td>
              <NameCell name={role.name} builtIn={role.isBuiltIn} defaultLabel={role.isDefault && t('roles.default_badge')} />
            </Table.Td>
            <Table.Td>
              <RoleTypeBadge type={role.type} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {role.type === 'User'
                  ? t('roles.assigned_users', { number: formatNumber(role.usersCount) })
                  : t('roles.assigned_apps', { number: formatNumber(role.applicationsCount) })}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {role.description}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDate(role.createdAt, i18n.language)}</Text>
            </Table.Td>
          </ClickableRow>
        ))}
      </ListCard>
      <CreateRoute path="/roles/create">
        <CreateRoleModal opened onClose={() => navigate('/roles')} />
      </CreateRoute>
    </>
  );
};
