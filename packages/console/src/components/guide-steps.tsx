import { Card, Group, SimpleGrid, Stack, Table, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { RenderedStep } from '../lib/guides/types.js';
import { CodeBlock } from './code-block.js';
import { CopyBox } from './copy-box.js';

/** A guide's numbered steps: what to do, and the code to copy. */
export const GuideSteps = ({ steps }: { steps: RenderedStep[] }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {steps.map((step, index) => (
        <Card key={`${step.kind}-${index}`} withBorder radius="md" padding="lg" component="section" aria-labelledby={`guide-step-${index}`}>
          <Group wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon radius="xl" variant="light" size={32} aria-hidden>
              {index + 1}
            </ThemeIcon>
            <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
              <div>
                <Title order={2} size="h4" id={`guide-step-${index}`}>
                  {t(`guides.step.${step.kind}.title`)}
                </Title>
                <Text size="sm" c="dimmed" mt={4}>
                  {t(`guides.step.${step.kind}.description`)}
                </Text>
              </div>
              {step.blocks.map((block, blockIndex) => (
                <CodeBlock key={blockIndex} code={block.code} title={block.file ?? (block.language === 'bash' ? t('guides.terminal') : block.language)} />
              ))}
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
};

export type GuideLink = { id: string; title: string; libraries: string[] };

/** Cards linking to the guides that fit an application or an API (`{basePath}/{guideId}`). */
export const GuidePicker = ({ guides, basePath, description }: { guides: readonly GuideLink[]; basePath: string; description: string }) => {
  const { t } = useTranslation();
  if (guides.length === 0) {
    return null;
  }
  return (
    <Card withBorder radius="md" padding="lg" mb="lg" component="section" aria-labelledby="guide-picker-title">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
          <IconBook2 size={20} />
        </ThemeIcon>
        <div>
          <Title order={2} size="h4" id="guide-picker-title">
            {t('guides.picker_title')}
          </Title>
          <Text size="sm" c="dimmed" mt={2}>
            {description}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="md" spacing="sm">
        {guides.map((guide) => (
          <UnstyledButton
            key={guide.id}
            component={Link}
            to={`${basePath}/${guide.id}`}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Text fw={600} size="sm">
              {guide.title}
            </Text>
            <Text size="xs" c="dimmed">
              {guide.libraries.join(', ')}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Card>
  );
};

/** A table of label and copyable value rows. */
export const GuideValues = ({ rows }: { rows: { label: string; value: string }[] }) => {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('guides.values_title')}
      </Title>
      <Table verticalSpacing={6} layout="fixed">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Td w="35%">
                <Text size="sm" c="dimmed">
                  {row.label}
                </Text>
              </Table.Td>
              <Table.Td>
                <CopyBox value={row.value} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
};

