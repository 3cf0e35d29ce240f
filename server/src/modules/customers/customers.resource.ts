// Customers area, declared once: customers (list with every SPEC.md filter, detail with targets,
// achievements and visits, edit with a photo), customer types, the customer log and the last-seen lists.
import {
  customerActivityContract,
  customerContract,
  customerLastSeenContract,
  customerLogContract,
  customerTypeContract,
} from '@lbo/contract/customers';
import { and, desc, eq, isNotNull, isNull, like, type SQL, sql } from 'drizzle-orm';
import {
  customer_activities,
  customer_levels,
  customer_logs,
  customer_types,
  customers,
  salesman_visits,
} from '../../db/schema/customers';
import { branches, region_groups, regions, salesman_types, salesmen } from '../../db/schema/organisation';
import { point_tiers } from '../../db/schema/points';
import { staff_users } from '../../db/schema/staff';
import { customer_targets } from '../../db/schema/targets';
import { jakartaToday } from '../../http/dates';
import { FilterTags, LowerCasedSearch } from '../../http/list-query';
import { defineResource, outerColumn } from '../../resources/define';
import { customerAchievements, logCustomerChanges } from './customers.service';

/** What the API shows of a customer; region and region group come through the branch. */
export const customerColumns = {
  id: customers.id,
  customer_code: customers.customer_code,
  customer_name: customers.customer_name,
  owner_name: customers.owner_name,
  customer_type_id: customers.customer_type_id,
  customer_type_name: customer_types.name,
  customer_level_id: customers.customer_level_id,
  customer_level_name: customer_levels.name,
  salesman_id: customers.salesman_id,
  salesman_name: salesmen.salesman_name,
  salesman_type_id: customers.salesman_type_id,
  salesman_type_name: salesman_types.name,
  branch_id: customers.branch_id,
  branch_name: branches.name,
  region_id: branches.region_id,
  region_name: regions.name,
  region_group_id: regions.region_group_id,
  region_group_name: region_groups.name,
  region_area_id: customers.region_area_id,
  phone_number: customers.phone_number,
  email: customers.email,
  address: customers.address,
  city: customers.city,
  latitude: customers.latitude,
  longitude: customers.longitude,
  photo_url: customers.photo_url,
  show_in_app: customers.show_in_app,
  is_data_complete: customers.is_data_complete,
  active: customers.active,
  admin_validate: customers.admin_validate,
  installed: customers.installed,
  class_mekar: customers.class_mekar,
  exclude_all_point: customers.exclude_all_point,
  note: customers.note,
  monthly_max_point: customers.monthly_max_point,
  point_balance: customers.point_balance,
  tier_id: customers.tier_id,
  tier_name: point_tiers.name,
  tier_since: customers.tier_since,
  tier_grace_from: customers.tier_grace_from,
  tier_turnover_12m: customers.tier_turnover_12m,
  registered_at: customers.registered_at,
  last_seen_at: customers.last_seen_at,
  created_at: customers.created_at,
  updated_at: customers.updated_at,
};

// Left joins throughout, although branch, region and region group always exist (foreign keys, not
// null): PostgreSQL drops a left join nothing refers to, so counts and page-id scans touch customers only.
// biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder
export const customerJoins = (q: any) =>
  q
    .leftJoin(branches, eq(branches.id, customers.branch_id))
    .leftJoin(regions, eq(regions.id, branches.region_id))
    .leftJoin(region_groups, eq(region_groups.id, regions.region_group_id))
    .leftJoin(customer_types, eq(customer_types.id, customers.customer_type_id))
    .leftJoin(customer_levels, eq(customer_levels.id, customers.customer_level_id))
    .leftJoin(salesmen, eq(salesmen.id, customers.salesman_id))
    .leftJoin(salesman_types, eq(salesman_types.id, customers.salesman_type_id))
    .leftJoin(point_tiers, eq(point_tiers.id, customers.tier_id));

/**
 * The customer list's equality filters as tags, indexed with `search_text` in one GIN index
 * (customers_search_filters_trgm, migration 0012_list_speed; the expression written exactly as there):
 * a search under a type, branch or flag filter finds its matches in one index scan. A flag is tagged
 * only for its rare value (in the large seed: 4% inactive, 15% hidden from the app, 10% class mekar,
 * 2% excluded from points, 8% with a monthly maximum); under its common value the plain plan (read
 * rows in order until enough match) is the cheaper one. `monthly_max_point` is tagged by whether it is
 * set, the filter's meaning.
 */
