// Report: customer balance (GET /point/report/customer_balance) by region group, region and
// branch, with all-time earned and spent totals; exportable to XLSX.
import { customerBalanceContract } from '@lbo/contract/points';
import { defineResource } from '../../components/resource/types';
import { branchSource, regionGroupSource, regionSource } from '../common-sources';
import { customerColumns, customerLabel, PointsValue } from './point-shared';

export const resource = defineResource({
  contract: customerBalanceContract,
  name: 'point_customer_balance',
  title: customerLabel,
  columns: [
    ...customerColumns({ sortable: true, link: true }),
    { key: 'region_group_name', visibleFrom: 'xl' },
    { key: 'region_name', visibleFrom: 'lg' },
    { key: 'branch_name', sortKey: 'branch_name', visibleFrom: 'md' },
    { key: 'show_in_app', kind: 'boolean', visibleFrom: 'lg' },
    { key: 'installed', kind: 'boolean', visibleFrom: 'lg' },
    { key: 'total_earned', kind: 'number', align: 'right', visibleFrom: 'md' },
    { key: 'total_spent', kind: 'number', align: 'right', visibleFrom: 'md' },
    {
      key: 'point_balance',
      sortKey: 'point_balance',
      render: (r) => <PointsValue value={r.point_balance} signed={false} plain />,
      exportValue: (r) => r.point_balance,
      noWrap: true,
      align: 'right' as const,
    },
  ],
  filters: [
    { kind: 'select', key: 'region_group_id', source: regionGroupSource },
    { kind: 'select', key: 'region_id', source: regionSource },
    { kind: 'select', key: 'branch_id', source: branchSource },
    { kind: 'boolean', key: 'show_in_app', labels: 'yesno' },
    { kind: 'boolean', key: 'installed', labels: 'yesno' },
  ],
});
