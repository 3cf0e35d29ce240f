// Virtual-account payments received from the bank, with the invoice each was matched to; unmatched
// payments (unknown or cancelled invoice number) are shown and flagged, never dropped.
import { DASHBOARD_PATHS, type VaReportRow } from '@lbo/contract/dashboards';
import { Badge, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../components/form/search-select';
import { PageHeader } from '../../components/layout/page-header';
import { usePageScope } from '../../components/page/page-scope';
import { branchSource, regionGroupSource, regionSource } from '../common-sources';
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

export function VirtualAccountPage() {
  const { t, i18n } = useTranslation();
  const { title, crumbs } = usePageScope();
  const u = useUrlState();
  const [range, setRange] = useRange();
  const [search, setSearch] = useState(u.get('search'));
  const [debounced] = useDebouncedValue(search, 300);
  const page = Number(u.get('page') || 1);
  const query = {
    ...range,
    region_group_id: u.get('region_group_id'),
    region_id: u.get('region_id'),
    branch_id: u.get('branch_id'),
    matched: u.get('matched'),
    search: debounced,
  };
  const q = useDashboard<VaReportRow[]>(DASHBOARD_PATHS.virtualAccount, { ...query, page, limit: 20 });
  const rows = q.data?.data ?? [];
  const columns: Column<VaReportRow>[] = [
    { key: 'paid_at', label: t('dashboards.va.paidAt'), kind: 'datetime' },
    { key: 'invoice_number', label: t('dashboards.va.invoiceNumber') },
    { key: 'virtual_account_no', label: t('dashboards.va.vaNo') },
    { key: 'payment_id', label: t('dashboards.va.paymentId') },
    { key: 'amount', label: t('dashboards.va.amount'), kind: 'money' },
    {
      key: 'matched',
      label: t('dashboards.va.matched'),
      render: (r) => (
        <Badge color={r.matched ? 'teal' : 'red'} variant="light">
          {r.matched ? t('dashboards.va.yes') : t('dashboards.va.unmatched')}
        </Badge>
      ),
      exportValue: (r) => (r.matched ? t('dashboards.va.yes') : t('dashboards.va.unmatched')),
    },
    { key: 'customer_name', label: t('dashboards.levels.customer') },
    { key: 'branch_name', label: t('dashboards.levels.branch') },
    { key: 'invoice_net_amount', label: t('dashboards.va.invoiceAmount'), kind: 'money' },
    { key: 'invoice_paid_amount', label: t('dashboards.tracking.paidAmount'), kind: 'money' },
    {
      key: 'invoice_status',
      label: t('dashboards.cols.status'),
      render: (r) => (r.invoice_status ? t(`dashboards.invoiceStatus.${r.invoice_status}`) : '—'),
      exportValue: (r) => (r.invoice_status ? t(`dashboards.invoiceStatus.${r.invoice_status}`) : null),
    },
    { key: 'note', label: t('dashboards.va.note') },
  ];
  return (
    <Stack gap="md">
      <PageHeader crumbs={crumbs} title={title} />
      <RangeBar range={range} onChange={setRange} />
      <Group gap="sm" wrap="wrap">
        <SearchSelect
          source={regionGroupSource}
          value={u.get('region_group_id') || null}
          onChange={(v) => u.set({ region_group_id: v, page: null })}
          placeholder={t('dashboards.levels.group')}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
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
        <Select
          value={u.get('matched') || null}
          onChange={(v) => u.set({ matched: v, page: null })}
          data={[
            { value: 'true', label: t('dashboards.va.onlyMatched') },
            { value: 'false', label: t('dashboards.va.onlyUnmatched') },
          ]}
          placeholder={t('dashboards.va.allPayments')}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
        <TextInput
          placeholder={t('dashboards.va.search')}
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
          title={t('dashboards.va.payments')}
          actions={
            <ExportXlsx
              name="virtual-account"
              rows={rows}
              columns={columns}
              fetchAll={() => fetchAllPages<VaReportRow>(DASHBOARD_PATHS.virtualAccount, query)}
            />
          }
        >
          <DataTable rows={rows} columns={columns} rowKey={(r) => r.id} testId="va-table" />
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
