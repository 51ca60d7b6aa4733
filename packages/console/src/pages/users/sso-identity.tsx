import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { CopyBox } from '../../components/copy-box.js';
import { FormSection } from '../../components/form.js';
import { JsonBlock } from '../../components/json-block.js';
import { BackLink, DocumentTitle } from '../../components/page.js';
import { DetailState } from '../../components/query-state.js';
import { formatDateTime } from '../../lib/dates.js';
import { ConsoleError } from '../../lib/errors.js';
import { userDisplayName } from './display-name.js';
import { useUserWithSsoIdentities } from './sso-identities.js';

/** `users/{userId}/sso-identities/{connectorId}`: one enterprise SSO identity of a user (read-only). */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const { userId = '', connectorId = '' } = useParams();
  const back = `/users/${encodeURIComponent(userId)}/settings`;
  const user = useUserWithSsoIdentities(userId);
  const identity = user.data?.ssoIdentities?.find((each) => each.ssoConnectorId === connectorId);
  if (!user.data || !identity) {
    return (
      <>
        <BackLink to={back}>{t('identities.back')}</BackLink>
        <DetailState
          error={user.data ? new ConsoleError({ kind: 'http', status: 404 }) : user.error}
          onRetry={() => void user.refetch()}
          backTo={back}
        />
      </>
    );
  }
  const name = userDisplayName(user.data);
  return (
    <>
      <DocumentTitle title={`${identity.issuer} · ${name}`} />
      <BackLink to={back}>{t('identities.back')}</BackLink>
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="md" variant="light">
            <IconBuildingSkyscraper size={26} />
          </ThemeIcon>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={1} size="h2" dir="ltr" style={{ wordBreak: 'break-word' }}>
              {identity.issuer}
            </Title>
            <Text size="sm" c="dimmed">
              {t('sso_identities.of_user', { name })}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('sso_identities.identity_id')}
              </Text>
              <CopyBox value={identity.identityId} />
            </Group>
            <Text size="sm" c="dimmed">
              {t('sso_identities.connector', { id: identity.ssoConnectorId })} ·{' '}
              {t('sso_identities.updated', { time: formatDateTime(identity.updatedAt, i18n.language) })}
            </Text>
          </Stack>
        </Group>
      </Card>
      <FormSection title={t('identities.details')} description={t('sso_identities.details_description')}>
        <JsonBlock value={identity.detail} />
      </FormSection>
    </>
  );
};
