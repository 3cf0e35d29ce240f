// Customers (stores): the list with every SPEC.md filter and the five bulk edits, the detail with
// targets, achievements, salesman visits and app activity, and the edit form (multipart with a photo).
import { customerContract } from '@lbo/contract/customers';
import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { z } from 'zod';
import type { ColumnDef, DetailField, FilterDef, FormFieldOf, Row } from '../../components/resource/types';
import { defineResource } from '../../components/resource/types';
import {
  branchSource,
  customerTypeSource,
  regionAreaSource,
  salesmanSource,
  salesmanTypeSource,
  tierSource,
} from '../common-sources';
import { customerActions } from './customer-bulk';
import { customerFlags, customerFlagsText } from './customer-flags';
import { CustomerProfileChange } from './customer-profile-change';
import { CustomerRelated } from './customer-related';

/** Name with the owner under it: one column instead of two on a laptop. */
type CustomerRecord = z.infer<typeof customerContract.record>;

export const nameColumn: ColumnDef<CustomerRecord> = {
  key: 'customer_name',
  sortKey: 'customer_name',
  render: (r) => (
    <span className="lbo-cell-stack">
      <span>{String(r.customer_name)}</span>
      {r.owner_name ? <span className="lbo-cell-sub">{String(r.owner_name)}</span> : null}
    </span>
  ),
  exportValue: (r) => String(r.customer_name),
};

// The chart library is only loaded with a customer's detail, not with the list.
const LazyDetailExtra = lazy(() =>
  import('./customer-detail.extra').then((m) => ({ default: m.CustomerDetailExtra })),
);
export function CustomerDetailSection(props: { record: Row; data: Row }) {
  return (
    <>
      <CustomerProfileChange record={props.record} />
      <CustomerRelated record={props.record} />
      <Suspense fallback={<Loader size="sm" />}>
        <LazyDetailExtra {...props} />
      </Suspense>
    </>
  );
}

export const customerColumns: ColumnDef<CustomerRecord>[] = [
  nameColumn,
  { key: 'customer_code', sortKey: 'customer_code', noWrap: true },
  { key: 'branch_name', sortKey: 'branch_name' },
  { key: 'customer_type_name', visibleFrom: 'md' },
  { key: 'phone_number', noWrap: true, visibleFrom: 'xl' },
  { key: 'flags', computed: true, render: customerFlags, exportValue: customerFlagsText },
  { key: 'point_balance', kind: 'number', sortKey: 'point_balance', visibleFrom: 'md' },
];

export const customerFilters: FilterDef[] = [
  { kind: 'select', key: 'branch_id', source: branchSource },
  { kind: 'select', key: 'customer_type_id', source: customerTypeSource },
  { kind: 'boolean', key: 'active', labels: 'active' },
  { kind: 'text', key: 'phone_number', inputMode: 'tel', more: true },
  { kind: 'boolean', key: 'show_in_app', more: true },
  { kind: 'select', key: 'salesman_type_id', source: salesmanTypeSource, more: true },
  { kind: 'boolean', key: 'is_data_complete', more: true },
  { kind: 'boolean', key: 'admin_validate', more: true },
  { kind: 'boolean', key: 'class_mekar', more: true },
  { kind: 'boolean', key: 'exclude_all_point', more: true },
  { kind: 'select', key: 'tier_id', source: tierSource, more: true },
];

export const customerDetailFields: DetailField<CustomerRecord>[] = [
  { key: 'customer_code' },
  { key: 'owner_name' },
  { key: 'flags', computed: true, render: customerFlags },
  { key: 'branch_name' },
  { key: 'region_name' },
  { key: 'region_group_name' },
  { key: 'customer_type_name' },
  { key: 'customer_level_name' },
  { key: 'salesman_name' },
  { key: 'salesman_type_name' },
  { key: 'phone_number' },
  { key: 'email' },
  { key: 'city' },
  { key: 'point_balance', kind: 'number' },
  { key: 'monthly_max_point', kind: 'number' },
  { key: 'tier_name' },
  { key: 'tier_since', kind: 'date' },
  { key: 'tier_grace_from', kind: 'date' },
  { key: 'tier_turnover_12m', kind: 'number' },
  { key: 'address', span: 2 },
  { key: 'installed', kind: 'boolean' },
  { key: 'registered_at', kind: 'datetime' },
  { key: 'last_seen_at', kind: 'datetime' },
  { key: 'note', span: 2 },
  { key: 'photo_url', kind: 'image' },
  { key: 'created_at', kind: 'datetime' },
  { key: 'updated_at', kind: 'datetime' },
];

export const customerFormFields: FormFieldOf<typeof customerContract>[] = [
  { name: 'customer_name', widget: { kind: 'text' }, required: true },
  { name: 'owner_name', widget: { kind: 'text' } },
  { name: 'branch_id', widget: { kind: 'select', source: branchSource }, required: true },
  {
    name: 'salesman_id',
    widget: { kind: 'select', source: salesmanSource, dependsOn: { field: 'branch_id', param: 'branch_id' } },
    emptyAs: 'null',
  },
  { name: 'customer_type_id', widget: { kind: 'select', source: customerTypeSource }, emptyAs: 'null' },
  { name: 'salesman_type_id', widget: { kind: 'select', source: salesmanTypeSource }, emptyAs: 'null' },
  { name: 'phone_number', widget: { kind: 'phone' } },
  { name: 'email', widget: { kind: 'email' } },
  { name: 'city', widget: { kind: 'text' } },
  { name: 'region_area_id', widget: { kind: 'select', source: regionAreaSource }, emptyAs: 'null' },
  { name: 'address', widget: { kind: 'textarea' }, span: 2 },
  { name: 'latitude', widget: { kind: 'number', min: -90, max: 90, decimals: 6 }, emptyAs: 'null' },
  { name: 'longitude', widget: { kind: 'number', min: -180, max: 180, decimals: 6 }, emptyAs: 'null' },
  { name: 'monthly_max_point', widget: { kind: 'number', min: 0 }, emptyAs: 'null' },
  { name: 'active', widget: { kind: 'switch' } },
  { name: 'show_in_app', widget: { kind: 'switch' } },
  { name: 'admin_validate', widget: { kind: 'switch' } },
  { name: 'is_data_complete', widget: { kind: 'switch' } },
  { name: 'class_mekar', widget: { kind: 'switch' } },
  { name: 'exclude_all_point', widget: { kind: 'switch' } },
  { name: 'note', widget: { kind: 'textarea' }, span: 2 },
  // No photo route: the picked file goes with the save (multipart `form_data` + `photo`).
  { name: 'photo_url', widget: { kind: 'image' }, span: 2 },
];

export const resource = defineResource({
  contract: customerContract,
  title: (r) => r.customer_name,
  listParams: (s) => ({ admin_user_id: s.user_id }),
  recordOf: (d) => d.customer as never,
  columns: customerColumns,
  filters: customerFilters,
  actions: customerActions,
  detail: { fields: customerDetailFields, extra: CustomerDetailSection },
  form: { fields: customerFormFields },
});
