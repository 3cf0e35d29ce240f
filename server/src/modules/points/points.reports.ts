// The points reports, aggregated in SQL, each one statement:
// - GET /point/report: points tracking, one row per invoice document (grouped ledger rows),
// - GET /point/report/store: points per store over a date range, by kind,
// - GET /point/report/customer_balance: the cached balances with all-time earned / spent totals.
// Each picks the page first (sorting only the grouped figures or an index), then joins the names and
// computes per-row extras for the page's rows only; tables are joined only when a filter needs them.
import {
  type CustomerBalanceRow,
  customerBalanceContract,
  POINT_REPORT_SORT_KEYS,
  type PointReportRow,
  pointReportContract,
  STORE_POINTS_SORT_KEYS,
  type StorePointsRow,
  storePointsContract,
} from '@lbo/contract/points';
import { resolveSortKey } from '@lbo/contract/resource';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { type Db, rows } from '../../db/client';
import { allOf, likePattern, orderBy, pageMeta } from '../../http/list-query';
import { branchCondition } from '../../http/scope';

export type ReportFilters = {
  page: number;
  limit: number;
  by?: string;
  sort?: 'asc' | 'desc';
  search?: string;
  start_date?: string;
  end_date?: string;
  region_group_id?: number;
  region_id?: number;
  branch_id?: number;
  customer_id?: number;
  point_type?: number;
  show_in_app?: boolean;
  installed?: boolean;
  customer_type_id?: number;
};

type Paged<T> = { rows: T[]; meta: ReturnType<typeof pageMeta> };

/** Runs one report statement with JIT off: compiling costs far more than these queries save. */
async function reportRows<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await rows(tx, sql`set local jit = off`);
    return rows<T>(tx, query);
  });
}

const where = (cond: SQL | undefined) => (cond ? sql`where ${cond}` : sql``);

function order(
  sortMap: Record<string, SQL>,
  allowed: readonly string[],
  q: ReportFilters,
  fallback: { by: string; dir: 'asc' | 'desc' },
  tieKey: string,
): SQL {
  const tie = sortMap[tieKey] as unknown as AnyPgColumn;
  return sql.join(orderBy(sortMap, allowed, q.by, q.sort, fallback, tie), sql`, `);
}

/**
 * Conditions on customers `c` (scope, branch, region, customer filters, search) and what they need
 * joined: branches `b` for a region filter, regions `r` for a region group filter.
 */
function customerFilters(
  req: FastifyRequest,
  q: ReportFilters,
  extraSearch?: SQL,
): { parts: (SQL | undefined)[]; needsCustomer: boolean; join: SQL } {
  const s = q.search?.trim();
  const pattern = s ? likePattern(s) : undefined;
  const parts = [
    branchCondition(req, sql`c.branch_id`),
    q.branch_id ? sql`c.branch_id = ${q.branch_id}` : undefined,
    q.region_id ? sql`b.region_id = ${q.region_id}` : undefined,
    q.region_group_id ? sql`r.region_group_id = ${q.region_group_id}` : undefined,
    q.show_in_app === undefined ? undefined : sql`c.show_in_app = ${q.show_in_app}`,
    q.installed === undefined ? undefined : sql`c.installed = ${q.installed}`,
    q.customer_type_id ? sql`c.customer_type_id = ${q.customer_type_id}` : undefined,
    pattern
      ? sql`(c.customer_name ilike ${pattern} or c.customer_code ilike ${pattern}${
          extraSearch ? sql` or ${extraSearch} ilike ${pattern}` : sql``
        })`
      : undefined,
  ];
  const needsRegion = !!q.region_group_id;
  const needsBranch = needsRegion || !!q.region_id;
  return {
    parts,
    needsCustomer: parts.some((p) => p !== undefined),
    join: sql`${needsBranch ? sql` join branches b on b.id = c.branch_id` : sql``}${
      needsRegion ? sql` join regions r on r.id = b.region_id` : sql``
    }`,
  };
}

