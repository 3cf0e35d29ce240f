// Promo points: bonus periods (a multiplier and/or bonus points per invoice, for every item or one
// item category) with a photo for the app. Active periods covering the same items may not overlap.
import { type PointPromo, pointPromoContract } from '@lbo/contract/points';
import { defineResource } from '../../components/resource/types';
import { itemCategorySource } from '../common-sources';
import { periodColumns } from './point-shared';

export const resource = defineResource({
  contract: pointPromoContract,
  name: 'point_promo',
  title: (r) => r.name,
  columns: [
    { key: 'photo', kind: 'image', width: 72, noExport: true },
    { key: 'name', sortKey: 'name', width: 220 },
    ...periodColumns<PointPromo>(),
    {
      key: 'multiplier',
      render: (r) => (r.multiplier > 1 ? `× ${r.multiplier}` : '—'),
      exportValue: (r) => r.multiplier,
      noWrap: true,
    },
    { key: 'bonus_points', kind: 'number', align: 'right', visibleFrom: 'md' },
    {
      key: 'item_category_name',
      render: (r, t) => r.item_category_name ?? t('resources.point_promo.allItems'),
      exportValue: (r, t) => r.item_category_name ?? t('resources.point_promo.allItems'),
      visibleFrom: 'md',
    },
    { key: 'active', kind: 'active', width: 110 },
  ],
  filters: [
    { kind: 'dateRange', key: 'period', from: 'start_date', to: 'end_date' },
    { kind: 'boolean', key: 'active', labels: 'active' },
    { kind: 'select', key: 'item_category_id', source: itemCategorySource },
  ],
  detail: {
    fields: [
      { key: 'photo', kind: 'image' },
      { key: 'name' },
      { key: 'active', kind: 'active' },
      { key: 'start_date', kind: 'date' },
      { key: 'end_date', kind: 'date' },
      {
        key: 'item_category_name',
        render: (r, t) => (r.item_category_name as string) ?? t('resources.point_promo.allItems'),
      },
      { key: 'multiplier', kind: 'number' },
      { key: 'bonus_points', kind: 'number' },
      { key: 'description', span: 2 },
      { key: 'note', span: 2 },
      { key: 'created_at', kind: 'datetime' },
      { key: 'updated_at', kind: 'datetime' },
    ],
  },
  form: {
    fields: [
      { name: 'name', widget: { kind: 'text' } },
      { name: 'item_category_id', widget: { kind: 'select', source: itemCategorySource }, emptyAs: 'null' },
      { name: 'start_date', widget: { kind: 'date', typed: true } },
      { name: 'end_date', widget: { kind: 'date', typed: true } },
      { name: 'multiplier', widget: { kind: 'number', decimals: 2 } },
      { name: 'bonus_points', widget: { kind: 'number' } },
      { name: 'description', widget: { kind: 'textarea' }, span: 2 },
      { name: 'photo', widget: { kind: 'image', uploadPath: '/point_promo/photo' }, span: 2 },
      { name: 'active', widget: { kind: 'switch' } },
      { name: 'note', widget: { kind: 'textarea' } },
    ],
    defaults: { active: true, multiplier: 1, bonus_points: 0, description: '', note: '' },
    // No photo is an empty string in the contract.
    toBody: (v) => ({ ...v, photo: v.photo ?? '' }),
  },
});
