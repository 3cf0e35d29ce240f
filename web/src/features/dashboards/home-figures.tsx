// The home dashboard's figures: this month so far against the same days of last month, for the
// signed-in user's branches (the server scopes /web/dashboard/group by the token), with a link into
// the drill-down.
import { DASHBOARD_PATHS, type DashboardGroupRow } from '@lbo/contract/dashboards';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { count, rupiah, useDashboard } from './dashboard-core';

const KEYS = [
  'turnover',
  'invoice_count',
  'activated_stores',
  'points_earned',
  'points_redeemed',
  'registered_stores',
] as const;
type Key = (typeof KEYS)[number];

const sumOf = (rows: DashboardGroupRow[] | undefined) => {
  const out = Object.fromEntries(KEYS.map((k) => [k, 0])) as Record<Key, number>;
  for (const r of rows ?? []) for (const k of KEYS) out[k] += Number(r[k]);
  return out;
};

export function HomeFigures({ allBranches }: { allBranches: boolean }) {
  const { t, i18n } = useTranslation();
  const today = dayjs();
  const thisMonth = {
    start_date: today.startOf('month').format('YYYY-MM-DD'),
    end_date: today.format('YYYY-MM-DD'),
  };
  const prev = today.startOf('month').subtract(1, 'month');
  const lastMonth = {
    start_date: prev.format('YYYY-MM-DD'),
    end_date: prev.date(Math.min(today.date(), prev.daysInMonth())).format('YYYY-MM-DD'),
  };
  const now = useDashboard<DashboardGroupRow[]>(DASHBOARD_PATHS.group, thisMonth);
  const before = useDashboard<DashboardGroupRow[]>(DASHBOARD_PATHS.group, lastMonth);
  if (now.error || before.error) return <ErrorAlert error={now.error ?? before.error} />;
  if (!now.data || !before.data) return <PageSpinner height={120} />;
  const a = sumOf(now.data.data);
  const b = sumOf(before.data.data);
  const fmt = (k: Key, v: number) => (k === 'turnover' ? rupiah(v, i18n.language) : count(v, i18n.language));
  const label: Record<Key, string> = {
    turnover: t('dashboards.cols.turnover'),
    invoice_count: t('dashboards.cols.invoice_count'),
    activated_stores: t('dashboards.cols.activated_stores'),
    points_earned: t('dashboards.cols.points_earned'),
    points_redeemed: t('dashboards.cols.points_redeemed'),
    registered_stores: t('dashboards.cols.registered_stores'),
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <Title order={4}>
          {t('dashboards.home.title', {
            scope: t(allBranches ? 'dashboards.home.scopeAll' : 'dashboards.home.scopeSome'),
          })}
        </Title>
        <Anchor component={Link} to="/dashboard" size="sm" data-testid="home-open-dashboard">
          <Group gap={4}>
            {t('dashboards.home.openDashboard')}
            <IconArrowRight size={14} />
          </Group>
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="home-figures">
        {KEYS.map((k) => {
          const up = a[k] > b[k];
          const same = a[k] === b[k];
          // Registered stores are a total to date (no "last month" to compare), the rest are flows.
          const compare = k !== 'registered_stores';
          const pct = b[k] ? Math.round(((a[k] - b[k]) / b[k]) * 1000) / 10 : null;
          const Icon = up ? IconArrowUpRight : IconArrowDownRight;
          return (
            <Card key={k} withBorder radius="md" padding="sm">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {label[k]}
              </Text>
              <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`home-${k}`}>
                {fmt(k, a[k])}
              </Text>
              {compare ? (
                <Group gap={4} wrap="nowrap">
                  {!same && pct !== null ? (
                    <Text
                      size="sm"
                      c={up ? 'teal.7' : 'red.7'}
                      fw={600}
                      span
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      <Icon size={14} style={{ verticalAlign: 'middle' }} /> {pct > 0 ? '+' : ''}
                      {pct}%
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed" span>
                    {same
                      ? t('dashboards.home.noChange')
                      : t('dashboards.home.vsLastMonth', { value: fmt(k, b[k]) })}
                  </Text>
                </Group>
              ) : null}
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
