// The companion app's coupon catalogue and redemption. A store redeems through the same service as
// staff (coupons.service.ts redeemCoupon: conditional stock, one ledger debit, never below zero); an
// Idempotency-Key keeps the first answer so a retried request never debits twice.
import type { StoreCoupon, StoreRedeemResult } from '@lbo/contract/store';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, type DbOrTx, rows, type Tx } from '../../db/client';
import { conflict, problem } from '../../http/errors';
import { iso } from './store.reads';

const TODAY = sql`(now() at time zone 'Asia/Jakarta')::date`;

/** GET /store/coupons: active, in their dates, in stock, and offered to this store's branch and type. */
export async function storeCoupons(db: DbOrTx, customerId: number): Promise<StoreCoupon[]> {
  return rows<StoreCoupon>(
    db,
    sql`select k.id, k.name, k.description, k.photo_url, k.points_required, k.stock,
               k.start_date::text as start_date, k.end_date::text as end_date
        from coupons k, customers c
        where c.id = ${customerId} and k.active and k.stock > 0
          and ${TODAY} between k.start_date and k.end_date
          and (cardinality(k.branch_ids) = 0 or c.branch_id = any(k.branch_ids))
          and (cardinality(k.customer_type_ids) = 0 or c.customer_type_id = any(k.customer_type_ids))
        order by k.points_required, k.id`,
  );
}

async function redemptionAnswer(db: DbOrTx, id: number, balance: number): Promise<StoreRedeemResult> {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`select r.id, r.coupon_id, c.name as coupon_name, c.photo_url, r.points, r.coupon_status as status,
               r.redeemed_at, r.delivered_at, r.reverted_at
        from coupon_redemptions r join coupons c on c.id = r.coupon_id where r.id = ${id}`,
  );
  return {
    ...r,
    redeemed_at: iso(r.redeemed_at),
    delivered_at: iso(r.delivered_at),
    reverted_at: iso(r.reverted_at),
    point_balance: balance,
  } as StoreRedeemResult;
}

/**
 * POST /store/coupons/{id}/redeem. With a key, the key's row is claimed first in the same
 * transaction: a retry arriving meanwhile waits on it and then reads the first answer; a first
 * attempt that failed rolled its claim back, so the retry acts afresh.
 */
/**
 * The coupons module's redemption (staff and stores share it), handed in by modules/index.ts, which
 * composes the areas.
 */
export type RedeemCoupon = (
  tx: Tx,
  req: FastifyRequest,
  input: { coupon_id: number; customer_id: number; note: string },
) => Promise<{ id: number; point_balance: number }>;

export async function redeemForStore(
  redeemCoupon: RedeemCoupon,
  db: Db,
  req: FastifyRequest,
  couponId: number,
  note: string,
  key: string | undefined,
): Promise<StoreRedeemResult> {
  const customerId = req.store.customerId;
  const request = `redeem:${couponId}`;
  return db.transaction(async (tx) => {
    if (key !== undefined) {
      const [claimed] = await rows<{ key: string }>(
        tx,
        sql`insert into store_idempotency (customer_id, key, request) values (${customerId}, ${key}, ${request})
            on conflict do nothing returning key`,
      );
      if (!claimed) {
        const [first] = await rows<{ request: string; response: StoreRedeemResult | null }>(
          tx,
          sql`select request, response from store_idempotency where customer_id = ${customerId} and key = ${key}`,
        );
        if (first.request !== request || !first.response) {
          throw conflict(problem('idempotency_key_reused', undefined, 'Idempotency-Key'));
        }
        return first.response;
      }
    }
    const res = await redeemCoupon(tx, req, { coupon_id: couponId, customer_id: customerId, note });
    const answer = await redemptionAnswer(tx, res.id, res.point_balance);
    if (key !== undefined) {
      await tx.execute(
        sql`update store_idempotency set status = 201, response = ${JSON.stringify(answer)}::jsonb
            where customer_id = ${customerId} and key = ${key}`,
      );
    }
    return answer;
  });
}
