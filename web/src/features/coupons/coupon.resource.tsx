// Coupons: rewards a store buys with points (photo, point cost, stock, validity, optionally limited
// to customer types and branches). Deleting a coupon with redemptions deactivates it instead.
import { type Coupon, couponContract } from '@lbo/contract/coupons';
import { couponDeleteAction } from '@lbo/contract/coupons.actions';
import { IconTrash } from '@tabler/icons-react';
import type { ActionDescription } from '../../components/action/action-types';
import { PeriodStatusBadge, periodStatusText } from '../../components/resource/period-status';
import { defineResource } from '../../components/resource/types';
import { branchSource, customerTypeSource } from '../common-sources';

const deleteAction: ActionDescription = {
  contract: couponDeleteAction,
  icon: IconTrash,
  color: 'red',
  texts: {
    done: (t, { result, target }) =>
      (result as { deactivated?: boolean } | undefined)?.deactivated
        ? t('resources.coupon.actions.delete.deactivated', { name: target.title })
        : t('resources.coupon.actions.delete.done', { name: target.title }),
  },
};

export const resource = defineResource({
  contract: couponContract,
  title: (r) => r.name,
  columns: [
    { key: 'photo', kind: 'image', width: 72, noExport: true },
    { key: 'name', sortKey: 'name', width: 220 },
    { key: 'points_required', sortKey: 'points_required', kind: 'number', align: 'right' },
    { key: 'stock', sortKey: 'stock', kind: 'number', align: 'right' },
    { key: 'start_date', sortKey: 'start_date', kind: 'date', noWrap: true, visibleFrom: 'md' },
    { key: 'end_date', sortKey: 'end_date', kind: 'date', noWrap: true },
    { key: 'redeemed_count', kind: 'number', align: 'right', visibleFrom: 'md' },
    {
      key: 'active',
      width: 110,
      render: (r) => <PeriodStatusBadge row={r} />,
      exportValue: (r) => periodStatusText(r),
    },
  ],
  filters: [
    { kind: 'boolean', key: 'active', labels: 'active' },
    { kind: 'boolean', key: 'in_stock', labels: 'yesno' },
  ],
  actions: [deleteAction],
  invalidates: ['coupon_redeem', 'coupon_redeemed'],
  detail: {
    fields: [
      { key: 'photo', kind: 'image' },
      { key: 'name' },
      { key: 'points_required', kind: 'number' },
      { key: 'stock', kind: 'number' },
      { key: 'start_date', kind: 'date' },
      { key: 'end_date', kind: 'date' },
      { key: 'active', render: (r) => <PeriodStatusBadge row={r} /> },
      { key: 'redeemed_count', kind: 'number' },
      { key: 'customer_type_ids', kind: 'ids', source: customerTypeSource },
      { key: 'branch_ids', kind: 'ids', source: branchSource },
      { key: 'description', span: 2 },
      { key: 'created_at', kind: 'datetime' },
      { key: 'updated_at', kind: 'datetime' },
    ],
  },
  form: {
    fields: [
      { name: 'name', widget: { kind: 'text' }, span: 2 },
      { name: 'points_required', widget: { kind: 'number' } },
      { name: 'stock', widget: { kind: 'number' } },
      { name: 'start_date', widget: { kind: 'date', typed: true } },
      { name: 'end_date', widget: { kind: 'date', typed: true } },
      { name: 'customer_type_ids', widget: { kind: 'multiselect', source: customerTypeSource } },
      { name: 'branch_ids', widget: { kind: 'multiselect', source: branchSource } },
      { name: 'description', widget: { kind: 'textarea' }, span: 2 },
      { name: 'photo', widget: { kind: 'image', uploadPath: '/coupon/photo' }, span: 2 },
      { name: 'active', widget: { kind: 'switch' } },
    ],
    defaults: { active: true, description: '', customer_type_ids: [], branch_ids: [] },
    fromRecord: (r: Coupon) => ({
      name: r.name,
      points_required: r.points_required,
      stock: r.stock,
      start_date: r.start_date,
      end_date: r.end_date,
      customer_type_ids: r.customer_type_ids,
      branch_ids: r.branch_ids,
      description: r.description,
      photo: r.photo,
      active: r.active,
    }),
    toBody: (v) => ({ ...v, photo: v.photo ?? '' }),
  },
});
