import { Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DashboardActiveUsers, DashboardNewUsers, DashboardTotalUsers, PeriodCount } from '@gatehouse/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../../api/client.js';
import { LineChart } from '../../components/line-chart.js';
import { PageHeader } from '../../components/page.js';
import { InlineError } from '../../components/query-state.js';
import { formatDelta, utcDay } from '../../lib/dashboard.js';
import { formatNumber } from '../../lib/format.js';

const ranges = ['7', '14', '30'] as const;

/** A figure with its change against the period before it (green up, red down). */
const Stat = ({ title, value, delta, testId }: { title: string; value: number | undefined; delta?: number; testId: string }) => {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      {value === undefined ? (
        <Skeleton height={32} width={80} />
      ) : (
        <Group gap="xs" align="baseline">
          <Text fz={28} fw={700} lh={1.2} data-testid={`${testId}-value`}>
            {formatNumber(value)}
          </Text>
          {delta !== undefined && (
            <Text size="sm" c={delta > 0 ? 'teal' : delta < 0 ? 'red' : 'dimmed'} title={t('dashboard.delta_hint')}>
              {formatDelta(delta)}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
};

const periodStat = (period: PeriodCount | undefined) => ({ value: period?.count, delta: period?.delta });

/** `dashboard`: user totals, new users, and daily, weekly and monthly active users with a daily chart. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const today = utcDay(Date.now());
  const [date, setDate] = useState(today);
  const [range, setRange] = useState<(typeof ranges)[number]>('14');
  const total = useQuery({
    queryKey: ['dashboard', 'users', 'total'],
    queryFn: ({ signal }) => api.get<DashboardTotalUsers>('dashboard/users/total', undefined, { signal }),
  });
  const fresh = useQuery({
    queryKey: ['dashboard', 'users', 'new'],
    queryFn: ({ signal }) => api.get<DashboardNewUsers>('dashboard/users/new', undefined, { signal }),
  });
  const active = useQuery({
    queryKey: ['dashboard', 'users', 'active', date],
    queryFn: ({ signal }) => api.get<DashboardActiveUsers>('dashboard/users/active', { date }, { signal }),
    placeholderData: keepPreviousData,
  });
  const dayLabel = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const points = (active.data?.dauCurve ?? []).slice(-Number(range)).map((day) => ({
    key: day.date,
    label: dayLabel.format(new Date(`${day.date}T00:00:00Z`)),
    value: day.count,
  }));
  const failed = [total, fresh].find((query) => query.error && !query.data);

  return (
    <>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.description')} />
      <Stack>
        {failed && (
          <InlineError
            error={failed.error}
            onRetry={() => {
              void total.refetch();
              void fresh.refetch();
            }}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Card withBorder radius="md" padding="lg">
            <Stat title={t('dashboard.total_users')} value={total.data?.totalUserCount} testId="dashboard-total-users" />
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Stat title={t('dashboard.new_users_today')} {...periodStat(fresh.data?.today)} testId="dashboard-new-today" />
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Stat title={t('dashboard.new_users_week')} {...periodStat(fresh.data?.last7Days)} testId="dashboard-new-week" />
          </Card>
        </SimpleGrid>
        <Card withBorder radius="md" padding="lg">
          <Stack>
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <div>
                <Title order={2} size="h4">
                  {t('dashboard.active_users')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('dashboard.active_users_description')}
                </Text>
              </div>
              <Group gap="sm" align="flex-end">
                <TextInput
                  type="date"
                  label={t('dashboard.date')}
                  value={date}
                  max={today}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    // An empty or half-typed date keeps the last one; the API counts in UTC days.
                    if (/^\d{4}-\d{2}-\d{2}$/.test(value) && value <= today) {
                      setDate(value);
                    }
                  }}
                  dir="ltr"
                  w={170}
                />
                <SegmentedControl
                  value={range}
                  onChange={(value) => setRange(value as (typeof ranges)[number])}
                  data={ranges.map((days) => ({ value: days, label: t('dashboard.range_days', { days }) }))}
                  aria-label={t('dashboard.range')}
                />
              </Group>
            </Group>
            {active.error && !active.data ? (
              <InlineError error={active.error} onRetry={() => void active.refetch()} />
            ) : (
              <>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <Stat title={t('dashboard.dau')} {...periodStat(active.data?.dau)} testId="dashboard-dau" />
                  <Stat title={t('dashboard.wau')} {...periodStat(active.data?.wau)} testId="dashboard-wau" />
                  <Stat title={t('dashboard.mau')} {...periodStat(active.data?.mau)} testId="dashboard-mau" />
                </SimpleGrid>
                {active.data ? (
                  <LineChart points={points} label={t('dashboard.chart_label', { days: points.length })} />
                ) : (
                  <Skeleton height={220} />
                )}
                <Text size="xs" c="dimmed">
                  {t('dashboard.utc_note')}
                </Text>
              </>
            )}
          </Stack>
        </Card>
      </Stack>
    </>
  );
};
