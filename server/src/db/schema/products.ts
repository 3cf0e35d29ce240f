// Products: item categories, items (the API also shows created_at as created_date), their
// unit-of-measure lines ("product lines") and the history of old prices.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './common';

const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: 'number' });

/** A product category. */
export const item_categories = pgTable(
  'item_categories',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('item_categories_code_uq').on(t.code), index('item_categories_name_idx').on(t.name)],
);

/** A product, with its base unit and price. */
export const items = pgTable(
  'items',
  {
    id: id(),
    item_code: text('item_code').notNull(),
    item_name: text('item_name').notNull(),
    item_category_id: integer('item_category_id')
      .notNull()
      .references(() => item_categories.id),
    brand: text('brand').notNull().default(''),
    /** Base unit of measure (the unit `price` is for). */
    uom: text('uom').notNull(),
    price: money('price').notNull().default(0),
    description: text('description').notNull().default(''),
    image_url: text('image_url').notNull().default(''),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('items_code_uq').on(t.item_code),
    index('items_category_idx').on(t.item_category_id),
    index('items_created_idx').on(t.created_at, t.id),
    index('items_name_idx').on(t.item_name),
    index('items_name_trgm').using('gin', sql`${t.item_name} gin_trgm_ops`),
    index('items_code_trgm').using('gin', sql`${t.item_code} gin_trgm_ops`),
    check('items_price_ck', sql`${t.price} >= 0`),
  ],
);

/** One sellable unit of an item: the base unit (conversion 1) and packs/cartons of it. */
export const item_uom_lines = pgTable(
  'item_uom_lines',
  {
    id: id(),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    uom: text('uom').notNull(),
    /** How many base units one of this unit holds. */
    conversion_qty: numeric('conversion_qty', { precision: 18, scale: 4, mode: 'number' })
      .notNull()
      .default(1),
    price: money('price').notNull().default(0),
    barcode: text('barcode').notNull().default(''),
    is_base: boolean('is_base').notNull().default(false),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('item_uom_lines_item_uom_uq').on(t.item_id, t.uom),
    index('item_uom_lines_created_idx').on(t.created_at, t.id),
    index('item_uom_lines_barcode_idx').on(t.barcode),
    check('item_uom_lines_conversion_ck', sql`${t.conversion_qty} > 0`),
    check('item_uom_lines_price_ck', sql`${t.price} >= 0`),
  ],
);

/** A price an item had from effective_date until the next row (or the current items.price). */
export const item_old_prices = pgTable(
  'item_old_prices',
  {
    id: id(),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
    effective_date: date('effective_date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('item_old_prices_item_date_uq').on(t.item_id, t.effective_date),
    check('item_old_prices_price_ck', sql`${t.price} >= 0`),
  ],
);
