// Upload folders (a campaign such as "Foto display toko") and the files customers upload into them.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './common';
import { customers } from './customers';
import { branches } from './organisation';

/** A collection customers upload files into (such as "Foto Display Toko"). */
export const upload_folders = pgTable(
  'upload_folders',
  {
    id: id(),
    name: text('name').notNull(),
    /** Only this branch's customers; null means every branch. */
    branch_id: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    /** A folder for one customer; null means any customer. */
    customer_code: text('customer_code').references(() => customers.customer_code, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    description: text('description').notNull().default(''),
    /** The campaign's dates (both optional). */
    start_date: date('start_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    check(
      'upload_folders_dates_ck',
      sql`${t.end_date} is null or ${t.start_date} is null or ${t.end_date} >= ${t.start_date}`,
    ),
    index('upload_folders_branch_idx').on(t.branch_id),
    index('upload_folders_customer_idx').on(t.customer_code),
    index('upload_folders_created_idx').on(t.created_at, t.id),
  ],
);

/**
 * One uploaded file. branch_id is the customer's branch at upload time, copied so the upload
 * report per branch and branch scope need no join through customers.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    upload_folder_id: integer('upload_folder_id')
      .notNull()
      .references(() => upload_folders.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    file_url: text('file_url').notNull(),
    /** A small WebP made on upload (max 320 px); '' for photos stored before thumbnails existed. */
    thumbnail_url: text('thumbnail_url').notNull().default(''),
    file_name: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    uploaded_at: timestamptz('uploaded_at').notNull().default(sql`now()`),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('uploads_folder_customer_time_idx').on(t.upload_folder_id, t.customer_id, t.uploaded_at),
    index('uploads_customer_idx').on(t.customer_id),
    index('uploads_branch_date_idx').on(t.branch_id, t.uploaded_at),
    index('uploads_date_idx').on(t.uploaded_at),
    check('uploads_size_ck', sql`${t.size} >= 0`),
  ],
);

/**
 * One row per folder and store that uploaded into it: the group view's pages (stores by their latest
 * photo). Kept by statement-level triggers on uploads (migration 0004), never written by the code.
 */
export const upload_folder_stores = pgTable(
  'upload_folder_stores',
  {
    upload_folder_id: integer('upload_folder_id')
      .notNull()
      .references(() => upload_folders.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The branch of the store's latest upload. */
    branch_id: integer('branch_id').notNull(),
    photo_count: integer('photo_count').notNull(),
    last_uploaded_at: timestamptz('last_uploaded_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'upload_folder_stores_pk', columns: [t.upload_folder_id, t.customer_id] }),
    // DESC alone is NULLS FIRST, as the migration created it (both columns are NOT NULL anyway).
    index('upload_folder_stores_recent_idx').on(
      t.upload_folder_id,
      t.last_uploaded_at.desc().nullsFirst(),
      t.customer_id.desc().nullsFirst(),
    ),
    index('upload_folder_stores_customer_idx').on(t.customer_id),
  ],
);
