// Broadcast messages to customers' apps and their per-customer deliveries.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, inList, timestamps, timestamptz } from './common';
import { staff_users } from './staff';

/** draft > queued (executed, waiting for delivery) > sending > sent; failed; cancelled (never sent). */
export const BROADCAST_STATUSES = ['draft', 'queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export const DELIVERY_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed'] as const;

/** Who a broadcast goes to; an empty or missing list means "no restriction on that field". */
export type BroadcastTarget = {
  region_group_ids?: number[];
  region_ids?: number[];
  branch_ids?: number[];
  customer_type_ids?: number[];
  customer_codes?: string[];
  installed_only?: boolean;
};

/** A message to app users, sent to the stores its target selects. */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: id(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    image_url: text('image_url').notNull().default(''),
    /** Where the app opens when the message is tapped ('' for nowhere; 0003_content.sql). */
    link: text('link').notNull().default(''),
    target: jsonb('target').$type<BroadcastTarget>().notNull().default({}),
    status: text('status').notNull().default('draft'),
    scheduled_at: timestamptz('scheduled_at'),
    executed_at: timestamptz('executed_at'),
    executed_by: integer('executed_by').references(() => staff_users.id, { onDelete: 'set null' }),
    sent_count: integer('sent_count').notNull().default(0),
    /**
     * Set on a notice the server writes itself (`point_expiry:<date>`: the points expiring on that
     * date); one broadcast per key, so a daily run repeated writes no second notice.
     */
    notice_key: text('notice_key'),
    created_by: integer('created_by').references(() => staff_users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('broadcasts_status_idx').on(t.status, t.id),
    uniqueIndex('broadcasts_notice_key_uq').on(t.notice_key).where(sql`${t.notice_key} is not null`),
    index('broadcasts_created_idx').on(t.created_at, t.id),
    check('broadcasts_status_ck', sql`${t.status} in (${inList(BROADCAST_STATUSES)})`),
    check('broadcasts_sent_count_ck', sql`${t.sent_count} >= 0`),
  ],
);

/** One store's copy of a broadcast and its delivery status. */
export const broadcast_deliveries = pgTable(
  'broadcast_deliveries',
  {
    id: id(),
    // Both ids are checked and cascaded by statement-level triggers instead of per-row foreign keys
    // (0010_content_perf.sql: an execute to 100,000 stores spent most of its time in the checks).
    broadcast_id: integer('broadcast_id').notNull(),
    customer_id: integer('customer_id').notNull(),
    status: text('status').notNull().default('pending'),
    delivered_at: timestamptz('delivered_at'),
    /** When the store opened it in the companion app (status read; the broadcast view counts them). */
    read_at: timestamptz('read_at'),
    error: text('error').notNull().default(''),
    /**
     * A notice's own figures for this store (`{"points": 1200, "date": "2026-12-31"}` for expiring
     * points): the inbox words them in the reader's language instead of the broadcast's message.
     */
    notice: jsonb('notice').$type<Record<string, string | number>>(),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('broadcast_deliveries_broadcast_customer_uq').on(t.broadcast_id, t.customer_id),
    // A store's inbox, newest first (and the cascade from customers).
    index('broadcast_deliveries_customer_idx').on(t.customer_id, t.id),
    check('broadcast_deliveries_status_ck', sql`${t.status} in (${inList(DELIVERY_STATUSES)})`),
  ],
);
