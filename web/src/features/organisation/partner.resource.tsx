// Partners: list, view, add, edit.
import { partnerContract } from '@lbo/contract/organisation';
import { defineResource } from '../../components/resource/types';
import { branchSource } from '../common-sources';

export const resource = defineResource({
  contract: partnerContract,
  title: (r) => r.partner_name,
  columns: [
    { key: 'partner_name', sortKey: 'partner_name' },
    { key: 'partner_code', sortKey: 'partner_code', noWrap: true },
    { key: 'contact_name', visibleFrom: 'md' },
    { key: 'phone_number', visibleFrom: 'lg', noWrap: true },
    { key: 'branch_name' },
    { key: 'active', kind: 'active', width: 110 },
  ],
  filters: [
    { kind: 'select', key: 'branch_id', source: branchSource },
    { kind: 'boolean', key: 'active', labels: 'active' },
  ],
  detail: {
    fields: [
      { key: 'partner_name' },
      { key: 'partner_code' },
      { key: 'active', kind: 'active' },
      { key: 'contact_name' },
      { key: 'phone_number' },
      { key: 'email' },
      { key: 'branch_name' },
      { key: 'address', span: 2 },
      { key: 'created_at', kind: 'datetime' },
      { key: 'updated_at', kind: 'datetime' },
    ],
  },
  form: {
    fields: [
      { name: 'partner_name', widget: { kind: 'text' } },
      { name: 'partner_code', widget: { kind: 'text' } },
      { name: 'contact_name', widget: { kind: 'text' } },
      { name: 'phone_number', widget: { kind: 'phone' } },
      { name: 'email', widget: { kind: 'email' } },
      { name: 'branch_id', widget: { kind: 'select', source: branchSource }, emptyAs: 'null' },
      { name: 'address', widget: { kind: 'textarea' }, span: 2 },
      { name: 'active', widget: { kind: 'switch' } },
    ],
    defaults: { active: true },
  },
});
