// Customers (the stores): the list with its filters, the detail with targets, achievements and salesman
// visits, the edit form (multipart with a photo), the five bulk edits, customer types, the customer
// report, the customer log and the last-seen activity lists.
import { z } from 'zod';
import {
  BusinessDate,
  Id,
  ListQuery,
  Money,
  PageMeta,
  qBool,
  qDate,
  qInt,
  qString,
  ref,
  Timestamp,
} from './common';
import { withPeriod } from './period';
import { defineContract, updateSchema } from './resource';

export const Customer = z.object({
  id: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  owner_name: z.string(),
  customer_type_id: Id.nullable(),
  customer_type_name: z.string().nullable(),
  customer_level_id: Id.nullable(),
  customer_level_name: z.string().nullable(),
  salesman_id: Id.nullable(),
  salesman_name: z.string().nullable(),
  salesman_type_id: Id.nullable(),
  salesman_type_name: z.string().nullable(),
  branch_id: Id,
  branch_name: z.string(),
  region_id: Id,
  region_name: z.string(),
  region_group_id: Id,
  region_group_name: z.string(),
  region_area_id: Id.nullable(),
  phone_number: z.string(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** URL of the store photo ('' when none). */
  photo_url: z.string(),
  show_in_app: z.boolean(),
  is_data_complete: z.boolean(),
  active: z.boolean(),
  admin_validate: z.boolean(),
  /** The store has installed the companion mobile app. */
  installed: z.boolean(),
  class_mekar: z.boolean(),
  /** Earns no points at all while set. */
  exclude_all_point: z.boolean(),
  note: z.string(),
  /** Standing cap on master points per calendar month; null means no cap. */
  monthly_max_point: z.number().int().nullable(),
  point_balance: z.number().int(),
  /** The store's tier (GET /point/tiers), from the monthly computation; null: none computed yet. */
  tier_id: Id.nullable(),
  tier_name: z.string().nullable(),
  tier_since: BusinessDate.nullable(),
  /** Set while the store is below its tier and keeps it for the grace month (that month's first day). */
  tier_grace_from: BusinessDate.nullable(),
  /** The rolling 12-month turnover the last computation found. */
  tier_turnover_12m: z.number().nullable(),
  registered_at: Timestamp.nullable(),
  last_seen_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Customer = z.infer<typeof Customer>;

const phone = () =>
  z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9+() -]*$/, { error: 'must be a phone number' });
const maxPoint = () =>
  z
    .number({ error: 'must be a whole number of points or null' })
    .int({ error: 'must be a whole number of points or null' })
    .min(0, { error: 'must be 0 or more' })
    .max(100_000_000)
    .nullable();
const note = () => z.string().trim().max(1000, { error: 'must be at most 1000 characters' });

/**
 * The edit form (PUT /web/customer/id/{id}): JSON, or multipart with this object as JSON in the text
 * field `form_data` plus an optional `photo` file. customer_code is the ERP's key and cannot change here.
 */
export const CustomerUpdate = updateSchema({
  customer_id: ref('self', Id),
  customer_name: z.string().trim().min(1, { error: 'is required' }).max(150),
  owner_name: z.string().trim().max(150),
  customer_type_id: ref('customer_type', Id).nullable(),
  customer_level_id: ref('customer_level', Id).nullable(),
  salesman_id: ref('salesman', Id).nullable(),
  salesman_type_id: ref('salesman_type', Id).nullable(),
  branch_id: ref('branch', Id),
  region_area_id: ref('region_area', Id).nullable(),
  phone_number: phone(),
  email: z.union([z.email({ error: 'must be a valid e-mail address' }), z.literal('')]),
  address: z.string().trim().max(300),
  city: z.string().trim().max(100),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  show_in_app: z.boolean(),
  is_data_complete: z.boolean(),
  active: z.boolean(),
  admin_validate: z.boolean(),
  class_mekar: z.boolean(),
  exclude_all_point: z.boolean(),
  note: note(),
  monthly_max_point: maxPoint(),
});
export type CustomerUpdate = z.infer<typeof CustomerUpdate>;

export const CustomerFilters = z.object({
  branch_id: qInt(),
  region_id: qInt(),
  region_group_id: qInt(),
  /** Exact phone number. */
  phone_number: qString(),
  show_in_app: qBool(),
  customer_type_id: qInt(),
  customer_level_id: qInt(),
  salesman_id: qInt(),
  salesman_type_id: qInt(),
  is_data_complete: qBool(),
  active: qBool(),
  admin_validate: qBool(),
  class_mekar: qBool(),
  exclude_all_point: qBool(),
  installed: qBool(),
  /** 1: only customers with a monthly maximum of points set (the maximum-point view); 0: only those without. */
  monthly_max_point: qBool(),
  /** The stores holding this tier. */
  tier_id: qInt(),
});

/** Year of the targets and achievements in the detail answer (default: the current year, Asia/Jakarta). */
export const CustomerDetailQuery = z.object({
  year: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(2000, { error: 'must be a year' })
      .max(2100, { error: 'must be a year' })
      .optional(),
  ),
});

