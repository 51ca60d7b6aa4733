import { Card, Select, Stack } from '@mantine/core';
import type { Resource } from '@gatehouse/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { useConsole } from '../../app-context.js';
import { DetailPending, useDetailQuery } from '../../components/detail-page.js';
import { GuidePicker, GuideSteps, GuideValues } from '../../components/guide-steps.js';
import { BackLink, PageHeader } from '../../components/page.js';
import { PageNotFound } from '../../components/page-not-found.js';
import { apiGuides, findApiGuide } from '../../lib/guides/api-guides.js';
import { tenantIssuer } from '../../lib/guides/context.js';
import { renderSteps, type ApiGuide } from '../../lib/guides/types.js';
import { useResourceScopes } from './queries.js';
import { resourceQueryKey } from './query-keys.js';

/** `api-resources/{id}/guide/{guideId}`: validating this API's access tokens in one stack. */
export const Component = () => {
  const { t } = useTranslation();
  const { id = '', guideId = '' } = useParams();
  const resource = useDetailQuery<Resource>(resourceQueryKey(id), `resources/${encodeURIComponent(id)}`);
  if (!resource.data) {
    return <DetailPending query={resource} back={{ to: '/api-resources', label: t('api_resources.back') }} />;
  }
  const guide = findApiGuide(guideId);
  if (!guide || resource.data.isBuiltIn) {
    return <PageNotFound />;
  }
  return <ResourceGuide key={`${id}/${guideId}`} resource={resource.data} guide={guide} />;
};

const ResourceGuide = ({ resource, guide }: { resource: Resource; guide: ApiGuide }) => {
  const { t } = useTranslation();
  const { config } = useConsole();
  const scopes = useResourceScopes(resource.id);
  const [scopeName, setScopeName] = useState<string | null>(null);
  const scope = scopes.data?.find((entry) => entry.name === scopeName) ?? scopes.data?.[0];
  const issuer = tenantIssuer(config.tenantEndpoint);
  const context = { issuer, resource: resource.indicator, scope: scope?.name ?? '' };

  const title = t('guides.title', { guide: guide.title });
  return (
    <>
      <BackLink to={`/api-resources/${resource.id}/permissions`}>{resource.name}</BackLink>
      <PageHeader
        title={title}
        documentTitle={`${title} · ${resource.name}`}
        description={t('guides.subtitle', { name: resource.name, libraries: guide.libraries.join(', ') })}
      />
      <Stack gap="lg">
        <GuideValues
          rows={[
            { label: t('guides.issuer'), value: issuer },
            { label: t('guides.jwks_uri'), value: `${issuer}/jwks` },
            { label: t('guides.api_identifier'), value: resource.indicator },
          ]}
        />
        {(scopes.data?.length ?? 0) > 0 && (
          <Card withBorder radius="md" padding="lg">
            <Select
              label={t('guides.permission')}
              description={t('guides.permission_hint')}
              data={(scopes.data ?? []).map((entry) => ({ value: entry.name, label: entry.name }))}
              value={scope?.name ?? null}
              onChange={setScopeName}
              allowDeselect={false}
              maw={420}
            />
          </Card>
        )}
        <GuideSteps steps={renderSteps(guide.steps, context)} />
        <GuidePicker
          guides={apiGuides.filter((entry) => entry.id !== guide.id)}
          basePath={`/api-resources/${resource.id}/guide`}
          description={t('guides.other_guides')}
        />
      </Stack>
    </>
  );
};
