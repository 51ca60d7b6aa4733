import { Alert, Anchor, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { ApiErrorBody } from '../../lib/errors.js';
import { groupProblems, pageOfSetting, type ProblemSetting } from './draft.js';

const settingLabels = {
  'sign-up': 'sign_in_exp.sign_up.title',
  'sign-in': 'sign_in_exp.sign_in.title',
  social: 'sign_in_exp.social.title',
  mode: 'sign_in_exp.mode.title',
  mfa: 'sidebar.item.mfa',
  captcha: 'security.captcha.policy_title',
  branding: 'sign_in_exp.tab.branding',
  content: 'sign_in_exp.tab.content',
} as const satisfies Record<ProblemSetting, string>;

type Props = {
  /** A `422 sign_in_experience.unworkable` answer. */
  body: ApiErrorBody;
  /** What was refused (a connector's deletion, say); the server's message then follows it. Without it, the server's message is the title. */
  title?: string;
  /** Shown outside the sign-in experience pages: the links name the page too. */
  outside?: boolean;
  ref?: Ref<HTMLDivElement>;
};

/**
 * A refusal by the sign-in experience (`422 sign_in_experience.unworkable`): the server's message
 * and each reason once, with the settings it concerns and a link to where they are changed. The
 * sign-in experience page shows it when a save is refused, the connector pages when a change to a
 * connector the sign-in experience depends on is.
 */
export const UnworkableAlert = ({ body, title, outside = false, ref }: Props) => {
  const { t, i18n } = useTranslation();
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const pageName = (name: string, prefix: string) => (outside ? `${prefix} › ${name}` : name);
  const linkOf = (setting: ProblemSetting) => {
    const page = pageOfSetting(setting);
    if (!page) {
      return undefined;
    }
    if ('security' in page) {
      return { to: '/security/captcha', label: t('sign_in_exp.go_to_tab', { tab: `${t('security.title')} › ${t('security.tab_captcha')}` }) };
    }
    return {
      to: `/sign-in-experience/${page.tab}`,
      label: t('sign_in_exp.go_to_tab', { tab: pageName(t(`sign_in_exp.tab.${page.tab}`), t('sign_in_exp.title')) }),
    };
  };
  return (
    <Alert ref={ref} color="red" icon={<IconAlertCircle size={18} />} title={title ?? body.message} role="alert" data-testid="unworkable-alert">
      <Stack gap="xs">
        {title && <Text size="sm">{body.message}</Text>}
        <List size="sm" spacing={6}>
          {groupProblems(body.details ?? []).map(({ message, settings }) => {
            const links = [...new Map(settings.map(linkOf).filter((link) => link !== undefined).map((link) => [link.to, link])).values()];
            return (
              <List.Item key={message}>
                <Text size="sm" span>
                  {message}
                </Text>
                {settings.length > 0 && (
                  <Text size="sm" c="dimmed" data-testid="problem-settings">
                    {t('sign_in_exp.problem_concerns', { settings: list.format(settings.map((setting) => t(settingLabels[setting]))) })}
                    {settings.includes('mfa') && ` ${t('sign_in_exp.fix_on_mfa_page')}`}
                  </Text>
                )}
                {links.length > 0 && (
                  <Group gap="md">
                    {links.map((link) => (
                      // The alert's own text colour (violet falls below 4.5:1 on its red tint), underlined to read as a link.
                      <Anchor key={link.to} component={Link} to={link.to} size="sm" c="inherit" underline="always" fw={500}>
                        {link.label}
                      </Anchor>
                    ))}
                  </Group>
                )}
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Alert>
  );
};
