// Loyalty points: the append-only ledger (CONTRACT.md section 8), earning rules, per-customer maximums
// and promo (bonus) point campaigns.
// Point types (POINT_TYPE) and sources are defined once, in the contract.
import { POINT_SOURCES } from '@lbo/contract/points';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, inList, timestamps, timestamptz } from './common';
import { customer_types, customers } from './customers';
import { item_categories, items } from './products';
import { sales_invoices } from './sales';
import { staff_users } from './staff';

/** One point movement of a store (append-only; a voided row stays but no longer counts). */
export const point_ledger = pgTable(
  'point_ledger',
  {
    id: id(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    point_type: smallint('point_type').notNull(),
    /** Signed: credits positive, debits negative. */
    points: integer('points').notNull(),
    invoice_document_no: text('invoice_document_no').references(() => sales_invoices.document_no, {
      onUpdate: 'cascade',
    }),
    /** Free reference: a return note, a redemption number, a campaign code. */
    reference: text('reference').notNull().default(''),
    reason: text('reason').notNull().default(''),
    source: text('source').notNull(),
    /** The row this one compensates (a redemption revert points at its redemption). */
    reverses_id: integer('reverses_id').references((): AnyPgColumn => point_ledger.id),
    /** A voided row stays in the ledger but no longer counts towards the balance. */
    void: boolean('void').notNull().default(false),
    voided_at: timestamptz('voided_at'),
    voided_by: integer('voided_by').references(() => staff_users.id, { onDelete: 'set null' }),
    /** The customer's balance right after this row was written (history; the live figure is customers.point_balance). */
    balance_after: integer('balance_after'),
    created_by: integer('created_by').references(() => staff_users.id, { onDelete: 'set null' }),
    entry_date: date('entry_date', { mode: 'string' }).notNull().default(sql`current_date`),
    ...timestamps(),
  },
  (t) => [
    index('point_ledger_customer_idx').on(t.customer_id, t.id),
    index('point_ledger_invoice_idx').on(t.invoice_document_no),
    index('point_ledger_type_date_idx').on(t.point_type, t.entry_date, t.id),
    index('point_ledger_date_idx').on(t.entry_date, t.id),
    index('point_ledger_reverses_idx').on(t.reverses_id),
    // One live master entry per invoice: re-importing an invoice never earns twice.
    uniqueIndex('point_ledger_master_invoice_uq')
      .on(t.invoice_document_no)
      .where(sql`${t.point_type} = 1 and not ${t.void}`),
    check('point_ledger_type_ck', sql`${t.point_type} between 1 and 8`),
    check(
      'point_ledger_sign_ck',
      sql`(${t.point_type} in (1, 2, 3, 6) and ${t.points} > 0) or (${t.point_type} in (4, 5, 8) and ${t.points} < 0) or (${t.point_type} = 7 and ${t.points} <> 0)`,
    ),
    check('point_ledger_source_ck', sql`${t.source} in (${inList(POINT_SOURCES)})`),
    check('point_ledger_void_ck', sql`${t.void} = (${t.voided_at} is not null)`),
    check('point_ledger_balance_after_ck', sql`${t.balance_after} is null or ${t.balance_after} >= 0`),
  ],
);

/**
 * A lot: the points one credit row brought in, what is left of them and until when they count.
 * Every debit draws lots soonest expiry first, then oldest earned, lots without expiry last
 * (point_lot_draws). Kept by triggers on point_ledger (migration 0020_point_lots_ledger), in the writing
 * transaction: a store's balance always equals the sum of its lots' `remaining`.
 */
export const point_lots = pgTable(
  'point_lots',
  {
    id: id(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The credit row that brought the points in (ledger rows are never deleted; a test's cleanup may). */
    ledger_id: integer('ledger_id')
      .notNull()
      .references(() => point_ledger.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    /** Points not yet drawn: `points` minus the sum of this lot's draws. */
    remaining: integer('remaining').notNull(),
    earned_on: date('earned_on', { mode: 'string' }).notNull(),
    /** Last day the points count; null: they never expire. */
    expires_on: date('expires_on', { mode: 'string' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('point_lots_ledger_uq').on(t.ledger_id),
    // The drawing order of a store's open lots (FEFO), and the expiry run's search for lots past their date.
    index('point_lots_open_idx')
      .on(t.customer_id, t.expires_on, t.earned_on, t.id)
      .where(sql`${t.remaining} > 0`),
    index('point_lots_expiring_idx').on(t.expires_on).where(sql`${t.remaining} > 0`),
    index('point_lots_customer_idx').on(t.customer_id, t.earned_on),
    check('point_lots_points_ck', sql`${t.points} > 0`),
    check('point_lots_remaining_ck', sql`${t.remaining} between 0 and ${t.points}`),
  ],
);

/**
 * What a ledger row took from (positive `amount`) or gave back to (negative) a lot: a debit's draws,
 * a revert's or a debit's void giving the same lots back, a credit's void taking its points out.
 */
export const point_lot_draws = pgTable(
  'point_lot_draws',
  {
    id: id(),
    ledger_id: integer('ledger_id')
      .notNull()
      .references(() => point_ledger.id, { onDelete: 'cascade' }),
    lot_id: integer('lot_id')
      .notNull()
      .references(() => point_lots.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('point_lot_draws_ledger_idx').on(t.ledger_id),
    index('point_lot_draws_lot_idx').on(t.lot_id),
    check('point_lot_draws_amount_ck', sql`${t.amount} <> 0`),
  ],
);

/**
 * The store tiers: a store whose rolling 12-month turnover reaches a tier's minimum takes it (the
 * highest such), and its invoices earn the rules' points times the tier's multiplier. PUT /point/tiers
 * replaces the list, keeping the id of a tier whose name stays.
 */
export const point_tiers = pgTable(
  'point_tiers',
  {
    id: id(),
    name: text('name').notNull(),
    min_turnover_12m: numeric('min_turnover_12m', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    multiplier: numeric('multiplier', { precision: 4, scale: 2, mode: 'number' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('point_tiers_name_uq').on(sql`lower(${t.name})`),
    check('point_tiers_min_ck', sql`${t.min_turnover_12m} >= 0`),
    check('point_tiers_multiplier_ck', sql`${t.multiplier} between 1 and 10`),
  ],
);

/**
 * Each tier a store took and from which day: the earning engine multiplies an invoice by the tier in
 * force on its date (name and multiplier as they were then), so re-sending an old invoice earns what
 * it earned, whatever the store's tier or the tiers' settings are now.
 */
export const customer_tier_history = pgTable(
  'customer_tier_history',
  {
    id: id(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tier_id: integer('tier_id').references(() => point_tiers.id, { onDelete: 'set null' }),
    tier_name: text('tier_name').notNull(),
    multiplier: numeric('multiplier', { precision: 4, scale: 2, mode: 'number' }).notNull(),
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    turnover_12m: numeric('turnover_12m', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('customer_tier_history_customer_idx').on(t.customer_id, t.effective_from, t.id)],
);

/** The points settings: one row (id 1). */
export const point_settings = pgTable(
  'point_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Months after the earned month at whose end a lot expires; null: points never expire. */
    expire_after_months: smallint('expire_after_months'),
    /** How many days before they expire a store is told. */
    notify_days_before: smallint('notify_days_before').notNull().default(30),
    updated_by: integer('updated_by').references(() => staff_users.id, { onDelete: 'set null' }),
    updated_at: timestamptz('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    check('point_settings_one_ck', sql`${t.id} = 1`),
    check(
      'point_settings_months_ck',
      sql`${t.expire_after_months} is null or ${t.expire_after_months} between 1 and 120`,
    ),
    check('point_settings_notify_ck', sql`${t.notify_days_before} between 0 and 365`),
  ],
);

/**
 * How many rupiah of invoice net amount earn one point. A rule targets one item, or one item
 * category, or (both null) every item; optionally only one customer type. The most specific
 * active rule on the invoice date applies: item, then category, then all items.
 */
export const point_rules = pgTable(
  'point_rules',
  {
    id: id(),
    name: text('name').notNull(),
    item_category_id: integer('item_category_id').references(() => item_categories.id),
    item_id: integer('item_id').references(() => items.id),
    customer_type_id: integer('customer_type_id').references(() => customer_types.id),
    amount_per_point: numeric('amount_per_point', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(true),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('point_rules_category_idx').on(t.item_category_id),
    index('point_rules_item_idx').on(t.item_id),
    index('point_rules_customer_type_idx').on(t.customer_type_id),
    index('point_rules_dates_idx').on(t.start_date, t.end_date),
    check('point_rules_amount_ck', sql`${t.amount_per_point} > 0`),
    check('point_rules_dates_ck', sql`${t.end_date} >= ${t.start_date}`),
    check('point_rules_target_ck', sql`num_nonnulls(${t.item_category_id}, ${t.item_id}) <= 1`),
  ],
);

/**
 * A dated maximum of master points for one customer (usually one calendar month). It overrides
 * customers.monthly_max_point for the months it covers.
 */
export const point_max_customers = pgTable(
  'point_max_customers',
  {
    id: id(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    max_point: integer('max_point').notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(true),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('point_max_customers_customer_start_uq').on(t.customer_id, t.start_date),
    index('point_max_customers_dates_idx').on(t.start_date, t.end_date),
    check('point_max_customers_max_ck', sql`${t.max_point} >= 0`),
    check('point_max_customers_dates_ck', sql`${t.end_date} >= ${t.start_date}`),
  ],
);

/** A bonus-point campaign: invoices dated inside it earn (multiplier - 1) x points + bonus_points extra. */
export const point_promos = pgTable(
  'point_promos',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    multiplier: numeric('multiplier', { precision: 6, scale: 2, mode: 'number' }).notNull().default(1),
    bonus_points: integer('bonus_points').notNull().default(0),
    /** Only lines of this category count; null means every item. */
    item_category_id: integer('item_category_id').references(() => item_categories.id),
    photo_url: text('photo_url').notNull().default(''),
    active: boolean('active').notNull().default(true),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('point_promos_dates_idx').on(t.start_date, t.end_date),
    index('point_promos_category_idx').on(t.item_category_id),
    check('point_promos_dates_ck', sql`${t.end_date} >= ${t.start_date}`),
    check('point_promos_multiplier_ck', sql`${t.multiplier} >= 1`),
    check('point_promos_bonus_ck', sql`${t.bonus_points} >= 0`),
  ],
);
