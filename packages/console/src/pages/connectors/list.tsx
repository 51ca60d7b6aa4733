import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import type { Connector } from '@gatehouse/schemas';
import { IconMail, IconMessage, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { ClickableRow, ListEmpty, ListTable } from '../../components/list.js';
import { PageHeader } from '../../components/page.js';
import { PageNotFound } from '../../components/page-not-found.js';
import { InlineError } from '../../components/query-state.js';
import { formatDate } from '../../lib/dates.js';
import { type ConnectorTab, createTypes, isConnectorTab, isCreateType, localizedName } from '../../lib/connectors.js';
import { FactoryLogo } from './factory-guide.js';
import { useConnectorFactories, useConnectors } from './queries.js';

const CreateConnectorModal = lazy(() => import('./create-modal.js').then((module) => ({ default: module.CreateConnectorModal })));

/** One card per message channel: the tenant has at most one email and one SMS connector. */
const ChannelCard = ({ type, connector }: { type: 'Email' | 'Sms'; connector: Connector | undefined }) => {
  const { t, i18n } = useTranslation();
  const isEmail = type === 'Email';
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`connector-card-${type}`}>
      <Stack gap="sm" h="100%">
        <Group wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light">
            {isEmail ? <IconMail size={22} /> : <IconMessage size={22} />}
          </ThemeIcon>
          <div>
            <Title order={2} size="h4">
              {isEmail ? t('connectors.email_title') : t('connectors.sms_title')}
            </Title>
            <Text size="sm" c="dimmed">
              {isEmail ? t('connectors.email_description') : t('connectors.sms_description')}
            </Text>
          </div>
        </Group>
        {connector ? (
          <Group justify="space-between" mt="auto" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <FactoryLogo factory={connector} size={28} />
              <div style={{ minWidth: 0 }}>
                <Text fw={500} truncate>
                  {localizedName(connector.name, i18n.language)}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {connector.connectorId}
                </Text>
              </div>
            </Group>
            <Button component={Link} to={`/connectors/passwordless/${connector.id}`} variant="light">
              {t('connectors.open')}
            </Button>
          </Group>
        ) : (
          <Group justify="space-between" mt="auto">
            <Badge variant="light" color="gray">
              {t('connectors.not_set_up')}
            </Badge>
            <Button component={Link} to={`/connectors/passwordless/create/${isEmail ? 'email' : 'sms'}`} leftSection={<IconPlus size={16} />}>
              {t('connectors.set_up')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
};

const SocialList = ({ connectors, loading }: { connectors: Connector[]; loading: boolean }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const social = connectors.filter((connector) => connector.type === 'Social');
  if (!loading && social.length === 0) {
    return (
      <Card withBorder radius="md" padding="md">
        <ListEmpty
          icon={<IconUsersGroup size={28} />}
          title={t('connectors.social_empty')}
          description={t('connectors.social_empty_description')}
          action={
            <Button component={Link} to="/connectors/social/create/social" variant="light">
              {t('connectors.add_social')}
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="md">
      <ListTable
        columns={[{ title: t('field.name') }, { title: t('connectors.target') }, { title: t('connectors.factory') }, { title: t('field.created_at') }]}
        minWidth={560}
        loading={loading}
        highlightOnHover
      >
        {social.map((connector) => {
          const name = localizedName(connector.name, i18n.language);
          return (
            <ClickableRow key={connector.id} onOpen={() => navigate(`/connectors/social/${connector.id}`)}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <FactoryLogo factory={connector} size={28} />
                  <div>
                    <Text fw={500}>{name}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {connector.id}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{connector.target}</Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {connector.connectorId}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(connector.createdAt, i18n.language)}</Text>
              </Table.Td>
            </ClickableRow>
          );
        })}
      </ListTable>
    </Card>
  );
};

/** `connectors/{tab}` (passwordless, social) and `connectors/{tab}/create/{createType}` (the factory picker over the list). */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab, createType } = useParams();
  const connectors = useConnectors();
  // Loaded with the list: the create dialog opens without waiting.
  useConnectorFactories();
  if (!isConnectorTab(tab) || (createType !== undefined && !isCreateType(createType))) {
    return <PageNotFound />;
  }
  const creating = createType !== undefined && isCreateType(createType) && (createTypes[createType] === 'Social') === (tab === 'social') ? createType : undefined;
  if (createType !== undefined && !creating) {
    return <PageNotFound />;
  }
  const items = connectors.data ?? [];
  const switchTab = (next: ConnectorTab) => navigate(`/connectors/${next}`);

  return (
    <>
      <PageHeader
        title={t('connectors.title')}
        description={t('connectors.description')}
        actions={
          tab === 'social' ? (
            <Button component={Link} to="/connectors/social/create/social" leftSection={<IconPlus size={16} />}>
              {t('connectors.add_social')}
            </Button>
          ) : undefined
        }
      />
      <Tabs value={tab} onChange={(value) => value && isConnectorTab(value) && switchTab(value)} mb="md">
        <Tabs.List>
          <Tabs.Tab value="passwordless">{t('connectors.tab_passwordless')}</Tabs.Tab>
          <Tabs.Tab value="social">{t('connectors.tab_social')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {connectors.error ? (
        <InlineError error={connectors.error} onRetry={() => void connectors.refetch()} />
      ) : tab === 'passwordless' ? (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('connectors.passwordless_hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ChannelCard type="Email" connector={items.find((connector) => connector.type === 'Email')} />
            <ChannelCard type="Sms" connector={items.find((connector) => connector.type === 'Sms')} />
          </SimpleGrid>
        </Stack>
      ) : (
        <SocialList connectors={items} loading={connectors.isPending} />
      )}
      {creating && (
        <Suspense fallback={null}>
          <CreateConnectorModal createType={creating} tab={tab} connectors={items} onClose={() => navigate(`/connectors/${tab}`)} />
        </Suspense>
      )}
    </>
  );
};
