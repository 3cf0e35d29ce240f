// Coupon redemptions (the redemption report): filters by dates, region group, region, branch, coupon
// and status; redeem on a store's behalf (the form); move along the lifecycle; revert (confirm, then the
// store's balance after the points came back is shown).
import {
  COUPON_STATUSES,
  type CouponRedeem,
  couponRedeemContract,
  REVERTIBLE_STATUSES,
} from '@lbo/contract/coupons';
import { COUPON_RELATED, couponRevertAction, couponStatusAction } from '@lbo/contract/coupons.actions';
import { Badge } from '@mantine/core';
import { IconArrowBackUp, IconPackage, IconTruckDelivery } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ActionDescription } from '../../components/action/action-types';
import { StoreBalance } from '../../components/balance/store-balance';
import { formatNumber } from '../../components/resource/format';
import { defineResource } from '../../components/resource/types';
import { i18n } from '../../i18n';
import { branchSource, customerLookupSource, regionGroupSource, regionSource } from '../common-sources';
import { activeCouponSource, couponSource } from './coupon-sources';

const STATUS_COLOR: Record<string, string> = {
  redeemed: 'blue',
  processed: 'yellow',
  delivered: 'green',
  reverted: 'gray',
};
const statusLabel = (v: string, t: TFunction) => t(`coupons.status.${v}`, { defaultValue: v });

const revert: ActionDescription = {
  contract: couponRevertAction,
  icon: IconArrowBackUp,
  color: 'red',
  available: (r) => REVERTIBLE_STATUSES.includes(r.coupon_status as never),
  request: (target) => ({ params: { id: target.ids[0] }, body: {} }),
  texts: {
    done: (t, { result, target }) =>
      t('resources.coupon_redeem.actions.revert.done', {
        name: target.title,
        balance: formatNumber(
          (result as { point_balance?: number } | undefined)?.point_balance,
          i18n.language,
        ),
      }),
  },
};

const move = (to: 'processed' | 'delivered', icon: ActionDescription['icon']): ActionDescription => ({
  contract: couponStatusAction,
  key: to,
  icon,
  available: (r) =>
    to === 'processed'
      ? r.coupon_status === 'redeemed'
      : ['redeemed', 'processed'].includes(String(r.coupon_status)),
  request: (target) => ({ params: { id: target.ids[0] }, body: { coupon_status: to } }),
});

export const resource = defineResource({
  contract: couponRedeemContract,
  title: (r) => `${r.coupon_name} · ${r.customer_name}`,
  columns: [
    { key: 'redeemed_at', sortKey: 'redeemed_at', kind: 'datetime', noWrap: true },
    { key: 'coupon_name', sortKey: 'coupon_name', width: 180 },
    { key: 'customer_code', noWrap: true, visibleFrom: 'xl' },
    { key: 'customer_name', sortKey: 'customer_name', width: 200 },
    { key: 'branch_name', visibleFrom: 'xl' },
    { key: 'region_name', exportOnly: true },
    { key: 'region_group_name', exportOnly: true },
    { key: 'points', sortKey: 'points', kind: 'number', align: 'right' },
    {
      key: 'coupon_status',
      sortKey: 'coupon_status',
      render: (r, t) => (
        <Badge color={STATUS_COLOR[r.coupon_status]} variant="light">
          {statusLabel(r.coupon_status, t)}
        </Badge>
      ),
      exportValue: (r, t) => statusLabel(r.coupon_status, t),
    },
  ],
  filters: [
    { kind: 'dateRange', key: 'redeemed', from: 'start_date', to: 'end_date' },
    { kind: 'enum', key: 'coupon_status', options: COUPON_STATUSES, optionLabel: statusLabel },
    { kind: 'select', key: 'coupon_id', source: couponSource },
    { kind: 'select', key: 'region_group_id', source: regionGroupSource, more: true },
    { kind: 'select', key: 'region_id', source: regionSource, more: true },
    { kind: 'select', key: 'branch_id', source: branchSource, more: true },
  ],
  actions: [move('processed', IconPackage), move('delivered', IconTruckDelivery), revert],
  canEdit: () => false,
  canDelete: () => false,
  invalidates: COUPON_RELATED,
  detail: {
    fields: [
      { key: 'coupon_name' },
      {
        key: 'coupon_status',
        render: (r, t) => statusLabel(String(r.coupon_status), t),
      },
      { key: 'customer_code' },
      { key: 'customer_name' },
      { key: 'branch_name' },
      { key: 'region_name' },
      { key: 'points', kind: 'number' },
      { key: 'redeemed_at', kind: 'datetime' },
      { key: 'delivered_at', kind: 'datetime' },
      { key: 'reverted_at', kind: 'datetime' },
      { key: 'reverted_by_name' },
      { key: 'revert_reason' },
      { key: 'note', span: 2 },
    ],
    extra: ({ record }: { record: CouponRedeem }) => <StoreBalance customerId={record.customer_id} />,
  },
  form: {
    fields: [
      { name: 'coupon_id', widget: { kind: 'select', source: activeCouponSource }, span: 2 },
      { name: 'customer_id', widget: { kind: 'select', source: customerLookupSource }, span: 2 },
      { name: 'note', widget: { kind: 'textarea' }, span: 2 },
    ],
    defaults: { note: '' },
  },
});
