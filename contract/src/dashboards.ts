// Dashboards and turnover (omzet), invoice tracking and virtual-account payments (SPEC.md section 7,
// "Dashboards"). One query schema per call, shared by the routes, the OpenAPI document and the web app.
//
// What the figures mean and where they come from (also in the OpenAPI summaries):
// - stores: customers (stores) of the branch; with customer_level_id only that customer type's.
// - registered_stores: of those, the ones registered in the mobile app (customers.registered_at set).
// - activated_stores: the ones whose registration (customers.registered_at, Asia/Jakarta date) falls in the range.
// - turnover: invoiced net amount of the invoice lines (qty x price - line discount) of the invoices dated
//   in the range, cancelled invoices excluded; read from the rollups dash_day_branch,
//   dash_day_branch_item, dash_month_branch_item and dash_month_customer_category (never summed from lines
//   per request, except the partial days at the edges of a range for one branch's customers).
// - invoice_count: invoices dated in the range (every status, cancelled included); invoice_amount: their
//   header net amount (after the header discount), cancelled excluded. Rollup dash_day_branch.
// - points_earned: points from invoices and promo periods (with their corrections); points_redeemed:
//   points spent on coupons less reverted redemptions; non-void ledger rows dated in the range.
//   Rollup dash_points_day_branch (per customer: the ledger).
// - One classification, the current one: every figure counts under the item's category, the store's
//   branch (its region, group) and customer type as they are now, also for sales before a change
//   (server/src/modules/dashboards/README.md).
import { z } from 'zod';
import { defineAction } from './action';
import { BusinessDate, Id, jakartaDate, Money, PageMeta, qBool, qInt, qString, Timestamp } from './common';
import { withPeriod } from './period';

export const MAX_ID_LIST = 500;
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** `ids=1,2,3` or `ids=1&ids=2`: positive ids, at most 500. */
export const qIds = () =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((s) => s.trim());
      const present = parts.filter((s) => s !== '');
      return present.length > 0 ? present : undefined;
    },
    z
      .array(z.string())
      .refine((a) => a.every((s) => /^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2_147_483_647), {
        error: 'must be ids: positive whole numbers separated by commas',
      })
      .refine((a) => a.length <= MAX_ID_LIST, {
        error: `may name at most ${MAX_ID_LIST} ids`,
        params: { code: 'max_items', max: MAX_ID_LIST },
      })
      .transform((a) => [...new Set(a.map(Number))])
      .optional(),
  );

const qDay = () => z.preprocess(blank, BusinessDate.optional());
const qYear = () =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: 'must be a year' })
      .int({ error: 'must be a year' })
      .min(2000, { error: 'must be a year from 2000 to 2100' })
      .max(2100, { error: 'must be a year from 2000 to 2100' })
      .optional(),
  );

/** The original clients send the signed-in user's id; scope comes from the token (403 if foreign). */
const userParams = { user_id: qInt(), admin_user_id: qInt(), user_id_for_branch: qInt() };

const rangeShape = {
  /** First day, `YYYY-MM-DD` (Asia/Jakarta); default: the first day of the current month. */
  start_date: qDay(),
  /** Last day, included; default: today. */
  end_date: qDay(),
};

/** The default range: this month up to today (Asia/Jakarta). */
export function defaultRange(today = jakartaDate()): { start_date: string; end_date: string } {
  return { start_date: `${today.slice(0, 8)}01`, end_date: today };
}

const listShape = {
  page: z.preprocess(blank, z.coerce.number().int().min(1, { error: 'must be at least 1' }).default(1)),
  limit: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .min(1, { error: 'must be at least 1' })
      .max(100, { error: 'must be at most 100' })
      .default(10),
  ),
  by: qString(),
  sort: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
    z.enum(['asc', 'desc'], { error: "must be 'asc' or 'desc'" }).optional(),
  ),
  search: qString(),
};

