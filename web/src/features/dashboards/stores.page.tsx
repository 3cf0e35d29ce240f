// Registered and activated stores: the stores registered in the app by the end of the range, and the
// activation report (registered within the range), by branch; both paged, searchable, exportable in full.
import { DASHBOARD_PATHS, type RegisteredStoreRow } from '@lbo/contract/dashboards';
import { Badge, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { usePageScope } from '../../components/page/page-scope';
import { type Column, RangeBar, useRange, useUrlState } from './dashboard-shared';
import { PagedReport, PlaceFilters, ReportSearch, useReportSearch } from './paged-report';

export function StoresPage() {
  const { t } = useTranslation();
  const { title, crumbs } = usePageScope();
  const u = useUrlState();
  const [range, setRange] = useRange();
  const mode = u.get('view') === 'registered' ? 'registered' : 'activation';
  const path = mode === 'registered' ? DASHBOARD_PATHS.registeredUser : DASHBOARD_PATHS.activation;
  const { debounced, box } = useReportSearch();
  const query = {
    ...range,
    region_id: u.get('region_id'),
    branch_id: u.get('branch_id'),
    search: debounced,
    ...(mode === 'registered' ? { by: 'def.customer_name' } : {}),
  };
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
        <PlaceFilters
          places={[
            ['region_id', 200],
            ['branch_id', 220],
          ]}
        />
        <ReportSearch placeholder={t('dashboards.searchCustomer')} {...box} />
      </Group>
      <PagedReport
        title={t(mode === 'registered' ? 'dashboards.stores.registered' : 'dashboards.stores.activation')}
        path={path}
        query={query}
        columns={columns}
        rowKey={(r) => r.customer_id_detail}
        exportName={`stores-${mode}`}
        testId="stores-table"
      />
    </Stack>
  );
}