export const customerFilterTags = new FilterTags(
  sql`(array['t' || ${customers.customer_type_id}::text, 'l' || ${customers.customer_level_id}::text, 'b' || ${customers.branch_id}::text, 's' || ${customers.salesman_id}::text, 'y' || ${customers.salesman_type_id}::text, 'a' || ${customers.active}::text, 'v' || ${customers.show_in_app}::text, 'c' || ${customers.is_data_complete}::text, 'd' || ${customers.admin_validate}::text, 'k' || ${customers.class_mekar}::text, 'x' || ${customers.exclude_all_point}::text, 'i' || ${customers.installed}::text, 'm' || (${customers.monthly_max_point} is not null)::text])`,
  {
    customer_type_id: 't',
    customer_level_id: 'l',
    branch_id: 'b',
    salesman_id: 's',
    salesman_type_id: 'y',
    active: { prefix: 'a', only: false },
    show_in_app: { prefix: 'v', only: false },
    is_data_complete: { prefix: 'c', only: false },
    admin_validate: { prefix: 'd', only: false },
    class_mekar: { prefix: 'k', only: true },
    exclude_all_point: { prefix: 'x', only: true },
    installed: { prefix: 'i', only: false },
    monthly_max_point: { prefix: 'm', only: true },
  },
  'b',
);

/**
 * The phone filter finds a store by any part of its number, however it is written: digits only, with
 * +62 read as 0 (phone_digits, trigram-indexed). A value without digits matches the number as typed.
 */
function phoneFilter(value: string): SQL {
  const digits = value.replace(/\D/g, '').replace(/^62/, '0');
  return digits ? like(customers.phone_digits, `%${digits}%`) : eq(customers.phone_number, value);
}

export const customerResource = defineResource({
  contract: customerContract,
  table: customers,
  columns: customerColumns,
  joins: customerJoins,
  sort: {
    id: customers.id,
    customer_id: customers.id,
    customer_name: customers.customer_name,
    customer_code: customers.customer_code,
    branch_name: branches.name,
    monthly_max_point: customers.monthly_max_point,
    point_balance: customers.point_balance,
    last_seen_at: customers.last_seen_at,
    created_at: customers.created_at,
    created_date: customers.created_at,
  },
  // Name, code and owner in one generated lower-cased column with a trigram index (pg_trgm): one
  // index scan and a plain LIKE recheck at 100k customers (three ILIKE columns took 0.5-1.6 s on
  // common words).
  search: [new LowerCasedSearch(customers.search_text)],
  searchTags: customerFilterTags,
  filters: {
    branch_id: customers.branch_id,
    region_id: branches.region_id,
    region_group_id: regions.region_group_id,
    phone_number: phoneFilter,
    show_in_app: customers.show_in_app,
    customer_type_id: customers.customer_type_id,
    customer_level_id: customers.customer_level_id,
    salesman_id: customers.salesman_id,
    salesman_type_id: customers.salesman_type_id,
    is_data_complete: customers.is_data_complete,
    active: customers.active,
    admin_validate: customers.admin_validate,
    class_mekar: customers.class_mekar,
    exclude_all_point: customers.exclude_all_point,
    installed: customers.installed,
    tier_id: customers.tier_id,
    monthly_max_point: (only: boolean) =>
      only ? isNotNull(customers.monthly_max_point) : isNull(customers.monthly_max_point),
  },
  // Body references (`salesman_id`, `branch_id`) are declared in the contract (ref).
  scope: { branchColumn: customers.branch_id },
  code: customers.customer_code,
  upload: { column: 'photo_url', folder: 'customer' },
  detail: async (customer, { db, query }) => {
    const id = customer.id as number;
    const year = (query.year as number | undefined) ?? Number(jakartaToday().slice(0, 4));
    const [targets, achievements, visits] = await Promise.all([
      db
        .select({
          id: customer_targets.id,
          customer_id: customer_targets.customer_id,
          year: customer_targets.year,
          month: customer_targets.month,
          quarter: sql<number>`((${customer_targets.month} - 1) / 3 + 1)::int`,
          semester: sql<number>`((${customer_targets.month} - 1) / 6 + 1)::int`,
          target_amount: customer_targets.target_amount,
        })
        .from(customer_targets)
        .where(and(eq(customer_targets.customer_id, id), eq(customer_targets.year, year)))
        .orderBy(customer_targets.month),
      customerAchievements(db, id, year),
      db
        .select({
          id: salesman_visits.id,
          salesman_id: salesman_visits.salesman_id,
          salesman_code: salesmen.salesman_code,
          salesman_name: salesmen.salesman_name,
          visit_date: salesman_visits.visit_date,
          check_in_at: salesman_visits.check_in_at,
          check_out_at: salesman_visits.check_out_at,
          note: salesman_visits.note,
        })
        .from(salesman_visits)
        .innerJoin(salesmen, eq(salesmen.id, salesman_visits.salesman_id))
        .where(
          and(
            eq(salesman_visits.customer_id, id),
            sql`${salesman_visits.visit_date} >= make_date(${year}::int, 1, 1)`,
            sql`${salesman_visits.visit_date} < make_date(${year + 1}::int, 1, 1)`,
          ),
        )
        .orderBy(desc(salesman_visits.visit_date), desc(salesman_visits.id))
        .limit(400),
    ]);
    return { customer, customer_target: targets, customer_achievement: achievements, salesman_visit: visits };
  },
  hooks: {
    beforeUpdate: async (id, input, before, { req, tx }) => {
      await logCustomerChanges(tx, req, [{ id, before, after: input }], 'update');
      return input;
    },
  },
});

