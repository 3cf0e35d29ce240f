// Dashboards: turnover rollups, points per day and branch, virtual-account payments.
// The rollups are written only by the triggers of migration 0005_dashboards.sql (and rebuilt by
// `npm run rollups:rebuild`); this file mirrors them for typed reads. /work/notes/rollups.md and
// server/src/modules/dashboards/README.md say what each column holds.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { id, timestamptz } from './common';
import { branches } from './organisation';
import { sales_invoices } from './sales';

const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: 'number' });
const quantity = (name: string) => numeric(name, { precision: 18, scale: 4, mode: 'number' });

/** Per invoice day and branch: header counts by status and amounts, line turnover (cancelled excluded). */
export const dash_day_branch = pgTable(
  'dash_day_branch',
  {
    day: date('day', { mode: 'string' }).notNull(),
    branch_id: integer('branch_id').notNull(),
    invoice_count: integer('invoice_count').notNull().default(0),
    unpaid_count: integer('unpaid_count').notNull().default(0),
    partial_count: integer('partial_count').notNull().default(0),
    paid_count: integer('paid_count').notNull().default(0),
    cancelled_count: integer('cancelled_count').notNull().default(0),
    invoice_amount: money('invoice_amount').notNull().default(0),
    paid_amount: money('paid_amount').notNull().default(0),
    turnover: money('turnover').notNull().default(0),
    qty: quantity('qty').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'dash_day_branch_pk', columns: [t.day, t.branch_id] }),
    index('dash_day_branch_branch_idx').on(t.branch_id, t.day),
  ],
);

/** Per invoice day, branch and item: line turnover and quantity (the item's category at the sale). */
export const dash_day_branch_item = pgTable(
  'dash_day_branch_item',
  {
    day: date('day', { mode: 'string' }).notNull(),
    branch_id: integer('branch_id').notNull(),
    item_id: integer('item_id').notNull(),
    item_category_id: integer('item_category_id'),
    turnover: money('turnover').notNull().default(0),
    qty: quantity('qty').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'dash_day_branch_item_pk', columns: [t.day, t.branch_id, t.item_id] }),
    index('dash_day_branch_item_item_idx').on(t.item_id, t.day),
    index('dash_day_branch_item_category_idx').on(t.item_category_id, t.day),
  ],
);

/** Per month (first day), branch and item. */
export const dash_month_branch_item = pgTable(
  'dash_month_branch_item',
  {
    month: date('month', { mode: 'string' }).notNull(),
    branch_id: integer('branch_id').notNull(),
    item_id: integer('item_id').notNull(),
    item_category_id: integer('item_category_id'),
    turnover: money('turnover').notNull().default(0),
    qty: quantity('qty').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'dash_month_branch_item_pk', columns: [t.month, t.branch_id, t.item_id] }),
    index('dash_month_branch_item_category_idx').on(t.item_category_id, t.month),
    index('dash_month_branch_item_item_idx').on(t.item_id, t.month),
  ],
);

/** Per branch, day and customer (every category). */
export const dash_day_customer = pgTable(
  'dash_day_customer',
  {
    branch_id: integer('branch_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    customer_id: integer('customer_id').notNull(),
    turnover: money('turnover').notNull().default(0),
    qty: quantity('qty').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'dash_day_customer_pk', columns: [t.branch_id, t.day, t.customer_id] })],
);

/** Per day and item over every branch (answers for users who see every branch). */
export const dash_day_item = pgTable(
  'dash_day_item',
  {
    day: date('day', { mode: 'string' }).notNull(),
    item_id: integer('item_id').notNull(),
    item_category_id: integer('item_category_id'),
    turnover: money('turnover').notNull().default(0),
    qty: quantity('qty').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'dash_day_item_pk', columns: [t.day, t.item_id] }),
    index('dash_day_item_category_idx').on(t.item_category_id, t.day),
  ],
);

/** Stores per branch and customer type (0: none): how many, how many registered in the app. */
export const dash_store_totals = pgTable(
  'dash_store_totals',
  {
    branch_id: integer('branch_id').notNull(),
    customer_type_id: integer('customer_type_id').notNull(),
    stores: integer('stores').notNull().default(0),
    registered: integer('registered').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'dash_store_totals_pk', columns: [t.branch_id, t.customer_type_id] })],
);

/** Registrations in the app per Asia/Jakarta day, branch and customer type (0: none). */
export const dash_store_registrations = pgTable(
  'dash_store_registrations',
  {
    day: date('day', { mode: 'string' }).notNull(),
    branch_id: integer('branch_id').notNull(),
    customer_type_id: integer('customer_type_id').notNull(),
    registered: integer('registered').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'dash_store_registrations_pk', columns: [t.day, t.branch_id, t.customer_type_id] }),
  ],
);

/** Per branch, day, customer and item category (0: items without a category). */
export const dash_day_customer_category = pgTable(
  'dash_day_customer_category',
  {
    day: date('day', { mode: 'string' }).notNull(),
    branch_id: integer('branch_id').notNull(),
    customer_id: integer('customer_id').notNull(),
    item_category_id: integer('item_category_id').notNull(),
    turnover: money('turnover').notNull().default(0),
    qty: quantity('qty').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'dash_day_customer_category_pk',
      columns: [t.branch_id, t.day, t.customer_id, t.item_category_id],
    }),
    index('dash_day_customer_category_customer_idx').on(t.customer_id, t.day),
    index('dash_day_customer_category_category_idx').on(t.branch_id, t.item_category_id, t.day),
  ],
);

/** Points per movement day and the customer's branch: earned (invoice, promo), redeemed (coupons less reverts). */
export const dash_points_day_branch = pgTable(
  'dash_points_day_branch',
  {
    day: date('day', { mode: 'string' }).notNull(),
    branch_id: integer('branch_id').notNull(),
    points_earned: bigint('points_earned', { mode: 'number' }).notNull().default(0),
    points_redeemed: bigint('points_redeemed', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'dash_points_day_branch_pk', columns: [t.day, t.branch_id] })],
);

/** A bank's virtual-account payment notification, matched to its invoice or kept unmatched. */
export const va_payments = pgTable(
  'va_payments',
  {
    id: id(),
    payment_id: text('payment_id').notNull().unique('va_payments_payment_id_uq'),
    invoice_number: text('invoice_number').notNull(),
    virtual_account_no: text('virtual_account_no').notNull().default(''),
    amount: money('amount').notNull(),
    paid_at: timestamptz('paid_at').notNull(),
    invoice_id: integer('invoice_id').references(() => sales_invoices.id, { onDelete: 'set null' }),
    branch_id: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    matched: boolean('matched').notNull(),
    note: text('note').notNull().default(''),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('va_payments_paid_idx').on(t.paid_at, t.id),
    index('va_payments_invoice_idx').on(t.invoice_number),
    index('va_payments_branch_idx').on(t.branch_id, t.paid_at),
    check('va_payments_amount_ck', sql`${t.amount} > 0`),
    check('va_payments_matched_ck', sql`${t.matched} = (${t.invoice_id} is not null)`),
  ],
);
