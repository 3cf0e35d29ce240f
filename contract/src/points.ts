// Loyalty points (CONTRACT.md section 8): the ledger, balances, earning rules, monthly maximums,
// promo points and the three points reports. Shared by the server (validation, OpenAPI) and the web app.
//
// How points move
// - Every movement is one row of an append-only ledger. A customer's balance is the sum of its
//   non-void rows; customers.point_balance caches that sum and is changed in the same transaction
//   as every row, by one conditional statement, so no balance ever goes below zero (409 instead).
// - Staff rows (injected, deduction, correction) can be corrected (PUT: the old row is voided and a
//   replacement row appended, `reverses_id` pointing at the voided row) or voided (DELETE). A voided
//   row stays in the ledger, marked `void`, and no longer counts. Rows the system wrote from
//   invoices or coupon redemptions answer 409 to both.
// - Earning: when the ERP feed stores an invoice, its points are computed in the same transaction
//   (see POINT_RULES_NOTE). Re-sending an invoice whose points changed writes a correction row
//   (type 7) for the difference; re-sending it unchanged writes nothing.
import { z } from 'zod';
import {
  BusinessDate,
  customerCodeRef,
  Id,
  imageRef,
  LedgerDate,
  qBool,
  qDate,
  qInt,
  qString,
  ref,
  Timestamp,
} from './common';
import { defineImport, ImportResult, importBody } from './import';
import { withPeriod } from './period';
import { defineContract, updateSchema } from './resource';

/** Ledger point types. SPEC.md fixes 1 and 5; the others are this project's. */
export const POINT_TYPE = {
  /** Earned from an invoice (invoice_document_no set). Always positive. */
  master: 1,
  /** Granted by staff: POST /point/inject/ or POST /point/ with type 2. Always positive. */
  injected: 2,
  /** Extra points from a promo points period, for an invoice (invoice_document_no set). Always positive. */
  promo_bonus: 3,
  /** Spent on a coupon. Always negative. */
  coupon_redemption: 4,
  /** Taken back by staff (returned goods, mistakes). Always negative; entered as a positive number. */
  deduction: 5,
  /** Gives back the points of a reverted coupon redemption. Always positive. */
  redemption_revert: 6,
  /** A correction, either sign: by staff (source manual) or by a re-sent invoice (source invoice/promo). */
  correction: 7,
  /** Points whose lots passed their expiry date, taken by the expiry run (one row per store and run). Always negative. */
  expiry: 8,
} as const;
export type PointTypeValue = (typeof POINT_TYPE)[keyof typeof POINT_TYPE];
/** Every point type, derived from POINT_TYPE (filters, checks). */
export const POINT_TYPE_VALUES: readonly PointTypeValue[] = Object.values(POINT_TYPE);

/** Who wrote a row. Staff-written sources are the only ones PUT/DELETE accept. */
export const POINT_SOURCES = [
  'invoice',
  'promo',
  'inject',
  'redemption',
  'revert',
  'deduction',
  'manual',
  'import',
  'expiry',
] as const;
export const STAFF_POINT_SOURCES = ['inject', 'deduction', 'manual'] as const;
/** Types a staff user may record through POST /point/ (and PUT /point/{id}). */
export const MANUAL_POINT_TYPES = [POINT_TYPE.injected, POINT_TYPE.deduction, POINT_TYPE.correction] as const;

/** At most this many customers in one injection. */
export const MAX_INJECT_CUSTOMERS = 50_000;
export const MAX_POINTS_PER_MOVEMENT = 10_000_000;

const reason = () =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required: say why the points move' })
    .max(500, { error: 'must be at most 500 characters' });
const reference = () => z.string().trim().max(100, { error: 'must be at most 100 characters' });
const wholePositive = () =>
  z
    .number({ error: 'must be a whole positive number' })
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be a whole positive number' })
    .max(MAX_POINTS_PER_MOVEMENT, { error: `must be at most ${MAX_POINTS_PER_MOVEMENT}` });
const name = () => z.string().trim().min(1, { error: 'is required' }).max(200);
const qPointType = () =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
    z
      .number()
      .int()
      .min(1, { error: 'must be a point type 1-8' })
      .max(8, { error: 'must be a point type 1-8' })
      .optional(),
  );

// ---------------------------------------------------------------------------------------------
// Ledger: GET /point/, /point/select, /point/id/{id}, POST /point/, PUT and DELETE /point/{id}