/** One monthly turnover target (quarter and semester are derived from the month). */
export const CustomerTarget = z.object({
  id: Id,
  customer_id: Id,
  year: z.number().int(),
  month: z.number().int(),
  quarter: z.number().int(),
  semester: z.number().int(),
  target_amount: Money,
});
/** One month of the year: invoice turnover (net amount, cancelled invoices excluded) against the target. */
export const CustomerAchievement = z.object({
  year: z.number().int(),
  month: z.number().int(),
  quarter: z.number().int(),
  semester: z.number().int(),
  target_amount: Money.nullable(),
  actual_amount: Money,
  invoice_count: z.number().int(),
  /** actual / target x 100, 2 decimals; null without a target. */
  achievement_pct: z.number().nullable(),
});
export const SalesmanVisit = z.object({
  id: Id,
  salesman_id: Id,
  salesman_code: z.string(),
  salesman_name: z.string(),
  visit_date: BusinessDate,
  check_in_at: Timestamp.nullable(),
  check_out_at: Timestamp.nullable(),
  note: z.string(),
});
export const CustomerDetail = z.object({
  customer: Customer,
  /** The year's monthly targets, by month. */
  customer_target: z.array(CustomerTarget),
  /** Twelve rows, January to December of the year. */
  customer_achievement: z.array(CustomerAchievement),
  /** The year's visits, latest first. */
  salesman_visit: z.array(SalesmanVisit),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;

export const CUSTOMER_SORT_KEYS = [
  'id',
  'customer_id',
  'customer_name',
  'customer_code',
  'branch_name',
  'monthly_max_point',
  'point_balance',
  'last_seen_at',
  'created_at',
  'created_date',
] as const;

export const customerContract = defineContract({
  name: 'customer',
  area: 'customer',
  idKey: 'customer_id',
  listKey: 'list_customer',
  paths: {
    list: '/web/customer/',
    select: '/web/customer/select',
    get: '/web/customer/id/:customer_id',
    update: '/web/customer/id/:customer_id',
  },
  record: Customer,
  update: CustomerUpdate,
  filters: CustomerFilters,
  sortKeys: CUSTOMER_SORT_KEYS,
  defaultSort: { by: 'id', dir: 'desc' },
  searchFields: ['customer_name', 'customer_code', 'owner_name'],
  detail: { data: CustomerDetail, query: CustomerDetailQuery },
  upload: { field: 'photo' },
});

// Bulk edits: all-or-nothing over the customers named (an unknown one is a 400, one outside the
// caller's branches a 403, each named; nothing is written), one transaction, one audit row each.
const CustomerIds = z
  .array(ref('customer', Id), { error: 'must be a list of customer ids' })
  .min(1, { error: 'must name at least one customer' })
  .max(5000, { error: 'may name at most 5000 customers' });

export const CustomerBulkEdit = z
  .object({
    customer_ids: CustomerIds,
    show_in_app: z.boolean().optional(),
    is_data_complete: z.boolean().optional(),
    active: z.boolean().optional(),
    admin_validate: z.boolean().optional(),
    customer_type_id: ref('customer_type', Id).nullable().optional(),
    customer_level_id: ref('customer_level', Id).nullable().optional(),
    salesman_id: ref('salesman', Id).nullable().optional(),
    salesman_type_id: ref('salesman_type', Id).nullable().optional(),
    class_mekar: z.boolean().optional(),
    exclude_all_point: z.boolean().optional(),
    monthly_max_point: maxPoint().optional(),
    note: note().optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'customer_ids' && v[k as keyof typeof v] !== undefined), {
    error: 'name at least one field to change besides customer_ids',
  });
export const CustomerMaxPointEdit = z.object({ customer_ids: CustomerIds, monthly_max_point: maxPoint() });
export const CustomerClassMekarEdit = z.object({ customer_ids: CustomerIds, class_mekar: z.boolean() });
export const CustomerExcludeAllPointEdit = z.object({
  customer_ids: CustomerIds,
  exclude_all_point: z.boolean(),
});
export const CustomerNoteEdit = z.object({ customer_ids: CustomerIds, note: note() });
export const CustomerBulkResult = z.object({
  /** Customers named (each changed or already holding the values). */
  updated: z.number().int(),
  customer_ids: z.array(Id),
});
export type CustomerBulkResult = z.infer<typeof CustomerBulkResult>;

export const CUSTOMER_BULK_PATHS = {
  bulk: '/web/customer/edit/bulk',
  max_point: '/web/customer/edit/max_point',
  class_mekar: '/web/customer/edit/bulk/class_mekar',
  exclude_all_point: '/web/customer/edit/bulk/exclude_all_point',
  note: '/web/customer/edit/note',
} as const;

// Customer report: the customer list's filters plus a date range (default: the current month, Asia/Jakarta)
// over which each row's invoices are summed; `export=1` answers up to CUSTOMER_REPORT_EXPORT_CAP rows at once.
export const CUSTOMER_REPORT_PATH = '/web/customer/report';
export const CUSTOMER_REPORT_EXPORT_CAP = 10_000;
export const CustomerReportQuery = withPeriod(
  ListQuery.extend(CustomerFilters.shape).extend({
    start_date: qDate(),
    end_date: qDate(),
    export: qBool(),
  }),
);
export const CustomerReportRow = Customer.pick({
  id: true,
  customer_id: true,
  customer_code: true,
  customer_name: true,
  owner_name: true,
  customer_type_name: true,
  salesman_name: true,
  branch_id: true,
  branch_name: true,
  region_id: true,
  region_name: true,
  region_group_id: true,
  region_group_name: true,
  phone_number: true,
  city: true,
  show_in_app: true,
  is_data_complete: true,
  active: true,
  admin_validate: true,
  installed: true,
  class_mekar: true,
  exclude_all_point: true,
  monthly_max_point: true,
  point_balance: true,
  last_seen_at: true,
  created_at: true,
}).extend({
  /** Invoices dated in the range (cancelled ones excluded). */
  invoice_count: z.number().int(),
  /** Sum of their net amounts. */
  turnover: Money,
  last_invoice_date: BusinessDate.nullable(),
});
/** SPEC.md names no key for the report: `data` is the array; the period it covers is in `meta`. */
export const CustomerReport = z.array(CustomerReportRow);
export const CustomerReportMeta = PageMeta.extend({ start_date: BusinessDate, end_date: BusinessDate });

export const CustomerType = z.object({
  id: Id,
  customer_type_id: Id,
  code: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
});
export const customerTypeContract = defineContract({
  name: 'customer_type',
  area: 'customer',
  idKey: 'customer_type_id',
  listKey: 'list_customertype',
  selectKey: 'list_customertype',
  paths: { list: '/web/customertype/', select: '/web/customertype/select' },
  record: CustomerType,
  filters: z.object({ active: qBool() }),
  sortKeys: ['id', 'customer_type_id', 'name', 'code'],
  defaultSort: { by: 'name', dir: 'asc' },
  searchFields: ['name', 'code'],
});

/** A staff change to a customer: edits and bulk edits, with the fields changed (`detail.changes`). */
export const CustomerLog = z.object({
  id: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  /** The staff user who made the change (named `staff_` because `user_id` is the scoping parameter). */
  staff_id: Id.nullable(),
  staff_name: z.string().nullable(),
  action: z.string(),
  detail: z.unknown(),
  at: Timestamp,
});
export const customerLogContract = defineContract({
  name: 'customer_log',
  area: 'customer',
  idKey: 'id',
  paths: { list: '/customer_log/' },
  record: CustomerLog,
  filters: z.object({
    customer_id: qInt(),
    branch_id: qInt(),
    staff_id: qInt(),
    action: qString(),
    start_date: qDate(),
    end_date: qDate(),
  }),
  sortKeys: ['id', 'at', 'created_at', 'created_date', 'customer_name', 'action'],
  defaultSort: { by: 'id', dir: 'desc' },
  searchFields: ['customer_name', 'customer_code', 'action'],
});

/** One field a customer log row changed. */
export type CustomerLogChange = { field: string; from: unknown; to: unknown };

/** A log row's changes: the API writes `{changes: {field: {from, to}}}`; older rows hold `{field: {before, after}}`. */
export function changesOf(detail: unknown): CustomerLogChange[] {
  if (!detail || typeof detail !== 'object') return [];
  const d = detail as Record<string, unknown>;
  const source = (d.changes && typeof d.changes === 'object' ? d.changes : d) as Record<string, unknown>;
  return Object.entries(source).flatMap(([field, v]) => {
    if (!v || typeof v !== 'object') return [];
    const c = v as Record<string, unknown>;
    return [{ field, from: 'from' in c ? c.from : c.before, to: 'to' in c ? c.to : c.after }];
  });
}

/** Last seen: one row per customer that has used the mobile app, latest first. */
export const CustomerLastSeen = z.object({
  id: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  phone_number: z.string(),
  installed: z.boolean(),
  last_seen_at: Timestamp,
  /** The latest recorded activity (sign-in, open catalogue, ...), if any. */
  last_activity: z.string().nullable(),
  last_device: z.string().nullable(),
  last_app_version: z.string().nullable(),
});
export const customerLastSeenContract = defineContract({
  name: 'customer_last_seen',
  area: 'customer',
  idKey: 'customer_id',
  paths: { list: '/customer_activities/' },
  record: CustomerLastSeen,
  filters: z.object({
    branch_id: qInt(),
    region_id: qInt(),
    installed: qBool(),
    /** Last seen on or after this date. */
    start_date: qDate(),
    /** Last seen on or before this date. */
    end_date: qDate(),
  }),
  sortKeys: ['last_seen_at', 'id', 'customer_id', 'customer_name', 'customer_code'],
  defaultSort: { by: 'last_seen_at', dir: 'desc' },
  searchFields: ['customer_name', 'customer_code'],
});

/** One recorded app activity of a customer (GET /customer_activities/select?customer_id=). */
export const CustomerActivity = z.object({
  id: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  activity: z.string(),
  device: z.string(),
  app_version: z.string(),
  at: Timestamp,
});
export const customerActivityContract = defineContract({
  name: 'customer_activity',
  area: 'customer',
  idKey: 'id',
  paths: { select: '/customer_activities/select' },
  record: CustomerActivity,
  filters: z.object({ customer_id: qInt(), activity: qString() }),
  sortKeys: ['id', 'at', 'activity', 'customer_id'],
  defaultSort: { by: 'at', dir: 'desc' },
  searchFields: ['activity', 'device'],
});
