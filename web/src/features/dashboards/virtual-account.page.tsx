// Virtual-account payments received from the bank, with the invoice each was matched to; unmatched
// payments (unknown or cancelled invoice number) are shown and flagged, never dropped.
import { DASHBOARD_PATHS, type VaReportRow } from '@lbo/contract/dashboards';
import { Badge, Group, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { usePageScope } from '../../components/page/page-scope';
import { type Column, RangeBar, useRange, useUrlState } from './dashboard-shared';
import { PagedReport, PlaceFilters, ReportSearch, useReportSearch } from './paged-report';

export function VirtualAccountPage() {
  const { t } = useTranslation();
  const { title, crumbs } = usePageScope();
  const u = useUrlState();
  const [range, setRange] = useRange();
  const { debounced, box } = useReportSearch();
  const query = {
    ...range,
    region_group_id: u.get('region_group_id'),
    region_id: u.get('region_id'),
    branch_id: u.get('branch_id'),
    matched: u.get('matched'),
    search: debounced,
  };
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
        <PlaceFilters
          places={[
            ['region_group_id', 200],
            ['region_id', 200],
            ['branch_id', 220],
          ]}
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
        <ReportSearch placeholder={t('dashboards.va.search')} {...box} />
      </Group>
      <PagedReport
        title={t('dashboards.va.payments')}
        path={DASHBOARD_PATHS.virtualAccount}
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        exportName="virtual-account"
        testId="va-table"
      />
    </Stack>
  );
}
