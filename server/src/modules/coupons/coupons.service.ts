// Coupon redemptions as a service (staff on a store's behalf, and the stores' app for itself), and the
// workflows on a redemption: revert and the lifecycle moves. Every point movement goes through the
// shared ledger (domain/ledger.ts); stock and balance are decided by conditional statements, so any
// number of concurrent redemptions never oversell a coupon nor overdraw a store.
import { COUPON_TRANSITIONS, type CouponRedeemCreate, type CouponStatus } from '@lbo/contract/coupons';
import { POINT_TYPE } from '@lbo/contract/points';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rows, type Tx } from '../../db/client';
import { lockEntry, postMovements, reverseEntry } from '../../domain/ledger';
import { conflict, forbidden, notFound, type Problem, problem } from '../../http/errors';
import { seesBranch } from '../../http/scope';

type Customer = {
  id: number;
  customer_code: string;
  branch_id: number;
  customer_type_id: number | null;
  active: boolean;
  exclude_all_point: boolean;
};

type CouponState = {
  id: number;
  name: string;
  points_required: number;
  stock: number;
  active: boolean;
  start_date: string;
  end_date: string;
  today: string;
  for_customer: boolean;
};

const TODAY = sql`(now() at time zone 'Asia/Jakarta')::date`;

/** Why a coupon cannot be redeemed by this customer now (null when only the stock can be short). */
function refusalOf(c: CouponState): Problem | null {
  if (!c.active) return problem('coupon_inactive', { name: c.name });
  if (c.today < c.start_date) return problem('coupon_not_yet', { name: c.name, from: c.start_date });
  if (c.today > c.end_date) return problem('coupon_expired', { name: c.name, until: c.end_date });
  if (!c.for_customer) return problem('coupon_not_offered', { name: c.name });
  return null;
}

/**
 * Redeems a coupon for a customer in the caller's transaction: takes one from the stock (only while
 * stock > 0, active, today within the dates and the coupon offered to the store), debits the points
 * (ledger type 4; never below zero) and writes the redemption. 404 unknown coupon/customer, 403 a
 * customer outside the caller's branches, 409 naming what is short or wrong.
 */
