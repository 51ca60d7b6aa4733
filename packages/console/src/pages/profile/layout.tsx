import { Anchor, AppShell, Container, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';

import { AuthGate } from '../../components/auth-gate.js';
import { useCloseDialogsOnBack } from '../../components/dialogs.js';
import { Logo } from '../../components/logo.js';
import { UserMenu } from '../../components/shell/user-menu.js';
import type { ProfileFlow } from './profile-api.js';

/** The profile area's frame: outside the tenant shell (it opens in a new tab from the user menu). */
const ProfileFrame = () => {
  const { t } = useTranslation();
  const [verifiedPassword, setVerifiedPassword] = useState<string>();
  const [pendingEmail, setPendingEmail] = useState<string>();
  useCloseDialogsOnBack();
  const flow: ProfileFlow = { verifiedPassword, setVerifiedPassword, pendingEmail, setPendingEmail };

  return (
    <AppShell header={{ height: 60 }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t('top_bar.home')}>
            <Group gap="xs" wrap="nowrap">
              <Logo />
              <Text fw={700} size="lg" visibleFrom="xs">
                {t('top_bar.title')}
              </Text>
            </Group>
          </Anchor>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="md" px={0}>
          <Outlet context={flow} />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
};

export const Component = () => (
  <AuthGate>
    <ProfileFrame />
  </AuthGate>
);
