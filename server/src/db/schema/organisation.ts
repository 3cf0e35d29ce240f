// Organisation: region groups > regions > (region areas) > branches, salesmen and partners.
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './common';

/** A group of regions (Jawa Barat, DKI Jakarta...). */
export const region_groups = pgTable('region_groups', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  ...timestamps(),
});

/** A sales region inside a region group. */
export const regions = pgTable(
  'regions',
  {
    id: id(),
    region_group_id: integer('region_group_id')
      .notNull()
      .references(() => region_groups.id),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [index('regions_group_idx').on(t.region_group_id)],
);

/** A smaller area inside a region. */
export const region_areas = pgTable(
  'region_areas',
  {
    id: id(),
    region_id: integer('region_id')
      .notNull()
      .references(() => regions.id),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [index('region_areas_region_idx').on(t.region_id)],
);

/** A distributor branch: the unit of staff scope. */
export const branches = pgTable(
  'branches',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    region_id: integer('region_id')
      .notNull()
      .references(() => regions.id),
    region_area_id: integer('region_area_id').references(() => region_areas.id),
    city: text('city').notNull().default(''),
    address: text('address').notNull().default(''),
    phone_number: text('phone_number').notNull().default(''),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('branches_region_idx').on(t.region_id), index('branches_name_idx').on(t.name)],
);

/** A kind of salesman (Canvas, Taking Order, Motoris). */
export const salesman_types = pgTable('salesman_types', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  ...timestamps(),
});

/** A salesman of one branch. */
export const salesmen = pgTable(
  'salesmen',
  {
    id: id(),
    salesman_code: text('salesman_code').notNull().unique(),
    salesman_name: text('salesman_name').notNull(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    salesman_type_id: integer('salesman_type_id').references(() => salesman_types.id),
    phone_number: text('phone_number').notNull().default(''),
    email: text('email').notNull().default(''),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('salesmen_branch_idx').on(t.branch_id, t.id),
    index('salesmen_type_idx').on(t.salesman_type_id),
    index('salesmen_name_idx').on(t.salesman_name),
  ],
);

/** An expedition, bank or cooperative, optionally of one branch. */
export const partners = pgTable(
  'partners',
  {
    id: id(),
    partner_code: text('partner_code').notNull(),
    partner_name: text('partner_name').notNull(),
    contact_name: text('contact_name').notNull().default(''),
    phone_number: text('phone_number').notNull().default(''),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    branch_id: integer('branch_id').references(() => branches.id),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('partners_code_uq').on(t.partner_code), index('partners_branch_idx').on(t.branch_id)],
);
