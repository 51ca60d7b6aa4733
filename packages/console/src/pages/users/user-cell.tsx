import { Badge, Group, Text } from '@mantine/core';
import type { User } from '@gatehouse/schemas';
import { useTranslation } from 'react-i18next';

import { UserAvatar } from '../../components/user-avatar.js';
import { userDisplayName } from './display-name.js';

/** A user in a list: avatar, name with a suspended badge, and their other identifiers (or id). */
export const UserCell = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const name = userDisplayName(user);
  const secondary = [user.username !== name ? user.username : null, user.primaryEmail !== name ? user.primaryEmail : null, user.primaryPhone]
    .filter(Boolean)
    .join(' · ');
  return (
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
  );
};
