// Coupons area workflows: photos, deleting a coupon, redeeming, reverting and moving redemptions, the
// redeemed report, the lottery report, import and "delete all", and voucher redemptions in bulk.
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
import {
  couponDeleteAction,
  couponRevertAction,
  couponStatusAction,
  lotteryDeleteAllAction,
} from '@lbo/contract/coupons.actions';
import { LOTTERY_REPORT_PATH, LotteryReport, LotteryReportQuery } from '@lbo/contract/lottery';
import { withPeriod } from '@lbo/contract/period';
import { VOUCHER_PHOTO_PATH } from '@lbo/contract/vouchers';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, type DbOrTx, rows } from '../../db/client';
import { writeAudit } from '../../http/audit';
import { allOf, likePattern, orderBy, pageMeta } from '../../http/list-query';
import { branchCondition } from '../../http/scope';
import { registerPhotoUpload } from '../../http/uploads';
import { registerAction } from '../../resources/actions';
import { registerImport } from '../../resources/imports';
import { loadRecord } from '../../resources/records';
import { lotteryImportDef, voucherBulkDef } from './coupons.imports';
import { afterDay, couponRedeemResource, couponResource, fromDay } from './coupons.resource';
import { moveRedemption, redeemCoupon, revertRedemption } from './coupons.service';

type LotteryFilters = { branch_id?: number; region_id?: number; period?: string };

/** The lottery coupons the caller may see, narrowed by the filters (alias `l`). */
function lotteryWhere(req: FastifyRequest, q: LotteryFilters): SQL {
  return (
    allOf([
      branchCondition(req, sql`l.branch_id`),
      q.branch_id === undefined ? undefined : sql`l.branch_id = ${q.branch_id}`,
      q.region_id === undefined ? undefined : sql`l.region_id = ${q.region_id}`,
      q.period === undefined ? undefined : sql`l.period = ${q.period}`,
    ]) ?? sql`true`
  );
}

async function lotteryCount(db: DbOrTx, req: FastifyRequest, q: LotteryFilters): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from lottery_coupons l where ${lotteryWhere(req, q)}`,
  );
  return r.n;
}

type RedeemedFilters = z.infer<typeof RedeemedQuery> & z.infer<typeof ListQuery>;

/** GET /coupon_redeem/report/redeemed: per coupon, the period's redemptions by status. */
async function redeemedReport(db: Db, req: FastifyRequest, q: RedeemedFilters) {
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

async function lotteryReport(db: Db, req: FastifyRequest, q: LotteryFilters): Promise<LotteryReport> {
  const groups = await rows<{
    branch_id: number | null;
    region_id: number | null;
    period: string | null;
    n: number;
  }>(
    db,
    // lottery_counts holds the counts per branch, region and period (kept by triggers).
    sql`select l.branch_id, l.region_id, l.period, sum(l.n)::int as n
        from lottery_counts l where ${lotteryWhere(req, q)}
        group by grouping sets ((l.branch_id, l.region_id), (l.period))`,
  );
  const ids = (key: 'branch_id' | 'region_id') =>
    `{${[...new Set(groups.filter((g) => g[key] !== null).map((g) => g[key]))].join(',')}}`;
  const [branchNames, regionNames] = await Promise.all([
    rows<{ id: number; name: string }>(
      db,
      sql`select id, name from branches where id = any(${ids('branch_id')}::int[])`,
    ),
    rows<{ id: number; name: string }>(
      db,
      sql`select id, name from regions where id = any(${ids('region_id')}::int[])`,
    ),
  ]);
  const branchName = new Map(branchNames.map((b) => [b.id, b.name]));
  const regionName = new Map(regionNames.map((g) => [g.id, g.name]));
  const byBranch = groups
    .filter((g) => g.branch_id !== null)
    .map((g) => ({
      branch_id: g.branch_id!,
      branch_name: branchName.get(g.branch_id!) ?? '',
      region_id: g.region_id!,
      region_name: regionName.get(g.region_id!) ?? '',
      count: g.n,
    }))
    .sort((a, b) => b.count - a.count || a.branch_name.localeCompare(b.branch_name));
  const regions = new Map<number, { region_id: number; region_name: string; count: number }>();
  for (const b of byBranch) {
    const r = regions.get(b.region_id) ?? { region_id: b.region_id, region_name: b.region_name, count: 0 };
    r.count += b.count;
    regions.set(b.region_id, r);
  }
  const periods = groups
    .filter((g) => g.branch_id === null)
    .map((g) => ({ period: g.period!, count: g.n }))
    .sort((a, b) => a.period.localeCompare(b.period));
  return {
    total: byBranch.reduce((s, b) => s + b.count, 0),
    by_branch: byBranch,
    by_region: [...regions.values()].sort((a, b) => b.count - a.count),
    periods,
  };
}

export function registerCouponRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Photos: uploaded first, the answered url then saved as `photo` by the create / update.
  registerPhotoUpload(app, COUPON_PHOTO_PATH, { area: 'coupon', folder: 'coupon' });
  registerPhotoUpload(app, VOUCHER_PHOTO_PATH, { area: 'voucher', folder: 'voucher' });

  registerAction(app, db, {
    contract: couponDeleteAction,
    resource: couponResource,
    async handler({ tx, id, record, audit }) {
      const [{ n }] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from coupon_redemptions where coupon_id = ${id}`,
      );
      if (n > 0) {
        await rows(tx, sql`update coupons set active = false, updated_at = now() where id = ${id}`);
        audit({ action: 'deactivate', before: record, after: { ...record, active: false } });
        return {
          id: id!,
          deleted: false,
          deactivated: true,
          message: `coupon ${id} has ${n} redemption(s), so it was deactivated instead of deleted`,
        };
      }
      await rows(tx, sql`delete from coupons where id = ${id}`);
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

  // Lottery
  registerImport(app, db, lotteryImportDef);

  r.get(
    LOTTERY_REPORT_PATH,
    {
      config: { area: 'lottery', action: 'view', scope: 'branch' },
      schema: {
        tags: ['lottery'],
        summary: 'Lottery coupons counted per branch, per region and per draw period (within your branches)',
        querystring: LotteryReportQuery,
        response: { 200: z.object({ data: LotteryReport }) },
      },
    },
    async (req) => ({ data: await lotteryReport(db, req, req.query as LotteryFilters) }),
  );

  registerAction(app, db, {
    contract: lotteryDeleteAllAction,
    preview: async ({ tx, req, query }) => ({ count: await lotteryCount(tx, req, query) }),
    async handler({ tx, req, query, audit }) {
      const [{ n }] = await rows<{ n: number }>(
        tx,
        sql`with d as (delete from lottery_coupons l where ${lotteryWhere(req, query)} returning 1)
            select count(*)::int as n from d`,
      );
      audit({ action: 'delete_all', entityId: null, after: { filters: query, deleted: n } });
      return { deleted: n };
    },
  });

  // Voucher redemptions in bulk
  registerImport(app, db, voucherBulkDef);
}
