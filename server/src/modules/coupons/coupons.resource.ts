// Coupons area, the declarative part: coupons, coupon redemptions (read paths; writes are workflows in
// coupons.service.ts), vouchers, voucher redemptions and lottery coupons.
import { couponContract, couponRedeemContract } from '@lbo/contract/coupons';
import { lotteryContract } from '@lbo/contract/lottery';
import type { ResourcePaths } from '@lbo/contract/resource';
import { voucherContract, voucherRedeemContract } from '@lbo/contract/vouchers';
import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type DbOrTx, rows, type Tx } from '../../db/client';
import { coupon_redemptions, coupons, lottery_coupons } from '../../db/schema/coupons';
import { customers } from '../../db/schema/customers';
import { branches, region_groups, regions } from '../../db/schema/organisation';
import { staff_users } from '../../db/schema/staff';
import { voucher_redemptions, vouchers } from '../../db/schema/vouchers';
import { intArray } from '../../domain/ledger';
import { badRequest, conflict, problem } from '../../http/errors';
import { defineResource, outerColumn } from '../../resources/define';
import { baseQuery, selectColumns } from '../../resources/routes';

/** `timestamptz >= start of that business day` (Asia/Jakarta), index-friendly. */
export const fromDay = (v: string) => sql`(${v}::date)::timestamp at time zone 'Asia/Jakarta'`;
/** The start of the business day after `v`. */
export const afterDay = (v: string) => sql`((${v}::date + 1)::timestamp at time zone 'Asia/Jakarta')`;

