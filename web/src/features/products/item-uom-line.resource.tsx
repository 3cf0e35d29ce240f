// Product lines: the units of measure each product is sold in, with conversion, price and barcode;
// also shown (read-only: they come from the ERP) on the product's detail screen (uomLineChild).
import { itemUomLineContract } from '@lbo/contract/products';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { defineChild, defineResource, type Row } from '../../components/resource/types';
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

/** A product's units of measure on its detail screen (the base unit marked). */
export const uomLineChild = defineChild({
  contract: itemUomLineContract,
  parentKey: 'item_id',
  title: (r) => `${r.item_name} · ${r.uom}`,
  params: { by: 'id', sort: 'asc' },
  columns: [
    {
      key: 'uom',
      noWrap: true,
      render: (r, t) => (
        <>
          {r.uom}{' '}
          {r.is_base ? (
            <Badge size="xs" variant="light" tt="none">
              {t('resources.item_uom_line.base')}
            </Badge>
          ) : null}
        </>
      ),
    },
    { key: 'conversion_qty', kind: 'number', align: 'right' },
    { key: 'price', kind: 'money', align: 'right' },
    { key: 'barcode', noWrap: true },
  ],
  listPath: 'product-lines',
  span: 1,
});
