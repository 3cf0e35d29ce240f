// Master stores report: every store with its branch, region, type, salesman, flags, point balance and
// last app activity; filterable, sortable, paged, exportable in full (every page of the current filter).
import { DASHBOARD_PATHS, type MasterStoreRow } from '@lbo/contract/dashboards';
import { Badge, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../components/form/search-select';
import { PageHeader } from '../../components/layout/page-header';
import { usePageScope } from '../../components/page/page-scope';
import { useOptions } from '../../components/resource/select-options';
import { branchSource, customerTypeSource, regionSource } from '../common-sources';
import {
  type Column,
  count,
  DataTable,
  ExportXlsx,
  fetchAllPages,
  Loading,
  Pager,
  Section,
  useDashboard,
  useUrlState,
} from './dashboard-shared';

const SORTS = [
  'customer_name',
  'customer_code',
  'branch_name',
  'point_balance',
  'last_seen_at',
  'registered_at',
] as const;

export function MasterStoresPage() {
  const { t, i18n } = useTranslation();
  const { title, crumbs } = usePageScope();
  const u = useUrlState();
  const types = useOptions(customerTypeSource);
  const [search, setSearch] = useState(u.get('search'));
  const [debounced] = useDebouncedValue(search, 300);
  const page = Number(u.get('page') || 1);
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
  const q = useDashboard<MasterStoreRow[]>(DASHBOARD_PATHS.masterStore, { ...query, page, limit: 20 });
  const rows = q.data?.data ?? [];
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
        <TextInput
          label={t('dashboards.searchCustomer')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            u.set({ page: null });
          }}
          w={{ base: '100%', sm: 240 }}
        />
        <SearchSelect
          source={regionSource}
          value={u.get('region_id') || null}
          onChange={(v) => u.set({ region_id: v, page: null })}
          label={t('dashboards.levels.region')}
          placeholder={t('dashboards.all')}
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        <SearchSelect
          source={branchSource}
          value={u.get('branch_id') || null}
          onChange={(v) => u.set({ branch_id: v, page: null })}
          label={t('dashboards.levels.branch')}
          placeholder={t('dashboards.all')}
          clearable
          w={{ base: '100%', sm: 200 }}
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
      <Loading error={q.error} loading={q.isLoading} />
      {q.data ? (
        <Section
          title={t('dashboards.master.stores')}
          actions={
            <ExportXlsx
              name="master-stores"
              rows={rows}
              columns={columns}
              fetchAll={() => fetchAllPages<MasterStoreRow>(DASHBOARD_PATHS.masterStore, query, 100_000)}
            />
          }
        >
          <DataTable
            rows={rows}
            columns={columns}
            rowKey={(r) => r.customer_id}
            testId="master-stores-table"
          />
          {q.data.meta ? (
            <Group justify="space-between" mt="xs">
              <Text size="xs" c="dimmed">
                {t('dashboards.rowsCount', { n: count(q.data.meta.total_data, i18n.language) })}
              </Text>
              <Pager
                page={page}
                totalPage={q.data.meta.total_page}
                onChange={(p) => u.set({ page: String(p) })}
              />
            </Group>
          ) : null}
        </Section>
      ) : null}
    </Stack>
  );
}
