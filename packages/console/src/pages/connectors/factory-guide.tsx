import { Badge, Card, Group, Image, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useConsole } from '../../app-context.js';
import { CopyBox } from '../../components/copy-box.js';
import type { ConfigField } from '../../lib/config-form.js';
import { literalPlaceholders, localizedName, socialCallbackUri } from '../../lib/connectors.js';
import type { PhraseKey } from '../../locales/en.js';
import { useConfigLabels } from './config-fields.js';
import { useFactoryFields } from './connector-form.js';
import type { ConnectorFactory } from './queries.js';

/** Set-up steps at the provider, one phrase per factory (lines are steps). */
const guideSteps: Readonly<Record<string, PhraseKey>> = {
  smtp: 'connectors.guide.smtp',
  'http-sms': 'connectors.guide.http_sms',
  'twilio-sms': 'connectors.guide.twilio_sms',
  'dev-email': 'connectors.guide.development',
  'dev-sms': 'connectors.guide.development',
  oidc: 'connectors.guide.oidc',
  oauth2: 'connectors.guide.oauth2',
  google: 'connectors.guide.google',
  github: 'connectors.guide.github',
  microsoft: 'connectors.guide.microsoft',
  apple: 'connectors.guide.apple',
};

/** Every field that is shown, nested ones after their group, as the field reference lists them. */
const flatten = (fields: readonly ConfigField[]): ConfigField[] =>
  fields.flatMap((field) =>
    field.kind === 'fixed' ? [] : field.kind === 'group' || field.kind === 'list' ? [field, ...flatten(field.fields)] : [field],
  );

export const FactoryLogo = ({ factory, size = 40 }: { factory: Pick<ConnectorFactory, 'logo' | 'logoDark'>; size?: number }) => (
  <>
    <Image src={factory.logo} w={size} h={size} radius="sm" alt="" darkHidden={Boolean(factory.logoDark)} />
    {factory.logoDark && <Image src={factory.logoDark} w={size} h={size} radius="sm" alt="" lightHidden />}
  </>
);

type FactoryGuideProps = {
  factory: ConnectorFactory;
  connectorId?: string;
  suggestedId?: string;
  /** 1 where the guide is the page's subject (the guide page), 2 inside a connector's detail page. */
  headingLevel?: 1 | 2;
};

/**
 * How to set a factory up: what to do at the provider, the callback URI to register there (built
 * from the tenant's real endpoint and the connector's id), and what each field means.
 */
export const FactoryGuide = ({ factory, connectorId, suggestedId, headingLevel = 1 }: FactoryGuideProps) => {
  const { t, i18n } = useTranslation();
  const { config } = useConsole();
  const { label, hint, factoryDescription } = useConfigLabels();
  const fields = flatten(useFactoryFields(factory));
  const stepsKey = guideSteps[factory.id];
  const sectionLevel = headingLevel === 1 ? 2 : 3;
  const steps = stepsKey ? t(stepsKey, literalPlaceholders).split('\n') : [factoryDescription(factory)];

  return (
    <Stack gap="lg">
      <Group wrap="nowrap">
        <FactoryLogo factory={factory} />
        <div>
          <Title order={headingLevel} size="h3">
            {t('connectors.guide.title', { name: localizedName(factory.name, i18n.language) })}
          </Title>
          <Text size="sm" c="dimmed">
            {factoryDescription(factory)}
          </Text>
        </div>
      </Group>
      <Card withBorder radius="md" padding="lg">
        <Title order={sectionLevel} size="h4" mb="sm">
          {t('connectors.guide.at_provider')}
        </Title>
        <List type="ordered" spacing="xs" size="sm">
          {steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </Card>
      {factory.type === 'Social' && (
        <Card withBorder radius="md" padding="lg">
          <Title order={sectionLevel} size="h4" mb={4}>
            {t('connectors.callback_uri')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {connectorId ? t('connectors.callback_uri_hint') : t('connectors.guide.callback_before_create')}
          </Text>
          <CopyBox value={socialCallbackUri(config.tenantEndpoint, connectorId ?? suggestedId ?? factory.target)} />
        </Card>
      )}
      <Card withBorder radius="md" padding="lg">
        <Title order={sectionLevel} size="h4" mb="sm">
          {t('connectors.guide.fields')}
        </Title>
        <Table verticalSpacing="xs" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="35%">{t('connectors.guide.field')}</Table.Th>
                <Table.Th>{t('connectors.guide.meaning')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field) => (
                <Table.Tr key={field.labelKey}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm" fw={500}>
                        {label(field)}
                      </Text>
                      <Group gap={4}>
                        <Text size="xs" c="dimmed" ff="monospace" dir="ltr" style={{ wordBreak: 'break-all' }}>
                          {field.labelKey}
                        </Text>
                        {field.required && (
                          <Badge size="xs" variant="light" color="red">
                            {t('connectors.guide.required')}
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{hint(field) ?? '—'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
};
