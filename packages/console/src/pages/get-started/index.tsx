import { Badge, Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Resource, Role, SignInExperience } from '@gatehouse/schemas';
import { IconApi, IconApps, IconCheck, IconPalette, IconUserPlus, IconUserShield, type Icon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { api } from '../../api/client.js';
import { PageLoading } from '../../components/loading-screen.js';
import { PageHeader } from '../../components/page.js';
import { InlineError } from '../../components/query-state.js';
import { getStartedSteps, type GetStartedFacts, type GetStartedStepKey } from '../../lib/get-started.js';
import { sidebarSections } from '../../lib/sidebar.js';

const icons: Record<GetStartedStepKey, Icon> = {
  application: IconApps,
  sign_in_experience: IconPalette,
  api_resource: IconApi,
  role: IconUserShield,
  user: IconUserPlus,
};

const builtItems = new Set(sidebarSections.flatMap((section) => section.items.filter((entry) => entry.built).map((entry) => entry.key)));

/** How many entries of a list are not built in: the built-in ones on the first page are subtracted. */
const ownCount = ({ items, total }: { items: Array<Resource | Role>; total: number }) => total - items.filter((entry) => entry.isBuiltIn).length;

/** What the tenant already has, read from the management API (each list asked for its count only). */
const readFacts = async (signal: AbortSignal): Promise<GetStartedFacts> => {
  const [applications, resources, signInExperience, connectors, roles, users] = await Promise.all([
    api.list('applications', { page: 1, page_size: 1 }, { signal }),
    api.list<Resource>('resources', { page: 1, page_size: 20 }, { signal }),
    api.get<SignInExperience>('sign-in-exp', undefined, { signal }),
    api.get<unknown[]>('connectors', undefined, { signal }),
    api.list<Role>('roles', { page: 1, page_size: 20 }, { signal }),
    api.list('users', { page: 1, page_size: 1 }, { signal }),
  ]);
  return {
    applications: applications.total,
    apiResources: ownCount(resources),
    signInExperience,
    connectors: connectors.length,
    roles: ownCount(roles),
    users: users.total,
  };
};

/** `get-started`: the first steps in a tenant, checked from what is already configured. */
export const Component = () => {
  const { t } = useTranslation();
  const facts = useQuery({ queryKey: ['get-started'], queryFn: ({ signal }) => readFacts(signal), staleTime: 0 });
  const steps = facts.data ? getStartedSteps(facts.data) : [];
  const done = steps.filter((step) => step.done).length;

  return (
    <>
      <PageHeader title={t('get_started.title')} description={t('get_started.description')} />
      {facts.error && !facts.data ? <InlineError error={facts.error} onRetry={() => void facts.refetch()} /> : null}
      {facts.isPending ? (
        <PageLoading />
      ) : facts.data ? (
        <Stack maw={880}>
          <Group gap="sm" wrap="nowrap">
            <Progress value={(done / steps.length) * 100} style={{ flex: 1 }} aria-label={t('get_started.progress', { done, total: steps.length })} />
            <Text size="sm" c="dimmed" data-testid="get-started-progress">
              {t('get_started.progress', { done, total: steps.length })}
            </Text>
          </Group>
          {done === steps.length && (
            <Text size="sm" c="teal">
              {t('get_started.all_done')}
            </Text>
          )}
          {steps.map((step) => {
            const StepIcon = icons[step.key];
            return (
              <Card key={step.key} withBorder radius="md" padding="lg" data-testid={`get-started-${step.key}`} data-done={step.done ? 'true' : 'false'}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group wrap="nowrap" align="flex-start">
                    <ThemeIcon size={40} radius="md" variant="light" color={step.done ? 'teal' : undefined}>
                      {step.done ? <IconCheck size={22} /> : <StepIcon size={22} />}
                    </ThemeIcon>
                    <Stack gap={4}>
                      <Group gap="xs">
                        <Title order={2} size="h4">
                          {t(`get_started.${step.key}.title`)}
                        </Title>
                        {step.done && (
                          <Badge color="teal" variant="light" size="sm">
                            {t('get_started.done')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {t(`get_started.${step.key}.description`)}
                      </Text>
                    </Stack>
                  </Group>
                  {builtItems.has(step.item) && (
                    <Button component={Link} to={step.path} variant={step.done ? 'default' : 'light'} style={{ flexShrink: 0 }}>
                      {t(`get_started.${step.key}.action`)}
                    </Button>
                  )}
                </Group>
              </Card>
            );
          })}
        </Stack>
      ) : null}
    </>
  );
};