/** Names for a page's customers: joins on the page `p` (with `customer_id`). */
const NAME_COLUMNS = sql`c.customer_code, c.customer_name, c.branch_id, b.name as branch_name,
  b.region_id, r.name as region_name, r.region_group_id, rg.name as region_group_name`;
const NAME_JOINS = sql`join customers c on c.id = p.customer_id
  join branches b on b.id = c.branch_id
  join regions r on r.id = b.region_id
  join region_groups rg on rg.id = r.region_group_id`;

// ---------------------------------------------------------------------------------------------

/**
 * GET /point/report: non-void movements grouped by invoice document (per customer); a movement
 * without an invoice is a group of its own. `point_type` keeps the groups holding that type.
 *
 * Read from point_report_docs (one row per group and day, kept by a ledger trigger: migration 0007):
 * a group with live rows on one day only is one row there, so a page is the first rows of an index
 * walk and the count an index count; groups spread over several days (`multi`, rare) are grouped
 * from their day rows in the range. The answer is the grouping of the ledger rows in the range.
 */
export async function pointsTracking(
  db: Db,
  req: FastifyRequest,
  q: ReportFilters,
): Promise<Paged<PointReportRow>> {
  const docNo = sql`(case when s.solo_id = 0 then s.doc end)`;
  const byName = resolveSortKey(POINT_REPORT_SORT_KEYS, q.by ?? '') === 'customer_name';
  const f = customerFilters(req, q, docNo);
  const withCustomer = f.needsCustomer || byName;
  const from = withCustomer
    ? sql`point_report_docs s join customers c on c.id = s.customer_id${f.join}`
    : sql`point_report_docs s`;
  const parts = [
    q.start_date ? sql`s.entry_date >= ${q.start_date}::date` : undefined,
    q.end_date ? sql`s.entry_date <= ${q.end_date}::date` : undefined,
    q.customer_id ? sql`s.customer_id = ${q.customer_id}` : undefined,
    ...f.parts,
  ];
  const typeBit = q.point_type ? 1 << q.point_type : 0;
  const single = allOf([
    sql`not s.multi`,
    ...parts,
    typeBit ? sql`s.type_mask & ${typeBit}::int <> 0` : undefined,
  ]);
  const multi = allOf([sql`s.multi`, ...parts]);
  const nameCol = byName ? sql`, c.customer_name as sort_name` : sql``;
  const sortOn = (t: string): Record<string, SQL> => ({
    id: sql.raw(`${t}.id`),
    entry_date: sql.raw(`${t}.entry_date`),
    points: sql.raw(`${t}.points`),
    invoice_document_no: t === 's' ? docNo : sql.raw(`${t}.invoice_document_no`),
    customer_name: t === 's' ? sql`c.customer_name` : sql.raw(`${t}.sort_name`),
  });
  const sorted = (t: string) =>
    order(sortOn(t), POINT_REPORT_SORT_KEYS, q, pointReportContract.defaultSort, 'id');
  const offset = (q.page - 1) * q.limit;
  // Unfiltered: the count of single-day groups in the range is an index-only count.
  const singleCount = sql`select count(*) from ${from} where ${single}`;
  const result = await reportRows<PointReportRow & { total: number }>(
    db,
    sql`
with m as (
  select min(s.id) as id, ${docNo} as invoice_document_no, s.customer_id, min(s.entry_date) as entry_date,
         min(s.point_type) as point_type, bit_or(s.type_mask) as type_mask,
         sum(s.master_points)::int as master_points, sum(s.promo_points)::int as promo_points,
         (sum(s.points) - sum(s.master_points) - sum(s.promo_points))::int as other_points,
         sum(s.points)::int as points, sum(s.entries)::int as entries${byName ? sql`, max(c.customer_name) as sort_name` : sql``}
  from ${from}
  where ${multi}
  group by s.doc, s.solo_id, s.customer_id
  ${typeBit ? sql`having bit_or(s.type_mask) & ${typeBit}::int <> 0` : sql``}
),
p as (
  select u.* from (
    (select s.id, ${docNo} as invoice_document_no, s.customer_id, s.entry_date, s.point_type, s.type_mask,
            s.master_points, s.promo_points, s.points - s.master_points - s.promo_points as other_points,
            s.points, s.entries${nameCol}
     from ${from}
     where ${single}
     order by ${sorted('s')}
     limit ${offset + q.limit})
    union all
    select * from m
  ) u
  order by ${sorted('u')}
  limit ${q.limit} offset ${offset}
)
select p.id, p.invoice_document_no, si.invoice_date::text as invoice_date, si.net_amount as invoice_net_amount,
       p.entry_date::text as entry_date, p.customer_id, ${NAME_COLUMNS},
       p.point_type, array(select t from generate_series(1, 7) t where p.type_mask & (1 << t) <> 0) as point_types,
       p.master_points, p.promo_points, p.other_points, p.points, p.entries,
       ((${singleCount}) + (select count(*) from m))::int as total
from p ${NAME_JOINS}
left join sales_invoices si on si.document_no = p.invoice_document_no
order by ${sorted('p')}`,
  );
  let total = result[0]?.total;
  if (total === undefined) {
    const [r] = await reportRows<{ n: number }>(
      db,
      sql`select ((${singleCount}) + (
            select count(*) from (select 1 from ${from} where ${multi} group by s.doc, s.solo_id, s.customer_id
            ${typeBit ? sql`having bit_or(s.type_mask) & ${typeBit}::int <> 0` : sql``}) x))::int as n`,
    );
    total = r.n;
  }
  return { rows: result.map(({ total: _t, ...r }) => r), meta: pageMeta(q.page, q.limit, total) };
}

