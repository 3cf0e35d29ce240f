// Turnover (omzet): by region group, region, area, branch, customer or item over a date range, filtered
// by item categories and items; a bar per row (click a group, region or branch to look inside it),
// the table with totals and its XLSX export.
import '@mantine/charts/styles.css';
import {
  DASHBOARD_PATHS,
  type OmzetAreaRow,
  type OmzetBranchRow,
  type OmzetCustomerRow,
  type OmzetGroupRow,
  type OmzetItemRow,
  type OmzetRegionRow,
} from '@lbo/contract/dashboards';
import { BarChart } from '@mantine/charts';
import { Badge, CloseButton, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { usePageScope } from '../../components/page/page-scope';
import {
  type Column,
  DataTable,
  ExportXlsx,
  fetchAllPages,
  Loading,
  Pager,
  ProductFilters,
  RangeBar,
  rupiah,
  rupiahShort,
  Section,
  totalsOf,
  useDashboard,
  useRange,
  useUrlState,
} from './dashboard-shared';

const LEVELS = ['group', 'region', 'area', 'branch', 'customer', 'item'] as const;
type Level = (typeof LEVELS)[number];
type Row = Partial<
  OmzetGroupRow & OmzetRegionRow & OmzetAreaRow & OmzetBranchRow & OmzetCustomerRow & OmzetItemRow
>;

const PATH: Record<Level, string> = {
  group: DASHBOARD_PATHS.omzetGroup,
  region: DASHBOARD_PATHS.omzetRegion,
  area: DASHBOARD_PATHS.omzetArea,
  branch: DASHBOARD_PATHS.omzetBranch,
  customer: DASHBOARD_PATHS.omzetCustomer,
  item: DASHBOARD_PATHS.omzet,
};

export function OmzetPage() {
  const { t, i18n } = useTranslation();
  const { title, crumbs } = usePageScope();
  const u = useUrlState();
  const [range, setRange] = useRange();
  const level = (LEVELS as readonly string[]).includes(u.get('level')) ? (u.get('level') as Level) : 'group';
  const page = Number(u.get('page') || 1);
  const within = {
    region_group_id: u.get('region_group_id'),
    region_id: u.get('region_id'),
    branch_id: u.get('branch_id'),
  };
  const query = {
    ...range,
    ...within,
    item_category_ids: u.getList('item_category_ids'),
    item_ids: u.getList('item_ids'),
    ...(level === 'customer' ? { page, limit: 20 } : {}),
  };
  const q = useDashboard<Row[]>(PATH[level], query, true, level);
  const rows = q.data?.data ?? [];

  const name = (r: Row) =>
    ({
      group: r.region_group_name,
      region: r.region_name,
      area: r.region_area_name ?? t('dashboards.noArea'),
      branch: r.branch_name,
      customer: `${r.customer_code} · ${r.customer_name}`,
      item: `${r.item_code} · ${r.item_name}`,
    })[level] as string;
  const key = (r: Row) =>
    String(
      {
        group: r.region_group_id,
        region: r.region_id,
        area: r.region_area_id,
        branch: r.branch_id,
        customer: r.customer_id,
        item: r.item_id,
      }[level],
    );
  /** Into a group, region or branch: the next level down, narrowed to it. */
  const drill = (r: Row) => {
    if (level === 'group')
      u.set({
        level: 'region',
        region_group_id: String(r.region_group_id),
        within_name: name(r),
        page: null,
      });
    else if (level === 'region')
      u.set({ level: 'branch', region_id: String(r.region_id), within_name: name(r), page: null });
    else if (level === 'branch')
      u.set({ level: 'customer', branch_id: String(r.branch_id), within_name: name(r), page: null });
  };
  const canDrill = level === 'group' || level === 'region' || level === 'branch';
  const columns: Column<Row>[] = [
    {
      key: 'name',
      computed: true,
      label: t(`dashboards.levels.${level}`),
      render: (r) => name(r),
      exportValue: (r) => name(r),
    },
    ...(level === 'item'
      ? [{ key: 'item_category_name', label: t('dashboards.cols.category') } satisfies Column<Row>]
      : []),
    ...(level === 'customer'
      ? [{ key: 'branch_name', label: t('dashboards.levels.branch') } satisfies Column<Row>]
      : []),
    ...(level === 'branch' || level === 'area'
      ? [{ key: 'region_name', label: t('dashboards.levels.region') } satisfies Column<Row>]
      : []),
    { key: 'qty', label: t('dashboards.cols.qty'), kind: 'count' },
    { key: 'turnover', label: t('dashboards.cols.turnover'), kind: 'money' },
  ];
  const narrowed = within.region_group_id || within.region_id || within.branch_id;

  return (
    <Stack gap="md">
      <PageHeader crumbs={crumbs} title={title} />
      <RangeBar range={range} onChange={setRange} />
      <ProductFilters />
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          value={level}
          onChange={(v) => u.set({ level: v, page: null })}
          data={LEVELS.map((l) => ({ value: l, label: t(`dashboards.levels.${l}`) }))}
          data-testid="omzet-level"
        />
        {narrowed ? (
          <Badge
            size="lg"
            variant="light"
            rightSection={
              <CloseButton
                size="xs"
                aria-label={t('dashboards.clearWithin')}
                onClick={() =>
                  u.set({
                    region_group_id: null,
                    region_id: null,
                    branch_id: null,
                    within_name: null,
                    page: null,
                  })
                }
              />
            }
          >
            {t('dashboards.within', { name: u.get('within_name') || '…' })}
          </Badge>
        ) : null}
      </Group>
      <Loading error={q.error} loading={q.isLoading} />
      {q.data ? (
        <>
          {rows.length > 0 ? (
            <Section title={t('dashboards.turnoverBy', { level: t(`dashboards.levels.${level}`) })}>
              <BarChart
                h={280}
                data={rows.slice(0, 25).map((r) => ({ ...r, label: name(r) }))}
                dataKey="label"
                series={[{ name: 'turnover', label: t('dashboards.cols.turnover'), color: 'teal.6' }]}
                valueFormatter={(v) => rupiah(v, i18n.language)}
                yAxisProps={{ tickFormatter: (v: number) => rupiahShort(v, i18n.language), width: 90 }}
                barProps={
                  canDrill
                    ? { onClick: (d: { payload?: Row }) => d.payload && drill(d.payload), cursor: 'pointer' }
                    : undefined
                }
                data-testid="omzet-chart"
              />
              {canDrill ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {t('dashboards.clickToDrill')}
                </Text>
              ) : null}
            </Section>
          ) : null}
          <Section
            title={t('dashboards.turnoverTable')}
            actions={
              <ExportXlsx
                name={`omzet-${level}`}
                rows={rows}
                columns={columns}
                fetchAll={
                  level === 'customer'
                    ? () => fetchAllPages<Row>(PATH[level], { ...query, page: undefined })
                    : undefined
                }
              />
            }
          >
            <DataTable
              rows={rows}
              columns={columns}
              rowKey={key}
              onRowClick={canDrill ? drill : undefined}
              testId="omzet-table"
              totals={level !== 'customer' ? totalsOf(rows, columns, i18n.language) : undefined}
            />
            {level === 'customer' && q.data.meta ? (
              <Pager
                page={page}
                totalPage={q.data.meta.total_page}
                onChange={(p) => u.set({ page: String(p) })}
              />
            ) : null}
          </Section>
        </>
      ) : null}
    </Stack>
  );
}
