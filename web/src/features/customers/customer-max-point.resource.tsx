// The maximum-point view: the customer list limited to stores with a monthly point cap
// (SPEC.md: always sends monthly_max_point=1), sorted and bulk-edited like the customer list.
import { customerContract } from '@lbo/contract/customers';
import { defineResource } from '../../components/resource/types';
import { branchSource, customerTypeSource } from '../common-sources';
import {
  CustomerDetailSection,
  customerDetailFields,
  customerFormFields,
  nameColumn,
} from './customer.resource';
import { customerActions } from './customer-bulk';
import { customerFlags, customerFlagsText } from './customer-flags';

export const resource = defineResource({
  contract: customerContract,
  name: 'customer_max_point',
  title: (r) => r.customer_name,
  listParams: (s) => ({ admin_user_id: s.user_id, monthly_max_point: 1 }),
  recordOf: (d) => d.customer as never,
  columns: [
    nameColumn,
    { key: 'customer_code', sortKey: 'customer_code', noWrap: true },
    { key: 'branch_name', sortKey: 'branch_name' },
    { key: 'monthly_max_point', kind: 'number', sortKey: 'monthly_max_point' },
    { key: 'point_balance', kind: 'number', sortKey: 'point_balance', visibleFrom: 'md' },
    {
      key: 'flags',
      computed: true,
      render: customerFlags,
      exportValue: customerFlagsText,
      visibleFrom: 'lg',
    },
  ],
  filters: [
    { kind: 'select', key: 'branch_id', source: branchSource },
    { kind: 'select', key: 'customer_type_id', source: customerTypeSource },
    { kind: 'boolean', key: 'active', labels: 'active' },
  ],
  actions: customerActions,
  detail: { fields: customerDetailFields, extra: CustomerDetailSection },
  form: { fields: customerFormFields },
});
