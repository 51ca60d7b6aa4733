import { Anchor, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

/** Spec §9: page titles carry the product name as a suffix. */
export const productTitle = (title?: string) => (title ? `${title} · Gatehouse` : 'Gatehouse');

export const DocumentTitle = ({ title }: { title: string }) => {
  useDocumentTitle(productTitle(title));
  return null;
};

type PageHeaderProps = {
  title: string;
  /** The browser tab's title, when it says more than `title` (which it is by default). */
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
};

export const PageHeader = ({ title, documentTitle = title, description, actions }: PageHeaderProps) => (
  <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="md">
    <DocumentTitle title={documentTitle} />
    <Stack gap={4}>
      {/* The page's one level-one heading, at the size the console uses for page titles. */}
      <Title order={1} size="h2">
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm" maw={720}>
          {description}
        </Text>
      )}
    </Stack>
    {actions && <Group gap="sm">{actions}</Group>}
  </Group>
);

export const BackLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Anchor component={Link} to={to} size="sm" c="dimmed" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
    <IconArrowLeft size={14} style={{ transform: 'var(--console-flip, none)' }} />
    {children}
  </Anchor>
);

export type TabItem = { value: string; label: ReactNode };

/** Tabs whose value is a path segment: switching a tab navigates (detail pages `{id}/{tab}`). */
export const RouteTabs = ({ tabs, active, basePath }: { tabs: TabItem[]; active: string; basePath: string }) => {
  const navigate = useNavigate();
  return (
    <Tabs value={active} onChange={(value) => value && navigate(`${basePath}/${value}`)} mb="lg" keepMounted={false}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
};
