// App content managed by staff: news/info items, popups and promo videos.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './common';

/** A news or info item shown in the app. */
export const news = pgTable(
  'news',
  {
    id: id(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    photo_url: text('photo_url').notNull().default(''),
    /** Lower first (SPEC.md sorts news by priority ascending). */
    priority: integer('priority').notNull().default(0),
    active: boolean('active').notNull().default(true),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    index('news_priority_idx').on(t.priority, t.id),
    index('news_dates_idx').on(t.start_date, t.end_date),
    index('news_title_idx').on(t.title),
    index('news_active_priority_idx').on(t.active, t.priority, t.id),
    check('news_dates_ck', sql`${t.end_date} >= ${t.start_date}`),
  ],
);

/** A popup shown in the app between its start and end dates. */
export const popups = pgTable(
  'popups',
  {
    id: id(),
    title: text('title').notNull(),
    photo_url: text('photo_url').notNull().default(''),
    link: text('link').notNull().default(''),
    active: boolean('active').notNull().default(true),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    index('popups_dates_idx').on(t.start_date, t.end_date),
    check('popups_dates_ck', sql`${t.end_date} >= ${t.start_date}`),
  ],
);

/** A promo video shown in the app. */
export const promo_videos = pgTable(
  'promo_videos',
  {
    id: id(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    thumbnail_url: text('thumbnail_url').notNull().default(''),
    active: boolean('active').notNull().default(true),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    index('promo_videos_title_idx').on(t.title, t.id),
    index('promo_videos_active_title_idx').on(t.active, t.title, t.id),
    index('promo_videos_dates_idx').on(t.start_date, t.end_date),
    check('promo_videos_dates_ck', sql`${t.end_date} >= ${t.start_date}`),
  ],
);
