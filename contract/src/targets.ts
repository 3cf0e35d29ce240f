// Targets: customer turnover targets per month with their achievement (the customer's
// invoiced net amount that month), target category volume (a customer's quantity target per item
// category over a period, in the items' base unit) and the older target category area (a customer's
// rupiah target per item category per month).
//
// Achievement everywhere is what the customer detail shows: the sum of net_amount of the customer's
// sales invoices dated in that month (invoice_date is the Asia/Jakarta business date), cancelled
// invoices excluded. Percentages are actual / target x 100 with 2 decimals, null without a target.
import { z } from 'zod';
import {
  BusinessDate,
  Id,
  jakartaDate,
  ListQuery,
  Money,
  moneyInput,
  qDate,
  qInt,
  qString,
  ref,
} from './common';
import { defineImport } from './import';
import { withPeriod } from './period';

/** The twelve month columns of a targets file (also their JSON names). */
export const MONTH_COLUMNS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;
export type MonthColumn = (typeof MONTH_COLUMNS)[number];
/** Indonesian (and numbered) headers a file may use for each month column. */
const MONTH_ALIASES: Record<MonthColumn, string[]> = {
  jan: ['januari', 'january', 'm1', 'bulan 1'],
  feb: ['februari', 'february', 'peb', 'm2', 'bulan 2'],
  mar: ['maret', 'march', 'm3', 'bulan 3'],
  apr: ['april', 'm4', 'bulan 4'],
  may: ['mei', 'm5', 'bulan 5'],
  jun: ['juni', 'june', 'm6', 'bulan 6'],
  jul: ['juli', 'july', 'm7', 'bulan 7'],
  aug: ['agustus', 'august', 'agu', 'agt', 'm8', 'bulan 8'],
  sep: ['september', 'sept', 'm9', 'bulan 9'],
  oct: ['oktober', 'october', 'okt', 'm10', 'bulan 10'],
  nov: ['november', 'nop', 'm11', 'bulan 11'],
  dec: ['desember', 'december', 'des', 'm12', 'bulan 12'],
};

const code = () =>
  z
    .string({ error: 'must be a text' })
    .trim()
    .min(1, { error: 'is required' })
    .max(50, { error: 'must be at most 50 characters' });
const yearInput = () =>
  z
    .number({ error: 'must be a year' })
    .int({ error: 'must be a year' })
    .min(2000, { error: 'must be a year between 2000 and 2100' })
    .max(2100, { error: 'must be a year between 2000 and 2100' });
const monthInput = () =>
  z
    .number({ error: 'must be a month 1..12' })
    .int({ error: 'must be a month 1..12' })
    .min(1, { error: 'must be a month 1..12' })
    .max(12, { error: 'must be a month 1..12' });

// ---------------------------------------------------------------------------------------------
// Customer targets

/**
 * One row of a targets file: a customer's year with the twelve month columns (blank months are left
 * as they are), or one month with `month` + `amount`.
 */
// Typed per column, so a parsed row's type names jan..dec (a bare Object.fromEntries would not).
const monthShape = Object.fromEntries(MONTH_COLUMNS.map((m) => [m, moneyInput().optional()])) as Record<
  MonthColumn,
  z.ZodOptional<ReturnType<typeof moneyInput>>
>;

export const CustomerTargetRow = z
  .object({
    customer_code: ref('customer', code(), 'code'),
    year: yearInput(),
    month: monthInput().optional(),
    amount: moneyInput().optional(),
    ...monthShape,
  })
  .superRefine((row, ctx) => {
    const r = row as Record<string, unknown>;
    const months = MONTH_COLUMNS.filter((m) => r[m] !== undefined);
    if (r.month !== undefined || r.amount !== undefined) {
      if (months.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['month'],
          message: 'give either month + amount or the month columns jan..dec, not both',
        });
      } else if (r.month === undefined) {
        ctx.addIssue({ code: 'custom', path: ['month'], message: 'is required with amount' });
      } else if (r.amount === undefined) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is required with month' });
      }
    } else if (months.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'has no target: fill the month columns jan..dec, or month and amount',
      });
    }
  });
export type CustomerTargetRow = z.infer<typeof CustomerTargetRow>;

