import { Alert, Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Application, ApplicationSecret } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconKey, IconUserShield } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { api } from '../../api/client.js';
import { useConsole } from '../../app-context.js';
import { GuidePicker, GuideSteps, GuideValues } from '../../components/guide-steps.js';
import { BackLink, PageHeader } from '../../components/page.js';
import { PageNotFound } from '../../components/page-not-found.js';
import { DetailState } from '../../components/query-state.js';
import { findAppGuide, guidesForType } from '../../lib/guides/app-guides.js';
import { appGuideContext } from '../../lib/guides/context.js';
import { renderSteps, type AppGuide } from '../../lib/guides/types.js';
import { useOwnResources, useResourceScopes } from '../api-resources/queries.js';
import { applicationQueryKey } from './query-keys.js';
import { confidentialTypes } from './types.js';

/** The first secret that still works, if the app has one. */
const usableSecret = (secrets: ApplicationSecret[]) => secrets.find((secret) => secret.expiresAt === null || secret.expiresAt > Date.now());

/** `applications/{id}/guide/{guideId}`: one integration guide filled in with this app's values. */
export const Component = () => {
  const { t } = useTranslation();
  const { id = '', guideId = '' } = useParams();
  const application = useQuery({
    queryKey: applicationQueryKey(id),
    queryFn: ({ signal }) => api.get<Application>(`applications/${encodeURIComponent(id)}`, undefined, { signal }),
    meta: { ignoreCodes: ['entity.not_found'] },
  });
  if (!application.data) {
    return (
      <>
        <BackLink to="/applications">{t('applications.back')}</BackLink>
        <DetailState error={application.error} onRetry={() => void application.refetch()} backTo="/applications" />
      </>
    );
  }
  const guide = findAppGuide(guideId);
  if (!guide || !guide.types.includes(application.data.type)) {
    return <PageNotFound />;
  }
  return <ApplicationGuide key={`${id}/${guideId}`} application={application.data} guide={guide} />;
};

