// Voucher redemptions: list (voucher and branch filters, newest first), bulk add for one voucher from a
// pasted list of store codes or a CSV/XLSX file (the shared import dialog), delete.
import { voucherRedeemContract } from '@lbo/contract/vouchers';
import { defineResource } from '../../components/resource/types';
import { branchSource } from '../common-sources';
import { VoucherBulkAdd } from './voucher-bulk-add';
import { voucherSource } from './voucher-sources';

export const resource = defineResource({
  contract: voucherRedeemContract,
  title: (r) => `${r.voucher_code} · ${r.customer_name}`,
  columns: [
    { key: 'redeemed_at', sortKey: 'redeemed_at', kind: 'datetime', noWrap: true },
    { key: 'voucher_code', noWrap: true, visibleFrom: 'md' },
    { key: 'voucher_name', sortKey: 'voucher_name', width: 200 },
    { key: 'nominal', kind: 'money', align: 'right', visibleFrom: 'lg' },
    { key: 'customer_code', sortKey: 'customer_code', noWrap: true },
    { key: 'customer_name', sortKey: 'customer_name', width: 200 },
    { key: 'branch_name', visibleFrom: 'md' },
    { key: 'note', visibleFrom: 'xl' },
  ],
  filters: [
    { kind: 'select', key: 'voucher_id', source: voucherSource },
    { kind: 'select', key: 'branch_id', source: branchSource },
  ],
  listExtra: VoucherBulkAdd,
  invalidates: ['voucher'],
  detail: {
    fields: [
      { key: 'voucher_code' },
      { key: 'voucher_name' },
      { key: 'nominal', kind: 'money' },
      { key: 'customer_code' },
      { key: 'customer_name' },
      { key: 'branch_name' },
      { key: 'redeemed_at', kind: 'datetime' },
      { key: 'created_by_name' },
      { key: 'note', span: 2 },
    ],
  },
});
