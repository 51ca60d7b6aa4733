import { Badge, Text } from '@mantine/core';
import type { Role } from '@gatehouse/schemas';
import { IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { CopyRow, DetailFrame, DetailPending, useDetailQuery } from '../../components/detail-page.js';
import { roleTabs } from '../../lib/roles.js';
import { RoleApplications } from './applications.js';
import { RoleGeneral } from './general.js';
import { RolePermissions } from './permissions.js';
import { roleQueryKey } from './query-keys.js';
import { RoleTypeBadge } from './role-type.js';
import { RoleUsers } from './users.js';

/** `roles/{id}/{tab}`: permissions (default), users or machine-to-machine apps by the role's type, general. */
export const Component = () => {
  const { t } = useTranslation();
  const { id = '', tab = 'permissions' } = useParams();
  const role = useDetailQuery<Role>(roleQueryKey(id), `roles/${encodeURIComponent(id)}`);
  const back = { to: '/roles', label: t('roles.back') };
  if (!role.data) {
    return <DetailPending query={role} back={back} />;
  }
  const data = role.data;
  return (
    <DetailFrame
      title={data.name}
      back={back}
      icon={IconUserShield}
      badges={
        <>
          <RoleTypeBadge type={data.type} />
          {data.isBuiltIn && (
            <Badge variant="light" color="gray">
              {t('general.built_in')}
            </Badge>
          )}
          {data.isDefault && <Badge variant="light">{t('roles.default_badge')}</Badge>}
        </>
      }
      details={
        <>
          <Text size="sm" c="dimmed">
            {data.description}
          </Text>
          <CopyRow label={t('roles.role_id')} value={data.id} />
        </>
      }
      readOnlyNotice={data.isBuiltIn && t('roles.built_in_notice')}
      tabs={roleTabs(data.type).map((value) => ({ value, label: t(`roles.tab_${value}`) }))}
      tab={tab}
      basePath={`/roles/${data.id}`}
    >
      {tab === 'permissions' && <RolePermissions role={data} />}
      {tab === 'users' && <RoleUsers role={data} />}
      {tab === 'machine-to-machine-apps' && <RoleApplications role={data} />}
      {tab === 'general' && <RoleGeneral key={data.id} role={data} />}
    </DetailFrame>
  );
};