const ApplicationGuide = ({ application, guide }: { application: Application; guide: AppGuide }) => {
  const { t } = useTranslation();
  const { config } = useConsole();
  const queryClient = useQueryClient();
  const resources = useOwnResources();
  const [resourceId, setResourceId] = useState<string | null>(null);
  const resource = resources.data?.find((entry) => entry.id === resourceId) ?? resources.data?.[0];
  const scopes = useResourceScopes(resource?.id);
  const [scopeName, setScopeName] = useState<string | null>(null);
  const scope = scopes.data?.find((entry) => entry.name === scopeName) ?? (scopeName === '' ? undefined : scopes.data?.[0]);
  const confidential = confidentialTypes.includes(application.type);
  const [showSecret, setShowSecret] = useState(false);
  const secrets = useQuery({
    queryKey: ['applications', 'detail', application.id, 'secrets'],
    queryFn: ({ signal }) => api.get<ApplicationSecret[]>(`applications/${encodeURIComponent(application.id)}/secrets`, undefined, { signal }),
    enabled: confidential && showSecret,
  });
  const secret = showSecret && secrets.data ? (usableSecret(secrets.data)?.value ?? null) : null;

  const context = appGuideContext(guide, application, {
    tenantEndpoint: config.tenantEndpoint,
    resource: resource?.indicator,
    scope: scope?.name,
    secret,
  });
  const { missing } = context.uris;
  const missingUris = [...new Set([...missing.redirectUris, ...missing.postLogoutRedirectUris])];
  const addUris = useMutation({
    mutationFn: () =>
      api.patch<Application>(`applications/${encodeURIComponent(application.id)}`, {
        oidcClientMetadata: {
          redirectUris: [...application.oidcClientMetadata.redirectUris, ...missing.redirectUris],
          postLogoutRedirectUris: [...application.oidcClientMetadata.postLogoutRedirectUris, ...missing.postLogoutRedirectUris],
        },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(applicationQueryKey(application.id), saved);
      notifications.show({ color: 'teal', message: t('guides.uris_added') });
    },
  });

  const signsUsersIn = Boolean(guide.defaultRedirectUri);
  const valueRows = [
    { label: t('guides.issuer'), value: context.issuer },
    { label: t('guides.discovery'), value: `${context.issuer}/.well-known/openid-configuration` },
    { label: t('applications.app_id'), value: application.id },
    ...(signsUsersIn
      ? [
          { label: t('guides.redirect_uri'), value: context.redirectUri },
          { label: t('guides.post_logout_uri'), value: context.postLogoutRedirectUri },
        ]
      : [{ label: t('guides.token_endpoint'), value: `${context.issuer}/token` }]),
  ];
  const otherGuides = guidesForType(application.type).filter((entry) => entry.id !== guide.id);

  const title = t('guides.title', { guide: guide.title });
  return (
    <>
      <BackLink to={`/applications/${application.id}/settings`}>{application.name}</BackLink>
      <PageHeader
        title={title}
        documentTitle={`${title} · ${application.name}`}
        description={t('guides.subtitle', { name: application.name, libraries: guide.libraries.join(', ') })}
      />
      <Stack gap="lg">
        <GuideValues rows={valueRows} />
        <Card withBorder radius="md" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('guides.api')}
              description={t('guides.api_hint')}
              data={(resources.data ?? []).map((entry) => ({ value: entry.id, label: `${entry.name} (${entry.indicator})` }))}
              value={resource?.id ?? null}
              onChange={(value) => {
                setResourceId(value);
                setScopeName(null);
              }}
              disabled={!resources.data?.length}
              placeholder={resources.isPending ? t('general.loading') : undefined}
              allowDeselect={false}
            />
            <Select
              label={t('guides.permission')}
              description={t('guides.permission_hint')}
              data={[{ value: '', label: t('guides.no_permission') }, ...(scopes.data ?? []).map((entry) => ({ value: entry.name, label: entry.name }))]}
              value={scope?.name ?? ''}
              onChange={(value) => setScopeName(value ?? '')}
              disabled={!resource}
              allowDeselect={false}
            />
          </SimpleGrid>
          {resources.data?.length === 0 && (
            <Text size="sm" c="dimmed" mt="sm">
              {t('guides.no_api')}{' '}
              <Anchor component={Link} to="/api-resources/create" size="sm">
                {t('api_resources.create')}
              </Anchor>
            </Text>
          )}
        </Card>
        {missingUris.length > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="status">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('guides.uris_missing', { uris: missingUris.join(', ') })}</Text>
              <Button size="xs" variant="light" color="yellow" loading={addUris.isPending} onClick={() => addUris.mutate()}>
                {t('guides.uris_add')}
              </Button>
            </Stack>
          </Alert>
        )}
        {confidential && (
          <Alert color="gray" icon={<IconKey size={18} />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {showSecret && secrets.data && !secret ? t('guides.secret_none') : t('guides.secret_hidden')}
              </Text>
              <Button size="xs" variant="light" color="gray" loading={secrets.isFetching} onClick={() => setShowSecret((shown) => !shown)}>
                {showSecret ? t('guides.secret_hide') : t('guides.secret_show')}
              </Button>
            </Stack>
          </Alert>
        )}
        {application.type === 'MachineToMachine' && (
          <Alert color="blue" icon={<IconUserShield size={18} />}>
            <Group gap="xs">
              <Text size="sm">{t('guides.m2m_roles')}</Text>
              <Anchor component={Link} to={`/applications/${application.id}/roles`} size="sm">
                {t('guides.m2m_roles_link')}
              </Anchor>
            </Group>
          </Alert>
        )}
        <GuideSteps steps={renderSteps(guide.steps, context)} />
        {otherGuides.length > 0 && (
          <GuidePicker guides={otherGuides} basePath={`/applications/${application.id}/guide`} description={t('guides.other_guides')} />
        )}
      </Stack>
    </>
  );
};
