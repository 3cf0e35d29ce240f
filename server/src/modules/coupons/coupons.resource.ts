// Coupons area, the declarative part: coupons and coupon redemptions (read paths; writes are workflows
// in coupons.service.ts).
import { couponContract, couponRedeemContract } from '@lbo/contract/coupons';
import type { ResourcePaths } from '@lbo/contract/resource';
import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { coupon_redemptions, coupons } from '../../db/schema/coupons';
import { customers } from '../../db/schema/customers';
import { branches, region_groups, regions } from '../../db/schema/organisation';
import { staff_users } from '../../db/schema/staff';
import { intArray } from '../../domain/ledger';
import { badRequest, problem } from '../../http/errors';
import { photoValues } from '../../http/uploads';
import { defineResource } from '../../resources/define';

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

export const couponsResourceList = [couponResource, couponRedeemResource];
