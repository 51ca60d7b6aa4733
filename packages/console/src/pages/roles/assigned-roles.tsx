import { Text } from '@mantine/core';
import type { Role, RoleType } from '@gatehouse/schemas';
import { IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { api } from '../../api/client.js';
import { AssignedList, AssignModal } from '../../components/assigned-list.js';
import { NameCell } from '../../components/list.js';

/**
 * The roles of an application (machine-to-machine roles) or of a user (User roles): assigned with
 * a picker of the roles of that type, removed with confirmation.
 */
export const AssignedRoles = ({
  path,
  type,
  phrases,
  holder,
  onOpen,
}: {
  /** `applications/{id}/roles` or `users/{id}/roles`. */
  path: string;
  type: RoleType;
  phrases: 'app_roles' | 'user_roles';
  /** The application's or user's name, in the dialogs. */
  holder: string;
  onOpen?: (role: Role) => void;
}) => {
  const { t } = useTranslation();
  return (
    <AssignedList<Role>
      path={path}
      description={t(`${phrases}.description`)}
      itemName={(role) => role.name}
      onOpen={onOpen}
      columns={[
        {
          header: t('field.name'),
          cell: (role) => <NameCell name={role.name} builtIn={role.isBuiltIn} defaultLabel={role.isDefault && t('roles.default_badge')} size="sm" />,
        },
        {
          header: t('field.description'),
          cell: (role) => (
            <Text size="sm" c="dimmed">
              {role.description}
            </Text>
          ),
        },
      ]}
      empty={{ icon: <IconUserShield size={28} />, title: t(`${phrases}.empty`), description: t(`${phrases}.empty_description`) }}
      assign={{
        label: t(`${phrases}.assign`),
        renderModal: (props) => (
          <AssignModal<Role>
            {...props}
            title={t(`${phrases}.assign_title`, { name: holder })}
            label={t(`${phrases}.roles`)}
            placeholder={t(`${phrases}.pick`)}
            nothingFound={t(`${phrases}.none_available`)}
            submitLabel={t(`${phrases}.assign`)}
            candidates={{ path: 'roles', query: { type }, toOption: (role) => ({ value: role.id, label: role.name }) }}
            assign={(roleIds) => api.post(path, { roleIds })}
            done={t(`${phrases}.assigned`)}
          />
        ),
      }}
      remove={{
        title: t(`${phrases}.remove_title`),
        // The application's phrase names the holder {{app}}, the user's {{user}}.
        message: (role) => t(`${phrases}.remove_message`, { name: role.name, app: holder, user: holder }),
        done: (role) => t(`${phrases}.removed`, { name: role.name }),
      }}
    />
  );
};
