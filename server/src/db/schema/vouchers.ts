// Vouchers (a nominal in rupiah) and the customers who redeemed them.
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
import { id, timestamps, timestamptz } from './common';
import { customers } from './customers';
import { branches } from './organisation';
import { staff_users } from './staff';

/** A rupiah voucher with its quota and validity. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    nominal: numeric('nominal', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    photo_url: text('photo_url').notNull().default(''),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    /** How many customers may redeem it; null means unlimited. */
    quota: integer('quota'),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('vouchers_code_uq').on(t.code),
    index('vouchers_name_idx').on(t.name),
    index('vouchers_dates_idx').on(t.start_date, t.end_date),
    check('vouchers_nominal_ck', sql`${t.nominal} >= 0`),
    check('vouchers_quota_ck', sql`${t.quota} is null or ${t.quota} >= 0`),
    check('vouchers_dates_ck', sql`${t.end_date} >= ${t.start_date}`),
  ],
);

/**
 * A customer redeemed a voucher, at most once per voucher (so a bulk add is idempotent).
 * branch_id is the customer's branch at redemption time (SPEC.md lists it; filters and scope use it).
 */
export const voucher_redemptions = pgTable(
  'voucher_redemptions',
  {
    id: id(),
    voucher_id: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    redeemed_at: timestamptz('redeemed_at').notNull().default(sql`now()`),
    note: text('note').notNull().default(''),
    created_by: integer('created_by').references(() => staff_users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('voucher_redemptions_voucher_customer_uq').on(t.voucher_id, t.customer_id),
    index('voucher_redemptions_voucher_idx').on(t.voucher_id, t.id),
    index('voucher_redemptions_customer_idx').on(t.customer_id),
    index('voucher_redemptions_branch_idx').on(t.branch_id, t.id),
  ],
);
