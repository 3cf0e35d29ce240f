// Customer types (warung, grosir, ...): the list; they come from the ERP.
import { customerTypeContract } from '@lbo/contract/customers';
import { defineResource } from '../../components/resource/types';

export const resource = defineResource({
  contract: customerTypeContract,
  title: (r) => r.name,
  columns: [
    { key: 'name', sortKey: 'name' },
    { key: 'code', sortKey: 'code', noWrap: true },
    { key: 'description' },
    { key: 'active', kind: 'active', width: 110 },
  ],
  filters: [{ kind: 'boolean', key: 'active', labels: 'active' }],
});
