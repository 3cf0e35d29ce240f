// Coupons bought with points, their redemptions (with revert), and the coupon lottery.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, inList, timestamps, timestamptz } from './common';
import { customers } from './customers';
import { branches, regions } from './organisation';
import { point_ledger } from './points';
import { staff_users } from './staff';

/**
 * redeemed: points taken, gift not yet handed over; processed: being prepared or shipped;
 * delivered: handed over; reverted: cancelled and the points given back (a compensating ledger row).
 */
export const COUPON_STATUSES = ['redeemed', 'processed', 'delivered', 'reverted'] as const;

/** A gift a store buys with points, with its stock and validity. */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    points_required: integer('points_required').notNull(),
    /** Coupons still available; a redemption takes one, a revert gives it back. */
    stock: integer('stock').notNull().default(0),
    photo_url: text('photo_url').notNull().default(''),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(true),
    /** Customer types the coupon is limited to; empty: every type. */
    customer_type_ids: integer('customer_type_ids').array().notNull().default(sql`'{}'`),
    /** Branches the coupon is limited to; empty: every branch. */
    branch_ids: integer('branch_ids').array().notNull().default(sql`'{}'`),
    /** Live (not reverted) redemptions, kept by triggers on coupon_redemptions (0002_coupons.sql). */
    redeemed_count: integer('redeemed_count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('coupons_dates_idx').on(t.start_date, t.end_date),
    index('coupons_name_idx').on(t.name),
    check('coupons_points_ck', sql`${t.points_required} > 0`),
    check('coupons_stock_ck', sql`${t.stock} >= 0`),
    check('coupons_dates_ck', sql`${t.end_date} >= ${t.start_date}`),
  ],
);

/** A store redeemed a coupon: its points, delivery status and revert. */
export const coupon_redemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    coupon_id: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The store's branch at redemption time (a trigger fills it from the customer when left out). */
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    /** Points spent (positive; the ledger row carries the negative amount). */
    points: integer('points').notNull(),
    coupon_status: text('coupon_status').notNull().default('redeemed'),
    redeemed_at: timestamptz('redeemed_at').notNull().default(sql`now()`),
    delivered_at: timestamptz('delivered_at'),
    reverted_at: timestamptz('reverted_at'),
    reverted_by: integer('reverted_by').references(() => staff_users.id, { onDelete: 'set null' }),
    revert_reason: text('revert_reason').notNull().default(''),
    redeem_ledger_id: integer('redeem_ledger_id').references(() => point_ledger.id),
    revert_ledger_id: integer('revert_ledger_id').references(() => point_ledger.id),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('coupon_redemptions_customer_idx').on(t.customer_id, t.redeemed_at),
    index('coupon_redemptions_coupon_idx').on(t.coupon_id),
    index('coupon_redemptions_branch_idx').on(t.branch_id, t.id),
    index('coupon_redemptions_branch_redeemed_idx').on(t.branch_id, t.redeemed_at),
    // Covering (INCLUDE coupon_id, customer_id, branch_id, coupon_status, points): see 0002_coupons.sql.
    index('coupon_redemptions_report_idx').on(t.redeemed_at),
    index('coupon_redemptions_redeemed_idx').on(t.redeemed_at, t.id),
    index('coupon_redemptions_status_idx').on(t.coupon_status, t.redeemed_at),
    uniqueIndex('coupon_redemptions_redeem_ledger_uq').on(t.redeem_ledger_id),
    uniqueIndex('coupon_redemptions_revert_ledger_uq').on(t.revert_ledger_id),
    check('coupon_redemptions_points_ck', sql`${t.points} > 0`),
    check('coupon_redemptions_status_ck', sql`${t.coupon_status} in (${inList(COUPON_STATUSES)})`),
    check(
      'coupon_redemptions_revert_ck',
      sql`(${t.coupon_status} = 'reverted') = (${t.reverted_at} is not null)`,
    ),
  ],
);

/**
 * One lottery coupon number held by a customer, imported in batches (POST /lottary/import).
 * branch_id and region_id are copied from the import (the customer's branch at that time), so the
 * report by branch/region shows what was drawn even after a customer moves.
 */
export const lottery_coupons = pgTable(
  'lottery_coupons',
  {
    id: id(),
    coupon_no: text('coupon_no').notNull(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    region_id: integer('region_id')
      .notNull()
      .references(() => regions.id),
    /** The draw period, e.g. '2025-Q2' or '2025-06'. */
    period: text('period').notNull(),
    batch: text('batch').notNull().default(''),
    imported_at: timestamptz('imported_at').notNull().default(sql`now()`),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('lottery_coupons_coupon_no_uq').on(t.coupon_no),
    index('lottery_coupons_customer_idx').on(t.customer_id),
    index('lottery_coupons_branch_idx').on(t.branch_id, t.id),
    index('lottery_coupons_region_idx').on(t.region_id, t.id),
    index('lottery_coupons_report_idx').on(t.branch_id, t.region_id, t.period),
    index('lottery_coupons_period_idx').on(t.period, t.id),
    index('lottery_coupons_coupon_no_trgm').using('gin', sql`${t.coupon_no} gin_trgm_ops`),
  ],
);

/**
 * Lottery coupons counted per branch, region and period: kept by statement-level triggers on
 * lottery_coupons (0002_coupons.sql), read by /lottary/reportdata.
 */
export const lottery_counts = pgTable(
  'lottery_counts',
  {
    branch_id: integer('branch_id').notNull(),
    region_id: integer('region_id').notNull(),
    period: text('period').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'lottery_counts_pk', columns: [t.branch_id, t.region_id, t.period] })],
);