const orgShape = {
  /** Region group (`group_id` is the same, as the original clients send it). */
  region_group_id: qInt(),
  group_id: qInt(),
  region_id: qInt(),
  branch_id: qInt(),
  /** A customer type id (customer_types.id): the original app calls the store type "customer level". */
  customer_level_id: qInt(),
};

// ---------------------------------------------------------------------------------------------
// Figures

export const DashboardQuery = withPeriod(z.object({ ...rangeShape, ...orgShape, ...userParams }));
export type DashboardQuery = z.infer<typeof DashboardQuery>;

const Figures = {
  stores: z.number().int(),
  registered_stores: z.number().int(),
  activated_stores: z.number().int(),
  turnover: Money,
  invoice_count: z.number().int(),
  invoice_amount: Money,
  points_earned: z.number().int(),
  points_redeemed: z.number().int(),
};
export const FIGURE_KEYS = Object.keys(Figures) as (keyof typeof Figures)[];

export const DashboardGroupRow = z.object({ region_group_id: Id, region_group_name: z.string(), ...Figures });
export type DashboardGroupRow = z.infer<typeof DashboardGroupRow>;
export const DashboardRegionRow = z.object({
  region_id: Id,
  region_name: z.string(),
  region_group_id: Id,
  region_group_name: z.string(),
  ...Figures,
});
export type DashboardRegionRow = z.infer<typeof DashboardRegionRow>;
export const DashboardBranchRow = z.object({
  /** The branch id (SPEC.md's key of the branch detail rows). */
  branch_id_detail: Id,
  branch_id: Id,
  branch_code: z.string(),
  branch_name: z.string(),
  region_id: Id,
  region_name: z.string(),
  region_group_id: Id,
  region_group_name: z.string(),
  ...Figures,
});
export type DashboardBranchRow = z.infer<typeof DashboardBranchRow>;

