// Salesmen: list, view, add, edit.
import { salesmanContract } from '@lbo/contract/organisation';
import { defineResource } from '../../components/resource/types';
import { branchSource, salesmanTypeSource } from '../common-sources';

export const resource = defineResource({
  contract: salesmanContract,
  title: (r) => r.salesman_name,
  listParams: (s) => ({ admin_user_id: s.user_id }),
  columns: [
    { key: 'salesman_name', sortKey: 'salesman_name' },
    { key: 'salesman_code', sortKey: 'salesman_code', noWrap: true },
    { key: 'branch_name', sortKey: 'branch_name' },
    { key: 'salesman_type_name', visibleFrom: 'md' },
    { key: 'phone_number', visibleFrom: 'lg', noWrap: true },
    { key: 'active', kind: 'active', width: 110 },
  ],
  filters: [
    { kind: 'select', key: 'branch_id', source: branchSource },
    { kind: 'select', key: 'salesman_type_id', source: salesmanTypeSource },
    { kind: 'boolean', key: 'active', labels: 'active' },
  ],
  detail: {
    fields: [
      { key: 'salesman_name' },
      { key: 'salesman_code' },
      { key: 'active', kind: 'active' },
      { key: 'branch_name' },
      { key: 'salesman_type_name' },
      { key: 'phone_number' },
      { key: 'email' },
      { key: 'created_at', kind: 'datetime' },
      { key: 'updated_at', kind: 'datetime' },
    ],
  },
  form: {
    fields: [
      { name: 'salesman_name', widget: { kind: 'text' } },
      { name: 'salesman_code', widget: { kind: 'text' } },
      { name: 'branch_id', widget: { kind: 'select', source: branchSource } },
      { name: 'salesman_type_id', widget: { kind: 'select', source: salesmanTypeSource }, emptyAs: 'null' },
      { name: 'phone_number', widget: { kind: 'phone' } },
      { name: 'email', widget: { kind: 'email' } },
      { name: 'active', widget: { kind: 'switch' } },
    ],
    defaults: { active: true },
  },
});