export const PointEntry = z.object({
  id: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  point_type: z.number().int(),
  /** Signed: credits positive, debits negative. */
  points: z.number().int(),
  invoice_document_no: z.string().nullable(),
  reference: z.string(),
  reason: z.string(),
  source: z.string(),
  /** For a staff correction: the voided row it replaces. For a redemption revert: the redemption row. */
  reverses_id: Id.nullable(),
  void: z.boolean(),
  voided_at: Timestamp.nullable(),
  voided_by: Id.nullable(),
  /** The customer's balance right after this row was written. */
  balance_after: z.number().int().nullable(),
  created_by: Id.nullable(),
  created_by_name: z.string().nullable(),
  /** Business date of the movement (for invoice rows: the invoice date). */
  entry_date: BusinessDate,
  /** True for staff-written rows that are not void: PUT and DELETE accept them. */
  editable: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type PointEntry = z.infer<typeof PointEntry>;

/** A manual movement's points, either sign here: pointSignError decides which sign the type takes. */
const manualPoints = () =>
  z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(-MAX_POINTS_PER_MOVEMENT)
    .max(MAX_POINTS_PER_MOVEMENT);
const manualType = () =>
  z.union([z.literal(2), z.literal(5), z.literal(7)], {
    error: 'must be 2 (injected), 5 (deduction) or 7 (correction); other types are written by the system',
  });

/**
 * A manual movement. Types 2 and 5 take a whole positive number (a deduction is stored negative);
 * type 7 takes a signed, non-zero whole number.
 */
export const PointEntryCreate = z
  .object({
    customer_id: ref('customer', Id),
    point_type: manualType(),
    points: manualPoints(),
    reason: reason(),
    reference: reference().optional().default(''),
    /** Defaults to today (Asia/Jakarta); at most 31 days ahead. */
    entry_date: LedgerDate.optional(),
  })
  .superRefine(checkPointSign);
export type PointEntryCreate = z.infer<typeof PointEntryCreate>;

/** Correcting a staff row: any of these; the rest is taken from the row being corrected. */
export const PointEntryUpdate = updateSchema({
  point_type: manualType(),
  points: manualPoints(),
  reason: reason(),
  reference: reference(),
  entry_date: LedgerDate,
});
export type PointEntryUpdate = z.infer<typeof PointEntryUpdate>;

/** The sign rule of a manual movement, shared by create (schema) and update (server, after merging). */
export function pointSignError(pointType: number, points: number): string | null {
  if (pointType === POINT_TYPE.correction) return points === 0 ? 'must not be 0' : null;
  return points > 0 ? null : 'must be a whole positive number (the point type decides the sign)';
}
function checkPointSign(v: { point_type: number; points: number }, ctx: z.RefinementCtx) {
  const msg = pointSignError(v.point_type, v.points);
  if (msg) ctx.addIssue({ code: 'custom', path: ['points'], message: msg });
}

export const pointEntryContract = defineContract({
  name: 'point',
  area: 'point',
  idKey: 'id',
  paths: {
    list: '/point/',
    select: '/point/select',
    get: '/point/id/:id',
    create: '/point/',
    update: '/point/:id',
    remove: '/point/:id',
  },
  record: PointEntry,
  create: PointEntryCreate,
  update: PointEntryUpdate,
  filters: z.object({
    point_type: qPointType(),
    customer_id: qInt(),
    branch_id: qInt(),
    /** Business dates of the movement, both ends included. */
    start_date: qDate(),
    end_date: qDate(),
    source: qString(),
    invoice_document_no: qString(),
    /** Absent: every row; 1: only void rows; 0: only live rows. */
    void: qBool(),
  }),
  sortKeys: ['id', 'entry_date', 'points', 'customer_name', 'created_at'],
  defaultSort: { by: 'def.id', dir: 'desc' },
  searchFields: ['customer_name', 'customer_code', 'invoice_document_no'],
});

// ---------------------------------------------------------------------------------------------
// Injection: POST /point/inject/, an import on the shared pipeline (import.ts)

/** One customer of an injection: by customer_code (a file, a pasted list) or customer_id (the picker). */
export const PointInjectRow = z
  .object({
    customer_code: customerCodeRef(),
    customer_id: ref('customer', Id),
  })
  .partial()
  .superRefine((v, ctx) => {
    if ((v.customer_code === undefined) === (v.customer_id === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['customer_code'],
        message: 'give either customer_code or customer_id',
      });
    }
  });
export type PointInjectRow = z.infer<typeof PointInjectRow>;

/** What applies to every customer of an injection. */
export const PointInjectParams = z.object({
  points: wholePositive(),
  reason: reason(),
  reference: reference().optional(),
  /** Defaults to today (Asia/Jakarta); at most 31 days ahead. */
  entry_date: LedgerDate.optional(),
});
export type PointInjectParams = z.infer<typeof PointInjectParams>;

export const PointInjectResult = ImportResult.extend({
  /** Customers credited (= inserted: every customer gets a new ledger row). */
  count: z.number().int(),
  points: z.number().int(),
  total_points: z.number().int(),
  /** The new ledger rows, in the order of the request (empty on a dry run). */
  ids: z.array(Id),
});
export type PointInjectResult = z.infer<typeof PointInjectResult>;

export const pointInjectImport = defineImport({
  name: 'point_inject',
  path: '/point/inject/',
  area: 'point',
  row: PointInjectRow,
  params: PointInjectParams,
  key: ['customer_code', 'customer_id'],
  maxRows: MAX_INJECT_CUSTOMERS,
  result: PointInjectResult,
  status: 201,
  idempotent: false,
  summary: 'Credit the same points (type 2) to every listed customer, all or nothing',
  notes:
    'Each customer gets one ledger row of type 2 (source inject). A customer named twice (by code or by id) is a ' +
    'duplicate. The older body form `{"customer_codes": [...], "customer_ids": [...]}` is still accepted beside ' +
    '`rows` (its ids are named `customer_ids.N` in messages). inserted = count; updated and unchanged are always 0.',
  template: {
    columns: ['customer_code'],
    required: ['customer_code'],
    example: { customer_code: 'BDG000123' },
    aliases: { customer_code: ['kode', 'kode pelanggan', 'kode toko', 'kode customer', 'code', 'customer'] },
  },
});

/** The older body form, still accepted: codes and ids as plain lists. */
export const POINT_INJECT_LEGACY = {
  customer_codes: z
    .array(ref('customer', z.string().trim().min(1, { error: 'must not be empty' }).max(50), 'code'))
    .max(MAX_INJECT_CUSTOMERS)
    .optional(),
  customer_ids: z.array(ref('customer', Id)).max(MAX_INJECT_CUSTOMERS).optional(),
};

/** POST /point/inject/'s body: `rows` (or the older lists) and the shared fields. */
export const PointInject = importBody(pointInjectImport, POINT_INJECT_LEGACY, true).superRefine(
  (body, ctx) => {
    const v = body as Record<string, unknown[] | undefined>;
    const n = (v.rows?.length ?? 0) + (v.customer_codes?.length ?? 0) + (v.customer_ids?.length ?? 0);
    if (n === 0)
      ctx.addIssue({ code: 'custom', path: ['customer_codes'], message: 'name at least one customer' });
    if (n > MAX_INJECT_CUSTOMERS)
      ctx.addIssue({
        code: 'custom',
        path: ['customer_codes'],
        message: `at most ${MAX_INJECT_CUSTOMERS} customers per injection`,
        params: { code: 'inject_max', max: MAX_INJECT_CUSTOMERS },
      });
  },
);
export type PointInject = z.input<typeof PointInjectParams> & {
  rows?: z.input<typeof PointInjectRow>[];
  customer_codes?: string[];
  customer_ids?: number[];
  dry_run?: boolean;
};

// ---------------------------------------------------------------------------------------------
// Balances

/** GET /point/balance/customer_id/{customer_id}: the cached balance (constant time). */
export const PointBalance = z.object({
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  point_balance: z.number().int(),
  monthly_max_point: z.number().int().nullable(),
  exclude_all_point: z.boolean(),
});
export type PointBalance = z.infer<typeof PointBalance>;

/** A row of GET /point/report/customer_balance. Earned/spent totals count non-void rows of all time. */
export const CustomerBalanceRow = z.object({
  id: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  region_id: Id,
  region_name: z.string(),
  region_group_id: Id,
  region_group_name: z.string(),
  show_in_app: z.boolean(),
  installed: z.boolean(),
  exclude_all_point: z.boolean(),
  monthly_max_point: z.number().int().nullable(),
  point_balance: z.number().int(),
  total_earned: z.number().int(),
  total_spent: z.number().int(),
  last_entry_date: BusinessDate.nullable(),
});
export type CustomerBalanceRow = z.infer<typeof CustomerBalanceRow>;
export const customerBalanceContract = defineContract({
  name: 'point_customer_balance',
  area: 'point',
  idKey: 'customer_id',
  paths: { list: '/point/report/customer_balance' },
  record: CustomerBalanceRow,
  filters: z.object({
    region_group_id: qInt(),
    region_id: qInt(),
    branch_id: qInt(),
    show_in_app: qBool(),
    installed: qBool(),
    customer_type_id: qInt(),
  }),
  sortKeys: ['id', 'customer_id', 'customer_name', 'customer_code', 'point_balance', 'branch_name'],
  defaultSort: { by: 'customer_name', dir: 'asc' },
  searchFields: ['customer_name', 'customer_code'],
});

// ---------------------------------------------------------------------------------------------
// Reports: points tracking (GET /point/report) and store points (GET /point/report/store)

const reportFilters = {
  start_date: qDate(),
  end_date: qDate(),
  region_group_id: qInt(),
  region_id: qInt(),
  branch_id: qInt(),
  customer_id: qInt(),
};

/**
 * One row per invoice document (all its non-void rows for one customer: master, promo bonus and
 * corrections); a movement without an invoice (injection, deduction, redemption) is a row of its own
 * with invoice_document_no null. `id` is the first ledger row of the group.
 */
export const PointReportRow = z.object({
  id: Id,
  invoice_document_no: z.string().nullable(),
  invoice_date: BusinessDate.nullable(),
  invoice_net_amount: z.number().nullable(),
  entry_date: BusinessDate,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  region_id: Id,
  region_name: z.string(),
  region_group_id: Id,
  region_group_name: z.string(),
  /** The group's first point type (1 for an invoice, else the movement's type). */
  point_type: z.number().int(),
  point_types: z.array(z.number().int()),
  master_points: z.number().int(),
  promo_points: z.number().int(),
  /** Everything else in the group: corrections by staff, injections, deductions, redemptions. */
  other_points: z.number().int(),
  points: z.number().int(),
  entries: z.number().int(),
  /** The store tier that multiplied the invoice's points (in force on its date) and by how much; null: none. */
  tier_name: z.string().nullable(),
  tier_multiplier: z.number().nullable(),
});
export type PointReportRow = z.infer<typeof PointReportRow>;
export const PointReportQuery = z.object({
  ...reportFilters,
  /** Rows (groups) holding at least one movement of this type. */
  point_type: qPointType(),
});
export const POINT_REPORT_SORT_KEYS = [
  'id',
  'entry_date',
  'points',
  'invoice_document_no',
  'customer_name',
] as const;
export const pointReportContract = defineContract({
  name: 'point_report',
  area: 'point',
  idKey: 'id',
  paths: { list: '/point/report' },
  record: PointReportRow,
  filters: PointReportQuery,
  sortKeys: POINT_REPORT_SORT_KEYS,
  defaultSort: { by: 'def.id', dir: 'desc' },
  searchFields: ['customer_name', 'customer_code', 'invoice_document_no'],
});

/** Points per store over a date range (only stores with movements in it). Deductions etc. are negative. */
export const StorePointsRow = z.object({
  id: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  region_id: Id,
  region_name: z.string(),
  region_group_id: Id,
  region_group_name: z.string(),
  invoices: z.number().int(),
  master_points: z.number().int(),
  promo_points: z.number().int(),
  injected_points: z.number().int(),
  redeemed_points: z.number().int(),
  deducted_points: z.number().int(),
  correction_points: z.number().int(),
  net_points: z.number().int(),
  /** The current balance (not limited to the range). */
  point_balance: z.number().int(),
});
export type StorePointsRow = z.infer<typeof StorePointsRow>;
export const STORE_POINTS_SORT_KEYS = [
  'id',
  'customer_id',
  'customer_name',
  'customer_code',
  'net_points',
  'master_points',
  'point_balance',
] as const;
export const storePointsContract = defineContract({
  name: 'point_store_report',
  area: 'point',
  idKey: 'customer_id',
  paths: { list: '/point/report/store' },
  record: StorePointsRow,
  filters: z.object(reportFilters),
  sortKeys: STORE_POINTS_SORT_KEYS,
  defaultSort: { by: 'net_points', dir: 'desc' },
  searchFields: ['customer_name', 'customer_code'],
});

// ---------------------------------------------------------------------------------------------
// Point transaction rules: /point_rules/

// The rules screen's note (the rules' order) lives in its own module, without schemas: the app's
// messages import it, and with it every screen's first load built this module's zod schemas.
export { POINT_RULES_NOTE } from './points-note';

export const PointRule = z.object({
  id: Id,
  name: z.string(),
  /** What the rule covers: one item, one item category, or every item. */
  target: z.enum(['item', 'category', 'all']),
  item_category_id: Id.nullable(),
  item_category_name: z.string().nullable(),
  item_id: Id.nullable(),
  item_code: z.string().nullable(),
  item_name: z.string().nullable(),
  /** Null: every customer type. */
  customer_type_id: Id.nullable(),
  customer_type_name: z.string().nullable(),
  /** Rupiah of line net amount for one point (fractions add up over the invoice, rounded down once). */
  amount_per_point: z.number(),
  start_date: BusinessDate,
  end_date: BusinessDate,
  active: z.boolean(),
  note: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type PointRule = z.infer<typeof PointRule>;
const amountPerPoint = () =>
  z
    .number({ error: 'is required: the rupiah amount that earns one point' })
    .min(1, { error: 'must be at least 1 rupiah per point' })
    .max(1_000_000_000_000)
    .multipleOf(0.01, { error: 'must have at most 2 decimals' });
const ruleFields = {
  name: name(),
  item_category_id: ref('item_category', Id).nullable(),
  item_id: ref('item', Id).nullable(),
  customer_type_id: ref('customer_type', Id).nullable(),
  amount_per_point: amountPerPoint(),
  start_date: BusinessDate,
  end_date: BusinessDate,
  active: z.boolean(),
  note: z.string().trim().max(500),
};
/** The target rule: one of item_id / item_category_id, or neither for every item. */
export function ruleTargetError(v: { item_id?: number | null; item_category_id?: number | null }) {
  return v.item_id != null && v.item_category_id != null
    ? 'give either item_id or item_category_id (or neither for every item), not both'
    : null;
}
export const PointRuleCreate = withPeriod(
  z
    .object({
      ...ruleFields,
      item_category_id: ruleFields.item_category_id.optional().default(null),
      item_id: ruleFields.item_id.optional().default(null),
      customer_type_id: ruleFields.customer_type_id.optional().default(null),
      active: ruleFields.active.optional().default(true),
      note: ruleFields.note.optional().default(''),
    })
    .superRefine((v, ctx) => {
      const t = ruleTargetError(v);
      if (t) ctx.addIssue({ code: 'custom', path: ['item_id'], message: t });
    }),
);
export const PointRuleUpdate = updateSchema(PointRuleCreate.shape);
export const pointRuleContract = defineContract({
  name: 'point_rule',
  area: 'point',
  idKey: 'id',
  paths: {
    list: '/point_rules/',
    select: '/point_rules/select',
    get: '/point_rules/id/:id',
    create: '/point_rules/',
    update: '/point_rules/:id',
    remove: '/point_rules/:id',
  },
  record: PointRule,
  create: PointRuleCreate,
  update: PointRuleUpdate,
  filters: z.object({
    active: qBool(),
    item_category_id: qInt(),
    item_id: qInt(),
    customer_type_id: qInt(),
    /** Rules whose period covers this date. */
    valid_on: qDate(),
  }),
  sortKeys: ['id', 'name', 'amount_per_point', 'start_date', 'end_date', 'created_at', 'created_date'],
  defaultSort: { by: 'def.id', dir: 'desc' },
  searchFields: ['name', 'note', 'item_name', 'item_category_name'],
});

// ---------------------------------------------------------------------------------------------
// Maximum points per customer: /point_max_customer/

/**
 * A customer's maximum of points earned from invoices (master + promo bonus) per calendar month,
 * for every month its period touches. It overrides the customer's standing monthly_max_point.
 * A customer's periods may not overlap.
 */
export const PointMaxCustomer = z.object({
  id: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  max_point: z.number().int(),
  start_date: BusinessDate,
  end_date: BusinessDate,
  active: z.boolean(),
  note: z.string(),
  /** The customer's standing monthly maximum (used outside these periods). */
  customer_monthly_max_point: z.number().int().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type PointMaxCustomer = z.infer<typeof PointMaxCustomer>;
const maxFields = {
  customer_id: ref('customer', Id),
  max_point: z
    .number({ error: 'must be a whole number of 0 or more' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(MAX_POINTS_PER_MOVEMENT),
  start_date: BusinessDate,
  end_date: BusinessDate,
  active: z.boolean(),
  note: z.string().trim().max(500),
};
export const PointMaxCustomerCreate = withPeriod(
  z.object({
    ...maxFields,
    active: maxFields.active.optional().default(true),
    note: maxFields.note.optional().default(''),
  }),
);
export const PointMaxCustomerUpdate = updateSchema(PointMaxCustomerCreate.shape);
export const pointMaxCustomerContract = defineContract({
  name: 'point_max_customer',
  area: 'point',
  idKey: 'id',
  paths: {
    list: '/point_max_customer/',
    select: '/point_max_customer/select',
    get: '/point_max_customer/id/:id',
    create: '/point_max_customer/',
    update: '/point_max_customer/:id',
    remove: '/point_max_customer/:id',
  },
  record: PointMaxCustomer,
  create: PointMaxCustomerCreate,
  update: PointMaxCustomerUpdate,
  filters: z.object({
    /** 1: every entry; absent or 0: only active entries that have not ended. */
    show_all: qBool(),
    customer_id: qInt(),
    branch_id: qInt(),
    active: qBool(),
  }),
  sortKeys: [
    'id',
    'customer_name',
    'customer_code',
    'max_point',
    'start_date',
    'end_date',
    'created_at',
    'created_date',
  ],
  defaultSort: { by: 'def.id', dir: 'desc' },
  searchFields: ['customer_name', 'customer_code', 'note'],
});

// ---------------------------------------------------------------------------------------------
// Promo points: /point_promo/

/**
 * A bonus period: invoices dated inside it earn extra points on the lines it covers (every item, or
 * one item category): floor(points x (multiplier - 1)) + bonus_points once per invoice. Active
 * periods covering the same lines may not overlap (400).
 */
export const PointPromo = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  start_date: BusinessDate,
  end_date: BusinessDate,
  multiplier: z.number(),
  bonus_points: z.number().int(),
  item_category_id: Id.nullable(),
  item_category_name: z.string().nullable(),
  photo: z.string(),
  active: z.boolean(),
  note: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type PointPromo = z.infer<typeof PointPromo>;
const promoFields = {
  name: name(),
  description: z.string().trim().max(2000),
  start_date: BusinessDate,
  end_date: BusinessDate,
  multiplier: z
    .number({ error: 'must be a number of 1 or more' })
    .min(1, { error: 'must be 1 or more (1 = no multiplier)' })
    .max(100, { error: 'must be at most 100' })
    .multipleOf(0.01, { error: 'must have at most 2 decimals' }),
  bonus_points: z
    .number({ error: 'must be a whole number of 0 or more' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(MAX_POINTS_PER_MOVEMENT),
  item_category_id: ref('item_category', Id).nullable(),
  /** The URL answered by POST /point_promo/photo ('' for none). */
  photo: imageRef(),
  active: z.boolean(),
  note: z.string().trim().max(500),
};
export function promoBoostError(v: { multiplier?: number; bonus_points?: number }) {
  return (v.multiplier ?? 1) <= 1 && (v.bonus_points ?? 0) <= 0
    ? 'give a multiplier above 1 or bonus_points above 0'
    : null;
}
export const PointPromoCreate = withPeriod(
  z
    .object({
      ...promoFields,
      description: promoFields.description.optional().default(''),
      multiplier: promoFields.multiplier.optional().default(1),
      bonus_points: promoFields.bonus_points.optional().default(0),
      item_category_id: promoFields.item_category_id.optional().default(null),
      photo: promoFields.photo.optional().default(''),
      active: promoFields.active.optional().default(true),
      note: promoFields.note.optional().default(''),
    })
    .superRefine((v, ctx) => {
      const b = promoBoostError(v);
      if (b) ctx.addIssue({ code: 'custom', path: ['multiplier'], message: b });
    }),
);
export const PointPromoUpdate = updateSchema(PointPromoCreate.shape);
export const pointPromoContract = defineContract({
  name: 'point_promo',
  area: 'point',
  idKey: 'id',
  paths: {
    list: '/point_promo/',
    select: '/point_promo/select',
    get: '/point_promo/id/:id',
    create: '/point_promo/',
    update: '/point_promo/:id',
    remove: '/point_promo/:id',
  },
  record: PointPromo,
  create: PointPromoCreate,
  update: PointPromoUpdate,
  filters: z.object({
    /** With end_date: promos whose period overlaps the range. */
    start_date: qDate(),
    end_date: qDate(),
    active: qBool(),
    item_category_id: qInt(),
  }),
  sortKeys: ['id', 'name', 'start_date', 'end_date', 'created_at', 'created_date'],
  defaultSort: { by: 'def.id', dir: 'desc' },
  searchFields: ['name', 'description'],
});
