import { Text } from '@mantine/core';
import type { Role, User } from '@gatehouse/schemas';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { api } from '../../api/client.js';
import { AssignedList, AssignModal } from '../../components/assigned-list.js';
import { formatDateTime } from '../../lib/dates.js';
import { userDisplayName } from '../users/display-name.js';
import { UserCell } from '../users/user-cell.js';

/** Users holding a User role: searched and paged; assigned through a user search; removed with confirmation. */
export const RoleUsers = ({ role }: { role: Role }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const path = `roles/${encodeURIComponent(role.id)}/users`;
  return (
    <AssignedList<User>
      path={path}
      searchPlaceholder={t('users.search')}
      itemName={userDisplayName}
      onOpen={(user) => navigate(`/users/${user.id}/roles`)}
      columns={[
        { header: t('users.user'), cell: (user) => <UserCell user={user} /> },
        {
          header: t('users.last_sign_in'),
          cell: (user) => <Text size="sm">{user.lastSignInAt ? formatDateTime(user.lastSignInAt, i18n.language) : t('users.never_signed_in')}</Text>,
        },
      ]}
      empty={{ icon: <IconUsers size={28} />, title: t('role_users.empty'), description: t('role_users.empty_description') }}
      assign={{
        label: t('role_users.assign'),
        renderModal: (props) => (
          <AssignModal<User>
            {...props}
            title={t('role_users.assign_title', { name: role.name })}
            label={t('role_users.users')}
            placeholder={t('role_users.pick')}
            nothingFound={t('role_users.none_found')}
            submitLabel={t('role_users.assign')}
            candidates={{
              path: 'users',
              toOption: (user) => {
                const name = userDisplayName(user);
                const detail = user.primaryEmail && user.primaryEmail !== name ? user.primaryEmail : user.username && user.username !== name ? user.username : user.id;
                return { value: user.id, label: `${name} (${detail})` };
              },
            }}
            assign={(userIds) => api.post(path, { userIds })}
            done={t('role_users.assigned')}
          />
        ),
      }}
      remove={{
        title: t('role_users.remove_title'),
        message: (user) => t('role_users.remove_message', { name: userDisplayName(user), role: role.name }),
        done: (user) => t('role_users.removed', { name: userDisplayName(user) }),
      }}
    />
  );
};
