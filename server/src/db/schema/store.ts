// The stores' companion app: one-time sign-in codes (their keyed hash only) and the answers kept for
// retried requests. Sessions and refresh tokens are the staff ones (auth_sessions.customer_id);
// request limits are counted in login_failures.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, timestamptz } from './common';
import { customers } from './customers';
import { staff_users } from './staff';

/** A one-time code sent to a phone number: 6 digits, single use, a few wrong tries. */
export const store_otp_codes = pgTable(
  'store_otp_codes',
  {
    id: id(),
    /** The number as normalised (0812...), not necessarily any store's. */
    phone_number: text('phone_number').notNull(),
    /** HMAC-SHA-256 of the number and the code under a server key: never the code itself. */
    code_hash: text('code_hash').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    /** Wrong codes presented for this one; at 5 it is spent. */
    failures: integer('failures').notNull().default(0),
    used_at: timestamptz('used_at'),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('store_otp_codes_phone_idx').on(t.phone_number, t.id),
    index('store_otp_codes_expires_idx').on(t.expires_at),
    check('store_otp_codes_failures_ck', sql`${t.failures} >= 0`),
  ],
);

/**
 * The first answer of a store's request sent with an `Idempotency-Key`: a retry with the same key
 * gets it again instead of acting twice. Written in the action's own transaction, so a request that
 * failed leaves nothing and a retry acts afresh; a retry arriving during the first waits on its row.
 */
export const store_idempotency = pgTable(
  'store_idempotency',
  {
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the key was first used for (`redeem:<coupon id>`): the same key for another request is refused. */
    request: text('request').notNull(),
    status: integer('status'),
    response: jsonb('response'),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.customer_id, t.key] }),
    index('store_idempotency_created_idx').on(t.created_at),
  ],
);

/**
 * A profile change a store asked for in the app (PUT /store/me), waiting for the back office to
 * approve (the values are applied) or reject it. A null field is not part of the change. At most one
 * waiting change per store (a new request replaces it); decided ones stay as history.
 */
export const store_profile_changes = pgTable(
  'store_profile_changes',
  {
    id: id(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    owner_name: text('owner_name'),
    address: text('address'),
    photo_url: text('photo_url'),
    status: text('status').notNull().default('pending'),
    /** The store's admin_validate before it asked: a rejection puts it back. */
    admin_validate_before: boolean('admin_validate_before').notNull(),
    requested_at: timestamptz('requested_at').notNull().default(sql`now()`),
    decided_at: timestamptz('decided_at'),
    decided_by: integer('decided_by').references(() => staff_users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('store_profile_changes_pending_uq').on(t.customer_id).where(sql`${t.status} = 'pending'`),
    index('store_profile_changes_customer_idx').on(t.customer_id, t.id),
    check('store_profile_changes_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('store_profile_changes_decided_ck', sql`(${t.status} = 'pending') = (${t.decided_at} is null)`),
  ],
);
