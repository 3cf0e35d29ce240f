// Master stores report: every store with its branch, region, type, salesman, flags, point balance and
// last app activity; filterable, sortable, paged, exportable in full (every page of the current filter).
import { DASHBOARD_PATHS, type MasterStoreRow } from '@lbo/contract/dashboards';
import { Badge, Group, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { usePageScope } from '../../components/page/page-scope';
import { useOptions } from '../../components/resource/select-options';
import { customerTypeSource } from '../common-sources';
import { type Column, useUrlState } from './dashboard-shared';
import { PagedReport, PlaceFilters, ReportSearch, useReportSearch } from './paged-report';

const SORTS = [
  'customer_name',
  'customer_code',
  'branch_name',
  'point_balance',
  'last_seen_at',
  'registered_at',
] as const;

export function MasterStoresPage() {
  const { t } = useTranslation();
  const { title, crumbs } = usePageScope();
  const u = useUrlState();
  const types = useOptions(customerTypeSource);
  const { debounced, box } = useReportSearch();
  const by = u.get('by') || 'customer_name';
  const query = {
    region_id: u.get('region_id'),
    branch_id: u.get('branch_id'),
    customer_type_id: u.get('customer_type_id'),
    active: u.get('active'),
    registered: u.get('registered'),
    search: debounced,
    by,
    sort: u.get('sort') || (by === 'point_balance' || by === 'last_seen_at' ? 'desc' : 'asc'),
  };
  const flag = (on: boolean, label: string) =>
    on ? (
      <Badge size="xs" variant="light" mr={4}>
        {label}
      </Badge>
    ) : null;
  const columns: Column<MasterStoreRow>[] = [
    { key: 'customer_code', label: t('dashboards.cols.customer_code') },
    { key: 'customer_name', label: t('dashboards.cols.customer_name') },
    { key: 'branch_name', label: t('dashboards.levels.branch') },
    { key: 'region_name', label: t('dashboards.levels.region') },
    { key: 'customer_type_name', label: t('dashboards.customerType') },
    { key: 'salesman_name', label: t('dashboards.cols.salesman') },
    {
      key: 'flags',
      computed: true,
      label: t('dashboards.master.flags'),
      render: (r) => (
        <>
          {flag(r.active, t('dashboards.master.active'))}
          {flag(r.show_in_app, t('dashboards.master.show_in_app'))}
          {flag(r.installed, t('dashboards.master.installed'))}
          {flag(r.class_mekar, 'Mekar')}
          {flag(r.exclude_all_point, t('dashboards.master.excluded'))}
        </>
      ),
      exportValue: (r) =>
        [
          r.active && t('dashboards.master.active'),
          r.show_in_app && t('dashboards.master.show_in_app'),
          r.installed && t('dashboards.master.installed'),
          r.is_data_complete && t('dashboards.master.complete'),
          r.admin_validate && t('dashboards.master.validated'),
          r.class_mekar && 'Mekar',
          r.exclude_all_point && t('dashboards.master.excluded'),
        ]
          .filter(Boolean)
          .join(', '),
    },
    { key: 'point_balance', label: t('dashboards.master.balance'), kind: 'count' },
    { key: 'registered_at', label: t('dashboards.cols.registered_at'), kind: 'date' },
    { key: 'last_seen_at', label: t('dashboards.cols.last_seen_at'), kind: 'datetime' },
  ];
  const yesNo = [
    { value: 'true', label: t('common.yes') },
    { value: 'false', label: t('common.no') },
  ];
  return (
    <Stack gap="md">
      <PageHeader crumbs={crumbs} title={title} />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <ReportSearch label={t('dashboards.searchCustomer')} {...box} />
        <PlaceFilters
          labelled
          places={[
            ['region_id', 180],
            ['branch_id', 200],
          ]}
        />
        <Select
          label={t('dashboards.customerType')}
          placeholder={t('dashboards.all')}
          data={types.options}
          value={u.get('customer_type_id') || null}
          onChange={(v) => u.set({ customer_type_id: v, page: null })}
          clearable
          w={{ base: '100%', sm: 160 }}
        />
        <Select
          label={t('dashboards.master.active')}
          placeholder={t('dashboards.all')}
          data={yesNo}
          value={u.get('active') || null}
          onChange={(v) => u.set({ active: v, page: null })}
          clearable
          w={{ base: '48%', sm: 110 }}
        />
        <Select
          label={t('dashboards.master.registered')}
          placeholder={t('dashboards.all')}
          data={yesNo}
          value={u.get('registered') || null}
          onChange={(v) => u.set({ registered: v, page: null })}
          clearable
          w={{ base: '48%', sm: 130 }}
        />
        <Select
          label={t('dashboards.master.sortBy')}
          data={SORTS.map((s) => ({ value: s, label: t(`dashboards.master.sort.${s}`) }))}
          value={by}
          onChange={(v) => u.set({ by: v, sort: null, page: null })}
          w={{ base: '100%', sm: 180 }}
        />
      </Group>
      <PagedReport
        title={t('dashboards.master.stores')}
        path={DASHBOARD_PATHS.masterStore}
        query={query}
        columns={columns}
        rowKey={(r) => r.customer_id}
        exportName="master-stores"
        exportCap={100_000}
        testId="master-stores-table"
      />
    </Stack>
  );
}
