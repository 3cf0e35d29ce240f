// Targets: monthly turnover targets per customer (quarter, semester and year answers are sums of
// months), target volume per item category and period (imported), and the legacy monthly target per
// category. The category tables keep customer_code beside customer_id because it is the natural key
// of their imports and of SPEC.md's rows; the foreign key on it follows code changes (on update cascade).
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './common';
import { customers } from './customers';

const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: 'number' });
const quantity = (name: string) => numeric(name, { precision: 18, scale: 4, mode: 'number' });

/** A store's turnover target for one month. */
export const customer_targets = pgTable(
  'customer_targets',
  {
    id: id(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    /** Turnover target in rupiah (invoice net amount) for that month. */
    target_amount: money('target_amount').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('customer_targets_customer_period_uq').on(t.customer_id, t.year, t.month),
    index('customer_targets_period_idx').on(t.year, t.month),
    check('customer_targets_year_ck', sql`${t.year} between 2000 and 2100`),
    check('customer_targets_month_ck', sql`${t.month} between 1 and 12`),
    check('customer_targets_amount_ck', sql`${t.target_amount} >= 0`),
  ],
);

/** Target volume of one customer for one item category (name) over one period. */
export const target_category_volumes = pgTable(
  'target_category_volumes',
  {
    id: id(),
    customer_code: text('customer_code')
      .notNull()
      .references(() => customers.customer_code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Item category name as it appears in the import file. */
    name: text('name').notNull(),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    target_volume: quantity('target_volume').notNull(),
    actual_volume: quantity('actual_volume'),
    uom: text('uom').notNull().default(''),
    import_batch: text('import_batch').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('target_category_volumes_natural_uq').on(t.customer_code, t.name, t.period_start),
    index('target_category_volumes_customer_idx').on(t.customer_id, t.period_start),
    index('target_category_volumes_name_idx').on(t.name),
    index('target_category_volumes_customer_name_idx').on(t.customer_id, t.name),
    index('target_category_volumes_period_idx').on(t.period_start, t.period_end),
    check('target_category_volumes_period_ck', sql`${t.period_end} >= ${t.period_start}`),
    check(
      'target_category_volumes_volume_ck',
      sql`${t.target_volume} >= 0 and (${t.actual_volume} is null or ${t.actual_volume} >= 0)`,
    ),
  ],
);

/** Legacy: a monthly target per customer and category name, kept for its screens and imports. */
export const target_categories = pgTable(
  'target_categories',
  {
    id: id(),
    customer_code: text('customer_code')
      .notNull()
      .references(() => customers.customer_code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    target: money('target').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('target_categories_natural_uq').on(t.customer_code, t.name, t.year, t.month),
    index('target_categories_customer_idx').on(t.customer_id, t.year, t.month),
    index('target_categories_name_idx').on(t.name),
    check('target_categories_year_ck', sql`${t.year} between 2000 and 2100`),
    check('target_categories_month_ck', sql`${t.month} between 1 and 12`),
    check('target_categories_target_ck', sql`${t.target} >= 0`),
  ],
);