/** Statuses of a store in /branch/select/report. */
export const STORE_STATUSES = ['registered', 'not_registered', 'activated', 'inactive'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

export const CustomerFiguresQuery = withPeriod(
  z.object({
    ...rangeShape,
    ...orgShape,
    ...listShape,
    ...userParams,
    salesman_id: qInt(),
    /**
     * registered: registered in the app (any time); not_registered: not yet; activated: registered in the
     * range; inactive: the store is switched off (customers.active false).
     */
    status: z.preprocess(
      blank,
      z.enum(STORE_STATUSES, { error: `must be one of: ${STORE_STATUSES.join(', ')}` }).optional(),
    ),
  }),
);
export type CustomerFiguresQuery = z.infer<typeof CustomerFiguresQuery>;
export const CUSTOMER_FIGURE_SORT_KEYS = [
  'turnover',
  'customer_name',
  'customer_code',
  'invoice_count',
] as const;

export const DashboardCustomerRow = z.object({
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  customer_type_id: Id.nullable(),
  customer_type_name: z.string().nullable(),
  salesman_id: Id.nullable(),
  salesman_name: z.string().nullable(),
  active: z.boolean(),
  registered_at: Timestamp.nullable(),
  /** Registered in the app (at any time). */
  registered: z.boolean(),
  /** Registered within the range. */
  activated: z.boolean(),
  status: z.enum(STORE_STATUSES),
  turnover: Money,
  invoice_count: z.number().int(),
  invoice_amount: Money,
  points_earned: z.number().int(),
  points_redeemed: z.number().int(),
  point_balance: z.number().int(),
});
export type DashboardCustomerRow = z.infer<typeof DashboardCustomerRow>;

export const RegisteredUserQuery = withPeriod(
  z.object({ ...rangeShape, ...orgShape, ...listShape, ...userParams }),
);
export const REGISTERED_SORT_KEYS = [
  'customer_name',
  'customer_code',
  'registered_at',
  'branch_name',
] as const;
/** A store registered in the app by end_date (registered-user total) or within the range (activation report). */
export const RegisteredStoreRow = z.object({
  customer_id_detail: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  region_name: z.string(),
  region_group_name: z.string(),
  salesman_name: z.string().nullable(),
  phone_number: z.string(),
  registered_at: Timestamp,
  last_seen_at: Timestamp.nullable(),
  /** Registered within the range. */
  activated: z.boolean(),
});
export type RegisteredStoreRow = z.infer<typeof RegisteredStoreRow>;

export const MasterStoreQuery = z.object({
  ...orgShape,
  ...listShape,
  ...userParams,
  customer_type_id: qInt(),
  salesman_id: qInt(),
  active: qBool(),
  show_in_app: qBool(),
  registered: qBool(),
});
export type MasterStoreQuery = z.infer<typeof MasterStoreQuery>;
export const MASTER_STORE_SORT_KEYS = [
  'customer_name',
  'customer_code',
  'branch_name',
  'point_balance',
  'last_seen_at',
  'registered_at',
] as const;
export const MasterStoreRow = z.object({
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  owner_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  region_id: Id,
  region_name: z.string(),
  region_group_name: z.string(),
  customer_type_name: z.string().nullable(),
  salesman_name: z.string().nullable(),
  phone_number: z.string(),
  city: z.string(),
  active: z.boolean(),
  show_in_app: z.boolean(),
  installed: z.boolean(),
  is_data_complete: z.boolean(),
  admin_validate: z.boolean(),
  class_mekar: z.boolean(),
  exclude_all_point: z.boolean(),
  point_balance: z.number().int(),
  registered_at: Timestamp.nullable(),
  /** The latest app activity (customers.last_seen_at). */
  last_seen_at: Timestamp.nullable(),
});
export type MasterStoreRow = z.infer<typeof MasterStoreRow>;

// ---------------------------------------------------------------------------------------------
// Turnover (omzet)

const productFilters = {
  /** Only lines of items in these categories. */
  item_category_ids: qIds(),
  /** Only lines of these items. */
  item_ids: qIds(),
};

export const OmzetQuery = withPeriod(
  z.object({
    ...rangeShape,
    ...orgShape,
    ...productFilters,
    /** Restricts the rows to these keys: region groups, regions, areas, branches, customers or items. */
    ids: qIds(),
    ...userParams,
  }),
);
export type OmzetQuery = z.infer<typeof OmzetQuery>;
export const OmzetCustomerQuery = withPeriod(
  z.object({
    ...rangeShape,
    ...orgShape,
    ...productFilters,
    ids: qIds(),
    ...listShape,
    ...userParams,
  }),
);
export type OmzetCustomerQuery = z.infer<typeof OmzetCustomerQuery>;
export const OMZET_CUSTOMER_SORT_KEYS = ['turnover', 'qty', 'customer_name', 'customer_code'] as const;

const Turnover = { turnover: Money, qty: z.number() };
export const OmzetItemRow = z.object({
  item_id: Id,
  item_code: z.string(),
  item_name: z.string(),
  item_category_id: Id.nullable(),
  item_category_name: z.string().nullable(),
  ...Turnover,
});
export type OmzetItemRow = z.infer<typeof OmzetItemRow>;
export const OmzetGroupRow = z.object({ region_group_id: Id, region_group_name: z.string(), ...Turnover });
export type OmzetGroupRow = z.infer<typeof OmzetGroupRow>;
export const OmzetRegionRow = z.object({
  region_id: Id,
  region_name: z.string(),
  region_group_id: Id,
  region_group_name: z.string(),
  ...Turnover,
});
export type OmzetRegionRow = z.infer<typeof OmzetRegionRow>;
export const OmzetAreaRow = z.object({
  /** The branches' region area (branches.region_area_id); null: branches without an area. */
  region_area_id: Id.nullable(),
  region_area_name: z.string().nullable(),
  region_id: Id.nullable(),
  region_name: z.string().nullable(),
  ...Turnover,
});
export type OmzetAreaRow = z.infer<typeof OmzetAreaRow>;
export const OmzetBranchRow = z.object({
  branch_id: Id,
  branch_code: z.string(),
  branch_name: z.string(),
  region_id: Id,
  region_name: z.string(),
  region_group_id: Id,
  region_group_name: z.string(),
  ...Turnover,
});
export type OmzetBranchRow = z.infer<typeof OmzetBranchRow>;
export const OmzetCustomerRow = z.object({
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  ...Turnover,
});
export type OmzetCustomerRow = z.infer<typeof OmzetCustomerRow>;

export const OmzetGraphQuery = z.object({
  /** Default: the current year (Asia/Jakarta). */
  year: qYear(),
  region_group_id: qInt(),
  group_id: qInt(),
  region_id: qInt(),
  branch_id: qInt(),
  ...productFilters,
  ...userParams,
});
export type OmzetGraphQuery = z.infer<typeof OmzetGraphQuery>;
export const OmzetGraphRow = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  turnover: Money,
  qty: z.number(),
  /**
   * The month in progress (Asia/Jakarta): the last day counted, and last year's figures cover the
   * same days of its month, so the two compare like periods. Null for a whole month.
   */
  through_day: z.number().int().min(1).max(31).nullable(),
  last_year_turnover: Money,
  last_year_qty: z.number(),
});
export type OmzetGraphRow = z.infer<typeof OmzetGraphRow>;