// ---------------------------------------------------------------------------------------------

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const d = new Date(`${monthStart(day)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return isoDay(d);
};
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return isoDay(d);
};

/**
 * A date range cut into whole calendar months (read from point_report_months) and the days before
 * and after them (read from point_report_docs). Bounds are inclusive `YYYY-MM-DD`; absent = open.
 */
export function splitRange(
  start?: string,
  end?: string,
): { months?: { from?: string; to?: string }; days: { from?: string; to?: string }[] } {
  // The first whole month, and the first day after the last whole month.
  const fullFrom = start ? (start.endsWith('-01') ? start : nextMonth(start)) : undefined;
  const fullTo = end ? (addDays(end, 1).endsWith('-01') ? addDays(end, 1) : monthStart(end)) : undefined;
  if (fullFrom && fullTo && fullFrom >= fullTo) return { days: [{ from: start, to: end }] };
  const days: { from?: string; to?: string }[] = [];
  if (start && fullFrom && start < fullFrom) days.push({ from: start, to: addDays(fullFrom, -1) });
  if (end && fullTo && fullTo <= end) days.push({ from: fullTo, to: end });
  return { months: { from: fullFrom, to: fullTo ? addDays(fullTo, -1) : undefined }, days };
}

/**
 * GET /point/report/store: per customer with movements in the range, its points by kind.
 *
 * Whole months come from point_report_months (one row per customer and month), the days around
 * them from point_report_docs; invoice documents with live rows on several days are counted once
 * from point_report_docs. The sums are those of the ledger rows in the range.
 */
export async function storePoints(
  db: Db,
  req: FastifyRequest,
  q: ReportFilters,
): Promise<Paged<StorePointsRow>> {
  const f = customerFilters(req, q);
  const byCustomer = ['customer_name', 'customer_code', 'point_balance'].includes(
    resolveSortKey(STORE_POINTS_SORT_KEYS, q.by ?? '') ?? '',
  );
  const joinCustomer = (t: string) =>
    f.needsCustomer ? sql.raw(` join customers c on c.id = ${t}.customer_id`).append(f.join) : sql``;
  const customerOnly = (t: string) => [
    q.customer_id ? sql`${sql.raw(t)}.customer_id = ${q.customer_id}` : undefined,
    ...f.parts,
  ];
  const between = (col: string, r: { from?: string; to?: string }) => [
    r.from ? sql`${sql.raw(col)} >= ${r.from}::date` : undefined,
    r.to ? sql`${sql.raw(col)} <= ${r.to}::date` : undefined,
  ];
  const split = splitRange(q.start_date, q.end_date);
  const sums = sql`master_points, promo_points, injected_points, redeemed_points, deducted_points, correction_points, points`;
  const pieces: SQL[] = [];
  if (split.months) {
    pieces.push(sql`select m.customer_id, m.entries, m.docs, ${sql.raw(
      'm.master_points, m.promo_points, m.injected_points, m.redeemed_points, m.deducted_points, m.correction_points, m.points',
    )}
      from point_report_months m${joinCustomer('m')}
      ${where(allOf([...between('m.month', split.months), ...customerOnly('m')]))}`);
  }
  const dayRange = (col: string) =>
    split.days.length === 0
      ? undefined
      : sql`(${sql.join(
          split.days.map((r) => allOf(between(col, r)) ?? sql`true`),
          sql` or `,
        )})`;
  if (split.days.length > 0) {
    pieces.push(sql`select s.customer_id, s.entries, (s.solo_id = 0 and not s.multi)::int, ${sql.raw(
      's.master_points, s.promo_points, s.injected_points, s.redeemed_points, s.deducted_points, s.correction_points, s.points',
    )}
      from point_report_docs s${joinCustomer('s')}
      ${where(allOf([dayRange('s.entry_date'), ...customerOnly('s')]))}`);
  }
  // Documents spread over several days: counted once, from their day rows in the whole range.
  pieces.push(sql`select s.customer_id, 0, count(distinct s.doc), 0, 0, 0, 0, 0, 0, 0
      from point_report_docs s${joinCustomer('s')}
      ${where(
        allOf([
          sql`s.multi and s.solo_id = 0`,
          ...between('s.entry_date', { from: q.start_date, to: q.end_date }),
          ...customerOnly('s'),
        ]),
      )}
      group by s.customer_id`);
  const sortOn = (t: 'g' | 'p'): Record<string, SQL> => ({
    id: sql.raw(`${t}.customer_id`),
    customer_id: sql.raw(`${t}.customer_id`),
    customer_name: sql.raw(`${t}.customer_name`),
    customer_code: sql.raw(`${t}.customer_code`),
    net_points: sql.raw(`${t}.net_points`),
    master_points: sql.raw(`${t}.master_points`),
    point_balance: sql.raw(`${t}.point_balance`),
  });
  // Customer columns ride along only when the sort needs them.
  const customerCols = byCustomer
    ? sql`, sc.customer_name, sc.customer_code, sc.point_balance`
    : sql`, null::text as customer_name, null::text as customer_code, null::int as point_balance`;
  const fallback = storePointsContract.defaultSort;
  const result = await reportRows<StorePointsRow & { total: number }>(
    db,
    sql`
with a as (
  select u.customer_id, sum(u.docs)::int as invoices,
         sum(u.master_points)::int as master_points, sum(u.promo_points)::int as promo_points,
         sum(u.injected_points)::int as injected_points, sum(u.redeemed_points)::int as redeemed_points,
         sum(u.deducted_points)::int as deducted_points, sum(u.correction_points)::int as correction_points,
         sum(u.points)::int as net_points
  from (${sql.join(pieces, sql` union all `)}) u(customer_id, entries, docs, ${sums})
  group by u.customer_id
  having sum(u.entries) > 0
),
g as (
  select a.*${customerCols} from a${byCustomer ? sql` join customers sc on sc.id = a.customer_id` : sql``}
),
p as (
  select * from g
  order by ${order(sortOn('g'), STORE_POINTS_SORT_KEYS, q, fallback, 'id')}
  limit ${q.limit} offset ${(q.page - 1) * q.limit}
)
select p.customer_id as id, p.customer_id, ${NAME_COLUMNS}, p.invoices, p.master_points, p.promo_points,
       p.injected_points, p.redeemed_points, p.deducted_points, p.correction_points, p.net_points,
       c.point_balance, (select count(*) from g)::int as total
from p ${NAME_JOINS}
order by ${order(
      {
        ...sortOn('p'),
        customer_name: sql`c.customer_name`,
        customer_code: sql`c.customer_code`,
        point_balance: sql`c.point_balance`,
      },
      STORE_POINTS_SORT_KEYS,
      q,
      fallback,
      'id',
    )}`,
  );
  let total = result[0]?.total;
  if (total === undefined) {
    const [r] = await reportRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select u.customer_id from (${sql.join(pieces, sql` union all `)}) u(customer_id, entries)
            group by u.customer_id having sum(u.entries) > 0) x`,
    );
    total = r.n;
  }
  return { rows: result.map(({ total: _t, ...r }) => r), meta: pageMeta(q.page, q.limit, total) };
}

