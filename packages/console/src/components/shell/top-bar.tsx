import { ActionIcon, Anchor, Badge, Burger, Button, Group, Indicator, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBook, IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useNewReleaseAvailable } from '../../api/release-info.js';
import { useConsole } from '../../app-context.js';
import { Logo } from '../logo.js';
import { hasHelp, HelpModal } from './help-modal.js';
import { UserMenu } from './user-menu.js';

/** Top bar (spec "Shell and top bar"), self-hosted edition: logo, title, docs, help, version, user menu. */
export const TopBar = ({ navbarOpened, onToggleNavbar }: { navbarOpened: boolean; onToggleNavbar: () => void }) => {
  const { t } = useTranslation();
  const { config } = useConsole();
  const [helpOpened, help] = useDisclosure(false);
  const newRelease = useNewReleaseAvailable();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navbarOpened} onClick={onToggleNavbar} hiddenFrom="sm" size="sm" aria-label={t('top_bar.toggle_navigation')} />
        <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t('top_bar.home')}>
          <Group gap="xs" wrap="nowrap">
            <Logo />
            <Text fw={700} size="lg" visibleFrom="xs">
              {t('top_bar.title')}
            </Text>
          </Group>
        </Anchor>
        {import.meta.env.DEV && (
          <Badge variant="light" color="orange" size="sm" data-testid="dev-features-badge">
            {t('top_bar.dev_features')}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {config.links.docs && (
          <Button
            component="a"
            href={config.links.docs}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconBook size={16} />}
            visibleFrom="sm"
          >
            {t('top_bar.docs')}
          </Button>
        )}
        {hasHelp(config.links) && (
          <Tooltip label={t('top_bar.help')}>
            <ActionIcon variant="subtle" color="gray" size="lg" onClick={help.open} aria-label={t('top_bar.help')}>
              <IconHelpCircle size={20} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t('release.new_version')} disabled={!newRelease}>
          <Indicator disabled={!newRelease} size={7} color="red" offset={-2} data-testid={newRelease ? 'new-version-dot' : undefined}>
            {config.links.releases ? (
              <Anchor href={config.links.releases} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed" visibleFrom="xs" dir="ltr">
                v{config.version}
              </Anchor>
            ) : (
              <Text size="xs" c="dimmed" visibleFrom="xs" dir="ltr">
                v{config.version}
              </Text>
            )}
          </Indicator>
        </Tooltip>
        <UserMenu />
      </Group>
      <HelpModal opened={helpOpened} onClose={help.close} links={config.links} />
    </Group>
  );
};
