// Branches: list, view, edit (branches come from the ERP; no add or delete here).
import { branchContract } from '@lbo/contract/organisation';
import { defineResource } from '../../components/resource/types';
import { regionAreaSource, regionGroupSource, regionSource } from '../common-sources';

export const resource = defineResource({
  contract: branchContract,
  title: (r) => r.name,
  listParams: (s) => ({ user_id: s.user_id }),
  columns: [
    { key: 'name', sortKey: 'name' },
    { key: 'code', sortKey: 'code', noWrap: true },
    { key: 'city', sortKey: 'city' },
    { key: 'region_name', sortKey: 'region_name' },
    { key: 'region_group_name', visibleFrom: 'lg' },
    { key: 'phone_number', visibleFrom: 'lg', noWrap: true },
    { key: 'active', kind: 'active', width: 110 },
  ],
  filters: [
    { kind: 'select', key: 'region_group_id', source: regionGroupSource },
    { kind: 'select', key: 'region_id', source: regionSource },
    { kind: 'boolean', key: 'active', labels: 'active' },
  ],
  detail: {
    fields: [
      { key: 'name' },
      { key: 'code' },
      { key: 'active', kind: 'active' },
      { key: 'region_group_name' },
      { key: 'region_name' },
      { key: 'region_area_id', kind: 'ids', source: regionAreaSource },
      { key: 'city' },
      { key: 'phone_number' },
      { key: 'address', span: 2 },
      { key: 'created_at', kind: 'datetime' },
      { key: 'updated_at', kind: 'datetime' },
    ],
  },
  form: {
    fields: [
      { name: 'name', widget: { kind: 'text' }, required: true },
      { name: 'city', widget: { kind: 'text' } },
      { name: 'region_id', widget: { kind: 'select', source: regionSource }, required: true },
      {
        name: 'region_area_id',
        widget: {
          kind: 'select',
          source: regionAreaSource,
          dependsOn: { field: 'region_id', param: 'region_id' },
        },
        emptyAs: 'null',
      },
      { name: 'phone_number', widget: { kind: 'phone' } },
      { name: 'active', widget: { kind: 'switch' } },
      { name: 'address', widget: { kind: 'textarea' }, span: 2 },
    ],
  },
});
