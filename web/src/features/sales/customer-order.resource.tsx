// Customer orders (placed in the mobile app): list with search, date range, status and the sort
// fields of SPEC.md section 9; detail with lines; lookup by document number.
import { customerOrderContract, ORDER_BY_DOCUMENT_PATH, ORDER_STATUSES } from '@lbo/contract/sales';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../components/resource/format';
import { defineResource, type Row } from '../../components/resource/types';
import { branchSource } from '../common-sources';
import { customerCell, DocumentLines, DocumentLookup, statusBadge, statusLabel } from './sales-shared';

const when = (r: Row) => (
  <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
    {formatDate(r.transaction_date)}{' '}
    <Text span size="xs" c="dimmed">
      {String(r.transaction_time ?? '').slice(0, 5)}
    </Text>
  </Text>
);

function OrderLookup() {
  const { t } = useTranslation();
  return (
    <DocumentLookup
      path={ORDER_BY_DOCUMENT_PATH}
      idKey="id_customer_order_header"
      to="orders"
      label={t('resources.customer_order.lookup')}
      placeholder="SO/BDG/2611/0001234"
    />
  );
}

export const resource = defineResource({
  contract: customerOrderContract,
  title: (r) => r.document_no,
  listParams: (s) => ({ admin_user_id: s.user_id }),
  columns: [
    { key: 'document_no', sortKey: 'document_no', noWrap: true },
    {
      key: 'transaction_date',
      sortKey: 'transaction_date',
      render: when,
      exportValue: (r) => `${r.transaction_date} ${r.transaction_time}`,
    },
    {
      key: 'customer_name',
      sortKey: 'customer_name',
      render: customerCell,
      exportValue: (r) => r.customer_name,
    },
    { key: 'customer_code', sortKey: 'customer_code', noWrap: true, visibleFrom: 'xl' },
    { key: 'branch_name', sortKey: 'branch_name', visibleFrom: 'md' },
    { key: 'net_amount', kind: 'money', sortKey: 'net_amount' },
    {
      key: 'status',
      render: statusBadge,
      exportValue: (r, t) => statusLabel(r.status, t),
      sortKey: 'status',
      width: 130,
    },
    { key: 'created_date', kind: 'datetime', sortKey: 'created_date', visibleFrom: 'xl' },
  ],
  filters: [
    { kind: 'dateRange', key: 'period', from: 'start_date', to: 'end_date' },
    { kind: 'enum', key: 'status', options: ORDER_STATUSES, optionLabel: statusLabel },
    { kind: 'select', key: 'branch_id', source: branchSource },
  ],
  listExtra: OrderLookup,
  detail: {
    fields: [
      { key: 'document_no' },
      { key: 'transaction_date', render: when },
      { key: 'status', render: statusBadge },
      { key: 'customer_name', render: customerCell },
      { key: 'branch_name' },
      { key: 'salesman_name' },
      { key: 'gross_amount', kind: 'money' },
      { key: 'discount_amount', kind: 'money' },
      { key: 'net_amount', kind: 'money' },
      { key: 'note', span: 2 },
      { key: 'created_date', kind: 'datetime' },
    ],
    extra: DocumentLines,
  },
});
