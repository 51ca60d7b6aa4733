import { Badge } from '@mantine/core';
import type { Resource } from '@gatehouse/schemas';
import { IconApi } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { CopyRow, DetailFrame, DetailPending, useDetailQuery } from '../../components/detail-page.js';
import { GuidePicker } from '../../components/guide-steps.js';
import { apiGuides } from '../../lib/guides/api-guides.js';
import { ResourceGeneral } from './general.js';
import { ResourcePermissions } from './permissions.js';
import { resourceQueryKey } from './query-keys.js';

/** `api-resources/{id}/{tab}`: permissions (default) and general. */
export const Component = () => {
  const { t } = useTranslation();
  const { id = '', tab = 'permissions' } = useParams();
  const resource = useDetailQuery<Resource>(resourceQueryKey(id), `resources/${encodeURIComponent(id)}`);
  const back = { to: '/api-resources', label: t('api_resources.back') };
  if (!resource.data) {
    return <DetailPending query={resource} back={back} />;
  }
  const data = resource.data;
  return (
    <DetailFrame
      title={data.name}
      back={back}
      icon={IconApi}
      badges={
        <>
          {data.isBuiltIn && (
            <Badge variant="light" color="gray">
              {t('general.built_in')}
            </Badge>
          )}
          {data.isDefault && <Badge variant="light">{t('api_resources.default_badge')}</Badge>}
        </>
      }
      details={<CopyRow label={t('api_resources.indicator')} value={data.indicator} />}
      readOnlyNotice={data.isBuiltIn && t('api_resources.built_in_notice')}
      tabs={[
        { value: 'permissions', label: t('api_resources.tab_permissions') },
        { value: 'general', label: t('api_resources.tab_general') },
      ]}
      tab={tab}
      basePath={`/api-resources/${data.id}`}
    >
      {tab === 'permissions' && !data.isBuiltIn && (
        <GuidePicker guides={apiGuides} basePath={`/api-resources/${data.id}/guide`} description={t('guides.api_picker_description')} />
      )}
      {tab === 'permissions' && <ResourcePermissions resource={data} />}
      {tab === 'general' && <ResourceGeneral key={data.id} resource={data} />}
    </DetailFrame>
  );
};
