import { Modal, SimpleGrid, Text, UnstyledButton, Group, ThemeIcon, Stack } from '@mantine/core';
import { IconBrandGithub, IconCalendarEvent, IconMail, IconMessages, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { links } from '../../lib/links.js';

type Option = { key: 'community' | 'issues' | 'email' | 'call'; href: string; icon: Icon };

const options: Option[] = [
  { key: 'community', href: links.communityChat, icon: IconMessages },
  { key: 'issues', href: links.issues, icon: IconBrandGithub },
  { key: 'email', href: links.email, icon: IconMail },
  { key: 'call', href: links.bookCall, icon: IconCalendarEvent },
];

/** The contact dialog (spec "Shell and top bar"): four ways to get help, each in a new tab. */
export const HelpModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('help.title')} centered size="lg">
      <Text size="sm" c="dimmed" mb="md">
        {t('help.description')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {options.map(({ key, href, icon: OptionIcon }) => (
          <UnstyledButton
            key={key}
            component="a"
            href={href}
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
