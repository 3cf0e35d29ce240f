// Registered and activated stores: the stores registered in the app by the end of the range, and the
// activation report (registered within the range), by branch; both paged, searchable, exportable in full.
import { DASHBOARD_PATHS, type RegisteredStoreRow } from '@lbo/contract/dashboards';
import { Badge, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../components/form/search-select';
import { PageHeader } from '../../components/layout/page-header';
import { usePageScope } from '../../components/page/page-scope';
import { branchSource, regionSource } from '../common-sources';
import {
  type Column,
  count,
  DataTable,
  ExportXlsx,
  fetchAllPages,
  Loading,
  Pager,
  RangeBar,
  Section,
  useDashboard,
  useRange,
  useUrlState,
} from './dashboard-shared';

export function StoresPage() {
  const { t, i18n } = useTranslation();
  const { title, crumbs } = usePageScope();
  const u = useUrlState();
  const [range, setRange] = useRange();
  const mode = u.get('view') === 'registered' ? 'registered' : 'activation';
  const path = mode === 'registered' ? DASHBOARD_PATHS.registeredUser : DASHBOARD_PATHS.activation;
  const [search, setSearch] = useState(u.get('search'));
  const [debounced] = useDebouncedValue(search, 300);
  const page = Number(u.get('page') || 1);
  const query = {
    ...range,
    region_id: u.get('region_id'),
    branch_id: u.get('branch_id'),
    search: debounced,
    ...(mode === 'registered' ? { by: 'def.customer_name' } : {}),
  };
  const q = useDashboard<RegisteredStoreRow[]>(path, { ...query, page, limit: 20 });
  const rows = q.data?.data ?? [];
  const columns: Column<RegisteredStoreRow>[] = [
    { key: 'customer_code', label: t('dashboards.cols.customer_code') },
    { key: 'customer_name', label: t('dashboards.cols.customer_name') },
    { key: 'branch_name', label: t('dashboards.levels.branch') },
    { key: 'region_name', label: t('dashboards.levels.region') },
    { key: 'salesman_name', label: t('dashboards.cols.salesman') },
    { key: 'phone_number', label: t('dashboards.cols.phone') },
    { key: 'registered_at', label: t('dashboards.cols.registered_at'), kind: 'datetime' },
    { key: 'last_seen_at', label: t('dashboards.cols.last_seen_at'), kind: 'datetime' },
    {
      key: 'activated',
      label: t('dashboards.cols.activated'),
      render: (r) =>
        r.activated ? (
          <Badge variant="light" color="teal">
            {t('dashboards.status.activated')}
          </Badge>
        ) : (
          '—'
        ),
      exportValue: (r) => (r.activated ? t('common.yes') : t('common.no')),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader crumbs={crumbs} title={title} />
      <SegmentedControl
        w="fit-content"
        value={mode}
        onChange={(v) => u.set({ view: v, page: null })}
        data={[
          { value: 'activation', label: t('dashboards.stores.activation') },
          { value: 'registered', label: t('dashboards.stores.registered') },
        ]}
      />
      <Text size="sm" c="dimmed">
        {t(mode === 'registered' ? 'dashboards.stores.registeredHint' : 'dashboards.stores.activationHint')}
      </Text>
      <RangeBar range={range} onChange={setRange} />
      <Group gap="sm" wrap="wrap">
        <SearchSelect
          source={regionSource}
          value={u.get('region_id') || null}
          onChange={(v) => u.set({ region_id: v, page: null })}
          placeholder={t('dashboards.levels.region')}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
        <SearchSelect
          source={branchSource}
          value={u.get('branch_id') || null}
          onChange={(v) => u.set({ branch_id: v, page: null })}
          placeholder={t('dashboards.levels.branch')}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
        <TextInput
          placeholder={t('dashboards.searchCustomer')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            u.set({ page: null });
          }}
          w={{ base: '100%', sm: 240 }}
        />
      </Group>
      <Loading error={q.error} loading={q.isLoading} />
      {q.data ? (
        <Section
          title={t(mode === 'registered' ? 'dashboards.stores.registered' : 'dashboards.stores.activation')}
          actions={
            <ExportXlsx
              name={`stores-${mode}`}
              rows={rows}
              columns={columns}
              fetchAll={() => fetchAllPages<RegisteredStoreRow>(path, query)}
            />
          }
        >
          <DataTable
            rows={rows}
            columns={columns}
            rowKey={(r) => r.customer_id_detail}
            testId="stores-table"
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