export const customerTypeResource = defineResource({
  scope: 'none',
  contract: customerTypeContract,
  table: customer_types,
  columns: {
    id: customer_types.id,
    code: customer_types.code,
    name: customer_types.name,
    description: customer_types.description,
    active: customer_types.active,
  },
  sort: {
    id: customer_types.id,
    customer_type_id: customer_types.id,
    name: customer_types.name,
    code: customer_types.code,
  },
  search: [customer_types.name, customer_types.code],
  filters: { active: customer_types.active },
});

/** `at` on or after the start of a business date / before the end of one (Asia/Jakarta session). */
const fromDate = (col: unknown) => (d: string) => sql`${col} >= ${d}::date`;
const untilDate = (col: unknown) => (d: string) => sql`${col} < ${d}::date + 1`;

export const customerLogResource = defineResource({
  contract: customerLogContract,
  table: customer_logs,
  columns: {
    id: customer_logs.id,
    customer_id: customer_logs.customer_id,
    customer_code: customers.customer_code,
    customer_name: customers.customer_name,
    branch_id: customers.branch_id,
    branch_name: branches.name,
    staff_id: customer_logs.user_id,
    staff_name: staff_users.name,
    action: customer_logs.action,
    detail: customer_logs.detail,
    at: customer_logs.at,
  },
  joins: (q) =>
    q
      .leftJoin(customers, eq(customers.id, customer_logs.customer_id))
      .leftJoin(branches, eq(branches.id, customers.branch_id))
      .leftJoin(staff_users, eq(staff_users.id, customer_logs.user_id)),
  sort: {
    id: customer_logs.id,
    at: customer_logs.at,
    created_at: customer_logs.at,
    created_date: customer_logs.at,
    customer_name: customers.customer_name,
    action: customer_logs.action,
  },
  search: [customers.customer_name, customers.customer_code, customer_logs.action],
  filters: {
    customer_id: customer_logs.customer_id,
    branch_id: customers.branch_id,
    staff_id: customer_logs.user_id,
    action: customer_logs.action,
    start_date: fromDate(customer_logs.at),
    end_date: untilDate(customer_logs.at),
  },
  scope: { branchColumn: customers.branch_id },
});

/** The latest activity of the row's customer (index customer_activities_customer_idx). */
const lastActivity = (column: 'activity' | 'device' | 'app_version') =>
  sql<
    string | null
  >`(select a.${sql.raw(column)} from ${customer_activities} a where a.customer_id = ${outerColumn(customers.id)} order by a.at desc, a.id desc limit 1)`;

export const customerLastSeenResource = defineResource({
  contract: customerLastSeenContract,
  table: customers,
  columns: {
    id: customers.id,
    customer_code: customers.customer_code,
    customer_name: customers.customer_name,
    branch_id: customers.branch_id,
    branch_name: branches.name,
    phone_number: customers.phone_number,
    installed: customers.installed,
    last_seen_at: customers.last_seen_at,
    last_activity: lastActivity('activity'),
    last_device: lastActivity('device'),
    last_app_version: lastActivity('app_version'),
  },
  joins: (q) => q.leftJoin(branches, eq(branches.id, customers.branch_id)),
  where: () => isNotNull(customers.last_seen_at),
  sort: {
    last_seen_at: customers.last_seen_at,
    id: customers.id,
    customer_id: customers.id,
    customer_name: customers.customer_name,
    customer_code: customers.customer_code,
  },
  search: [customers.customer_name, customers.customer_code],
  filters: {
    branch_id: customers.branch_id,
    region_id: branches.region_id,
    installed: customers.installed,
    start_date: fromDate(customers.last_seen_at),
    end_date: untilDate(customers.last_seen_at),
  },
  scope: { branchColumn: customers.branch_id },
});

export const customerActivityResource = defineResource({
  contract: customerActivityContract,
  table: customer_activities,
  columns: {
    id: customer_activities.id,
    customer_id: customer_activities.customer_id,
    customer_code: customers.customer_code,
    customer_name: customers.customer_name,
    activity: customer_activities.activity,
    device: customer_activities.device,
    app_version: customer_activities.app_version,
    at: customer_activities.at,
  },
  joins: (q) => q.leftJoin(customers, eq(customers.id, customer_activities.customer_id)),
  sort: {
    id: customer_activities.id,
    at: customer_activities.at,
    activity: customer_activities.activity,
    customer_id: customer_activities.customer_id,
  },
  search: [customer_activities.activity, customer_activities.device],
  filters: { customer_id: customer_activities.customer_id, activity: customer_activities.activity },
  scope: { branchColumn: customers.branch_id },
});

export const customerResources = [
  customerResource,
  customerTypeResource,
  customerLogResource,
  customerLastSeenResource,
  customerActivityResource,
];
