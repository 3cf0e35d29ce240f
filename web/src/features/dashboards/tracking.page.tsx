// Invoice tracking: per branch, the invoices dated in the range by payment status, the overdue ones
// and the outstanding amount by age (days past the due date, as of today): 0-30, 31-60, 61-90, 90+.
import '@mantine/charts/styles.css';
import { DASHBOARD_PATHS, type TrackingRow } from '@lbo/contract/dashboards';
import { BarChart } from '@mantine/charts';
import { Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../components/form/search-select';
import { PageHeader } from '../../components/layout/page-header';
import { usePageScope } from '../../components/page/page-scope';
import { branchSource, regionGroupSource, regionSource } from '../common-sources';
import {
  type Column,
  DataTable,
  ExportXlsx,
  Loading,
  RangeBar,
  rupiah,
  rupiahShort,
  Section,
  StatCard,
  totalsOf,
  useDashboard,
  useRange,
  useUrlState,
} from './dashboard-shared';

export function TrackingPage() {
  const { t, i18n } = useTranslation();
  const { title, crumbs } = usePageScope();
  const u = useUrlState();
  const [range, setRange] = useRange();
  const query = {
    ...range,
    region_group_id: u.get('region_group_id'),
    region_id: u.get('region_id'),
    branch_id: u.get('branch_id'),
  };
  const q = useDashboard<TrackingRow[]>(DASHBOARD_PATHS.tracking, query);
  const rows = q.data?.data ?? [];
  const sum = (k: keyof TrackingRow) => rows.reduce((a, r) => a + Number(r[k]), 0);
  const columns: Column<TrackingRow>[] = [
    { key: 'branch_name', label: t('dashboards.levels.branch') },
    { key: 'invoice_count', label: t('dashboards.cols.invoice_count'), kind: 'count' },
    { key: 'unpaid_count', label: t('dashboards.tracking.unpaid'), kind: 'count' },
    { key: 'partial_count', label: t('dashboards.tracking.partial'), kind: 'count' },
    { key: 'paid_count', label: t('dashboards.tracking.paid'), kind: 'count' },
    { key: 'overdue_count', label: t('dashboards.tracking.overdue'), kind: 'count' },
    { key: 'invoice_amount', label: t('dashboards.cols.invoice_amount'), kind: 'money' },
    { key: 'paid_amount', label: t('dashboards.tracking.paidAmount'), kind: 'money' },
    { key: 'outstanding_amount', label: t('dashboards.tracking.outstanding'), kind: 'money' },
    { key: 'ageing_0_30', label: t('dashboards.tracking.age', { bucket: '0-30' }), kind: 'money' },
    { key: 'ageing_31_60', label: t('dashboards.tracking.age', { bucket: '31-60' }), kind: 'money' },
    { key: 'ageing_61_90', label: t('dashboards.tracking.age', { bucket: '61-90' }), kind: 'money' },
    { key: 'ageing_over_90', label: t('dashboards.tracking.age', { bucket: '> 90' }), kind: 'money' },
  ];
  const ageing = [
    { bucket: '0-30', amount: sum('ageing_0_30') },
    { bucket: '31-60', amount: sum('ageing_31_60') },
    { bucket: '61-90', amount: sum('ageing_61_90') },
    { bucket: '> 90', amount: sum('ageing_over_90') },
  ];
  return (
    <Stack gap="md">
      <PageHeader crumbs={crumbs} title={title} />
      <RangeBar range={range} onChange={setRange} />
      <Group gap="sm" wrap="wrap">
        <SearchSelect
          source={regionGroupSource}
          value={u.get('region_group_id') || null}
          onChange={(v) => u.set({ region_group_id: v })}
          placeholder={t('dashboards.levels.group')}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
        <SearchSelect
          source={regionSource}
          value={u.get('region_id') || null}
          onChange={(v) => u.set({ region_id: v })}
          placeholder={t('dashboards.levels.region')}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
        <SearchSelect
          source={branchSource}
          value={u.get('branch_id') || null}
          onChange={(v) => u.set({ branch_id: v })}
          placeholder={t('dashboards.levels.branch')}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      <Loading error={q.error} loading={q.isLoading} />
      {q.data ? (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <StatCard label={t('dashboards.cols.invoice_count')} value={sum('invoice_count')} />
            <StatCard label={t('dashboards.tracking.overdue')} value={sum('overdue_count')} color="red" />
            <StatCard label={t('dashboards.tracking.outstanding')} value={sum('outstanding_amount')} money />
            <StatCard
              label={t('dashboards.tracking.overdueAmount')}
              value={sum('overdue_amount')}
              money
              color="red"
            />
          </SimpleGrid>
          <Section title={t('dashboards.tracking.ageing')}>
            <BarChart
              h={220}
              data={ageing}
              dataKey="bucket"
              series={[{ name: 'amount', label: t('dashboards.tracking.outstanding'), color: 'red.6' }]}
              valueFormatter={(v) => rupiah(v, i18n.language)}
              yAxisProps={{ tickFormatter: (v: number) => rupiahShort(v, i18n.language), width: 90 }}
            />
          </Section>
          <Section
            title={t('dashboards.tracking.byBranch')}
            actions={<ExportXlsx name="invoice-tracking" rows={rows} columns={columns} />}
          >
            <DataTable
              rows={rows}
              columns={columns}
              rowKey={(r) => r.branch_id}
              testId="tracking-table"
              totals={totalsOf(rows, columns, i18n.language)}
            />
          </Section>
        </>
      ) : null}
    </Stack>
  );
}
