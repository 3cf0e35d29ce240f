// The stores' companion app: one-time sign-in codes (their keyed hash only) and the answers kept for
// retried requests. Sessions and refresh tokens are the staff ones (auth_sessions.customer_id);
// request limits are counted in login_failures.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './common';
import { customers } from './customers';

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
