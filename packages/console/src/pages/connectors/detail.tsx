import { Accordion, Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Connector } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { api, segment } from '../../api/client.js';
import { handleApiError } from '../../api/error-handler.js';
import { CopyRow } from '../../components/detail-page.js';
import { confirmDelete } from '../../components/dialogs.js';
import { DeleteSection } from '../../components/form.js';
import { BackLink, DocumentTitle } from '../../components/page.js';
import { PageNotFound } from '../../components/page-not-found.js';
import { DetailState } from '../../components/query-state.js';
import { discardChangesState } from '../../components/unsaved-changes.js';
import { isConnectorTab, localizedName, tabOfType } from '../../lib/connectors.js';
import { type ApiErrorBody, errorOutcome, isConsoleError, joinMessageAndDetails } from '../../lib/errors.js';
import { UnworkableAlert } from '../sign-in-experience/unworkable-alert.js';
import { ConnectorForm } from './connector-form.js';
import { EmailTemplates } from './email-templates.js';
import { FactoryGuide, FactoryLogo } from './factory-guide.js';
import { connectorQueryKeys, useConnector, useConnectorFactories, type ConnectorFactory } from './queries.js';

const typeLabel = { Email: 'connectors.type_email', Sms: 'connectors.type_sms', Social: 'connectors.type_social' } as const;

/** Delete with confirmation; a refusal (the sign-in experience needs this connector) is shown here with its details. */
const DeleteConnector = ({ connector, name }: { connector: Connector; name: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** Why the server refused: the sign-in experience's reasons, or another answer's text. */
  const [refusal, setRefusal] = useState<{ unworkable: ApiErrorBody } | { text: string }>();
  const remove = useMutation({
    mutationFn: () => api.delete(`connectors/${segment(connector.id)}`),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('connectors.deleted', { name }) });
      queryClient.removeQueries({ queryKey: connectorQueryKeys.detail(connector.id) });
      await queryClient.invalidateQueries({ queryKey: connectorQueryKeys.list });
      navigate(`/connectors/${tabOfType(connector.type)}`, { replace: true, state: discardChangesState });
    },
    onError: (error) => {
      if (isConsoleError(error) && error.body && errorOutcome(error.problem).action === 'toast') {
        setRefusal(error.code === 'sign_in_experience.unworkable' ? { unworkable: error.body } : { text: joinMessageAndDetails(error.body) });
        return;
      }
      handleApiError(error);
    },
  });
  const askDelete = async () => {
    setRefusal(undefined);
    if (await confirmDelete({ title: t('connectors.delete_title'), message: t('connectors.delete_message', { name }) })) {
      remove.mutate();
    }
  };
  return (
    <Stack>
      <DeleteSection title={t('connectors.delete_title')} description={t('connectors.delete_description')} onDelete={() => void askDelete()} deleting={remove.isPending} />
      {refusal && 'unworkable' in refusal && <UnworkableAlert body={refusal.unworkable} title={t('connectors.delete_refused')} outside />}
      {refusal && 'text' in refusal && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('connectors.delete_refused')} role="alert" style={{ whiteSpace: 'pre-line' }}>
          {refusal.text}
        </Alert>
      )}
    </Stack>
  );
};

const ConnectorDetail = ({ connector, factory }: { connector: Connector; factory: ConnectorFactory }) => {
  const { t, i18n } = useTranslation();
  const name = localizedName(connector.name, i18n.language);
  return (
    <>
      <DocumentTitle title={name} />
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Group wrap="nowrap" align="flex-start">
          <FactoryLogo factory={connector} size={48} />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
                {name}
              </Title>
              <Badge variant="light">{t(typeLabel[connector.type])}</Badge>
              {connector.type === 'Social' && (
                <Badge variant="outline" color="gray">
                  {connector.target}
                </Badge>
              )}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <CopyRow label={t('connectors.connector_id')} value={connector.id} />
              <Text size="sm" c="dimmed">
                {t('connectors.factory')}
              </Text>
              <Text size="sm" ff="monospace">
                {connector.connectorId}
              </Text>
            </Group>
          </Stack>
        </Group>
      </Card>
      <Stack>
        <Accordion variant="separated" radius="md">
          <Accordion.Item value="guide">
            <Accordion.Control>{t('connectors.guide.show')}</Accordion.Control>
            <Accordion.Panel>
              <FactoryGuide factory={factory} connectorId={connector.id} headingLevel={2} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <ConnectorForm key={connector.id} factory={factory} connector={connector} onSaved={() => undefined} />
        {connector.type === 'Email' && <EmailTemplates />}
        <DeleteConnector connector={connector} name={name} />
      </Stack>
    </>
  );
};

/** `connectors/{tab}/{connectorId}`: settings generated from the factory's schema, test, templates, deletion. */
export const Component = () => {
  const { t } = useTranslation();
  const { tab, connectorId = '' } = useParams();
  const connector = useConnector(connectorId);
  const factories = useConnectorFactories();
  const backTo = `/connectors/${isConnectorTab(tab) ? tab : 'passwordless'}`;
  if (!isConnectorTab(tab)) {
    return <PageNotFound />;
  }
  if (!connector.data || !factories.data) {
    return (
      <>
        <BackLink to={backTo}>{t('connectors.back')}</BackLink>
        <DetailState
          error={connector.error ?? factories.error}
          onRetry={() => void (connector.error ? connector.refetch() : factories.refetch())}
          backTo={backTo}
        />
      </>
    );
  }
  const factory = factories.data.find((candidate) => candidate.id === connector.data.connectorId);
  if (tabOfType(connector.data.type) !== tab || !factory) {
    return <PageNotFound />;
  }
  return (
    <>
      <BackLink to={backTo}>{t('connectors.back')}</BackLink>
      <ConnectorDetail connector={connector.data} factory={factory} />
    </>
  );
};
