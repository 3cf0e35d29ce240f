// Lottery coupons as a service: the report (counted per branch, region and draw period) and
// "delete all", both over the coupons the caller may see, narrowed by the report's filters.
import type { LotteryReport } from '@lbo/contract/lottery';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, type DbOrTx, rows } from '../../db/client';
import { allOf } from '../../http/list-query';
import { branchCondition } from '../../http/scope';

export type LotteryFilters = { branch_id?: number; region_id?: number; period?: string };

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

export async function lotteryCount(db: DbOrTx, req: FastifyRequest, q: LotteryFilters): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from lottery_coupons l where ${lotteryWhere(req, q)}`,
  );
  return r.n;
}

export async function lotteryReport(db: Db, req: FastifyRequest, q: LotteryFilters): Promise<LotteryReport> {
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

/** Deletes the lottery coupons the caller may see, narrowed by the filters; answers how many. */
export async function deleteLottery(tx: DbOrTx, req: FastifyRequest, q: LotteryFilters): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(
    tx,
    sql`with d as (delete from lottery_coupons l where ${lotteryWhere(req, q)} returning 1)
            select count(*)::int as n from d`,
  );
  return n;
}
