// Maximum points per customer: a cap on the points a store earns from invoices per calendar month,
// for a period; it overrides the store's standing monthly maximum. A store's periods may not overlap.
import { type PointMaxCustomer, pointMaxCustomerContract } from '@lbo/contract/points';
import { defineResource } from '../../components/resource/types';
import { branchSource, customerLookupSource } from '../common-sources';
import { customerColumns, customerLabel, periodColumns } from './point-shared';

export const resource = defineResource({
  contract: pointMaxCustomerContract,
  name: 'point_max_customer',
  title: (r) => customerLabel(r),
  columns: [
    ...customerColumns<PointMaxCustomer>({ sortable: true, link: true }),
    { key: 'branch_name', visibleFrom: 'md' },
    { key: 'max_point', kind: 'number', align: 'right', sortKey: 'max_point' },
    ...periodColumns<PointMaxCustomer>(),
    { key: 'customer_monthly_max_point', kind: 'number', align: 'right', visibleFrom: 'lg' },
    { key: 'note', visibleFrom: 'xl' },
    { key: 'active', kind: 'active', width: 110 },
  ],
  filters: [
    { kind: 'boolean', key: 'show_all', labels: 'yesno' },
    { kind: 'select', key: 'branch_id', source: branchSource },
    { kind: 'boolean', key: 'active', labels: 'active' },
  ],
  detail: {
    fields: [
      { key: 'customer_code' },
      { key: 'customer_name' },
      { key: 'branch_name' },
      { key: 'max_point', kind: 'number' },
      { key: 'start_date', kind: 'date' },
      { key: 'end_date', kind: 'date' },
      { key: 'active', kind: 'active' },
      { key: 'customer_monthly_max_point', kind: 'number' },
      { key: 'note', span: 2 },
      { key: 'created_at', kind: 'datetime' },
      { key: 'updated_at', kind: 'datetime' },
    ],
  },
  form: {
    fields: [
      {
        name: 'customer_id',
        widget: {
          kind: 'select',
          source: customerLookupSource,
          currentLabel: (v) => v.customer_label as string | undefined,
        },
        span: 2,
      },
      { name: 'max_point', widget: { kind: 'number' } },
      { name: 'active', widget: { kind: 'switch' } },
      { name: 'start_date', widget: { kind: 'date', typed: true } },
      { name: 'end_date', widget: { kind: 'date', typed: true } },
      { name: 'note', widget: { kind: 'textarea' }, span: 2 },
    ],
    defaults: { active: true, note: '' },
    fromRecord: (r) => ({
      customer_id: r.customer_id,
      customer_label: customerLabel(r),
      max_point: r.max_point,
      active: r.active,
      start_date: r.start_date,
      end_date: r.end_date,
      note: r.note,
    }),
  },
});
