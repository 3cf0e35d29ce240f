// The dashboard: figures (stores, registered, activated, turnover, invoices, points) for a date range,
// drilled down region group -> region -> branch -> customer by clicking a row or a bar. The level and
// the range live in the URL (back and forward walk the drill-down).
import '@mantine/charts/styles.css';
import {
  DASHBOARD_PATHS,
  type DashboardBranchRow,
  type DashboardCustomerRow,
  type DashboardGroupRow,
  type DashboardRegionRow,
  STORE_STATUSES,
} from '@lbo/contract/dashboards';
import { BarChart } from '@mantine/charts';
import { Anchor, Badge, Breadcrumbs, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { usePageScope } from '../../components/page/page-scope';
import { useOptions } from '../../components/resource/select-options';
import { customerTypeSource, salesmanSource } from '../common-sources';
import {
  type Column,
  count,
  DataTable,
  ExportXlsx,
  fetchAllPages,
  Loading,
  Pager,
  RangeBar,
  rupiah,
  rupiahShort,
  Section,
  totalsOf,
  useDashboard,
  useRange,
  useUrlState,
} from './dashboard-shared';
import { RollupsRebuild } from './rollups-rebuild';

type Level = 'group' | 'region' | 'branch' | 'customer';
type AnyRow = Partial<DashboardGroupRow & DashboardRegionRow & DashboardBranchRow & DashboardCustomerRow>;

/** The dashboard starting from every region at once (GET /web/dashboard), not inside a region group. */
export function DashboardRegionsPage() {
  return <DashboardOverviewPage byRegion />;
}

export function DashboardOverviewPage({ byRegion = false }: { byRegion?: boolean } = {}) {
  const { t, i18n } = useTranslation();
  const { title, crumbs } = usePageScope();
  const u = useUrlState();
  const [range, setRange] = useRange();
  const types = useOptions(customerTypeSource);
  const groupId = u.get('group_id');
  const regionId = u.get('region_id');
  const branchId = u.get('branch_id');
  const level: Level = branchId ? 'customer' : regionId ? 'branch' : groupId || byRegion ? 'region' : 'group';
  const typeId = u.get('customer_level_id');
  // A branch's stores narrowed by salesman or status: SPEC's branch report call takes both.
  const salesmanId = u.get('salesman_id');
  const storeStatus = u.get('status');
  const branchReport = level === 'customer' && !!(salesmanId || storeStatus);
  const salesmen = useOptions(
    salesmanSource,
    branchId ? { branch_id: branchId } : undefined,
    level === 'customer',
  );
  const page = Number(u.get('page') || 1);
  const [search, setSearch] = useState(u.get('search'));
  const [debounced] = useDebouncedValue(search, 300);
  const base = { ...range, customer_level_id: typeId };
  const path = {
    group: DASHBOARD_PATHS.group,
    region: byRegion ? DASHBOARD_PATHS.byRegion : DASHBOARD_PATHS.group,
    branch: DASHBOARD_PATHS.detail,
    customer: branchReport ? DASHBOARD_PATHS.branchReport : DASHBOARD_PATHS.selectCustomer,
  }[level];
  const query =
    level === 'group'
      ? base
      : level === 'region'
        ? byRegion
          ? base
          : { ...base, group_id: groupId }
        : level === 'branch'
          ? { ...base, region_id: regionId }
          : {
              ...base,
              branch_id: branchId,
              page,
              limit: 20,
              search: debounced,
              ...(branchReport ? { salesman_id: salesmanId, status: storeStatus } : {}),
            };
  const q = useDashboard<AnyRow[]>(path, query, true, level);
  const rows = q.data?.data ?? [];

  const keyOf = (r: AnyRow) =>
    Number(
      level === 'group'
        ? r.region_group_id
        : level === 'region'
          ? r.region_id
          : level === 'branch'
            ? r.branch_id_detail
            : r.customer_id,
    );
  const nameOf = (r: AnyRow) =>
    String(
      level === 'group'
        ? r.region_group_name
        : level === 'region'
          ? r.region_name
          : level === 'branch'
            ? r.branch_name
            : r.customer_name,
    );
  const drill = (r: AnyRow) => {
    if (level === 'group') u.set({ group_id: String(r.region_group_id), gname: nameOf(r) });
    else if (level === 'region') u.set({ region_id: String(r.region_id), rname: nameOf(r) });
    else if (level === 'branch')
      u.set({ branch_id: String(r.branch_id_detail), bname: nameOf(r), page: null });
  };
  const canDrill = level !== 'customer';

  const nameColumn: Column<AnyRow> = {
    key: 'name',
    computed: true,
    label: t(`dashboards.levels.${level}`),
    render: (r) =>
      level === 'customer' ? (
        <Anchor component={Link} to={`/customers/${r.customer_id}`} size="sm">
          {r.customer_code} · {r.customer_name}
        </Anchor>
      ) : (
        <Text size="sm" fw={500} c="var(--mantine-color-anchor)">
          {nameOf(r)}
        </Text>
      ),
    exportValue: (r) => (level === 'customer' ? `${r.customer_code} · ${r.customer_name}` : nameOf(r)),
  };
  const customerColumns: Column<AnyRow>[] = [
    {
      key: 'status',
      label: t('dashboards.cols.status'),
      render: (r: AnyRow) => (
        <Badge
          variant="light"
          color={r.status === 'activated' ? 'teal' : r.status === 'registered' ? 'blue' : 'gray'}
        >
          {t(`dashboards.status.${r.status}`)}
        </Badge>
      ),
      exportValue: (r: AnyRow) => t(`dashboards.status.${r.status}`),
    },
    { key: 'salesman_name', label: t('dashboards.cols.salesman') },
  ];
  const levelColumns: Column<AnyRow>[] = [
    { key: 'stores', label: t('dashboards.cols.stores'), kind: 'count' },
    {
      key: 'registered_stores',
      label: t('dashboards.cols.registered_stores'),
      kind: 'count',
    },
    {
      key: 'activated_stores',
      label: t('dashboards.cols.activated_stores'),
      kind: 'count',
    },
  ];
  const columns: Column<AnyRow>[] = [
    nameColumn,
    ...(level === 'customer' ? customerColumns : levelColumns),
    { key: 'turnover', label: t('dashboards.cols.turnover'), kind: 'money' },
    { key: 'invoice_count', label: t('dashboards.cols.invoice_count'), kind: 'count' },
    { key: 'points_earned', label: t('dashboards.cols.points_earned'), kind: 'count' },
    { key: 'points_redeemed', label: t('dashboards.cols.points_redeemed'), kind: 'count' },
  ];

  const trail = [
    {
      label: t(byRegion ? 'dashboards.allRegions' : 'dashboards.allGroups'),
      clear: {
        group_id: null,
        gname: null,
        region_id: null,
        rname: null,
        branch_id: null,
        bname: null,
        salesman_id: null,
        status: null,
      },
    },
    ...(groupId && !byRegion
      ? [
          {
            label: u.get('gname') || `#${groupId}`,
            clear: { region_id: null, rname: null, branch_id: null, bname: null },
          },
        ]
      : []),
    ...(regionId
      ? [{ label: u.get('rname') || `#${regionId}`, clear: { branch_id: null, bname: null } }]
      : []),
    ...(branchId ? [{ label: u.get('bname') || `#${branchId}`, clear: {} }] : []),
  ];
  const chartRows = rows.slice(0, 20).map((r) => ({ ...r, label: nameOf(r) }));
  const exportName = `dashboard-${byRegion && level === 'region' ? 'regions' : level}`;

  return (
    <Stack gap="md">
      <PageHeader crumbs={crumbs} title={title} />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <RangeBar range={range} onChange={setRange} />
        <Select
          label={t('dashboards.customerType')}
          placeholder={t('dashboards.all')}
          data={types.options}
          value={typeId || null}
          onChange={(v) => u.set({ customer_level_id: v, page: null })}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
      </Group>
      <Breadcrumbs aria-label={t('dashboards.drillTrail')} data-testid="drill-trail">
        {trail.map((c, i) =>
          i < trail.length - 1 ? (
            <Anchor
              key={c.label}
              component="button"
              type="button"
              size="sm"
              onClick={() => u.set({ ...c.clear, page: null })}
            >
              {c.label}
            </Anchor>
          ) : (
            <Text key={c.label} size="sm" fw={600}>
              {c.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
      <Loading error={q.error} loading={q.isLoading} />
      {q.data ? (
        <>
          {level !== 'customer' && rows.length > 0 ? (
            <Section title={t('dashboards.turnoverBy', { level: t(`dashboards.levels.${level}`) })}>
              <BarChart
                h={260}
                data={chartRows}
                dataKey="label"
                series={[{ name: 'turnover', label: t('dashboards.cols.turnover'), color: 'indigo.6' }]}
                valueFormatter={(v) => rupiah(v, i18n.language)}
                yAxisProps={{ tickFormatter: (v: number) => rupiahShort(v, i18n.language), width: 90 }}
                barProps={{
                  onClick: (d: { payload?: AnyRow }) => d.payload && drill(d.payload),
                  cursor: 'pointer',
                }}
                data-testid="drill-chart"
              />
              <Text size="xs" c="dimmed" mt={4}>
                {t('dashboards.clickToDrill')}
              </Text>
            </Section>
          ) : null}
          <Section
            title={t('dashboards.figuresBy', { level: t(`dashboards.levels.${level}`) })}
            actions={
              <>
                {level === 'customer' ? (
                  <>
                    <Select
                      size="xs"
                      aria-label={t('dashboards.cols.salesman')}
                      placeholder={t('dashboards.cols.salesman')}
                      data={salesmen.options}
                      value={salesmanId || null}
                      onChange={(v) => u.set({ salesman_id: v, page: null })}
                      searchable
                      clearable
                      w={180}
                    />
                    <Select
                      size="xs"
                      aria-label={t('dashboards.storeStatus')}
                      placeholder={t('dashboards.storeStatus')}
                      data={STORE_STATUSES.map((v) => ({ value: v, label: t(`dashboards.status.${v}`) }))}
                      value={storeStatus || null}
                      onChange={(v) => u.set({ status: v, page: null })}
                      clearable
                      w={160}
                    />
                  </>
                ) : null}
                {level === 'customer' ? (
                  <TextInput
                    size="xs"
                    placeholder={t('dashboards.searchCustomer')}
                    value={search}
                    onChange={(e) => {
                      setSearch(e.currentTarget.value);
                      u.set({ page: null });
                    }}
                    w={220}
                  />
                ) : null}
                <ExportXlsx
                  name={exportName}
                  rows={rows}
                  columns={columns}
                  fetchAll={
                    level === 'customer'
                      ? () => fetchAllPages<AnyRow>(path, { ...query, page: undefined, limit: undefined })
                      : undefined
                  }
                />
              </>
            }
          >
            <DataTable
              rows={rows}
              columns={columns}
              rowKey={keyOf}
              onRowClick={canDrill ? drill : undefined}
              testId={`drill-table-${level}`}
              totals={level !== 'customer' ? totalsOf(rows, columns, i18n.language) : undefined}
            />
            {level === 'customer' && q.data.meta ? (
              <Group justify="space-between" mt="xs">
                <Text size="xs" c="dimmed">
                  {t('dashboards.customersCount', {
                    count: q.data.meta.total_data,
                    n: count(q.data.meta.total_data, i18n.language),
                  })}
                </Text>
                <Pager
                  page={page}
                  totalPage={q.data.meta.total_page}
                  onChange={(p) => u.set({ page: String(p) })}
                />
              </Group>
            ) : null}
          </Section>
        </>
      ) : null}
      <RollupsRebuild />
    </Stack>
  );
}
