import { Group, Text, ThemeIcon } from '@mantine/core';
import type { Application, Role } from '@gatehouse/schemas';
import { IconApps } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { api } from '../../api/client.js';
import { AssignedList, AssignModal } from '../../components/assigned-list.js';
import { formatDate } from '../../lib/dates.js';

/** Machine-to-machine apps holding a MachineToMachine role: their tokens carry the role's permissions. */
export const RoleApplications = ({ role }: { role: Role }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const path = `roles/${encodeURIComponent(role.id)}/applications`;
  return (
    <AssignedList<Application>
      path={path}
      searchPlaceholder={t('applications.search')}
      itemName={(app) => app.name}
      onOpen={(app) => navigate(`/applications/${app.id}/roles`)}
      columns={[
        {
          header: t('field.name'),
          cell: (app) => (
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" size={32} radius="md">
                <IconApps size={18} />
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text fw={500} size="sm" truncate>
                  {app.name}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace" dir="ltr">
                  {app.id}
                </Text>
              </div>
            </Group>
          ),
        },
        { header: t('field.created_at'), cell: (app) => <Text size="sm">{formatDate(app.createdAt, i18n.language)}</Text> },
      ]}
      empty={{ icon: <IconApps size={28} />, title: t('role_apps.empty'), description: t('role_apps.empty_description') }}
      assign={{
        label: t('role_apps.assign'),
        renderModal: (props) => (
          <AssignModal<Application>
            {...props}
            title={t('role_apps.assign_title', { name: role.name })}
            label={t('role_apps.applications')}
            placeholder={t('role_apps.pick')}
            nothingFound={t('role_apps.none_found')}
            submitLabel={t('role_apps.assign')}
            candidates={{ path: 'applications', query: { types: 'MachineToMachine' }, toOption: (app) => ({ value: app.id, label: app.name }) }}
            assign={(applicationIds) => api.post(path, { applicationIds })}
            done={t('role_apps.assigned')}
          />
        ),
      }}
      remove={{
        title: t('role_apps.remove_title'),
        message: (app) => t('role_apps.remove_message', { name: app.name, role: role.name }),
        done: (app) => t('role_apps.removed', { name: app.name }),
      }}
    />
  );
};