export const customerTargetImport = defineImport({
  name: 'customer_target',
  path: '/customer/target/add_bulk',
  area: 'target',
  row: CustomerTargetRow,
  key: ['customer_code', 'year', 'month'],
  maxRows: 100_000,
  summary: "Import customers' monthly turnover targets (all or nothing; a re-import replaces)",
  notes:
    'A row is a customer year with the month columns jan..dec (blank months are left as they are), or one ' +
    'month with month + amount (rupiah, 0 or more). Idempotent on customer + year + month: a month imported ' +
    'again is replaced by the new amount. One month named twice in a file (by two rows of either form) is a ' +
    'duplicate. The counts are of months: inserted, updated, unchanged.',
  template: {
    columns: ['customer_code', 'year', ...MONTH_COLUMNS, 'month', 'amount'],
    required: ['customer_code', 'year'],
    example: {
      customer_code: 'BDG000123',
      year: Number(jakartaDate().slice(0, 4)),
      ...Object.fromEntries(MONTH_COLUMNS.map((m, i) => [m, 5_000_000 + i * 250_000])),
    },
    numbers: ['year', ...MONTH_COLUMNS, 'month', 'amount'],
    aliases: {
      customer_code: ['kode', 'kode pelanggan', 'kode toko', 'kode customer', 'code'],
      year: ['tahun'],
      month: ['bulan'],
      amount: ['target', 'nilai', 'jumlah', 'target amount'],
      ...MONTH_ALIASES,
    },
  },
});

/** One month of a customer's targets with what the customer achieved. */
export const TargetMonth = z.object({
  /** The target row's id; null for a month without a target. */
  id: Id.nullable(),
  year: z.number().int(),
  month: z.number().int(),
  quarter: z.number().int(),
  semester: z.number().int(),
  target_amount: Money.nullable(),
  /** Invoiced net amount of the month (cancelled invoices excluded). */
  actual_amount: Money,
  invoice_count: z.number().int(),
  /** actual / target x 100, 2 decimals; null without a target (or a target of 0). */
  achievement_pct: z.number().nullable(),
});
export type TargetMonth = z.infer<typeof TargetMonth>;

/** A customer's targets over a quarter, a semester or a year: the months and their sums. */
export const CustomerTargetPeriod = z.object({
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  year: z.number().int(),
  /** Set for the quarter answer. */
  quarter: z.number().int().nullable(),
  /** Set for the semester answer. */
  semester: z.number().int().nullable(),
  /** Every month of the period (3, 6 or 12), in the requested order. */
  months: z.array(TargetMonth),
  /** Sum of the months' targets (months without one count 0). */
  target_amount: Money,
  actual_amount: Money,
  invoice_count: z.number().int(),
  /** actual / target x 100 over the period; null when the period has no target. */
  achievement_pct: z.number().nullable(),
});
export type CustomerTargetPeriod = z.infer<typeof CustomerTargetPeriod>;

const qYear = () =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? Number(jakartaDate().slice(0, 4)) : v),
    z.coerce
      .number({ error: 'must be a year' })
      .int({ error: 'must be a year' })
      .min(2000, { error: 'must be a year between 2000 and 2100' })
      .max(2100, { error: 'must be a year between 2000 and 2100' }),
  );
const requiredId = () =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'is required' })
      .int({ error: 'must be an id' })
      .positive({ error: 'must be an id' }),
  );
const periodNumber = (max: number, what: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: `is required (${what} 1..${max})` })
      .int({ error: `must be ${what} 1..${max}` })
      .min(1, { error: `must be ${what} 1..${max}` })
      .max(max, { error: `must be ${what} 1..${max}` }),
  );

const idParams = {
  user_id: qInt(),
  admin_user_id: qInt(),
  user_id_for_branch: qInt(),
};

export const TargetQuarterQuery = z.object({
  customer_id: ref('customer', requiredId()),
  quarter: periodNumber(4, 'a quarter'),
  year: qYear(),
  ...idParams,
});
export const TargetSemesterQuery = z.object({
  customer_id: ref('customer', requiredId()),
  semester: periodNumber(2, 'a semester'),
  year: qYear(),
  ...idParams,
});
/** Sort of the year's months: by month (default), target, actual or percentage. */
export const TARGET_YEAR_SORT_KEYS = [
  'id',
  'month',
  'target_amount',
  'actual_amount',
  'achievement_pct',
] as const;
export const TargetYearQuery = z.object({
  customer_id: ref('customer', requiredId()),
  year: qYear(),
  by: ListQuery.shape.by,
  sort: ListQuery.shape.sort,
  ...idParams,
});

