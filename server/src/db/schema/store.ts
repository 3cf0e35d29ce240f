// The stores' companion app: one-time sign-in codes (their keyed hash only). Sessions and refresh
// tokens are the staff ones (auth_sessions.customer_id); request limits are counted in login_failures.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './common';

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
