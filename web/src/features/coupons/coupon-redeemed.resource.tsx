// The redeemed report: per coupon, what was redeemed in the period (by status), the points spent and
// the stores, with the region and branch filters.
import { redeemedReportContract } from '@lbo/contract/coupons';
import { defineResource } from '../../components/resource/types';
import { branchSource, regionGroupSource, regionSource } from '../common-sources';

export const resource = defineResource({
  contract: redeemedReportContract,
  title: (r) => r.coupon_name,
  columns: [
    { key: 'coupon_name', sortKey: 'coupon_name', width: 220 },
    { key: 'points_required', kind: 'number', align: 'right', visibleFrom: 'md' },
    { key: 'redeemed', sortKey: 'redeemed', kind: 'number', align: 'right' },
    { key: 'processed', kind: 'number', align: 'right', visibleFrom: 'lg' },
    { key: 'delivered', kind: 'number', align: 'right', visibleFrom: 'md' },
    { key: 'reverted', kind: 'number', align: 'right', visibleFrom: 'md' },
    { key: 'points', sortKey: 'points', kind: 'number', align: 'right' },
    { key: 'stock', kind: 'number', align: 'right', visibleFrom: 'lg' },
    { key: 'last_redeemed_at', kind: 'datetime', visibleFrom: 'xl' },
  ],
  filters: [
    { kind: 'dateRange', key: 'redeemed', from: 'start_date', to: 'end_date' },
    { kind: 'select', key: 'region_group_id', source: regionGroupSource },
    { kind: 'select', key: 'region_id', source: regionSource },
    { kind: 'select', key: 'branch_id', source: branchSource },
  ],
});
