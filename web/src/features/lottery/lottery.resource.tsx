// Coupon lottery: the paginated list (ascending by id, as SPEC.md's client asks), view one, import a
// CSV/XLSX file of coupon numbers, delete every lottery coupon you may see (confirmed by the count).
import { lotteryDeleteAllAction } from '@lbo/contract/coupons.actions';
import { lotteryContract } from '@lbo/contract/lottery';
import { IconTrashX } from '@tabler/icons-react';
import type { ActionDescription } from '../../components/action/action-types';
import { defineResource } from '../../components/resource/types';
import { branchSource, regionSource } from '../common-sources';
import { LotteryImport } from './lottery-import';

const deleteAll: ActionDescription = {
  contract: lotteryDeleteAllAction,
  on: 'all',
  icon: IconTrashX,
  color: 'red',
  invalidates: ['lottery_report'],
};

export const resource = defineResource({
  contract: lotteryContract,
  title: (r) => r.coupon_no,
  columns: [
    { key: 'id', sortKey: 'id', kind: 'number', width: 90 },
    { key: 'coupon_no', sortKey: 'coupon_no', noWrap: true },
    { key: 'customer_code', noWrap: true, visibleFrom: 'md' },
    { key: 'customer_name', width: 200 },
    { key: 'branch_name', visibleFrom: 'md' },
    { key: 'region_name', visibleFrom: 'lg' },
    { key: 'period', sortKey: 'period', noWrap: true },
    { key: 'imported_at', sortKey: 'imported_at', kind: 'datetime', visibleFrom: 'xl' },
  ],
  filters: [
    { kind: 'select', key: 'branch_id', source: branchSource },
    { kind: 'select', key: 'region_id', source: regionSource },
    { kind: 'text', key: 'period' },
  ],
  listExtra: LotteryImport,
  actions: [deleteAll],
  detail: {
    fields: [
      { key: 'coupon_no' },
      { key: 'period' },
      { key: 'customer_code' },
      { key: 'customer_name' },
      { key: 'branch_name' },
      { key: 'region_name' },
      { key: 'batch' },
      { key: 'imported_at', kind: 'datetime' },
    ],
  },
});
