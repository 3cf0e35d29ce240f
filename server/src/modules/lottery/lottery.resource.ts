// Lottery coupons, the read paths (contract/src/lottery.ts); the import is lottery.imports.ts, the
// report and "delete all" lottery.service.ts.
import { lotteryContract } from '@lbo/contract/lottery';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lottery_coupons } from '../../db/schema/coupons';
import { customers } from '../../db/schema/customers';
import { branches, regions } from '../../db/schema/organisation';
import { defineResource } from '../../resources/define';
import { baseQuery, selectColumns } from '../../resources/records';

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

export const lotteryResourceList = [lotteryResource];

/** One store's lottery coupon numbers, as the lottery list shows them (its default order, by id). */
export function lotteryOfStore(db: DbOrTx, customerId: number): Promise<Record<string, unknown>[]> {
  return baseQuery(db, lotteryResource, selectColumns(lotteryResource))
    .where(eq(lottery_coupons.customer_id, customerId))
    .orderBy(lottery_coupons.id);
}
