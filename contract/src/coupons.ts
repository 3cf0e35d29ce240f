// Coupons bought with points and their redemptions (SPEC.md section 7, "Coupons, lottery, vouchers").
//
// A coupon is a reward a store buys with points: a point cost, a stock, a validity period, an active
// flag, a photo and optionally the customer types and branches it is limited to (empty: everyone).
//
// Redemptions (POST /coupon_redeem/, staff on a store's behalf; the stores' app uses the same service):
// in ONE transaction the coupon's stock goes down by one (a conditional statement: only while stock > 0,
// the coupon is active and today is within its dates), the store's balance is debited through the
// points ledger (type 4, conditional: never below zero) and the redemption row is written with
// coupon_status 'redeemed'. 409 says which was short (points or stock), or that the coupon is
// inactive, expired, not yet valid or not for this store.
//
// Status lifecycle (coupon_status):
//   redeemed  -> processed   (staff: the gift is being prepared or shipped)
//   redeemed  -> delivered   (staff: handed over)
//   processed -> delivered   (staff)
//   redeemed | processed -> reverted (staff, PUT /coupon_redeem/revert/{id}: a compensating ledger
//                            row of type 6 gives the points back and the stock returns; audited)
//   delivered and reverted are final: a second revert, or reverting a delivered gift, answers 409.
import { z } from 'zod';
import { BusinessDate, Id, imageRef, qBool, qDate, qInt, ref, Timestamp } from './common';
import { withPeriod } from './period';
import { defineContract, updateSchema } from './resource';

