// Item categories: the list (they come from the ERP), each linking to its products.
import { itemCategoryContract } from '@lbo/contract/products';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { defineResource } from '../../components/resource/types';

export const resource = defineResource({
  contract: itemCategoryContract,
  title: (r) => r.name,
  columns: [
    {
      key: 'name',
      sortKey: 'name',
      render: (r) => (
        <Anchor component={Link} to={`/products?item_category_id=${r.id}`} fw={500} size="sm">
          {r.name}
        </Anchor>
      ),
      exportValue: (r) => r.name,
    },
    { key: 'code', sortKey: 'code', noWrap: true },
    { key: 'description', visibleFrom: 'sm' },
    { key: 'active', kind: 'active', width: 110 },
  ],
  filters: [{ kind: 'boolean', key: 'active', labels: 'active' }],
});
