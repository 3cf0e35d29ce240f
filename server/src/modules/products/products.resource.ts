// Products area, declared once: items (edit with an image), item categories, unit-of-measure lines
// ("product lines") and old prices.
import {
  itemCategoryContract,
  itemContract,
  itemOldPriceContract,
  itemUomLineContract,
} from '@lbo/contract/products';
import { eq } from 'drizzle-orm';
import { item_categories, item_old_prices, item_uom_lines, items } from '../../db/schema/products';
import { defineResource } from '../../resources/define';

/** What the API shows of an item (`image` is the stored URL, `created_date` the creation time). */
export const itemColumns = {
  id: items.id,
  item_code: items.item_code,
  item_name: items.item_name,
  item_category_id: items.item_category_id,
  item_category_name: item_categories.name,
  brand: items.brand,
  uom: items.uom,
  price: items.price,
  description: items.description,
  image: items.image_url,
  active: items.active,
  created_date: items.created_at,
  created_at: items.created_at,
  updated_at: items.updated_at,
};

export const itemResource = defineResource({
  scope: 'none',
  contract: itemContract,
  table: items,
  columns: itemColumns,
  joins: (q) => q.innerJoin(item_categories, eq(item_categories.id, items.item_category_id)),
  sort: {
    id: items.id,
    item_id: items.id,
    created_date: items.created_at,
    created_at: items.created_at,
    item_name: items.item_name,
    item_code: items.item_code,
    price: items.price,
  },
  search: [items.item_name, items.item_code],
  filters: { item_category_id: items.item_category_id, active: items.active },
  upload: { column: 'image_url', folder: 'item' },
  code: items.item_code,
});

export const itemCategoryResource = defineResource({
  scope: 'none',
  contract: itemCategoryContract,
  table: item_categories,
  columns: {
    id: item_categories.id,
    code: item_categories.code,
    name: item_categories.name,
    description: item_categories.description,
    active: item_categories.active,
  },
  sort: {
    id: item_categories.id,
    name: item_categories.name,
    code: item_categories.code,
  },
  search: [item_categories.name, item_categories.code],
  filters: { active: item_categories.active },
});

export const itemUomLineResource = defineResource({
  scope: 'none',
  contract: itemUomLineContract,
  table: item_uom_lines,
  columns: {
    id: item_uom_lines.id,
    item_id: item_uom_lines.item_id,
    item_code: items.item_code,
    item_name: items.item_name,
    uom: item_uom_lines.uom,
    conversion_qty: item_uom_lines.conversion_qty,
    price: item_uom_lines.price,
    barcode: item_uom_lines.barcode,
    is_base: item_uom_lines.is_base,
    active: item_uom_lines.active,
    created_date: item_uom_lines.created_at,
    created_at: item_uom_lines.created_at,
    updated_at: item_uom_lines.updated_at,
  },
  joins: (q) => q.innerJoin(items, eq(items.id, item_uom_lines.item_id)),
  sort: {
    id: item_uom_lines.id,
    item_uom_line_id: item_uom_lines.id,
    created_date: item_uom_lines.created_at,
    created_at: item_uom_lines.created_at,
    uom: item_uom_lines.uom,
    item_name: items.item_name,
    price: item_uom_lines.price,
  },
  search: [items.item_name, items.item_code, item_uom_lines.uom, item_uom_lines.barcode],
  filters: { item_id: item_uom_lines.item_id, active: item_uom_lines.active },
});

export const itemOldPriceResource = defineResource({
  scope: 'none',
  contract: itemOldPriceContract,
  table: item_old_prices,
  columns: {
    id: item_old_prices.id,
    item_id: item_old_prices.item_id,
    item_code: items.item_code,
    item_name: items.item_name,
    price: item_old_prices.price,
    effective_date: item_old_prices.effective_date,
    note: item_old_prices.note,
    created_at: item_old_prices.created_at,
  },
  joins: (q) => q.innerJoin(items, eq(items.id, item_old_prices.item_id)),
  sort: {
    id: item_old_prices.id,
    effective_date: item_old_prices.effective_date,
    price: item_old_prices.price,
    item_name: items.item_name,
  },
  search: [items.item_name, items.item_code, item_old_prices.note],
  filters: { item_id: item_old_prices.item_id },
});

export const productResources = [
  itemResource,
  itemCategoryResource,
  itemUomLineResource,
  itemOldPriceResource,
];
