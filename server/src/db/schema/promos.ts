// Sales promotions: a promo holds lines (a condition and its discount); a line applies to item lines
// and may give bonus items.
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
import { branches } from './organisation';
import { items } from './products';

const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: 'number' });
const quantity = (name: string) => numeric(name, { precision: 18, scale: 4, mode: 'number' });

/** A sales promotion, ordered by priority, for one branch or all. */
export const promos = pgTable(
  'promos',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Lower first (SPEC.md sorts promo lists by priority ascending). */
    priority: integer('priority').notNull().default(0),
    image_url: text('image_url').notNull().default(''),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(true),
    /** Only this branch; null means every branch. */
    branch_id: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    /** Only stores of these customer types; empty means every type (0003_content.sql). */
    customer_type_ids: integer('customer_type_ids').array().notNull().default(sql`'{}'`),
    ...timestamps(),
  },
  (t) => [
    index('promos_priority_idx').on(t.priority, t.id),
    index('promos_dates_idx').on(t.start_date, t.end_date),
    index('promos_branch_idx').on(t.branch_id),
    check('promos_dates_ck', sql`${t.end_date} >= ${t.start_date}`),
  ],
);

/** A condition of a promotion and its discount. */
export const promo_lines = pgTable(
  'promo_lines',
  {
    id: id(),
    promo_id: integer('promo_id')
      .notNull()
      .references(() => promos.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    min_qty: quantity('min_qty').notNull().default(0),
    min_amount: money('min_amount').notNull().default(0),
    discount_percent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    discount_amount: money('discount_amount').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('promo_lines_promo_idx').on(t.promo_id, t.id),
    check(
      'promo_lines_values_ck',
      sql`${t.min_qty} >= 0 and ${t.min_amount} >= 0 and ${t.discount_amount} >= 0 and ${t.discount_percent} between 0 and 100`,
    ),
  ],
);

/** An item a promotion line applies to. */
export const promo_item_lines = pgTable(
  'promo_item_lines',
  {
    id: id(),
    promo_line_id: integer('promo_line_id')
      .notNull()
      .references(() => promo_lines.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('promo_item_lines_line_item_uq').on(t.promo_line_id, t.item_id),
    index('promo_item_lines_item_idx').on(t.item_id),
  ],
);

/** A bonus item a promotion line gives. */
export const promo_bonus_item_lines = pgTable(
  'promo_bonus_item_lines',
  {
    id: id(),
    promo_line_id: integer('promo_line_id')
      .notNull()
      .references(() => promo_lines.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    qty: quantity('qty').notNull().default(1),
    uom: text('uom').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('promo_bonus_item_lines_line_item_uq').on(t.promo_line_id, t.item_id),
    index('promo_bonus_item_lines_item_idx').on(t.item_id),
    check('promo_bonus_item_lines_qty_ck', sql`${t.qty} > 0`),
  ],
);