// ---------------------------------------------------------------------------------------------
// Invoice tracking and virtual-account payments

export const TrackingQuery = withPeriod(z.object({ ...rangeShape, ...orgShape, ...userParams }));
export type TrackingQuery = z.infer<typeof TrackingQuery>;
/** Ageing buckets: days past the due date (the invoice date when none) as of today; not yet due counts as 0. */
export const AGEING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export const TrackingRow = z.object({
  branch_id: Id,
  branch_name: z.string(),
  region_name: z.string(),
  invoice_count: z.number().int(),
  unpaid_count: z.number().int(),
  partial_count: z.number().int(),
  paid_count: z.number().int(),
  cancelled_count: z.number().int(),
  /** Unpaid or partly paid with the due date passed. */
  overdue_count: z.number().int(),
  invoice_amount: Money,
  paid_amount: Money,
  /** Net amount less paid amount of unpaid and partly paid invoices. */
  outstanding_amount: Money,
  overdue_amount: Money,
  ageing_0_30: Money,
  ageing_31_60: Money,
  ageing_61_90: Money,
  ageing_over_90: Money,
});
export type TrackingRow = z.infer<typeof TrackingRow>;

export const VaReportQuery = withPeriod(
  z.object({
    ...rangeShape,
    ...orgShape,
    ...listShape,
    ...userParams,
    /** true: matched to an invoice; false: unmatched (visible to users who see every branch). */
    matched: qBool(),
  }),
);
export type VaReportQuery = z.infer<typeof VaReportQuery>;
export const VA_SORT_KEYS = ['paid_at', 'amount', 'invoice_number'] as const;
export const VaReportRow = z.object({
  /** The invoice number the bank sent (SPEC.md's key of these rows). */
  invoice_number: z.string(),
  id: Id,
  payment_id: z.string(),
  virtual_account_no: z.string(),
  amount: Money,
  paid_at: Timestamp,
  matched: z.boolean(),
  note: z.string(),
  invoice_id: Id.nullable(),
  invoice_date: BusinessDate.nullable(),
  invoice_net_amount: Money.nullable(),
  invoice_paid_amount: Money.nullable(),
  invoice_status: z.string().nullable(),
  customer_code: z.string().nullable(),
  customer_name: z.string().nullable(),
  branch_id: Id.nullable(),
  branch_name: z.string().nullable(),
});
export type VaReportRow = z.infer<typeof VaReportRow>;