export const TARGET_PATHS = {
  quarter: '/customer/target/quarter',
  semester: '/customer/target/semester',
  year: '/customer/target/year',
} as const;

// ---------------------------------------------------------------------------------------------
// Target category volume and the older target category

/** A comma-separated list (`names=Minyak Goreng,Mie Instan`) as a list of trimmed values. */
const qList = () =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const parts = (Array.isArray(v) ? v : String(v).split(',')).map((s) => String(s).trim()).filter(Boolean);
    return parts.length > 0 ? parts : undefined;
  }, z.array(z.string().max(200)).max(100, { error: 'at most 100 values' }).optional());
/** `region_ids=1,2` or `region_ids=1&region_ids=2`. */
export const qIdList = () =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const parts = (Array.isArray(v) ? v : String(v).split(',')).map((s) => String(s).trim()).filter(Boolean);
    return parts.length > 0 ? parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : undefined;
  }, z.array(Id, { error: 'must be a list of ids' }).max(500).optional());

/** Which of the two category-target areas a call is about (they share their paths' shape). */
export type CategoryKind = 'volume' | 'amount';

/** One target category volume: a customer's quantity target for an item category over a period. */
export const TargetCategoryVolume = z.object({
  id: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  /** The item category's name. */
  name: z.string(),
  period_start: BusinessDate,
  period_end: BusinessDate,
  target_volume: z.number(),
  /** The unit the target is counted in (the items' base unit; informative). */
  uom: z.string(),
  import_batch: z.string(),
});
export type TargetCategoryVolume = z.infer<typeof TargetCategoryVolume>;

export const TargetCategoryVolumeRow = withPeriod(
  z.object({
    customer_code: ref('customer', code(), 'code'),
    name: z.string({ error: 'must be a text' }).trim().min(1, { error: 'is required' }).max(200),
    start_date: BusinessDate,
    end_date: BusinessDate,
    target_volume: z
      .number({ error: 'must be a quantity' })
      .min(0, { error: 'must be 0 or more' })
      .max(1e12, { error: 'is too large' }),
    uom: z.string().trim().max(20).optional(),
  }),
);
export type TargetCategoryVolumeRow = z.infer<typeof TargetCategoryVolumeRow>;

export const targetCategoryVolumeImport = defineImport({
  name: 'target_category_volume',
  path: '/target_category_volume/',
  area: 'target',
  row: TargetCategoryVolumeRow,
  key: ['customer_code', 'name', 'start_date'],
  maxRows: 100_000,
  status: 201,
  summary: 'Import target volumes per customer and item category over a period (all or nothing)',
  notes:
    'name must be an item category name (matched ignoring case). The volume counts the items of that category in ' +
    'their base unit of measure. Idempotent on customer_code + name + start_date: a row imported again replaces ' +
    'the end date, volume and unit.',
  template: {
    columns: ['customer_code', 'name', 'start_date', 'end_date', 'target_volume', 'uom'],
    required: ['customer_code', 'name', 'start_date', 'end_date', 'target_volume'],
    example: {
      customer_code: 'BDG000123',
      name: 'Minyak Goreng',
      start_date: `${jakartaDate().slice(0, 4)}-01-01`,
      end_date: `${jakartaDate().slice(0, 4)}-03-31`,
      target_volume: 120,
      uom: 'PCS',
    },
    numbers: ['target_volume'],
    aliases: {
      customer_code: ['kode', 'kode pelanggan', 'kode toko', 'code'],
      name: ['kategori', 'category', 'nama kategori', 'category name'],
      start_date: ['mulai', 'tanggal mulai', 'period start', 'from'],
      end_date: ['selesai', 'tanggal selesai', 'period end', 'to'],
      target_volume: ['target', 'volume', 'target volume', 'qty'],
      uom: ['satuan', 'unit'],
    },
  },
});

/** One legacy target category: a customer's rupiah target for an item category in one month. */
export const TargetCategory = z.object({
  id: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  name: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  period_start: BusinessDate,
  period_end: BusinessDate,
  target: Money,
});
export type TargetCategory = z.infer<typeof TargetCategory>;

