// Customers (the stores), their types and levels, and what is recorded about them: staff changes
// (customer_logs), app activity (customer_activities, which feeds "last seen") and salesman visits.
// A customer's region and region group are derived through its branch (branches.region_id ->
// regions.region_group_id) and are deliberately not stored here, so moving a branch never leaves
// stale copies behind.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './common';
import { branches, region_areas, salesman_types, salesmen } from './organisation';
import { point_tiers } from './points';
import { staff_users } from './staff';

/** A kind of store (Toko Kelontong, Grosir, Minimarket, Warung, Apotek). */
export const customer_types = pgTable(
  'customer_types',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('customer_types_code_uq').on(t.code), index('customer_types_name_idx').on(t.name)],
);

/** A loyalty level (Bronze, Silver, Gold, Platinum) ordered by rank. */
export const customer_levels = pgTable(
  'customer_levels',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Display order, lowest level first. */
    rank: integer('rank').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('customer_levels_code_uq').on(t.code)],
);

/** A store (the customer), with its branch, type, level, salesman, app flags and cached point balance. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    customer_code: text('customer_code').notNull().unique('customers_code_uq'),
    customer_name: text('customer_name').notNull(),
    owner_name: text('owner_name').notNull().default(''),
    /** What the list's search matches (name, code and owner, lower-cased; kept by PostgreSQL), with one
     *  trigram index: one index scan and a plain LIKE recheck instead of three ILIKE column scans. */
    search_text: text('search_text').generatedAlwaysAs(
      sql`lower(customer_name || ' ' || customer_code || ' ' || owner_name)`,
    ),
    customer_type_id: integer('customer_type_id').references(() => customer_types.id),
    customer_level_id: integer('customer_level_id').references(() => customer_levels.id),
    salesman_id: integer('salesman_id').references(() => salesmen.id, { onDelete: 'set null' }),
    salesman_type_id: integer('salesman_type_id').references(() => salesman_types.id),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    region_area_id: integer('region_area_id').references(() => region_areas.id, { onDelete: 'set null' }),
    phone_number: text('phone_number').notNull().default(''),
    /** The phone number's digits with Indonesia's +62 written as 0 (kept by PostgreSQL): what the
     *  list's phone filter matches, so `0853 7735`, `+62 853-7735` and a part of it find the store. */
    phone_digits: text('phone_digits').generatedAlwaysAs(
      sql`regexp_replace(regexp_replace(phone_number, '[^0-9]', '', 'g'), '^62', '0')`,
    ),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    photo_url: text('photo_url').notNull().default(''),
    show_in_app: boolean('show_in_app').notNull().default(true),
    is_data_complete: boolean('is_data_complete').notNull().default(false),
    active: boolean('active').notNull().default(true),
    admin_validate: boolean('admin_validate').notNull().default(false),
    /** The store has installed the companion mobile app. */
    installed: boolean('installed').notNull().default(false),
    class_mekar: boolean('class_mekar').notNull().default(false),
    /** Earns no points at all while set. */
    exclude_all_point: boolean('exclude_all_point').notNull().default(false),
    note: text('note').notNull().default(''),
    /** Standing cap on master points per calendar month; null means no cap. */
    monthly_max_point: integer('monthly_max_point'),
    /** Cached sum of the customer's non-void point_ledger rows, updated in the same transaction. */
    point_balance: integer('point_balance').notNull().default(0),
    /** The store's tier (point_tiers), set by the monthly tier computation; null: never computed. */
    tier_id: integer('tier_id').references((): AnyPgColumn => point_tiers.id, { onDelete: 'set null' }),
    /** The day the store took its tier. */
    tier_since: date('tier_since', { mode: 'string' }),
    /**
     * The first day of the month in which the store's turnover fell below its tier: it keeps the tier
     * through that month (the grace month) and drops at the next computation still below. Null: not in grace.
     */
    tier_grace_from: date('tier_grace_from', { mode: 'string' }),
    /** The rolling 12-month turnover the last computation found. */
    tier_turnover_12m: numeric('tier_turnover_12m', { precision: 18, scale: 2, mode: 'number' }),
    /** When the store registered in the mobile app. */
    registered_at: timestamptz('registered_at'),
    last_seen_at: timestamptz('last_seen_at'),
    ...timestamps(),
  },
  (t) => [
    index('customers_branch_idx').on(t.branch_id, t.id),
    index('customers_type_idx').on(t.customer_type_id),
    index('customers_level_idx').on(t.customer_level_id),
    index('customers_salesman_idx').on(t.salesman_id),
    index('customers_salesman_type_idx').on(t.salesman_type_id),
    index('customers_region_area_idx').on(t.region_area_id),
    index('customers_phone_idx').on(t.phone_number),
    index('customers_name_idx').on(t.customer_name, t.id),
    index('customers_created_idx').on(t.created_at, t.id),
    index('customers_last_seen_idx').on(t.last_seen_at, t.id),
    // Registrations in a range (0005_dashboards.sql).
    index('customers_registered_idx').on(t.registered_at, t.id).where(sql`${t.registered_at} is not null`),
    // Flag filters without a search: the count and the first page come from these (flag, id) indexes.
    index('customers_active_idx').on(t.active, t.id),
    index('customers_show_in_app_idx').on(t.show_in_app, t.id),
    index('customers_data_complete_idx').on(t.is_data_complete, t.id),
    index('customers_admin_validate_idx').on(t.admin_validate, t.id),
    index('customers_tier_idx').on(t.tier_id, t.id),
    index('customers_max_point_idx').on(t.id).where(sql`${t.monthly_max_point} is not null`),
    index('customers_name_trgm').using('gin', sql`${t.customer_name} gin_trgm_ops`),
    index('customers_code_trgm').using('gin', sql`${t.customer_code} gin_trgm_ops`),
    index('customers_owner_trgm').using('gin', sql`${t.owner_name} gin_trgm_ops`),
    index('customers_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
    index('customers_phone_digits_trgm').using('gin', sql`${t.phone_digits} gin_trgm_ops`),
    check('customers_point_balance_ck', sql`${t.point_balance} >= 0`),
    check(
      'customers_monthly_max_point_ck',
      sql`${t.monthly_max_point} is null or ${t.monthly_max_point} >= 0`,
    ),
    check('customers_latitude_ck', sql`${t.latitude} between -90 and 90`),
    check('customers_longitude_ck', sql`${t.longitude} between -180 and 180`),
  ],
);

