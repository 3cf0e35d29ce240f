// Vouchers (a nominal in rupiah, a photo, a period and an optional quota of stores). Lists ask with
// show_all=1 as SPEC.md's client does; the filter can narrow to running vouchers.
import { type Voucher, voucherContract } from '@lbo/contract/vouchers';
import { defineResource } from '../../components/resource/types';

export const resource = defineResource({
  contract: voucherContract,
  title: (r) => `${r.code} · ${r.name}`,
  columns: [
    { key: 'photo', kind: 'image', width: 72, noExport: true },
    { key: 'code', sortKey: 'code', noWrap: true },
    { key: 'name', sortKey: 'name', width: 220 },
    { key: 'nominal', sortKey: 'nominal', kind: 'money', align: 'right' },
    { key: 'start_date', sortKey: 'start_date', kind: 'date', noWrap: true, visibleFrom: 'md' },
    { key: 'end_date', sortKey: 'end_date', kind: 'date', noWrap: true },
    { key: 'quota', kind: 'number', align: 'right', visibleFrom: 'lg' },
    { key: 'redeemed_count', kind: 'number', align: 'right', visibleFrom: 'md' },
    { key: 'active', kind: 'active', width: 110 },
  ],
  filters: [
    { kind: 'boolean', key: 'show_all', labels: 'yesno' },
    { kind: 'boolean', key: 'active', labels: 'active' },
  ],
  filterDefaults: { show_all: 'true' },
  invalidates: ['voucher_redeem'],
  detail: {
    fields: [
      { key: 'photo', kind: 'image' },
      { key: 'code' },
      { key: 'name' },
      { key: 'nominal', kind: 'money' },
      { key: 'start_date', kind: 'date' },
      { key: 'end_date', kind: 'date' },
      { key: 'quota', kind: 'number' },
      { key: 'redeemed_count', kind: 'number' },
      { key: 'active', kind: 'active' },
      { key: 'description', span: 2 },
      { key: 'created_at', kind: 'datetime' },
      { key: 'updated_at', kind: 'datetime' },
    ],
  },
  form: {
    fields: [
      { name: 'code', widget: { kind: 'text' } },
      { name: 'name', widget: { kind: 'text' } },
      { name: 'nominal', widget: { kind: 'number', decimals: 2 } },
      { name: 'quota', widget: { kind: 'number' }, emptyAs: 'null' },
      { name: 'start_date', widget: { kind: 'date' } },
      { name: 'end_date', widget: { kind: 'date' } },
      { name: 'description', widget: { kind: 'textarea' }, span: 2 },
      { name: 'photo', widget: { kind: 'image', uploadPath: '/voucher/photo' }, span: 2 },
      { name: 'active', widget: { kind: 'switch' } },
    ],
    defaults: { active: true, description: '' },
    fromRecord: (r: Voucher) => ({
      code: r.code,
      name: r.name,
      nominal: r.nominal,
      quota: r.quota,
      start_date: r.start_date,
      end_date: r.end_date,
      description: r.description,
      photo: r.photo,
      active: r.active,
    }),
    toBody: (v) => ({ ...v, photo: v.photo ?? '' }),
  },
});
