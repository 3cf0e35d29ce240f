// Coupons area workflows: photos, deleting a coupon, redeeming, reverting and moving redemptions, the
// redeemed report.
import { ListQuery, PageMeta } from '@lbo/contract/common';
import {
  COUPON_LIFECYCLE,
  COUPON_PHOTO_PATH,
  CouponRedeemCreate,
  CouponRedeemResult,
  couponRedeemContract,
  RedeemedQuery,
  RedeemedRow,
  redeemedReportContract,
} from '@lbo/contract/coupons';
import { couponDeleteAction, couponRevertAction, couponStatusAction } from '@lbo/contract/coupons.actions';
import { withPeriod } from '@lbo/contract/period';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { writeAudit } from '../../http/audit';
import { registerPhotoUpload } from '../../http/uploads';
import { registerAction } from '../../resources/actions';
import { loadRecord } from '../../resources/records';
import { couponRedeemResource, couponResource } from './coupons.resource';
import {
  deleteCoupon,
  moveRedemption,
  type RedeemedFilters,
  redeemCoupon,
  redeemedReport,
  revertRedemption,
} from './coupons.service';

export function registerCouponRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Photos: uploaded first, the answered url then saved as `photo` by the create / update.
  registerPhotoUpload(app, COUPON_PHOTO_PATH, { area: 'coupon', folder: 'coupon' });

  registerAction(app, db, {
    contract: couponDeleteAction,
    resource: couponResource,
    async handler({ tx, id, record, audit }) {
      const n = await deleteCoupon(tx, id!);
      if (n > 0) {
        audit({ action: 'deactivate', before: record, after: { ...record, active: false } });
        return {
          id: id!,
          deleted: false,
          deactivated: true,
          message: `coupon ${id} has ${n} redemption(s), so it was deactivated instead of deleted`,
        };
      }
      audit({ action: 'delete', before: record });
      return { id: id!, deleted: true, deactivated: false, message: `coupon ${id} was deleted` };
    },
  });

  r.post(
    couponRedeemContract.paths.create!,
    {
      config: { area: 'coupon', action: 'create', scope: { resource: couponRedeemContract.name } },
      schema: {
        tags: ['coupon'],
        summary:
          "Redeem a coupon on a store's behalf: the stock goes down by one, the points are debited (ledger type 4), a redemption is written",
        description:
          'One transaction; stock and balance are decided by conditional statements, so concurrent redemptions never oversell ' +
          'nor overdraw. 409 when the store has not enough points or the coupon has no stock left (the message says which), ' +
          `or the coupon is inactive, expired, not yet valid or not offered to the store. ${COUPON_LIFECYCLE}`,
        body: CouponRedeemCreate,
        response: { 201: z.object({ data: CouponRedeemResult }) },
      },
    },
    async (req, reply) => {
      const created = await db.transaction(async (tx) => {
        const res = await redeemCoupon(tx, req, req.body as Required<z.output<typeof CouponRedeemCreate>>);
        const after = await loadRecord(tx, couponRedeemResource, req, res.id);
        await writeAudit(tx, req, {
          action: 'redeem',
          entity: 'coupon_redeem',
          entityId: res.id,
          after: { ...after, ledger_id: res.ledger_id, point_balance: res.point_balance },
        });
        return { ...after, point_balance: res.point_balance };
      });
      return reply.code(201).send({ data: created as CouponRedeemResult });
    },
  );

  registerAction(app, db, {
    contract: couponRevertAction,
    resource: couponRedeemResource,
    async handler({ tx, req, id, record, body, audit }) {
      const res = await revertRedemption(tx, req, id!, body?.reason ?? '');
      const after = await loadRecord(tx, couponRedeemResource, req, id!);
      audit({
        before: record,
        after: { ...after, revert_ledger_id: res.ledger_id, point_balance: res.point_balance },
      });
      return { ...(after as CouponRedeemResult), point_balance: res.point_balance };
    },
  });

  registerAction(app, db, {
    contract: couponStatusAction,
    resource: couponRedeemResource,
    async handler({ tx, req, id, record, body, audit }) {
      await moveRedemption(tx, id!, body.coupon_status);
      const after = await loadRecord(tx, couponRedeemResource, req, id!);
      audit({ before: record, after });
      return after as never;
    },
  });

  r.get(
    redeemedReportContract.paths.list!,
    {
      config: { area: 'coupon', action: 'view', scope: 'branch' },
      schema: {
        tags: ['coupon'],
        summary:
          'Redeemed report: per coupon, its redemptions in the period (business dates, both ends included) by status, the points spent and the stores, paged',
        querystring: withPeriod(ListQuery.extend(RedeemedQuery.shape)),
        response: { 200: z.object({ data: z.array(RedeemedRow), meta: PageMeta }) },
      },
    },
    async (req) => {
      const res = await redeemedReport(db, req, req.query as RedeemedFilters);
      return { data: res.rows as never, meta: res.meta };
    },
  );
}
