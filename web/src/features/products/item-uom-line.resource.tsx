// Product lines: the units of measure each product is sold in, with conversion, price and barcode.
import { itemUomLineContract } from '@lbo/contract/products';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { defineResource, type Row } from '../../components/resource/types';
import { itemSource } from '../common-sources';

export const itemLink = (r: Row) => (
  <Stack gap={0}>
    <Anchor component={Link} to={`/products/${String(r.item_id)}`} fw={500} size="sm">
      {String(r.item_name)}
    </Anchor>
    <Text span size="xs" c="dimmed">
      {String(r.item_code)}
    </Text>
  </Stack>
);

export const resource = defineResource({
  contract: itemUomLineContract,
  title: (r) => `${r.item_name} · ${r.uom}`,
  columns: [
    { key: 'item_name', sortKey: 'item_name', render: itemLink, exportValue: (r) => r.item_name },
    { key: 'uom', sortKey: 'uom', width: 90 },
    { key: 'conversion_qty', kind: 'number' },
    { key: 'price', kind: 'money', sortKey: 'price' },
    { key: 'barcode', noWrap: true, visibleFrom: 'md' },
    { key: 'is_base', kind: 'boolean', width: 110, visibleFrom: 'md' },
    { key: 'active', kind: 'active', width: 110, visibleFrom: 'lg' },
  ],
  filters: [
    { kind: 'select', key: 'item_id', source: itemSource },
    { kind: 'boolean', key: 'active', labels: 'active' },
  ],
});