/** Staff changes to a customer (who, what, details), shown by GET /customer_log/. */
export const customer_logs = pgTable(
  'customer_logs',
  {
    id: id(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => staff_users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').notNull().default({}),
    at: timestamptz('at').notNull().default(sql`now()`),
  },
  (t) => [
    index('customer_logs_customer_idx').on(t.customer_id, t.at),
    index('customer_logs_at_idx').on(t.at, t.id),
  ],
);

/** What a store did in the mobile app (sign-in, open catalogue, redeem...); the latest one is "last seen". */
export const customer_activities = pgTable(
  'customer_activities',
  {
    id: id(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    activity: text('activity').notNull(),
    device: text('device').notNull().default(''),
    app_version: text('app_version').notNull().default(''),
    ip: text('ip').notNull().default(''),
    at: timestamptz('at').notNull().default(sql`now()`),
  },
  (t) => [
    index('customer_activities_customer_idx').on(t.customer_id, t.at),
    index('customer_activities_at_idx').on(t.at, t.id),
  ],
);

/** A salesman's visit to a store, with check-in and check-out. */
export const salesman_visits = pgTable(
  'salesman_visits',
  {
    id: id(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    salesman_id: integer('salesman_id')
      .notNull()
      .references(() => salesmen.id),
    visit_date: date('visit_date', { mode: 'string' }).notNull(),
    check_in_at: timestamptz('check_in_at'),
    check_out_at: timestamptz('check_out_at'),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('salesman_visits_customer_idx').on(t.customer_id, t.visit_date),
    index('salesman_visits_salesman_idx').on(t.salesman_id, t.visit_date),
    check(
      'salesman_visits_checkout_ck',
      sql`${t.check_out_at} is null or ${t.check_in_at} is null or ${t.check_out_at} >= ${t.check_in_at}`,
    ),
  ],
);
