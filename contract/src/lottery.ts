// The coupon lottery (SPEC.md section 7, at its `/lottary/...` paths): lottery coupon numbers held by
// stores per draw period, imported as JSON through the shared import pipeline (idempotent on the coupon
// number), listed ascending by id, counted per branch and region, and removed all at once
// (DELETE /lottary/all, coupons.actions.ts).
import { z } from 'zod';
import { customerCodeRef, Id, qInt, qString, Timestamp } from './common';
import { defineImport } from './import';
import { defineContract } from './resource';

export const LotteryCoupon = z.object({
  id: Id,
  coupon_no: z.string(),
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  /** The store's branch and region when imported. */
  branch_id: Id,
  branch_name: z.string(),
  region_id: Id,
  region_name: z.string(),
  period: z.string(),
  batch: z.string(),
  imported_at: Timestamp,
  created_at: Timestamp,
});
export type LotteryCoupon = z.infer<typeof LotteryCoupon>;

const filters = { branch_id: qInt(), region_id: qInt(), period: qString() };

export const lotteryContract = defineContract({
  name: 'lottery',
  area: 'lottery',
  idKey: 'id',
  paths: { list: '/lottary/paginate', get: '/lottary/id/:id' },
  record: LotteryCoupon,
  filters: z.object({ ...filters, customer_id: qInt() }),
  sortKeys: ['id', 'coupon_no', 'period', 'imported_at'],
  defaultSort: { by: 'def.id', dir: 'asc' },
  searchFields: ['coupon_no'],
});

export const LotteryReportQuery = z.object(filters);
export const LotteryReportBranch = z.object({
  branch_id: Id,
  branch_name: z.string(),
  region_id: Id,
  region_name: z.string(),
  count: z.number().int(),
});
export const LotteryReportRegion = z.object({
  region_id: Id,
  region_name: z.string(),
  count: z.number().int(),
});
/** GET /lottary/reportdata: counts per branch and per region (within the caller's branches). */
export const LotteryReport = z.object({
  total: z.number().int(),
  by_branch: z.array(LotteryReportBranch),
  by_region: z.array(LotteryReportRegion),
  periods: z.array(z.object({ period: z.string(), count: z.number().int() })),
});
export type LotteryReport = z.infer<typeof LotteryReport>;
export const LOTTERY_REPORT_PATH = '/lottary/reportdata';

export const LotteryImportRow = z.object({
  coupon_no: z
    .string({ error: 'must be a coupon number' })
    .trim()
    .min(1, { error: 'is required' })
    .max(50, { error: 'must be at most 50 characters' })
    .regex(/^[A-Za-z0-9._/-]*$/, { error: 'may hold only letters, digits and . _ / -' }),
  customer_code: customerCodeRef(),
  period: z
    .string({ error: 'must be a draw period' })
    .trim()
    .min(1, { error: 'is required' })
    .max(20, { error: 'must be at most 20 characters' }),
  batch: z.string().trim().max(100, { error: 'must be at most 100 characters' }).optional(),
});

export const lotteryImport = defineImport({
  name: 'lottery',
  path: '/lottary/import',
  area: 'lottery',
  row: LotteryImportRow,
  key: ['coupon_no'],
  maxRows: 100_000,
  summary: 'Import lottery coupon numbers (JSON), all or nothing, idempotent on the coupon number',
  notes:
    "Each row names the store by customer_code; its branch and region are taken from the store's current branch. " +
    'An unknown customer code is a 400 naming the row; stores outside your branches answer 403.',
  template: {
    columns: ['coupon_no', 'customer_code', 'period', 'batch'],
    required: ['coupon_no', 'customer_code', 'period'],
    example: { coupon_no: 'UND-2025-Q2-0000001', customer_code: 'BDG000123', period: '2025-Q2', batch: '' },
    aliases: {
      coupon_no: ['nomor kupon', 'no kupon', 'kupon', 'coupon', 'number'],
      customer_code: ['kode', 'kode pelanggan', 'kode toko', 'customer'],
      period: ['periode'],
    },
  },
});
