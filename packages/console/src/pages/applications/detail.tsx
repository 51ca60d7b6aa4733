import { Alert, Menu } from '@mantine/core';
import { brandableApplicationTypes, type Application } from '@gatehouse/schemas';
import { IconApps, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { CopyRow, DetailFrame, DetailPending, useDeleteEntity, useDetailQuery } from '../../components/detail-page.js';
import { GuidePicker } from '../../components/guide-steps.js';
import { guidesForType } from '../../lib/guides/app-guides.js';
import { LogList } from '../audit-logs/log-list.js';
import { ApplicationBranding } from './branding.js';
import { ApplicationPermissions } from './permissions.js';
import { ApplicationRoles } from './roles.js';
import { ApplicationSettings } from './settings.js';
import { applicationQueryKey } from './query-keys.js';
import { ApplicationTypeBadges } from './type-badges.js';

/** `applications/{id}/{tab}`: settings for every app; roles for machine-to-machine apps. */
export const Component = () => {
  const { t } = useTranslation();
  const { id = '', tab = 'settings' } = useParams();
  const path = `applications/${encodeURIComponent(id)}`;
  const application = useDetailQuery<Application>(applicationQueryKey(id), path);
  const listPath = application.data?.isThirdParty ? '/applications/third-party-applications' : '/applications';
  const name = application.data?.name ?? '';
  const deletion = useDeleteEntity({
    path,
    queryKey: applicationQueryKey(id),
    listKey: 'applications',
    question: { title: t('applications.delete_title'), message: t('applications.delete_message', { name }) },
    done: t('applications.deleted', { name }),
    backTo: listPath,
  });

  if (!application.data) {
    return <DetailPending query={application} back={{ to: '/applications', label: t('applications.back') }} />;
  }
  const app = application.data;
  const tabs = [{ value: 'settings', label: t('applications.tab_settings') }];
  if (app.type === 'MachineToMachine') {
    tabs.push({ value: 'roles', label: t('applications.tab_roles') });
  }
  tabs.push({ value: 'logs', label: t('audit_logs.tab') });
  if (brandableApplicationTypes.includes(app.type)) {
    tabs.push({ value: 'branding', label: t('app_branding.tab') });
  }
  if (app.isThirdParty) {
    tabs.push({ value: 'permissions', label: t('app_permissions.tab') });
  }

  return (
    <DetailFrame
      title={app.name}
      back={{ to: listPath, label: t('applications.back') }}
      icon={IconApps}
      badges={<ApplicationTypeBadges application={app} />}
      details={<CopyRow label={t('applications.app_id')} value={app.id} />}
      menu={{
        busy: deletion.deleting,
        items: (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={deletion.onDelete}>
            {t('general.delete')}
          </Menu.Item>
        ),
      }}
      tabs={tabs}
      tab={tab}
      basePath={`/applications/${app.id}`}
    >
      {tab === 'settings' && (app.type === 'Protected' || app.type === 'SAML') && (
        <Alert color="gray" icon={<IconInfoCircle size={18} />} mb="lg">
          {t('applications.type_not_served', { type: t(`application_type.${app.type}.title`) })}
        </Alert>
      )}
      {tab === 'settings' && (
        <GuidePicker guides={guidesForType(app.type)} basePath={`/applications/${app.id}/guide`} description={t('guides.picker_description')} />
      )}
      {tab === 'settings' && <ApplicationSettings key={app.id} application={app} />}
      {tab === 'roles' && <ApplicationRoles application={app} />}
      {tab === 'branding' && <ApplicationBranding key={app.id} application={app} />}
      {tab === 'permissions' && <ApplicationPermissions application={app} />}
      {tab === 'logs' && <LogList applicationId={app.id} detailPath={(log) => `/applications/${app.id}/logs/${log.id}`} />}
    </DetailFrame>
  );
};
