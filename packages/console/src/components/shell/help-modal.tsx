import { Modal, SimpleGrid, Text, UnstyledButton, Group, ThemeIcon, Stack } from '@mantine/core';
import { IconBrandGithub, IconCalendarEvent, IconMail, IconMessages, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { ConsoleLinks } from '../../api/console-config.js';

type Option = { key: 'community' | 'issues' | 'email' | 'call'; href: string | null; icon: Icon };

const optionsOf = (links: ConsoleLinks): Option[] =>
  [
    { key: 'community' as const, href: links.community, icon: IconMessages },
    { key: 'issues' as const, href: links.issues, icon: IconBrandGithub },
    { key: 'email' as const, href: links.email, icon: IconMail },
    { key: 'call' as const, href: links.contact, icon: IconCalendarEvent },
  ].filter((option) => option.href);

/** Whether the operator set any way to get help (the help button is hidden otherwise). */
export const hasHelp = (links: ConsoleLinks) => optionsOf(links).length > 0;

/** The contact dialog (spec "Shell and top bar"): the ways to get help the operator configured, each in a new tab. */
export const HelpModal = ({ opened, onClose, links }: { opened: boolean; onClose: () => void; links: ConsoleLinks }) => {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('help.title')} centered size="lg">
      <Text size="sm" c="dimmed" mb="md">
        {t('help.description')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {optionsOf(links).map(({ key, href, icon: OptionIcon }) => (
          <UnstyledButton
            key={key}
            component="a"
            href={href!}
            target="_blank"
            rel="noopener noreferrer"
            p="md"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size="lg">
                <OptionIcon size={20} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {t(`help.${key}.title`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`help.${key}.description`)}
                </Text>
              </Stack>
            </Group>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Modal>
  );
};
