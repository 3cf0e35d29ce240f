// The coupon area's workflow calls as actions (contract/src/action.ts): deleting a coupon (deactivated
// instead when it has redemptions), reverting a redemption, moving a redemption along its lifecycle,
// and deleting every lottery coupon the caller may see.
import { z } from 'zod';
import { ActionPreview, defineAction } from './action';
import { Id, qInt, qString, ref } from './common';
import { COUPON_LIFECYCLE, CouponRedeem } from './coupons';

/** A revert moves points: the web refreshes these lists too. */
export const COUPON_RELATED = [
  'coupon',
  'coupon_redeem',
  'coupon_redeemed',
  'point_ledger',
  'point_balance',
  'point_customer_balance',
  'customer',
] as const;

/** DELETE /coupon/:id: deletes a coupon without redemptions; one with redemptions is deactivated. */
export const couponDeleteAction = defineAction({
  name: 'delete',
  resource: 'coupon',
  related: ['coupon'],
  method: 'DELETE',
  path: '/coupon/:id',
  placement: 'record',
  result: z.object({
    id: Id,
    /** True when the coupon was removed. */
    deleted: z.boolean(),
    /** True when it has redemptions and was deactivated instead (it stays, inactive). */
    deactivated: z.boolean(),
    message: z.string(),
  }),
  area: 'coupon',
  action: 'delete',
  confirm: { tone: 'danger' },
  summary:
    'Delete a coupon. A coupon with redemptions is not deleted but deactivated (the answer says so: deactivated true).',
});

export const CouponRevertBody = z
  .object({
    reason: z.string().trim().max(500, { error: 'must be at most 500 characters' }).optional().default(''),
  })
  .optional()
  .default({ reason: '' });

/** The reverted redemption and the store's balance after the points came back. */
export const CouponRevertResult = CouponRedeem.extend({ point_balance: z.number().int() });
export type CouponRevertResult = z.infer<typeof CouponRevertResult>;

export const couponRevertAction = defineAction({
  name: 'revert',
  resource: 'coupon_redeem',
  related: COUPON_RELATED,
  method: 'PUT',
  path: '/coupon_redeem/revert/:id',
  placement: 'record',
  body: CouponRevertBody,
  result: CouponRevertResult,
  area: 'coupon',
  action: 'update',
  confirm: { tone: 'danger' },
  summary:
    'Revert a redemption: a compensating ledger row (type 6) gives the points back, the stock returns, the status becomes reverted',
  description: `${COUPON_LIFECYCLE} A second revert, or reverting a delivered redemption, answers 409.`,
});

export const CouponStatusBody = z.object({
  coupon_status: z.enum(['processed', 'delivered'], {
    error: 'must be processed or delivered (use the revert call to revert)',
  }),
});

export const couponStatusAction = defineAction({
  name: 'status',
  resource: 'coupon_redeem',
  related: ['coupon_redeem', 'coupon_redeemed'],
  method: 'PUT',
  path: '/coupon_redeem/status/:id',
  placement: 'record',
  body: CouponStatusBody,
  result: CouponRedeem,
  area: 'coupon',
  action: 'update',
  summary: 'Move a redemption along its lifecycle: to processed or delivered',
  description: `${COUPON_LIFECYCLE} A transition the lifecycle does not allow answers 409.`,
});

/** The lottery coupons DELETE /lottary/all removes: these filters, within the caller's branches. */
export const LotteryDeleteQuery = z.object({
  branch_id: ref('branch', qInt()),
  region_id: qInt(),
  period: qString(),
});

export const lotteryDeleteAllAction = defineAction({
  name: 'delete_all',
  resource: 'lottery',
  related: ['lottery', 'lottery_report'],
  method: 'DELETE',
  path: '/lottary/all',
  placement: 'list',
  query: LotteryDeleteQuery,
  result: z.object({ deleted: z.number().int() }),
  area: 'lottery',
  action: 'delete',
  confirm: { preview: ActionPreview, echoCount: true, tone: 'danger' },
  summary: 'Delete every lottery coupon you may see (optionally of one branch, region or period)',
  description:
    'Removes all lottery coupons within your branches (a branch-limited user removes only those of their branches). ' +
    'Confirmed by the count: GET /lottary/all/preview answers it, and confirm_count must repeat it. Audited with the count.',
});
