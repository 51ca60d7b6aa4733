import { Group, Menu, Text, UnstyledButton, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconChevronDown, IconDeviceDesktop, IconExternalLink, IconLanguage, IconLogout, IconMoon, IconPalette, IconSun, IconUserCircle } from '@tabler/icons-react';
import { localeNames, supportedLocales, type SupportedLocale } from '@gatehouse/schemas/locales';
import { useTranslation } from 'react-i18next';

import { useCurrentUser } from '../../app-context.js';
import { useMe } from '../../api/me.js';
import { basename, signOut } from '../../auth/session.js';
import { activateLanguage } from '../../lib/i18n.js';
import { storeLanguage } from '../../lib/preferences-store.js';
import { UserAvatar } from '../user-avatar.js';

/** Spec §9: the language submenu opens after 300 ms of hover and closes 100 ms after leaving. */
export const submenuOpenDelayMs = 300;
export const submenuCloseDelayMs = 100;
/** Spec §9: submenu items are 40 px high. */
const submenuItemStyle = { minHeight: 40 };

const appearanceOptions: Array<{ value: MantineColorScheme; key: 'system' | 'light' | 'dark'; icon: typeof IconSun }> = [
  { value: 'auto', key: 'system', icon: IconDeviceDesktop },
  { value: 'light', key: 'light', icon: IconSun },
  { value: 'dark', key: 'dark', icon: IconMoon },
];

/**
 * The user menu (spec "Shell and top bar"): the profile (in a new tab), language and appearance
 * submenus, sign out.
 */
export const UserMenu = () => {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const profile = user?.profile;
  // The account as it is now (edited in the profile tab); the ID token's claims until it loads.
  const me = useMe().data;
  const claimedUsername = typeof profile?.username === 'string' ? profile.username : undefined;
  const username = me ? (me.username ?? undefined) : claimedUsername;
  const email = me ? (me.primaryEmail ?? undefined) : profile?.email;
  const name = me ? (me.name ?? undefined) : profile?.name;
  const picture = me ? (me.avatar ?? undefined) : profile?.picture;
  const displayName = name ?? username ?? profile?.preferred_username ?? email ?? profile?.sub ?? '';
  const secondary = email ?? (username && username !== displayName ? username : undefined);

  const changeLanguage = (locale: SupportedLocale) => {
    storeLanguage(locale);
    void activateLanguage(locale);
  };

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('user_menu.label')} data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <UserAvatar name={displayName} picture={picture} />
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {displayName}
          </Text>
          {secondary && (
            <Text size="xs" c="dimmed" truncate>
              {secondary}
            </Text>
          )}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          component="a"
          href={`${basename}/profile`}
          target="_blank"
          rel="noopener"
          leftSection={<IconUserCircle size={16} />}
          rightSection={<IconExternalLink size={14} />}
          data-testid="profile-link"
        >
          {t('profile.title')}
        </Menu.Item>
        <Menu.Sub openDelay={submenuOpenDelayMs} closeDelay={submenuCloseDelayMs}>
          <Menu.Sub.Target>
            <Menu.Sub.Item leftSection={<IconLanguage size={16} />} style={submenuItemStyle}>
              <Group justify="space-between" wrap="nowrap">
                <span>{t('user_menu.language')}</span>
                <Text size="xs" c="dimmed">
                  {localeNames[(i18n.language as SupportedLocale) ?? 'en'] ?? i18n.language}
                </Text>
              </Group>
            </Menu.Sub.Item>
          </Menu.Sub.Target>
          <Menu.Sub.Dropdown mah={360} style={{ overflowY: 'auto' }}>
            {supportedLocales.map((locale) => (
              <Menu.Item
                key={locale}
                lang={locale}
                style={submenuItemStyle}
                onClick={() => changeLanguage(locale)}
                rightSection={i18n.language === locale ? '✓' : undefined}
                aria-current={i18n.language === locale ? 'true' : undefined}
              >
                {localeNames[locale]}
              </Menu.Item>
            ))}
          </Menu.Sub.Dropdown>
        </Menu.Sub>
        <Menu.Sub openDelay={submenuOpenDelayMs} closeDelay={submenuCloseDelayMs}>
          <Menu.Sub.Target>
            <Menu.Sub.Item leftSection={<IconPalette size={16} />} style={submenuItemStyle}>
              {t('user_menu.appearance')}
            </Menu.Sub.Item>
          </Menu.Sub.Target>
          <Menu.Sub.Dropdown>
            {appearanceOptions.map(({ value, key, icon: OptionIcon }) => (
              <Menu.Item
                key={value}
                style={submenuItemStyle}
                leftSection={<OptionIcon size={16} />}
                rightSection={colorScheme === value ? '✓' : undefined}
                onClick={() => setColorScheme(value)}
              >
                {t(`user_menu.appearance_${key}`)}
              </Menu.Item>
            ))}
          </Menu.Sub.Dropdown>
        </Menu.Sub>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void signOut()} data-testid="sign-out">
          {t('user_menu.sign_out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
