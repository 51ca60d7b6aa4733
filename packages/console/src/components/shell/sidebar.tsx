import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconApi,
  IconApps,
  IconBuildingCommunity,
  IconChecklist,
  IconFingerprint,
  IconForms,
  IconGauge,
  IconHierarchy2,
  IconKey,
  IconListDetails,
  IconPlugConnected,
  IconSettings,
  IconShieldLock,
  IconSitemap,
  IconUserShield,
  IconUsers,
  IconWebhook,
  IconBraces,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { useConsole } from '../../app-context.js';
import { isItemActive, visibleSections, type SidebarItemKey } from '../../lib/sidebar.js';

const icons: Record<SidebarItemKey, Icon> = {
  get_started: IconChecklist,
  dashboard: IconGauge,
  applications: IconApps,
  sign_in_experience: IconForms,
  mfa: IconFingerprint,
  connectors: IconPlugConnected,
  enterprise_sso: IconBuildingCommunity,
  security: IconShieldLock,
  api_resources: IconApi,
  roles: IconUserShield,
  organization_template: IconSitemap,
  organizations: IconHierarchy2,
  users: IconUsers,
  signing_keys: IconKey,
  customize_jwt: IconBraces,
  webhooks: IconWebhook,
  audit_logs: IconListDetails,
  tenant_settings: IconSettings,
};

export const Sidebar = ({ onNavigate }: { onNavigate?: () => void }) => {
  const { t } = useTranslation();
  const { config } = useConsole();
  const { pathname } = useLocation();
  const sections = visibleSections(config.edition === 'cloud');

  return (
    <ScrollArea p="sm" component="nav" aria-label={t('sidebar.label')}>
      <Stack gap="md">
        {sections.map((section) => (
          <div key={section.key}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {t(`sidebar.section.${section.key}`)}
            </Text>
            {section.items.map((entry) => {
              const ItemIcon = icons[entry.key];
              const active = isItemActive(entry, pathname);
              return (
                <NavLink
                  key={entry.key}
                  component={Link}
                  to={`/${entry.path}`}
                  label={t(`sidebar.item.${entry.key}`)}
                  leftSection={<ItemIcon size={18} stroke={1.6} />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  variant="light"
                  onClick={onNavigate}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </div>
        ))}
      </Stack>
    </ScrollArea>
  );
};

