// Sales invoices (from the ERP): list for a date range (the server's default: the current month),
// detail with lines, and the lookup box by document number (`/` sent as `&`, SPEC.md section 5).
import {
  INVOICE_BY_DOCUMENT_PATH,
  INVOICE_STATUSES,
  PAYMENT_METHODS,
  salesInvoiceContract,
} from '@lbo/contract/sales';
import { useTranslation } from 'react-i18next';
import { defineResource } from '../../components/resource/types';
import { branchSource, regionSource } from '../common-sources';
import {
  customerCell,
  DocumentLines,
  DocumentLookup,
  paymentLabel,
  statusBadge,
  statusLabel,
} from './sales-shared';

function InvoiceLookup() {
  const { t } = useTranslation();
  return (
    <DocumentLookup
      path={INVOICE_BY_DOCUMENT_PATH}
      idKey="invoice_id"
      to="invoices"
      label={t('resources.sales_invoice.lookup')}
      placeholder="INV/BDG/2611/0012345"
    />
  );
}

export const resource = defineResource({
  contract: salesInvoiceContract,
  title: (r) => r.document_no,
  columns: [
    { key: 'document_no', sortKey: 'document_no', noWrap: true },
    { key: 'invoice_date', kind: 'date', sortKey: 'invoice_date' },
    {
      key: 'customer_name',
      sortKey: 'customer_name',
      render: customerCell,
      exportValue: (r) => r.customer_name,
    },
    { key: 'branch_name', sortKey: 'branch_name', visibleFrom: 'md' },
    { key: 'net_amount', kind: 'money', sortKey: 'net_amount' },
    { key: 'status', render: statusBadge, exportValue: (r, t) => statusLabel(r.status, t), width: 150 },
    {
      key: 'payment_method',
      render: (r, t) => paymentLabel(r.payment_method, t),
      exportValue: (r, t) => paymentLabel(r.payment_method, t),
      visibleFrom: 'lg',
    },
    { key: 'due_date', kind: 'date', sortKey: 'due_date', visibleFrom: 'xl' },
  ],
  filters: [
    {
      kind: 'dateRange',
      key: 'period',
      from: 'start_date',
      to: 'end_date',
      emptyLabel: (t) => t('resources.sales_invoice.thisMonth'),
    },
    { kind: 'enum', key: 'status', options: INVOICE_STATUSES, optionLabel: statusLabel },
    { kind: 'select', key: 'branch_id', source: branchSource },
    { kind: 'enum', key: 'payment_method', options: PAYMENT_METHODS, optionLabel: paymentLabel, more: true },
    { kind: 'select', key: 'region_id', source: regionSource, more: true },
  ],
  listExtra: InvoiceLookup,
  detail: {
    fields: [
      { key: 'document_no' },
      { key: 'invoice_date', kind: 'date' },
      { key: 'status', render: statusBadge },
      { key: 'customer_name', render: customerCell },
      { key: 'branch_name' },
      { key: 'salesman_name' },
      { key: 'gross_amount', kind: 'money' },
      { key: 'discount_amount', kind: 'money' },
      { key: 'net_amount', kind: 'money' },
      { key: 'payment_method', render: (r, t) => paymentLabel(String(r.payment_method), t) },
      { key: 'due_date', kind: 'date' },
      { key: 'paid_at', kind: 'datetime' },
      { key: 'virtual_account_no' },
      { key: 'note', span: 2 },
    ],
    extra: DocumentLines,
  },
});