export const TargetCategoryRow = z.object({
  customer_code: ref('customer', code(), 'code'),
  name: z.string({ error: 'must be a text' }).trim().min(1, { error: 'is required' }).max(200),
  year: yearInput(),
  month: monthInput(),
  target: moneyInput(),
});
export type TargetCategoryRow = z.infer<typeof TargetCategoryRow>;

export const targetCategoryImport = defineImport({
  name: 'target_category',
  path: '/target_category/',
  area: 'target',
  row: TargetCategoryRow,
  key: ['customer_code', 'name', 'year', 'month'],
  maxRows: 100_000,
  status: 201,
  summary: 'Import the older monthly rupiah targets per customer and item category (all or nothing)',
  notes:
    "The older area: a rupiah target (invoiced net amount of the category's items) per customer, category and month. " +
    'name must be an item category name. Idempotent on customer_code + name + year + month.',
  template: {
    columns: ['customer_code', 'name', 'year', 'month', 'target'],
    required: ['customer_code', 'name', 'year', 'month', 'target'],
    example: {
      customer_code: 'BDG000123',
      name: 'Minyak Goreng',
      year: Number(jakartaDate().slice(0, 4)),
      month: 1,
      target: 2_500_000,
    },
    numbers: ['year', 'month', 'target'],
    aliases: {
      customer_code: ['kode', 'kode pelanggan', 'kode toko', 'code'],
      name: ['kategori', 'category', 'nama kategori'],
      year: ['tahun'],
      month: ['bulan'],
      target: ['nilai', 'amount', 'target amount'],
    },
  },
});

/** Sort keys of the category lists (/select) and of the report. */
export const CATEGORY_SORT_KEYS = [
  'id',
  'customer_name',
  'customer_code',
  'name',
  'period_start',
  'target',
] as const;
export const CategorySelectQuery = z.object({
  by: ListQuery.shape.by,
  sort: ListQuery.shape.sort,
  customer_code: qString(),
  name: qString(),
  search: qString(),
  ...idParams,
});
export const CategoryDistinctQuery = z.object({
  by: ListQuery.shape.by,
  sort: ListQuery.shape.sort,
  customer_code: qString(),
  search: qString(),
  ...idParams,
});
export const DISTINCT_SORT_KEYS = ['customer_name', 'customer_code', 'id', 'name', 'target_count'] as const;
/** One customer that has category targets (`/select/distinct`). */
export const CategoryCustomer = z.object({
  id: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  /** How many target rows the customer has. */
  target_count: z.number().int(),
  /** The categories named, alphabetically. */
  names: z.array(z.string()),
});

export const CategoryReportQuery = withPeriod(
  z.object({
    page: ListQuery.shape.page,
    limit: ListQuery.shape.limit,
    by: ListQuery.shape.by,
    sort: ListQuery.shape.sort,
    customer_code: qString(),
    search: qString(),
    region_group_id: qInt(),
    region_id: qInt(),
    branch_id: qInt(),
    /** Category names, comma-separated. */
    names: qList(),
    start_date: qDate(),
    end_date: qDate(),
    ...idParams,
  }),
);
export const REPORT_SORT_KEYS = [
  'customer_name',
  'customer_code',
  'name',
  'period_start',
  'target',
  'branch_name',
  'id',
] as const;

/** One report row: a target against what the customer bought of that category in its period. */
export const CategoryReportRow = z.object({
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
  name: z.string(),
  period_start: BusinessDate,
  period_end: BusinessDate,
  /** Volume (base units) for target category volume; rupiah for target category. */
  target: z.number(),
  /** Invoiced quantity in base units (volume) or invoiced net amount (target category) in the period. */
  actual: z.number(),
  /** actual / target x 100, 2 decimals; null for a target of 0. */
  percentage: z.number().nullable(),
  /** The unit of target and actual: the stored uom for volumes, 'IDR' for amounts. */
  uom: z.string(),
});
export type CategoryReportRow = z.infer<typeof CategoryReportRow>;

export type CategoryArea = {
  kind: CategoryKind;
  base: '/target_category_volume' | '/target_category';
  name: 'target_category_volume' | 'target_category';
};
export const CATEGORY_AREAS: readonly CategoryArea[] = [
  { kind: 'volume', base: '/target_category_volume', name: 'target_category_volume' },
  { kind: 'amount', base: '/target_category', name: 'target_category' },
];
