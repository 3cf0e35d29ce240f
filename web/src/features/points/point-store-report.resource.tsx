// Report: store points (GET /point/report/store), each store's points in a date range by kind
// (earned, promo, injected, redeemed, deducted, corrected) and its current balance; XLSX export.
import { type StorePointsRow, storePointsContract } from '@lbo/contract/points';
import { defineResource } from '../../components/resource/types';
import { branchSource, regionGroupSource, regionSource } from '../common-sources';
import { customerColumns, customerLabel, PointsValue } from './point-shared';

type Key =
  | 'master_points'
  | 'promo_points'
  | 'injected_points'
  | 'redeemed_points'
  | 'deducted_points'
  | 'correction_points'
  | 'net_points';
const pts = (key: Key, sortKey?: string, visibleFrom?: 'md' | 'lg' | 'xl') => ({
  key,
  sortKey,
  visibleFrom,
  render: (r: StorePointsRow) => <PointsValue value={r[key]} />,
  exportValue: (r: StorePointsRow) => r[key],
  noWrap: true,
  align: 'right' as const,
});

export const resource = defineResource({
  contract: storePointsContract,
  name: 'point_store_report',
  title: customerLabel,
  columns: [
    ...customerColumns<StorePointsRow>({ sortable: true, link: true }),
    { key: 'branch_name', visibleFrom: 'md' },
    { key: 'region_name', visibleFrom: 'xl' },
    { key: 'region_group_name', visibleFrom: 'xl' },
    { key: 'invoices', kind: 'number', align: 'right', visibleFrom: 'xl' },
    pts('master_points', 'master_points', 'md'),
    pts('promo_points', undefined, 'lg'),
    pts('injected_points', undefined, 'lg'),
    pts('redeemed_points', undefined, 'lg'),
    pts('deducted_points', undefined, 'lg'),
    pts('correction_points', undefined, 'xl'),
    pts('net_points', 'net_points'),
    {
      key: 'point_balance',
      sortKey: 'point_balance',
      render: (r) => <PointsValue value={r.point_balance} signed={false} plain />,
      exportValue: (r) => r.point_balance,
      noWrap: true,
      align: 'right' as const,
    },
  ],
  filters: [
    { kind: 'dateRange', key: 'entry_date', from: 'start_date', to: 'end_date' },
    { kind: 'select', key: 'region_group_id', source: regionGroupSource },
    { kind: 'select', key: 'region_id', source: regionSource },
    { kind: 'select', key: 'branch_id', source: branchSource },
  ],
});
