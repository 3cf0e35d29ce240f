// Products (items): list, view (with its unit-of-measure lines, and its old prices added in place)
// and edit with an image sent as multipart (`form_data` JSON plus `image`). Items come from the
// ERP: no add or delete.
import { itemContract } from '@lbo/contract/products';
import { Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { defineResource, type Row } from '../../components/resource/types';
import { itemCategorySource } from '../common-sources';
import { oldPriceChild } from './item-old-price.resource';
import { uomLineChild } from './item-uom-line.resource';

/** A product image, or a placeholder when there is none or it does not load. */
export function Thumb({ src, size = 40 }: { src: unknown; size?: number }) {
  const [failed, setFailed] = useState<unknown>(null);
  return src && failed !== src ? (
    <Image
      src={String(src)}
      alt=""
      h={size}
      w={size}
      fit="cover"
      radius="sm"
      style={{ flex: 'none' }}
      onError={() => setFailed(src)}
    />
  ) : (
    <ThemeIcon variant="light" color="gray" size={size} radius="sm" style={{ flex: 'none' }}>
      <IconPhotoOff size={size / 2} stroke={1.5} />
    </ThemeIcon>
  );
}

const nameWithImage = (r: Row) => (
  <Group gap="sm" wrap="nowrap">
    <Thumb src={r.image} />
    <Stack gap={0}>
      <span>{String(r.item_name)}</span>
      <Text span size="xs" c="dimmed" fw={400}>
        {String(r.brand ?? '')}
      </Text>
    </Stack>
  </Group>
);

export const resource = defineResource({
  contract: itemContract,
  title: (r) => r.item_name,
  columns: [
    { key: 'item_name', sortKey: 'item_name', render: nameWithImage, exportValue: (r) => r.item_name },
    { key: 'item_code', sortKey: 'item_code', noWrap: true },
    { key: 'item_category_name', visibleFrom: 'md' },
    { key: 'uom', width: 80 },
    { key: 'price', kind: 'money', sortKey: 'price' },
    { key: 'active', kind: 'active', width: 110, visibleFrom: 'sm' },
    { key: 'created_date', kind: 'date', sortKey: 'created_date', visibleFrom: 'lg' },
  ],
  filters: [
    { kind: 'select', key: 'item_category_id', source: itemCategorySource },
    { kind: 'boolean', key: 'active', labels: 'active' },
  ],
  detail: {
    fields: [
      {
        key: 'image',
        render: (r) => (r.image ? <Thumb src={r.image} size={160} /> : <Thumb src={null} size={64} />),
      },
      { key: 'item_code' },
      { key: 'item_name' },
      { key: 'item_category_name' },
      { key: 'brand' },
      { key: 'uom' },
      { key: 'price', kind: 'money' },
      { key: 'active', kind: 'active' },
      { key: 'created_date', kind: 'datetime' },
      { key: 'description', span: 2 },
      { key: 'updated_at', kind: 'datetime' },
    ],
  },
  children: [uomLineChild, oldPriceChild],
  form: {
    fields: [
      { name: 'item_name', widget: { kind: 'text' }, required: true, span: 2 },
      { name: 'item_category_id', widget: { kind: 'select', source: itemCategorySource }, required: true },
      { name: 'brand', widget: { kind: 'text' } },
      { name: 'uom', widget: { kind: 'text' }, required: true },
      { name: 'price', widget: { kind: 'number', min: 0, decimals: 2 }, required: true },
      { name: 'description', widget: { kind: 'textarea' }, span: 2 },
      { name: 'active', widget: { kind: 'switch' } },
      // No photo route: the picked file goes with the save (multipart `form_data` + `image`).
      { name: 'image', widget: { kind: 'image' }, span: 2 },
    ],
  },
});