// ---------------------------------------------------------------------------------------------

/**
 * GET /point/report/customer_balance: customers with their cached balance; the all-time earned and
 * spent totals and the last movement date are summed for the page's rows only.
 */
export async function customerBalances(
  db: Db,
  req: FastifyRequest,
  q: ReportFilters,
): Promise<Paged<CustomerBalanceRow>> {
  const byBranch = resolveSortKey(customerBalanceContract.sortKeys, q.by ?? '') === 'branch_name';
  const f = customerFilters(req, { ...q, region_id: q.region_id });
  const needsBranchJoin = byBranch && !q.region_id && !q.region_group_id;
  const from = sql`customers c${f.join}${needsBranchJoin ? sql` join branches b on b.id = c.branch_id` : sql``}`;
  const cond = where(allOf(f.parts));
  const sortOn = (t: 'c' | 'p'): Record<string, SQL> => ({
    id: sql.raw(`${t}.id`),
    customer_id: sql.raw(`${t}.id`),
    customer_name: sql.raw(`${t}.customer_name`),
    customer_code: sql.raw(`${t}.customer_code`),
    point_balance: sql.raw(`${t}.point_balance`),
    branch_name: sql.raw(t === 'c' ? 'b.name' : 'p.branch_name'),
  });
  const fallback = customerBalanceContract.defaultSort;
  const result = await reportRows<CustomerBalanceRow & { total: number }>(
    db,
    sql`
with p as (
  select c.id, c.id as customer_id, c.customer_name, c.customer_code, c.point_balance
         ${byBranch ? sql`, b.name as branch_name` : sql``}
  from ${from}
  ${cond}
  order by ${order(sortOn('c'), customerBalanceContract.sortKeys, q, fallback, 'id')}
  limit ${q.limit} offset ${(q.page - 1) * q.limit}
)
select p.id, p.id as customer_id, ${NAME_COLUMNS}, c.show_in_app, c.installed, c.exclude_all_point,
       c.monthly_max_point, c.point_balance,
       coalesce(a.earned, 0)::int as total_earned, coalesce(a.spent, 0)::int as total_spent,
       a.last_entry_date,
       (select count(*) from ${from} ${cond})::int as total
from p ${NAME_JOINS}
left join lateral (
  select sum(l.points) filter (where l.points > 0) as earned, - sum(l.points) filter (where l.points < 0) as spent,
         max(l.entry_date)::text as last_entry_date
  from point_ledger l where l.customer_id = p.id and not l.void
) a on true
order by ${order(sortOn('p'), customerBalanceContract.sortKeys, q, fallback, 'id')}`,
  );
  let total = result[0]?.total;
  if (total === undefined) {
    const [r] = await reportRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} ${cond}`);
    total = r.n;
  }
  return { rows: result.map(({ total: _t, ...r }) => r), meta: pageMeta(q.page, q.limit, total) };
}