export const COUPON_STATUSES = ['redeemed', 'processed', 'delivered', 'reverted'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** Staff transitions: from a status, the statuses a redemption may move to. */
export const COUPON_TRANSITIONS: Readonly<Record<CouponStatus, readonly CouponStatus[]>> = {
  redeemed: ['processed', 'delivered', 'reverted'],
  processed: ['delivered', 'reverted'],
  delivered: [],
  reverted: [],
};
export const REVERTIBLE_STATUSES: readonly CouponStatus[] = ['redeemed', 'processed'];

export const COUPON_LIFECYCLE =
  'coupon_status lifecycle: redeemed -> processed -> delivered; redeemed or processed -> reverted ' +
  '(PUT /coupon_redeem/revert/{id}: ledger type 6 gives the points back, the stock returns). ' +
  'delivered and reverted are final.';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
const name = () => text(200).min(1, { error: 'is required' });
const idList = (kind: string) =>
  z
    .array(ref(kind, Id), { error: 'must be a list of ids' })
    .max(500)
    .refine((v) => new Set(v).size === v.length, { error: 'must not repeat an id' });

// ---------------------------------------------------------------------------------------------
// Coupons: /coupon/

export const Coupon = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  points_required: z.number().int(),
  stock: z.number().int(),
  photo: z.string(),
  start_date: BusinessDate,
  end_date: BusinessDate,
  active: z.boolean(),
  /** Empty: every customer type. */
  customer_type_ids: z.array(Id),
  /** Empty: every branch. */
  branch_ids: z.array(Id),
  /** Redemptions that are not reverted. */
  redeemed_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Coupon = z.infer<typeof Coupon>;

const couponFields = {
  name: name(),
  description: text(2000),
  points_required: z
    .number({ error: 'must be a whole number of points' })
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be more than 0' })
    .max(10_000_000, { error: 'must be at most 10000000' }),
  stock: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(10_000_000, { error: 'must be at most 10000000' }),
  /** The url answered by POST /coupon/photo ('' for none). */
  photo: imageRef(),
  start_date: BusinessDate,
  end_date: BusinessDate,
  active: z.boolean(),
  customer_type_ids: idList('customer_type'),
  branch_ids: idList('branch'),
};
export const CouponCreate = withPeriod(
  z.object({
    ...couponFields,
    description: couponFields.description.optional().default(''),
    photo: couponFields.photo.optional().default(''),
    active: couponFields.active.optional().default(true),
    customer_type_ids: couponFields.customer_type_ids.optional().default([]),
    branch_ids: couponFields.branch_ids.optional().default([]),
  }),
);
export type CouponCreate = z.input<typeof CouponCreate>;
export const CouponUpdate = updateSchema(couponFields);

export const couponContract = defineContract({
  name: 'coupon',
  area: 'coupon',
  idKey: 'id',
  paths: {
    list: '/coupon/',
    select: '/coupon/select',
    get: '/coupon/id/:id',
    create: '/coupon/',
    update: '/coupon/:id',
    // DELETE /coupon/:id is an action (coupons.actions.ts): a coupon with redemptions is deactivated.
  },
  record: Coupon,
  create: CouponCreate,
  update: CouponUpdate,
  filters: z.object({
    active: qBool(),
    /** Coupons valid on this date. */
    valid_on: qDate(),
    /** 1: only coupons with stock left. */
    in_stock: qBool(),
  }),
  sortKeys: [
    'id',
    'name',
    'points_required',
    'stock',
    'start_date',
    'end_date',
    'created_at',
    'created_date',
  ],
  defaultSort: { by: 'def.id', dir: 'desc' },
  searchFields: ['name', 'description'],
});

export const COUPON_PHOTO_PATH = '/coupon/photo';

// ---------------------------------------------------------------------------------------------
// Redemptions: /coupon_redeem/

export const CouponRedeem = z.object({
  id: Id,
  coupon_id: Id,
  coupon_name: z.string(),
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  region_id: Id,
  region_name: z.string(),
  region_group_id: Id,
  region_group_name: z.string(),
  /** Points spent (positive; the ledger row carries the negative amount). */
  points: z.number().int(),
  coupon_status: z.enum(COUPON_STATUSES),
  /** Business date of the redemption (Asia/Jakarta). */
  redeemed_date: BusinessDate,
  redeemed_at: Timestamp,
  delivered_at: Timestamp.nullable(),
  reverted_at: Timestamp.nullable(),
  reverted_by: Id.nullable(),
  reverted_by_name: z.string().nullable(),
  revert_reason: z.string(),
  redeem_ledger_id: Id.nullable(),
  revert_ledger_id: Id.nullable(),
  note: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type CouponRedeem = z.infer<typeof CouponRedeem>;

/** POST /coupon_redeem/: staff redeem a coupon on a store's behalf. */
export const CouponRedeemCreate = z.object({
  coupon_id: ref('coupon', Id),
  customer_id: ref('customer', Id),
  note: text(500).optional().default(''),
});
export type CouponRedeemCreate = z.input<typeof CouponRedeemCreate>;

/** The answer of a redemption: the row and the store's balance right after it. */
export const CouponRedeemResult = CouponRedeem.extend({ point_balance: z.number().int() });
export type CouponRedeemResult = z.infer<typeof CouponRedeemResult>;

const redeemFilters = {
  start_date: qDate(),
  end_date: qDate(),
  region_group_id: qInt(),
  region_id: qInt(),
  branch_id: qInt(),
  coupon_id: qInt(),
  customer_id: qInt(),
};
const qStatus = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(COUPON_STATUSES, { error: `must be one of ${COUPON_STATUSES.join(', ')}` }).optional(),
  );

export const couponRedeemContract = defineContract({
  name: 'coupon_redeem',
  area: 'coupon',
  idKey: 'id',
  paths: {
    list: '/coupon_redeem/report',
    select: '/coupon_redeem/select',
    get: '/coupon_redeem/id/:id',
    create: '/coupon_redeem/',
  },
  record: CouponRedeem,
  create: CouponRedeemCreate,
  filters: z.object({
    ...redeemFilters,
    coupon_status: qStatus(),
    /** 0: only live redemptions (not reverted); 1 or absent: every status. */
    show_all: qBool(),
  }),
  sortKeys: ['id', 'redeemed_at', 'points', 'customer_name', 'coupon_name', 'coupon_status'],
  defaultSort: { by: 'def.id', dir: 'desc' },
  searchFields: ['customer_name', 'customer_code', 'coupon_name'],
});

// ---------------------------------------------------------------------------------------------
// GET /coupon_redeem/report/redeemed: per coupon, what was redeemed in the period.

export const RedeemedRow = z.object({
  id: Id,
  coupon_id: Id,
  coupon_name: z.string(),
  points_required: z.number().int(),
  stock: z.number().int(),
  active: z.boolean(),
  /** Redemptions in the period that are not reverted. */
  redeemed: z.number().int(),
  processed: z.number().int(),
  delivered: z.number().int(),
  reverted: z.number().int(),
  /** Points spent on the live (not reverted) redemptions. */
  points: z.number().int(),
  last_redeemed_at: Timestamp.nullable(),
});
export type RedeemedRow = z.infer<typeof RedeemedRow>;

export const redeemedReportContract = defineContract({
  name: 'coupon_redeemed',
  area: 'coupon',
  idKey: 'coupon_id',
  paths: { list: '/coupon_redeem/report/redeemed' },
  record: RedeemedRow,
  filters: z.object(redeemFilters),
  sortKeys: ['id', 'coupon_id', 'coupon_name', 'redeemed', 'points'],
  defaultSort: { by: 'redeemed', dir: 'desc' },
  searchFields: ['coupon_name'],
});

export const RedeemedQuery = z.object(redeemFilters);