/** The bank's notification (POST /integration/va_payment, header `X-Callback-Token`). */
export const VaPaymentNotification = z.strictObject({
  /** The bank's id of this payment: a repeated notification with the same id changes nothing. */
  payment_id: z
    .string({ error: 'must be the bank payment id' })
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, { error: 'must be 1-64 letters, digits or . _ : -' }),
  invoice_number: z
    .string({ error: 'must be an invoice number' })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,49}$/, {
      error: 'must be an invoice number (1-50 letters, digits or . _ / -)',
    }),
  virtual_account_no: z
    .string()
    .trim()
    .regex(/^[0-9]{0,32}$/, { error: 'must be up to 32 digits' })
    .optional()
    .default(''),
  amount: z
    .number({ error: 'must be an amount' })
    .gt(0, { error: 'must be more than 0' })
    .max(1e13, { error: 'is too large' })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'may have at most 2 decimals' }),
  /** When the customer paid (ISO 8601 with offset). */
  paid_at: z.iso.datetime({ offset: true, error: 'must be a timestamp with offset (ISO 8601)' }),
});
export type VaPaymentNotification = z.input<typeof VaPaymentNotification>;
export const VaPaymentResult = z.object({
  id: Id,
  payment_id: z.string(),
  matched: z.boolean(),
  /** false when this payment id had been received before (nothing changed). */
  applied: z.boolean(),
  invoice_id: Id.nullable(),
  invoice_status: z.string().nullable(),
  invoice_paid_amount: Money.nullable(),
});
export type VaPaymentResult = z.infer<typeof VaPaymentResult>;

// ---------------------------------------------------------------------------------------------

/** The calls (under /v1/api), for the routes and the web client. */
export const DASHBOARD_PATHS = {
  byRegion: '/web/dashboard',
  group: '/web/dashboard/group',
  detail: '/web/dashboard/detail',
  selectCustomer: '/web/dashboard/select/customer',
  selectBranch: '/web/dashboard/select/branch',
  branchReport: '/web/dashboard/branch/select/report',
  registeredUser: '/web/dashboard/detail/total/registered-user',
  activation: '/web/dashboard/report/activation',
  masterStore: '/web/dashboard/report/master_store',
  omzet: '/web/dashboard/omzet',
  omzetGroup: '/web/dashboard/omzet/group',
  omzetRegion: '/web/dashboard/omzet/region',
  omzetArea: '/web/dashboard/omzet/area',
  omzetBranch: '/web/dashboard/omzet/branch',
  omzetCustomer: '/web/dashboard/omzet/customer',
  omzetGraph: '/web/dashboard/omzet/graph',
  tracking: '/web/dashboard/tracking/invoice',
  virtualAccount: '/web/dashboard/virtual_account',
  vaPayment: '/integration/va_payment',
  rollupsRebuild: '/web/dashboard/rollups/rebuild',
} as const;

/** A whole rebuild of the dashboards' rollups: its progress (steps done of steps_total) and outcome. */
export const RollupRebuildRun = z.object({
  id: Id,
  started_at: Timestamp,
  updated_at: Timestamp,
  finished_at: Timestamp.nullable(),
  steps_total: z.number().int(),
  steps_done: z.number().int(),
  /** The step running now (a rollup table's name), '' when none. */
  step: z.string(),
  /** Why the run stopped, when it failed. */
  error: z.string().nullable(),
});
export type RollupRebuildRun = z.infer<typeof RollupRebuildRun>;

/**
 * POST /web/dashboard/rollups/rebuild: recomputes every dashboard rollup from the invoices, the ledger
 * and the stores under the current classification, in the background, one rollup at a time; answers
 * the run at once. GET on the same path answers the newest run (poll it for the progress). Staff who
 * see every branch and may update the dashboard area only; a run under way is a 409.
 */
export const rollupsRebuildAction = defineAction({
  name: 'rollups_rebuild',
  resource: 'dashboard',
  method: 'POST',
  path: DASHBOARD_PATHS.rollupsRebuild,
  placement: 'list',
  result: RollupRebuildRun,
  area: 'dashboard',
  action: 'update',
  status: 200,
  confirm: { tone: 'default' },
  summary:
    "Rebuild every dashboard rollup from the invoices, the points ledger and the stores, under the current classification (items' categories, stores' branches and types now), in the background with its progress (GET the same path). Only for staff who see every branch.",
});

export const Paged = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), meta: PageMeta });
