// Staff users: list, view, add, edit, delete. Scope is either every branch or chosen branches.
import { staffUserContract } from '@lbo/contract/staff';
import { Badge } from '@mantine/core';
import { IdsLabels } from '../../components/resource/ids-labels';
import { defineResource } from '../../components/resource/types';
import { branchSource, roleGroupSource } from '../common-sources';

export const resource = defineResource({
  contract: staffUserContract,
  title: (r) => r.name,
  columns: [
    { key: 'name', sortKey: 'name' },
    { key: 'email', sortKey: 'email' },
    { key: 'role_group_name' },
    {
      key: 'branch_ids',
      render: (r, t) =>
        r.all_branches ? (
          <Badge variant="light" color="indigo">
            {t('resources.staff_user.allBranches')}
          </Badge>
        ) : (
          <IdsLabels ids={r.branch_ids} source={branchSource} max={2} />
        ),
      exportValue: (r, t) =>
        r.all_branches ? t('resources.staff_user.allBranches') : r.branch_ids.join(', '),
      visibleFrom: 'md',
    },
    { key: 'active', kind: 'active', width: 110 },
    { key: 'last_login_at', kind: 'datetime', sortKey: 'last_login_at', visibleFrom: 'lg' },
  ],
  filters: [
    { kind: 'select', key: 'role_group_id', source: roleGroupSource },
    { kind: 'boolean', key: 'active', labels: 'active' },
  ],
  detail: {
    fields: [
      { key: 'name' },
      { key: 'email' },
      { key: 'phone_number' },
      { key: 'role_group_name' },
      { key: 'active', kind: 'active' },
      { key: 'all_branches', kind: 'boolean' },
      { key: 'branch_ids', kind: 'ids', source: branchSource, span: 2 },
      { key: 'last_login_at', kind: 'datetime' },
      { key: 'created_at', kind: 'datetime' },
      { key: 'updated_at', kind: 'datetime' },
    ],
  },
  form: {
    fields: [
      { name: 'name', widget: { kind: 'text' } },
      { name: 'email', widget: { kind: 'email' } },
      { name: 'phone_number', widget: { kind: 'phone' } },
      { name: 'password', widget: { kind: 'password' }, emptyAs: 'omit' },
      {
        name: 'role_group_id',
        widget: { kind: 'select', source: roleGroupSource },
        emptyAs: 'null',
        required: true,
      },
      { name: 'active', widget: { kind: 'switch' } },
      { name: 'all_branches', widget: { kind: 'switch' } },
      {
        name: 'branch_ids',
        widget: { kind: 'multiselect', source: branchSource },
        span: 2,
        hidden: (v) => v.all_branches === true,
      },
    ],
    defaults: { active: true, all_branches: false, branch_ids: [] },
    // With every branch allowed, a branch list would only confuse the scope.
    toBody: (v) => (v.all_branches ? { ...v, branch_ids: [] } : v),
  },
});
