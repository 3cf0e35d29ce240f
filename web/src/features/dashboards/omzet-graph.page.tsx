// The yearly turnover graph: a bar per month of the chosen year with last year's turnover as a line,
// narrowed by region group, region, branch, item categories and items; the table below exports.
import '@mantine/charts/styles.css';
import { DASHBOARD_PATHS, type OmzetGraphRow } from '@lbo/contract/dashboards';
import { CompositeChart } from '@mantine/charts';
import { Group, NumberInput, Stack } from '@mantine/core';
import dayjs from 'dayjs';
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
  ProductFilters,
  rupiah,
  rupiahShort,
  Section,
  totalsOf,
  useDashboard,
  useUrlState,
} from './dashboard-shared';

export function OmzetGraphPage() {
  const { t, i18n } = useTranslation();
  const { title, crumbs } = usePageScope();
  const u = useUrlState();
  const year = Number(u.get('year')) || dayjs().year();
  const query = {
    year,
    region_group_id: u.get('region_group_id'),
    region_id: u.get('region_id'),
    branch_id: u.get('branch_id'),
    item_category_ids: u.getList('item_category_ids'),
    item_ids: u.getList('item_ids'),
  };
  const q = useDashboard<OmzetGraphRow[]>(DASHBOARD_PATHS.omzetGraph, query);
  const month = (m: number) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'id-ID', { month: 'short' }).format(
      new Date(2000, m - 1, 1),
    );
  // The month in progress is labelled with the day it runs to: last year's figure covers the same days.
  const rows = (q.data?.data ?? []).map((r) => ({
    ...r,
    label: r.through_day
      ? t('dashboards.graph.soFar', { month: month(r.month), day: r.through_day })
      : month(r.month),
  }));
  const thisYear = t('dashboards.graph.thisYear', { year });
  const lastYear = t('dashboards.graph.lastYear', { year: year - 1 });
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'label', label: t('dashboards.graph.month') },
    { key: 'turnover', label: thisYear, kind: 'money' },
    { key: 'last_year_turnover', label: lastYear, kind: 'money' },
    {
      key: 'growth',
      computed: true,
      label: t('dashboards.graph.growth'),
      render: (r) =>
        r.last_year_turnover
          ? `${(((r.turnover - r.last_year_turnover) / r.last_year_turnover) * 100).toFixed(1)}%`
          : '—',
      exportValue: (r) =>
        r.last_year_turnover
          ? Math.round(((r.turnover - r.last_year_turnover) / r.last_year_turnover) * 1000) / 10
          : null,
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader crumbs={crumbs} title={title} />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <NumberInput
          label={t('dashboards.graph.year')}
          value={year}
          min={2000}
          max={2100}
          onChange={(v) => typeof v === 'number' && v >= 2000 && v <= 2100 && u.set({ year: String(v) })}
          w={120}
          data-testid="graph-year"
        />
        <SearchSelect
          source={regionGroupSource}
          value={u.get('region_group_id') || null}
          onChange={(v) => u.set({ region_group_id: v })}
          label={t('dashboards.levels.group')}
          placeholder={t('dashboards.all')}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
        <SearchSelect
          source={regionSource}
          value={u.get('region_id') || null}
          onChange={(v) => u.set({ region_id: v })}
          label={t('dashboards.levels.region')}
          placeholder={t('dashboards.all')}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
        <SearchSelect
          source={branchSource}
          value={u.get('branch_id') || null}
          onChange={(v) => u.set({ branch_id: v })}
          label={t('dashboards.levels.branch')}
          placeholder={t('dashboards.all')}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      <ProductFilters />
      <Loading error={q.error} loading={q.isLoading} />
      {q.data ? (
        <>
          <Section title={t('dashboards.graph.title', { year })}>
            <CompositeChart
              h={320}
              data={rows}
              dataKey="label"
              withLegend
              series={[
                { name: 'turnover', label: thisYear, color: 'indigo.6', type: 'bar' },
                { name: 'last_year_turnover', label: lastYear, color: 'orange.6', type: 'line' },
              ]}
              valueFormatter={(v) => rupiah(v, i18n.language)}
              yAxisProps={{ tickFormatter: (v: number) => rupiahShort(v, i18n.language), width: 90 }}
              data-testid="omzet-graph"
            />
          </Section>
          <Section
            title={t('dashboards.graph.table')}
            actions={<ExportXlsx name={`omzet-graph-${year}`} rows={rows} columns={columns} />}
          >
            <DataTable
              rows={rows}
              columns={columns}
              rowKey={(r) => r.month}
              testId="graph-table"
              totals={totalsOf(rows, columns, i18n.language)}
            />
          </Section>
        </>
      ) : null}
    </Stack>
  );
}
