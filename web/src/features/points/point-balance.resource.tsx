// Point per store: every store's current balance (the cached sum of its ledger), its monthly
// maximum and last movement; the code opens the store's movements.
import { customerBalanceContract } from '@lbo/contract/points';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { customerListLink } from '../../components/resource/list-links';
import { defineResource } from '../../components/resource/types';
import { branchSource, regionGroupSource, regionSource } from '../common-sources';
import { customerColumns, customerLabel, POINT_RESOURCES, PointsValue } from './point-shared';

export const resource = defineResource({
  contract: customerBalanceContract,
  name: 'point_balance',
  title: customerLabel,
  invalidates: [...POINT_RESOURCES],
  columns: [
    ...customerColumns({ sortable: true, link: true }),
    { key: 'branch_name', sortKey: 'branch_name', visibleFrom: 'md' },
    {
      key: 'point_balance',
      sortKey: 'point_balance',
      // The balance opens the movements that make it up.
      render: (r) => (
        <Anchor component={Link} to={customerListLink('point-ledger', r)}>
          <PointsValue value={r.point_balance} signed={false} plain />
        </Anchor>
      ),
      exportValue: (r) => r.point_balance,
      noWrap: true,
      align: 'right' as const,
    },
    { key: 'monthly_max_point', kind: 'number', align: 'right', visibleFrom: 'lg' },
    { key: 'exclude_all_point', kind: 'boolean', visibleFrom: 'lg' },
    { key: 'last_entry_date', kind: 'date', visibleFrom: 'md' },
  ],
  filters: [
    { kind: 'select', key: 'region_group_id', source: regionGroupSource },
    { kind: 'select', key: 'region_id', source: regionSource },
    { kind: 'select', key: 'branch_id', source: branchSource },
    { kind: 'boolean', key: 'show_in_app', labels: 'yesno' },
    { kind: 'boolean', key: 'installed', labels: 'yesno' },
  ],
});
