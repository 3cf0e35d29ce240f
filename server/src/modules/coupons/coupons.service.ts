// Coupon redemptions as a service (staff on a store's behalf, and the stores' app for itself), the
// workflows on a redemption (revert and the lifecycle moves), deleting a coupon, and the redeemed
// report. Every point movement goes through the shared ledger (domain/ledger.ts); stock and balance
// are decided by conditional statements, so any number of concurrent redemptions never oversell a
// coupon nor overdraw a store.
import type { ListQuery } from '@lbo/contract/common';
import {
  COUPON_TRANSITIONS,
  type CouponRedeemCreate,
  type CouponStatus,
  type RedeemedQuery,
  redeemedReportContract,
} from '@lbo/contract/coupons';
import { POINT_TYPE } from '@lbo/contract/points';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Db, rows, type Tx } from '../../db/client';
import { lockEntry, postMovements, reverseEntry } from '../../domain/ledger';
import { conflict, forbidden, notFound, type Problem, problem } from '../../http/errors';
import { allOf, likePattern, orderBy, pageMeta } from '../../http/list-query';
import { branchCondition, seesBranch } from '../../http/scope';
import { afterDay, fromDay } from './coupons.resource';

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

export type RedeemedFilters = z.infer<typeof RedeemedQuery> & z.infer<typeof ListQuery>;

/** GET /coupon_redeem/report/redeemed: per coupon, the period's redemptions by status. */
export async function redeemedReport(db: Db, req: FastifyRequest, q: RedeemedFilters) {
  const where = allOf([
    branchCondition(req, sql`r.branch_id`),
    q.start_date ? sql`r.redeemed_at >= ${fromDay(q.start_date)}` : undefined,
    q.end_date ? sql`r.redeemed_at < ${afterDay(q.end_date)}` : undefined,
    q.region_group_id === undefined
      ? undefined
      : sql`r.branch_id = any(region_group_branch_ids(${q.region_group_id}::int))`,
    q.region_id === undefined ? undefined : sql`r.branch_id = any(region_branch_ids(${q.region_id}::int))`,
    q.branch_id === undefined ? undefined : sql`r.branch_id = ${q.branch_id}`,
    q.coupon_id === undefined ? undefined : sql`r.coupon_id = ${q.coupon_id}`,
    q.customer_id === undefined ? undefined : sql`r.customer_id = ${q.customer_id}`,
    q.search?.trim()
      ? sql`r.coupon_id in (select id from coupons where name ilike ${likePattern(q.search.trim())})`
      : undefined,
  ]);
  const s = {
    id: sql`cp.id`,
    coupon_id: sql`cp.id`,
    coupon_name: sql`cp.name`,
    redeemed: sql`redeemed`,
    points: sql`points`,
  };
  const order = orderBy(
    s as never,
    redeemedReportContract.sortKeys,
    q.by,
    q.sort,
    redeemedReportContract.defaultSort,
    sql`cp.id` as never,
  );
  const all = await rows<Record<string, unknown>>(
    db,
    sql`with agg as (
          select r.coupon_id,
                 count(*) filter (where r.coupon_status <> 'reverted')::int as redeemed,
                 count(*) filter (where r.coupon_status = 'processed')::int as processed,
                 count(*) filter (where r.coupon_status = 'delivered')::int as delivered,
                 count(*) filter (where r.coupon_status = 'reverted')::int as reverted,
                 coalesce(sum(r.points) filter (where r.coupon_status <> 'reverted'), 0)::int as points,
                 max(r.redeemed_at) as last_redeemed_at
          from coupon_redemptions r
          ${where ? sql`where ${where}` : sql``}
          group by r.coupon_id
        )
        select cp.id, cp.id as coupon_id, cp.name as coupon_name, cp.points_required, cp.stock, cp.active,
               redeemed, processed, delivered, reverted, points, last_redeemed_at
        from agg join coupons cp on cp.id = agg.coupon_id
        order by ${sql.join(order, sql`, `)}`,
  );
  const offset = (q.page - 1) * q.limit;
  const page = all.slice(offset, offset + q.limit).map((r) => ({
    ...r,
    last_redeemed_at: r.last_redeemed_at ? new Date(r.last_redeemed_at as string).toISOString() : null,
  }));
  return { rows: page, meta: pageMeta(q.page, q.limit, all.length) };
}

/**
 * Deletes a coupon, or deactivates it when it has redemptions (they keep naming it); answers how many
 * redemptions it has (0: deleted).
 */
export async function deleteCoupon(tx: Tx, id: number): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from coupon_redemptions where coupon_id = ${id}`,
  );
  if (n > 0) {
    await rows(tx, sql`update coupons set active = false, updated_at = now() where id = ${id}`);
    return n;
  }
  await rows(tx, sql`delete from coupons where id = ${id}`);
  return 0;
}
