import { Alert, Badge, Button, Center, Group, Loader, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Connector } from '@gatehouse/schemas';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { InlineError } from '../../components/query-state.js';
import { type ConnectorTab, type CreateType, createTypes, factoryAvailability, localizedName } from '../../lib/connectors.js';
import { useConfigLabels } from './config-fields.js';
import { FactoryLogo } from './factory-guide.js';
import { useConnectorFactories } from './queries.js';

type Props = { createType: CreateType; tab: ConnectorTab; connectors: readonly Connector[]; onClose: () => void };

/** `{tab}/create/{createType}`: pick the factory to build the connector from, then set it up on its guide page. */
export const CreateConnectorModal = ({ createType, tab, connectors, onClose }: Props) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const factories = useConnectorFactories();
  const { factoryDescription } = useConfigLabels();
  const type = createTypes[createType];
  const candidates = (factories.data ?? []).filter((factory) => factory.type === type);
  const existing = type === 'Social' ? undefined : connectors.find((connector) => connector.type === type);
  const [selected, setSelected] = useState<string>();
  const title = type === 'Email' ? t('connectors.create.title_email') : type === 'Sms' ? t('connectors.create.title_sms') : t('connectors.create.title_social');

  return (
    <Modal opened onClose={onClose} title={title} size="xl" centered>
      <Stack>
        {existing && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            {t('connectors.create.channel_taken', { name: localizedName(existing.name, i18n.language) })}
          </Alert>
        )}
        {factories.error ? (
          <InlineError error={factories.error} onRetry={() => void factories.refetch()} />
        ) : factories.isPending ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : (
          <Radio.Group value={selected ?? null} onChange={setSelected} label={t('connectors.create.pick')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {candidates.map((factory) => {
                const availability = factoryAvailability(factory, connectors);
                const disabled = availability !== 'available';
                return (
                  <Radio.Card key={factory.id} value={factory.id} p="md" radius="md" disabled={disabled} data-testid={`factory-${factory.id}`} style={disabled ? { opacity: 0.6 } : undefined}>
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator disabled={disabled} />
                      <FactoryLogo factory={factory} size={28} />
                      <div>
                        <Group gap={6}>
                          <Text fw={600}>{localizedName(factory.name, i18n.language)}</Text>
                          {factory.isStandard && (
                            <Badge size="xs" variant="light">
                              {t('connectors.create.generic')}
                            </Badge>
                          )}
                          {availability === 'target_taken' && (
                            <Badge size="xs" variant="light" color="gray">
                              {t('connectors.create.added')}
                            </Badge>
                          )}
                        </Group>
                        <Text size="sm" c="dimmed">
                          {factoryDescription(factory)}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                );
              })}
            </SimpleGrid>
          </Radio.Group>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('general.cancel')}
          </Button>
          <Button disabled={!selected || Boolean(existing)} onClick={() => selected && navigate(`/connectors/${tab}/guide/${selected}`)}>
            {t('connectors.create.next')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
