import { ActionIcon, Alert, Card, Group, Menu, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconLock, type Icon } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { api } from '../api/client.js';
import { CopyBox } from './copy-box.js';
import { confirmDelete } from './dialogs.js';
import { BackLink, DocumentTitle, RouteTabs, type TabItem } from './page.js';
import { PageNotFound } from './page-not-found.js';
import { DetailState } from './query-state.js';
import { discardChangesState } from './unsaved-changes.js';

/** The entity of a detail page, read from `path`; a missing one is the page's own state, not a toast. */
export const useDetailQuery = <T,>(queryKey: QueryKey, path: string) =>
  useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(path, undefined, { signal }),
    meta: { ignoreCodes: ['entity.not_found'] },
  });

export type BackTo = { to: string; label: string };

/** A detail page until its entity is there: the way back, and loading, "not found" or the error. */
export const DetailPending = ({ query, back }: { query: UseQueryResult<unknown>; back: BackTo }) => (
  <>
    <BackLink to={back.to}>{back.label}</BackLink>
    <DetailState error={query.error} onRetry={() => void query.refetch()} backTo={back.to} />
  </>
);

/** A labelled value to copy, such as the entity's id, under a detail page's title. */
export const CopyRow = ({ label, value }: { label: string; value: string }) => (
  <Group gap="xs" wrap="nowrap">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <CopyBox value={value} />
  </Group>
);

type DetailFrameProps = {
  /** The entity's name: the heading and the document title. */
  title: string;
  back: BackTo;
  /** Shown in a tinted square, unless the entity has an `avatar`. */
  icon?: Icon;
  avatar?: ReactNode;
  badges?: ReactNode;
  /** Lines under the title. */
  details: ReactNode;
  /** Items of the "more actions" menu; `busy` while one of them runs. */
  menu?: { items: ReactNode; busy: boolean };
  /** Why the entity cannot be changed (a built-in one). */
  readOnlyNotice?: ReactNode;
  tabs: TabItem[];
  tab: string;
  /** `{list}/{id}`: a tab's path is `{basePath}/{tab}`. */
  basePath: string;
  children: ReactNode;
};

/**
 * A loaded detail page with tabs: the way back, a header card with the entity's name, badges and
 * details and its menu, then the tabs and the active tab's content. An unknown tab is not found.
 */
export const DetailFrame = ({ title, back, icon: EntityIcon, avatar, badges, details, menu, readOnlyNotice, tabs, tab, basePath, children }: DetailFrameProps) => {
  const { t } = useTranslation();
  if (!tabs.some((entry) => entry.value === tab)) {
    return <PageNotFound />;
  }
  return (
    <>
      <DocumentTitle title={title} />
      <BackLink to={back.to}>{back.label}</BackLink>
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group wrap="nowrap" align="flex-start">
            {avatar ??
              (EntityIcon && (
                <ThemeIcon size={48} radius="md" variant="light">
                  <EntityIcon size={26} />
                </ThemeIcon>
              ))}
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
                  {title}
                </Title>
                {badges}
              </Group>
              {details}
            </Stack>
          </Group>
          {menu && (
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('general.more_actions')} loading={menu.busy}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>{menu.items}</Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Card>
      {readOnlyNotice && (
        <Alert icon={<IconLock size={18} />} color="gray" mb="lg">
          {readOnlyNotice}
        </Alert>
      )}
      <RouteTabs tabs={tabs} active={tab} basePath={basePath} />
      {children}
    </>
  );
};

/**
 * Deletes the entity at `path` once the user answers yes to `question`: says `done`, forgets the
 * entity (`queryKey`), refreshes the `{listKey}` lists and leaves for `backTo`. Its result goes to
 * `DeleteSection` (or a menu item's `onClick`).
 */
export const useDeleteEntity = ({
  path,
  queryKey,
  listKey,
  question,
  done,
  backTo,
}: {
  path: string;
  queryKey: QueryKey;
  listKey: string;
  question: { title: string; message: string };
  done: string;
  backTo: string;
}) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => api.delete(path),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: done });
      queryClient.removeQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey: [listKey, 'list'] });
      navigate(backTo, { replace: true, state: discardChangesState });
    },
  });
  return {
    onDelete: () =>
      void confirmDelete(question).then((confirmed) => {
        if (confirmed) {
          remove.mutate();
        }
      }),
    deleting: remove.isPending,
  };
};
