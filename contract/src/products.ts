// Products: items (with an image), item categories, unit-of-measure lines ("product lines") and old prices.
import { z } from 'zod';
import { BusinessDate, Id, Money, moneyInput, qBool, qInt, ref, Timestamp } from './common';
import { defineContract, updateSchema } from './resource';

export const Item = z.object({
  id: Id,
  item_id: Id,
  item_code: z.string(),
  item_name: z.string(),
  item_category_id: Id,
  item_category_name: z.string(),
  brand: z.string(),
  /** Base unit of measure (the unit `price` is for). */
  uom: z.string(),
  price: Money,
  description: z.string(),
  /** URL of the product image ('' when none). */
  image: z.string(),
  active: z.boolean(),
  created_date: Timestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Item = z.infer<typeof Item>;

/**
 * The edit form (PUT /web/item/id/{item_id}): JSON, or multipart with this object as JSON in the text
 * field `form_data` plus an optional `image` file. item_code is the ERP's key and cannot change here.
 */
export const ItemUpdate = updateSchema({
  item_id: ref('self', Id),
  item_name: z.string().trim().min(1, { error: 'is required' }).max(200),
  item_category_id: ref('item_category', Id),
  brand: z.string().trim().max(100),
  uom: z.string().trim().min(1, { error: 'is required' }).max(20),
  price: moneyInput(),
  description: z.string().trim().max(2000),
  active: z.boolean(),
});

export const itemContract = defineContract({
  name: 'item',
  area: 'item',
  idKey: 'item_id',
  listKey: 'list_item',
  paths: {
    list: '/web/item/',
    select: '/apps/item/v2/select',
    get: '/web/item/id/:item_id',
    update: '/web/item/id/:item_id',
  },
  record: Item,
  update: ItemUpdate,
  filters: z.object({ item_category_id: qInt(), active: qBool() }),
  sortKeys: ['id', 'item_id', 'created_date', 'created_at', 'item_name', 'item_code', 'price'],
  defaultSort: { by: 'def.created_date', dir: 'desc' },
  searchFields: ['item_name', 'item_code'],
  upload: { field: 'image' },
});

/** GET /web/item/category_id/{id}: the items of one category (by name, at most 1000); `data` is the array. */
export const ITEMS_BY_CATEGORY_PATH = '/web/item/category_id/:id';
export const ItemsByCategory = z.array(Item);

export const ItemCategory = z.object({
  id: Id,
  code: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
});
export const itemCategoryContract = defineContract({
  name: 'item_category',
  area: 'item',
  idKey: 'id',
  paths: { list: '/apps/item_category/', select: '/apps/item_category/select' },
  record: ItemCategory,
  filters: z.object({ active: qBool() }),
  sortKeys: ['id', 'name', 'code'],
  defaultSort: { by: 'name', dir: 'asc' },
  searchFields: ['name', 'code'],
});

export const ItemUomLine = z.object({
  id: Id,
  item_uom_line_id: Id,
  item_id: Id,
  item_code: z.string(),
  item_name: z.string(),
  uom: z.string(),
  /** How many base units one of this unit holds. */
  conversion_qty: z.number(),
  price: Money,
  barcode: z.string(),
  is_base: z.boolean(),
  active: z.boolean(),
  created_date: Timestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export const itemUomLineContract = defineContract({
  name: 'item_uom_line',
  area: 'item',
  idKey: 'item_uom_line_id',
  listKey: 'list_item_uom_line',
  paths: { list: '/web/item-uom-line/' },
  record: ItemUomLine,
  filters: z.object({ item_id: qInt(), active: qBool() }),
  sortKeys: ['id', 'item_uom_line_id', 'created_date', 'created_at', 'uom', 'item_name', 'price'],
  defaultSort: { by: 'def.created_date', dir: 'desc' },
  searchFields: ['item_name', 'item_code', 'uom', 'barcode'],
});

export const ItemOldPrice = z.object({
  id: Id,
  item_id: Id,
  item_code: z.string(),
  item_name: z.string(),
  price: Money,
  /** The price held from this date until the next old price (or the current item price). */
  effective_date: BusinessDate,
  note: z.string(),
  created_at: Timestamp,
});
export const ItemOldPriceCreate = z.object({
  item_id: ref('item', Id),
  price: moneyInput(),
  effective_date: BusinessDate,
  note: z.string().trim().max(300).optional().default(''),
});
export const itemOldPriceContract = defineContract({
  name: 'item_old_price',
  area: 'item',
  idKey: 'id',
  paths: { list: '/item_old_price/', select: '/item_old_price/select', create: '/item_old_price/add' },
  record: ItemOldPrice,
  create: ItemOldPriceCreate,
  filters: z.object({ item_id: qInt() }),
  sortKeys: ['id', 'effective_date', 'price', 'item_name'],
  defaultSort: { by: 'def.id', dir: 'asc' },
  searchFields: ['item_name', 'item_code', 'note'],
});