/** 400 naming the ids of `table` that do not exist. */
async function assertIdsExist(tx: Tx, table: 'customer_types' | 'branches', field: string, ids?: number[]) {
  if (!ids || ids.length === 0) return;
  const found = await rows<{ id: number }>(
    tx,
    sql`select id from ${sql.identifier(table)} where id = any(${intArray(ids)}::int[])`,
  );
  const known = new Set(found.map((r) => r.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) throw badRequest(problem('unknown_ids', { ids: missing.join(', ') }, field));
}

/** The API's `photo` is the table's photo_url. */
function photoValues(input: Record<string, unknown>): Record<string, unknown> {
  const { photo, ...rest } = input;
  return photo === undefined ? rest : { ...rest, photo_url: photo };
}

// ---------------------------------------------------------------------------------------------
// Coupons

export const couponResource = defineResource({
  scope: 'none',
  // DELETE /coupon/:id is an action (coupons.routes.ts): a coupon with redemptions is deactivated.
  contract: couponContract,
  table: coupons,
  images: ['photo'],
  columns: {
    id: coupons.id,
    name: coupons.name,
    description: coupons.description,
    points_required: coupons.points_required,
    stock: coupons.stock,
    photo: coupons.photo_url,
    start_date: coupons.start_date,
    end_date: coupons.end_date,
    active: coupons.active,
    customer_type_ids: coupons.customer_type_ids,
    branch_ids: coupons.branch_ids,
    redeemed_count: coupons.redeemed_count,
    created_at: coupons.created_at,
    updated_at: coupons.updated_at,
  },
  sort: {
    id: coupons.id,
    name: coupons.name,
    points_required: coupons.points_required,
    stock: coupons.stock,
    start_date: coupons.start_date,
    end_date: coupons.end_date,
    created_at: coupons.created_at,
    created_date: coupons.created_at,
  },
  search: [coupons.name, coupons.description],
  filters: {
    active: coupons.active,
    valid_on: (v: string) => and(lte(coupons.start_date, v), gte(coupons.end_date, v)),
    in_stock: (v: boolean) => (v ? sql`${coupons.stock} > 0` : sql`${coupons.stock} = 0`),
  },
  hooks: {
    beforeCreate: async (input, { tx }) => {
      await assertIdsExist(tx, 'customer_types', 'customer_type_ids', input.customer_type_ids);
      await assertIdsExist(tx, 'branches', 'branch_ids', input.branch_ids);
      return photoValues(input);
    },
    beforeUpdate: async (_id, input, _before, { tx }) => {
      await assertIdsExist(tx, 'customer_types', 'customer_type_ids', input.customer_type_ids);
      await assertIdsExist(tx, 'branches', 'branch_ids', input.branch_ids);
      return photoValues(input);
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Coupon redemptions: the report (list), select and get. POST /coupon_redeem/ and the revert are
// workflows (coupons.service.ts), so this definition declares only the read paths.
const { list: rList, select: rSelect, get: rGet } = couponRedeemContract.paths;

export const couponRedeemResource = defineResource({
  contract: { ...couponRedeemContract, paths: { list: rList, select: rSelect, get: rGet } as ResourcePaths },
  table: coupon_redemptions,
  columns: {
    id: coupon_redemptions.id,
    coupon_id: coupon_redemptions.coupon_id,
    coupon_name: coupons.name,
    customer_id: coupon_redemptions.customer_id,
    customer_code: customers.customer_code,
    customer_name: customers.customer_name,
    branch_id: coupon_redemptions.branch_id,
    branch_name: branches.name,
    region_id: branches.region_id,
    region_name: regions.name,
    region_group_id: regions.region_group_id,
    region_group_name: region_groups.name,
    points: coupon_redemptions.points,
    coupon_status: coupon_redemptions.coupon_status,
    redeemed_date: sql<string>`to_char(${coupon_redemptions.redeemed_at} at time zone 'Asia/Jakarta', 'YYYY-MM-DD')`,
    redeemed_at: coupon_redemptions.redeemed_at,
    delivered_at: coupon_redemptions.delivered_at,
    reverted_at: coupon_redemptions.reverted_at,
    reverted_by: coupon_redemptions.reverted_by,
    reverted_by_name: staff_users.name,
    revert_reason: coupon_redemptions.revert_reason,
    redeem_ledger_id: coupon_redemptions.redeem_ledger_id,
    revert_ledger_id: coupon_redemptions.revert_ledger_id,
    note: coupon_redemptions.note,
    created_at: coupon_redemptions.created_at,
    updated_at: coupon_redemptions.updated_at,
  },
  // Left joins to primary keys (the foreign keys guarantee the rows): PostgreSQL drops the ones a query
  // does not use, so the page's ids and the count read coupon_redemptions alone.
  joins: (q) =>
    q
      .leftJoin(coupons, eq(coupons.id, coupon_redemptions.coupon_id))
      .leftJoin(customers, eq(customers.id, coupon_redemptions.customer_id))
      .leftJoin(branches, eq(branches.id, coupon_redemptions.branch_id))
      .leftJoin(regions, eq(regions.id, branches.region_id))
      .leftJoin(region_groups, eq(region_groups.id, regions.region_group_id))
      .leftJoin(staff_users, eq(staff_users.id, coupon_redemptions.reverted_by)),
  sort: {
    id: coupon_redemptions.id,
    redeemed_at: coupon_redemptions.redeemed_at,
    points: coupon_redemptions.points,
    customer_name: customers.customer_name,
    coupon_name: coupons.name,
    coupon_status: coupon_redemptions.coupon_status,
  },
  search: [customers.customer_name, customers.customer_code, coupons.name],
  filters: {
    start_date: (v: string) => sql`${coupon_redemptions.redeemed_at} >= ${fromDay(v)}`,
    end_date: (v: string) => sql`${coupon_redemptions.redeemed_at} < ${afterDay(v)}`,
    // Region and region group name their branches (one array), so the filter stays an index condition.
    region_group_id: (v: number) =>
      sql`${coupon_redemptions.branch_id} = any(region_group_branch_ids(${v}::int))`,
    region_id: (v: number) => sql`${coupon_redemptions.branch_id} = any(region_branch_ids(${v}::int))`,
    branch_id: coupon_redemptions.branch_id,
    coupon_id: coupon_redemptions.coupon_id,
    customer_id: coupon_redemptions.customer_id,
    coupon_status: coupon_redemptions.coupon_status,
    show_all: (v: boolean) => (v ? undefined : ne(coupon_redemptions.coupon_status, 'reverted')),
  },
  // The store's branch at redemption time decides visibility (as for voucher redemptions).
  scope: { branchColumn: coupon_redemptions.branch_id },
});

// ---------------------------------------------------------------------------------------------
// Vouchers

const showAll = (req: FastifyRequest) => (req.query as { show_all?: boolean } | undefined)?.show_all;

export const voucherResource = defineResource({
  scope: 'none',
  contract: voucherContract,
  table: vouchers,
  images: ['photo'],
  columns: {
    id: vouchers.id,
    code: vouchers.code,
    name: vouchers.name,
    description: vouchers.description,
    nominal: vouchers.nominal,
    photo: vouchers.photo_url,
    start_date: vouchers.start_date,
    end_date: vouchers.end_date,
    quota: vouchers.quota,
    active: vouchers.active,
    redeemed_count: sql<number>`(select count(*)::int from voucher_redemptions r where r.voucher_id = ${outerColumn(vouchers.id)})`,
    created_at: vouchers.created_at,
    updated_at: vouchers.updated_at,
  },
  sort: {
    id: vouchers.id,
    code: vouchers.code,
    name: vouchers.name,
    nominal: vouchers.nominal,
    start_date: vouchers.start_date,
    end_date: vouchers.end_date,
    created_at: vouchers.created_at,
    created_date: vouchers.created_at,
  },
  search: [vouchers.code, vouchers.name, vouchers.description],
  filters: { active: vouchers.active },
  // show_all is read here rather than as a filter, so that its absence hides ended vouchers too.
  where: (req) =>
    showAll(req)
      ? undefined
      : sql`(${vouchers.active} and ${vouchers.end_date} >= (now() at time zone 'Asia/Jakarta')::date)`,
  hooks: {
    beforeCreate: (input) => photoValues(input),
    beforeUpdate: async (id, input, _before, { tx }) => {
      if (input.quota !== undefined && input.quota !== null) {
        const [r] = await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from voucher_redemptions where voucher_id = ${id}`,
        );
        if (r.n > input.quota) {
          throw conflict(problem('quota_below_redeemed', { count: r.n }, 'quota'));
        }
      }
      return photoValues(input);
    },
    beforeDelete: async (id, _before, { tx }) => {
      const [r] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from voucher_redemptions where voucher_id = ${id}`,
      );
      if (r.n > 0) {
        throw conflict(problem('voucher_has_redemptions', { id, count: r.n }));
      }
    },
  },
});

export const voucherRedeemResource = defineResource({
  contract: voucherRedeemContract,
  table: voucher_redemptions,
  columns: {
    id: voucher_redemptions.id,
    voucher_id: voucher_redemptions.voucher_id,
    voucher_code: vouchers.code,
    voucher_name: vouchers.name,
    nominal: vouchers.nominal,
    customer_id: voucher_redemptions.customer_id,
    customer_code: customers.customer_code,
    customer_name: customers.customer_name,
    branch_id: voucher_redemptions.branch_id,
    branch_name: branches.name,
    redeemed_at: voucher_redemptions.redeemed_at,
    note: voucher_redemptions.note,
    created_by: voucher_redemptions.created_by,
    created_by_name: staff_users.name,
    created_at: voucher_redemptions.created_at,
  },
  joins: (q) =>
    q
      .leftJoin(vouchers, eq(vouchers.id, voucher_redemptions.voucher_id))
      .leftJoin(customers, eq(customers.id, voucher_redemptions.customer_id))
      .leftJoin(branches, eq(branches.id, voucher_redemptions.branch_id))
      .leftJoin(staff_users, eq(staff_users.id, voucher_redemptions.created_by)),
  sort: {
    id: voucher_redemptions.id,
    redeemed_at: voucher_redemptions.redeemed_at,
    customer_name: customers.customer_name,
    customer_code: customers.customer_code,
    voucher_name: vouchers.name,
  },
  search: [customers.customer_name, customers.customer_code, vouchers.name, vouchers.code],
  filters: {
    voucher_id: voucher_redemptions.voucher_id,
    branch_id: voucher_redemptions.branch_id,
    customer_id: voucher_redemptions.customer_id,
    show_all: (v: boolean) =>
      v
        ? undefined
        : sql`(${vouchers.active} and ${vouchers.end_date} >= (now() at time zone 'Asia/Jakarta')::date)`,
  },
  scope: { branchColumn: voucher_redemptions.branch_id },
});

// ---------------------------------------------------------------------------------------------
// Lottery coupons (read paths; the import and "delete all" are in coupons.lottery.ts)

export const lotteryResource = defineResource({
  contract: lotteryContract,
  table: lottery_coupons,
  columns: {
    id: lottery_coupons.id,
    coupon_no: lottery_coupons.coupon_no,
    customer_id: lottery_coupons.customer_id,
    customer_code: customers.customer_code,
    customer_name: customers.customer_name,
    branch_id: lottery_coupons.branch_id,
    branch_name: branches.name,
    region_id: lottery_coupons.region_id,
    region_name: regions.name,
    period: lottery_coupons.period,
    batch: lottery_coupons.batch,
    imported_at: lottery_coupons.imported_at,
    created_at: lottery_coupons.created_at,
  },
  joins: (q) =>
    q
      .leftJoin(customers, eq(customers.id, lottery_coupons.customer_id))
      .leftJoin(branches, eq(branches.id, lottery_coupons.branch_id))
      .leftJoin(regions, eq(regions.id, lottery_coupons.region_id)),
  sort: {
    id: lottery_coupons.id,
    coupon_no: lottery_coupons.coupon_no,
    period: lottery_coupons.period,
    imported_at: lottery_coupons.imported_at,
  },
  // The coupon number only (its trigram index); a store's coupons are found with customer_id.
  search: [lottery_coupons.coupon_no],
  filters: {
    branch_id: lottery_coupons.branch_id,
    region_id: lottery_coupons.region_id,
    period: lottery_coupons.period,
    customer_id: lottery_coupons.customer_id,
  },
  scope: { branchColumn: lottery_coupons.branch_id },
});

export const couponsResourceList = [
  couponResource,
  couponRedeemResource,
  voucherResource,
  voucherRedeemResource,
  lotteryResource,
];

/** One store's lottery coupon numbers, as the lottery list shows them (its default order, by id). */
export function lotteryOfStore(db: DbOrTx, customerId: number): Promise<Record<string, unknown>[]> {
  return baseQuery(db, lotteryResource, selectColumns(lotteryResource))
    .where(eq(lottery_coupons.customer_id, customerId))
    .orderBy(lottery_coupons.id);
}