export async function redeemCoupon(
  tx: Tx,
  req: FastifyRequest,
  input: Required<CouponRedeemCreate>,
): Promise<{ id: number; point_balance: number; ledger_id: number }> {
  const [customer] = await rows<Customer>(
    tx,
    sql`select id, customer_code, branch_id, customer_type_id, active, exclude_all_point
        from customers where id = ${input.customer_id}`,
  );
  if (!customer)
    throw notFound(problem('not_found', { thing: 'customer', id: input.customer_id }, 'customer_id'));
  // A store (the companion app) redeems for itself only; staff for the stores of their branches.
  const store = req.routeOptions.config.audience === 'store' ? req.store : null;
  if (store && store.customerId !== customer.id) {
    throw notFound(problem('not_found', { thing: 'customer', id: input.customer_id }, 'customer_id'));
  }
  if (!store && !seesBranch(req, customer.branch_id)) {
    throw forbidden(
      problem('outside_scope', { thing: 'customer', code: customer.customer_code }, 'customer_id'),
    );
  }
  if (!customer.active) throw conflict(problem('store_inactive', { code: customer.customer_code }));
  if (customer.exclude_all_point) {
    throw conflict(problem('store_excluded', { code: customer.customer_code }));
  }
  const forCustomer = sql`(cardinality(branch_ids) = 0 or ${customer.branch_id}::int = any(branch_ids))
    and (cardinality(customer_type_ids) = 0 or ${customer.customer_type_id}::int = any(customer_type_ids))`;
  // The stock decides first, by one conditional statement: its row lock orders concurrent redemptions
  // of this coupon and PostgreSQL re-checks `stock > 0` against the latest committed stock.
  const [taken] = await rows<{ id: number; name: string; points_required: number }>(
    tx,
    sql`update coupons set stock = stock - 1, updated_at = now()
        where id = ${input.coupon_id} and stock > 0 and active
          and ${TODAY} between start_date and end_date and ${forCustomer}
        returning id, name, points_required`,
  );
  if (!taken) {
    const [c] = await rows<CouponState>(
      tx,
      sql`select id, name, points_required, stock, active, start_date::text, end_date::text,
                 ${TODAY}::text as today, (${forCustomer}) as for_customer
          from coupons where id = ${input.coupon_id}`,
    );
    if (!c) throw notFound(problem('not_found', { thing: 'coupon', id: input.coupon_id }, 'coupon_id'));
    throw conflict(refusalOf(c) ?? problem('out_of_stock', { name: c.name }));
  }
  const [{ id }] = await rows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('coupon_redemptions', 'id'))::int as id`,
  );
  const reference = `RDM-${String(id).padStart(9, '0')}`;
  const [posted] = await postMovements(
    tx,
    [
      {
        customerId: customer.id,
        pointType: POINT_TYPE.coupon_redemption,
        points: -taken.points_required,
        source: 'redemption',
        reason: `Tukar kupon: ${taken.name}`,
        reference,
        createdBy: store ? null : req.user.id,
      },
    ],
    {
      refusedMessage: (r) =>
        problem('coupon_points_short', {
          customer: String(r.customer_code),
          balance: String(r.point_balance),
          name: taken.name,
          cost: taken.points_required,
        }),
    },
  );
  await rows(
    tx,
    sql`insert into coupon_redemptions (id, coupon_id, customer_id, branch_id, points, coupon_status, redeem_ledger_id, note)
        values (${id}, ${taken.id}, ${customer.id}, ${customer.branch_id}, ${taken.points_required}, 'redeemed',
                ${posted.id}, ${input.note})`,
  );
  return { id, point_balance: posted.balance_after, ledger_id: posted.id };
}

type Redemption = {
  id: number;
  coupon_id: number;
  customer_id: number;
  coupon_status: CouponStatus;
  redeem_ledger_id: number | null;
  coupon_name: string;
};

async function redemptionOf(tx: Tx, id: number): Promise<Redemption> {
  const [r] = await rows<Redemption>(
    tx,
    sql`select r.id, r.coupon_id, r.customer_id, r.coupon_status, r.redeem_ledger_id, c.name as coupon_name
        from coupon_redemptions r join coupons c on c.id = r.coupon_id where r.id = ${id}`,
  );
  if (!r) throw notFound(problem('not_found', { thing: 'coupon redeem', id }));
  return r;
}

function assertTransition(r: Redemption, to: CouponStatus) {
  if (r.coupon_status === to) throw conflict(problem('redemption_already', { id: r.id, status: to }));
  if (!COUPON_TRANSITIONS[r.coupon_status].includes(to)) {
    throw conflict(
      problem('redemption_transition', {
        id: r.id,
        from: r.coupon_status,
        to,
        handed: r.coupon_status === 'delivered' && to === 'reverted' ? 1 : 0,
      }),
    );
  }
}

/**
 * Reverts a (locked) redemption: the compensating ledger row (type 6, reverses_id -> the redemption's
 * ledger row), the stock back, the status reverted. 409 when already reverted or delivered.
 */
export async function revertRedemption(
  tx: Tx,
  req: FastifyRequest,
  id: number,
  reason: string,
): Promise<{ point_balance: number; ledger_id: number }> {
  const r = await redemptionOf(tx, id);
  assertTransition(r, 'reverted');
  if (r.redeem_ledger_id === null) throw conflict(problem('redemption_no_ledger', { id }));
  const entry = await lockEntry(tx, r.redeem_ledger_id);
  if (!entry) throw conflict(problem('redemption_ledger_missing', { id, ledger: r.redeem_ledger_id }));
  const posted = await reverseEntry(tx, entry, {
    pointType: POINT_TYPE.redemption_revert,
    source: 'revert',
    reason: `Pembatalan penukaran kupon: ${r.coupon_name}${reason ? ` (${reason})` : ''}`,
    reference: entry.reference,
    createdBy: req.user.id,
  });
  await rows(tx, sql`update coupons set stock = stock + 1, updated_at = now() where id = ${r.coupon_id}`);
  await rows(
    tx,
    sql`update coupon_redemptions
        set coupon_status = 'reverted', reverted_at = now(), reverted_by = ${req.user.id},
            revert_reason = ${reason}, revert_ledger_id = ${posted.id}, updated_at = now()
        where id = ${id}`,
  );
  return { point_balance: posted.balance_after, ledger_id: posted.id };
}

/** Moves a (locked) redemption to processed or delivered, as the lifecycle allows (409 otherwise). */
export async function moveRedemption(tx: Tx, id: number, to: 'processed' | 'delivered'): Promise<void> {
  const r = await redemptionOf(tx, id);
  assertTransition(r, to);
  await rows(
    tx,
    sql`update coupon_redemptions
        set coupon_status = ${to}, updated_at = now(),
            delivered_at = case when ${to} = 'delivered' then now() else delivered_at end
        where id = ${id}`,
  );
}

/** The store's cached balance (after a revert, for the answer). */
export async function balanceOf(tx: Tx, customerId: number): Promise<number> {
  const [r] = await rows<{ b: number }>(
    tx,
    sql`select point_balance as b from customers where id = ${customerId}`,
  );
  return r.b;
}
