// Vouchers (a nominal in rupiah, with a photo) and the stores that redeemed them (SPEC.md section 7).
// A store redeems a voucher at most once; staff add redemptions in bulk (POST /voucher_redeem/add_bulk,
// the shared import pipeline: all or nothing, idempotent on voucher + customer, scoped to the caller's
// branches) and may delete one. A voucher's quota (null: unlimited) caps its redemptions (409).
import { z } from 'zod';
import {
  BusinessDate,
  customerCodeRef,
  Id,
  imageRef,
  Money,
  moneyInput,
  qBool,
  qInt,
  ref,
  Timestamp,
} from './common';
import { defineImport, ImportResult } from './import';
import { withPeriod } from './period';
import { defineContract, updateSchema } from './resource';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });

export const Voucher = z.object({
  id: Id,
  code: z.string(),
  name: z.string(),
  description: z.string(),
  nominal: Money,
  photo: z.string(),
  start_date: BusinessDate,
  end_date: BusinessDate,
  /** How many stores may redeem it; null: unlimited. */
  quota: z.number().int().nullable(),
  active: z.boolean(),
  redeemed_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Voucher = z.infer<typeof Voucher>;

const voucherFields = {
  code: text(50)
    .min(1, { error: 'is required' })
    .regex(/^[A-Za-z0-9._/-]*$/, { error: 'may hold only letters, digits and . _ / -' }),
  name: text(200).min(1, { error: 'is required' }),
  description: text(2000),
  nominal: moneyInput(),
  photo: imageRef(),
  start_date: BusinessDate,
  end_date: BusinessDate,
  quota: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(10_000_000)
    .nullable(),
  active: z.boolean(),
};
export const VoucherCreate = withPeriod(
  z.object({
    ...voucherFields,
    description: voucherFields.description.optional().default(''),
    photo: voucherFields.photo.optional().default(''),
    quota: voucherFields.quota.optional().default(null),
    active: voucherFields.active.optional().default(true),
  }),
);
export type VoucherCreate = z.input<typeof VoucherCreate>;
export const VoucherUpdate = updateSchema(voucherFields);

export const voucherContract = defineContract({
  name: 'voucher',
  area: 'voucher',
  idKey: 'id',
  paths: {
    list: '/voucher/',
    select: '/voucher/select',
    get: '/voucher/id/:id',
    create: '/voucher/add',
    update: '/voucher/edit/:id',
    remove: '/voucher/delete/:id',
  },
  record: Voucher,
  create: VoucherCreate,
  update: VoucherUpdate,
  filters: z.object({
    /** 1: every voucher; absent or 0: only active vouchers that have not ended. */
    show_all: qBool(),
    active: qBool(),
  }),
  sortKeys: ['id', 'code', 'name', 'nominal', 'start_date', 'end_date', 'created_at', 'created_date'],
  defaultSort: { by: 'def.id', dir: 'asc' },
  searchFields: ['code', 'name', 'description'],
});

export const VOUCHER_PHOTO_PATH = '/voucher/photo';

export const VoucherRedeem = z.object({
  id: Id,
  voucher_id: Id,
  voucher_code: z.string(),
  voucher_name: z.string(),
  nominal: Money,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  redeemed_at: Timestamp,
  note: z.string(),
  created_by: Id.nullable(),
  created_by_name: z.string().nullable(),
  created_at: Timestamp,
});
export type VoucherRedeem = z.infer<typeof VoucherRedeem>;

export const voucherRedeemContract = defineContract({
  name: 'voucher_redeem',
  area: 'voucher',
  idKey: 'id',
  paths: {
    list: '/voucher_redeem/',
    select: '/voucher_redeem/select',
    get: '/voucher_redeem/id/:id',
    remove: '/voucher_redeem/delete/:id',
  },
  record: VoucherRedeem,
  filters: z.object({
    voucher_id: qInt(),
    branch_id: qInt(),
    customer_id: qInt(),
    /** 1 or absent: every redemption; 0: only redemptions of vouchers that are active now. */
    show_all: qBool(),
  }),
  sortKeys: ['id', 'redeemed_at', 'customer_name', 'customer_code', 'voucher_name'],
  defaultSort: { by: 'def.id', dir: 'desc' },
  searchFields: ['customer_name', 'customer_code', 'voucher_name', 'voucher_code'],
});

export const VoucherBulkRow = z.object({
  customer_code: customerCodeRef(),
  note: text(500).optional(),
});
export const VoucherBulkParams = z.object({ voucher_id: ref('voucher', Id) });

export const voucherBulkImport = defineImport({
  name: 'voucher_redeem',
  path: '/voucher_redeem/add_bulk',
  area: 'voucher',
  row: VoucherBulkRow,
  params: VoucherBulkParams,
  key: ['customer_code'],
  maxRows: 50_000,
  result: ImportResult,
  status: 201,
  summary: 'Record that many stores redeemed one voucher, all or nothing',
  notes:
    'voucher_id names the voucher for every row (an unknown or inactive voucher is a 400). Idempotent on voucher + customer: ' +
    "a store already holding the voucher is counted unchanged (or updated when the note differs). The voucher's quota " +
    'caps its redemptions: 409 naming how many places are left. Stores outside your branches answer 403, each named.',
  template: {
    columns: ['customer_code', 'note'],
    required: ['customer_code'],
    example: { customer_code: 'BDG000123', note: '' },
    aliases: { customer_code: ['kode', 'kode pelanggan', 'kode toko', 'kode customer', 'code', 'customer'] },
  },
});
