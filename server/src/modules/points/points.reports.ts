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
import { type Db, rows, type Tx } from '../../db/client';
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

/**
 * Runs one report statement with JIT off: compiling costs far more than these queries save.
 * `grouping`: the statement groups a row per customer (store points): memory for that hash table,
 * and no parallel workers, whose start and merge cost more than they save on these few rows a customer.
 */
export async function reportRows<T>(db: Db, query: SQL, grouping = false): Promise<T[]> {
  return inReport(db, grouping, (tx) => rows<T>(tx, query));
}

/**
 * Runs `fn` in one report transaction with reportRows' settings. `snapshot`: repeatable read, so
 * that several statements see the same data (a statement built from what an earlier one read).
 */
async function inReport<T>(
  db: Db,
  grouping: boolean,
  fn: (tx: Tx) => Promise<T>,
  snapshot = false,
): Promise<T> {
  return db.transaction(
    async (tx) => {
      await rows(tx, sql`set local jit = off`);
      if (grouping) {
        await rows(tx, sql`set local work_mem = '64MB'`);
        await rows(tx, sql`set local max_parallel_workers_per_gather = 0`);
      }
      return fn(tx);
    },
    snapshot ? { isolationLevel: 'repeatable read', accessMode: 'read only' } : undefined,
  );
}

const where = (cond: SQL | undefined) => (cond ? sql`where ${cond}` : sql``);

export function order(
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
export function customerFilters(
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
export const NAME_COLUMNS = sql`c.customer_code, c.customer_name, c.branch_id, b.name as branch_name,
  b.region_id, r.name as region_name, r.region_group_id, rg.name as region_group_name`;
export const NAME_JOINS = sql`join customers c on c.id = p.customer_id
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
/**
 * Up to how many single-day groups the tracking report counts exactly; past it the total is
 * PostgreSQL's estimate for the range (`total_estimated`, shown "about N"), as for the lists: a
 * year is half a million groups, and counting them cost as much as the rest of the report.
 * An object so tests can lower it.
 */
export const trackingCount = { exactUpTo: 5000 };

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
  // The single-day groups in the range, counted up to one past trackingCount.exactUpTo (an index-only
  // walk when unfiltered); past that, the planner's estimate (below).
  const cap = trackingCount.exactUpTo;
  const singleCount = sql`select count(*) from (select 1 from ${from} where ${single} limit ${cap + 1}) x`;
  const estimatedSingles = async (counted: number): Promise<number> => {
    const [plan] = await reportRows<Record<string, unknown>>(
      db,
      sql`explain (format json) select 1 from ${from} where ${single}`,
    );
    const value = Object.values(plan ?? {})[0];
    const doc = (typeof value === 'string' ? JSON.parse(value) : value) as {
      Plan?: { 'Plan Rows'?: number };
    }[];
    return Math.max(Math.round(Number(doc?.[0]?.Plan?.['Plan Rows'] ?? 0)), counted);
  };
  const result = await reportRows<PointReportRow & { singles: number; multis: number }>(
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
       th.tier_name, th.multiplier::float8 as tier_multiplier,
       (${singleCount})::int as singles, (select count(*) from m)::int as multis
from p ${NAME_JOINS}
left join sales_invoices si on si.document_no = p.invoice_document_no
left join lateral (
  select h.tier_name, h.multiplier from customer_tier_history h
  where si.id is not null and h.customer_id = si.customer_id and h.effective_from <= si.invoice_date
  order by h.effective_from desc, h.id desc limit 1
) th on true
order by ${sorted('p')}`,
  );
  let counts = result[0] ? { singles: result[0].singles, multis: result[0].multis } : undefined;
  if (counts === undefined) {
    [counts] = await reportRows<{ singles: number; multis: number }>(
      db,
      sql`select (${singleCount})::int as singles, (
            select count(*) from (select 1 from ${from} where ${multi} group by s.doc, s.solo_id, s.customer_id
            ${typeBit ? sql`having bit_or(s.type_mask) & ${typeBit}::int <> 0` : sql``}) x)::int as multis`,
    );
  }
  const estimated = counts.singles > cap;
  const total = (estimated ? await estimatedSingles(counts.singles) : counts.singles) + counts.multis;
  return {
    rows: result.map(({ singles: _s, multis: _m, ...r }) => r),
    meta: pageMeta(q.page, q.limit, total, estimated),
  };
}

// ---------------------------------------------------------------------------------------------

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return isoDay(d);
};
const nextMonth = (day: string) => {
  const d = new Date(`${monthStart(day)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return isoDay(d);
};
/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
const dayCount = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1);

/**
 * A signed part of a range's sums: `upto` the running totals at the end of a calendar month
 * (point_report_running), `total` every customer's totals, `days` the day rows of point_report_docs.
 */
export type RangePart =
  | { kind: 'upto'; month: string; sign: 1 | -1 }
  | { kind: 'total'; sign: 1 | -1 }
  | { kind: 'days'; from: string; to: string; sign: 1 | -1 };

/** What reading one month's running totals costs, in days of day rows (a row per customer vs. a day's rows). */
export const RUNNING_LOOKUP_DAYS = 60;

/**
 * A date range (inclusive `YYYY-MM-DD` bounds, absent = open) as signed parts whose sums are the
 * range's: (totals up to its end) - (totals up to the day before its start), a day's totals being
 * its month's running totals less the days after it, or the previous month's plus the days up to
 * it (whichever reads fewer days: at most half a month). A short range is read as its days when
 * that reads less.
 */
export function rangeParts(start?: string, end?: string): RangePart[] {
  const upTo = (day: string, sign: 1 | -1): RangePart[] => {
    const first = monthStart(day);
    const last = addDays(nextMonth(day), -1);
    if (day === last) return [{ kind: 'upto', month: first, sign }];
    if (dayCount(first, day) <= dayCount(addDays(day, 1), last)) {
      return [
        { kind: 'upto', month: monthStart(addDays(first, -1)), sign },
        { kind: 'days', from: first, to: day, sign },
      ];
    }
    return [
      { kind: 'upto', month: first, sign },
      { kind: 'days', from: addDays(day, 1), to: last, sign: sign === 1 ? -1 : 1 },
    ];
  };
  const parts: RangePart[] = [
    ...(end ? upTo(end, 1) : [{ kind: 'total', sign: 1 } as const]),
    ...(start ? upTo(addDays(start, -1), -1) : []),
  ];
  if (start && end) {
    const cost = parts.reduce(
      (n, p) => n + (p.kind === 'days' ? dayCount(p.from, p.to) : RUNNING_LOOKUP_DAYS),
      0,
    );
    if (dayCount(start, end) <= cost) return [{ kind: 'days', from: start, to: end, sign: 1 }];
  }
  return parts;
}

/** The points columns of the report summaries, by kind (point_report_docs, point_report_running). */
export const STORE_SUMS = [
  'master_points',
  'promo_points',
  'injected_points',
  'redeemed_points',
  'deducted_points',
  'correction_points',
  'points',
] as const;

/**
 * The signed rows of `parts` as `(customer_id, entries, <columns>)`, one select per part (and per
 * source table), for a union all. `columns` are point_report_running / point_report_docs columns;
 * `docs` is the count of single-day invoice groups (multi-day ones are counted apart). `filter`
 * adds conditions on the part's table (alias `r` or `s`).
 */
function partRows(
  parts: RangePart[],
  columns: readonly string[],
  filter: (t: 'r' | 's') => { join: SQL; parts: (SQL | undefined)[] },
): SQL[] {
  const cols = (t: 'r' | 's', sign: 1 | -1) =>
    sql.raw(
      [`${t}.customer_id`, 'entries', ...columns]
        .map((c, i) => {
          if (i === 0) return c;
          const v = t === 's' && c === 'docs' ? '(s.solo_id = 0 and not s.multi)::int' : `${t}.${c}`;
          return sign === 1 ? v : `-${v}`;
        })
        .join(', '),
    );
  const running = (sign: 1 | -1, cond: SQL) => {
    const f = filter('r');
    return sql`select ${cols('r', sign)} from point_report_running r${f.join} where ${allOf([cond, ...f.parts])}`;
  };
  const days = (sign: 1 | -1, from: string, to: string, multi: boolean) => {
    const f = filter('s');
    return sql`select ${cols('s', sign)} from point_report_docs s${f.join}
      where ${allOf([sql.raw(multi ? 's.multi' : 'not s.multi'), sql`s.entry_date between ${from}::date and ${to}::date`, ...f.parts])}`;
  };
  return parts.flatMap((p) => {
    if (p.kind === 'total') return [running(p.sign, sql`r.last`)];
    if (p.kind === 'upto') {
      // The month's row, else (months after the customer's latest row) the latest row.
      return [
        running(p.sign, sql`r.month = ${p.month}::date`),
        running(p.sign, sql`r.last and r.month < ${p.month}::date`),
      ];
    }
    // Two selects, each on its partial date index.
    return [days(p.sign, p.from, p.to, false), days(p.sign, p.from, p.to, true)];
  });
}

/** The ends of a range read from running totals: end month `me` (none: every customer's totals), start month `ms`. */
type RunningEnds = { me?: string; ms?: string; days: RangePart[] };

/** The running-total ends of `parts`, or undefined for a range read as its days alone. */
function runningEnds(parts: RangePart[]): RunningEnds | undefined {
  const end = parts.find((p) => p.sign === 1 && p.kind !== 'days');
  const start = parts.find((p) => p.sign === -1 && p.kind !== 'days');
  if (!end || end.kind === 'days' || (start && start.kind !== 'upto')) return undefined;
  return {
    me: end.kind === 'upto' ? end.month : undefined,
    ms: start?.kind === 'upto' ? start.month : undefined,
    days: parts.filter((p) => p.kind === 'days'),
  };
}

/**
 * The population of the store points report, `(customer_id[, figure])` for the customers whose
 * `entries` in the range are positive, for a range read from running totals (runningEnds): one row
 * per customer at each end, merged in customer order (no grouping, no hash table).
 *
 * The end (totals up to the end month `me`, or every customer's totals): the customer's `last` row
 * when it is at or before `me`, in customer order from point_report_running_last_cover alone
 * (migration 0014); when some customer has rows after `me` (`later`: a range ending before the
 * latest month), also the rows at `me` that are not the latest. The start (totals up to the start
 * month `ms`): the row at `ms`, in customer order from the primary key alone; a customer without
 * one started after `ms` (its start totals are zero). A customer whose end row is before `ms` has
 * moved neither in nor after that month, so its sums are zero: left out. The day rows (at most half
 * a month at each edge) are grouped apart and joined in full: a customer whose first movement is in
 * the end month after `me` has no end row.
 */
function runningPopulation(
  ends: RunningEnds,
  later: boolean,
  figure: 'points' | 'master_points' | undefined,
  filter: (t: 'e' | 's') => { join: SQL; parts: (SQL | undefined)[] },
): SQL {
  const { me, ms, days } = ends;
  const fig = figure ? sql.raw(figure) : undefined;
  const col = (t: string) => (fig ? sql`, ${sql.raw(t)}.${fig}` : sql``);
  const ef = filter('e');
  const endRows = (cond: SQL) =>
    sql`select e.customer_id, e.entries${col('e')} from point_report_running e${ef.join} where ${allOf([cond, ...ef.parts])}`;
  const lastRows = endRows(
    allOf([
      sql`e.last`,
      me ? sql`e.month <= ${me}::date` : undefined,
      ms ? sql`e.month >= ${ms}::date` : undefined,
    ]) as SQL,
  );
  const endSide =
    me && later ? sql`${lastRows} union all ${endRows(sql`e.month = ${me}::date and not e.last`)}` : lastRows;
  const diff = (c: string) =>
    ms ? sql`e.${sql.raw(c)} - coalesce(s.${sql.raw(c)}, 0)` : sql`e.${sql.raw(c)}`;
  // `distinct on` changes nothing (one row per customer and month) but tells the planner the start
  // rows are unique and ordered: a merge join on the index order, without sorting or buffering them.
  // The filters apply to the start rows too, so that a filtered report reads only its customers' rows.
  const sf = filter('s');
  const startSide = ms
    ? sql` left join (
      select distinct on (s.customer_id) s.customer_id, s.entries${col('s')}
      from point_report_running s${sf.join} where ${allOf([sql`s.month = ${ms}::date`, ...sf.parts])} order by s.customer_id
    ) s on s.customer_id = e.customer_id`
    : sql``;
  const sides = sql`select e.customer_id, ${diff('entries')} as entries${fig ? sql`, ${diff(figure as string)} as figure` : sql``}
    from (${endSide}) e${startSide}`;
  const figCol = fig ? sql`, figure` : sql``;
  if (days.length === 0) {
    return sql`select x.customer_id${figCol} from (${sides}) x where x.entries > 0`;
  }
  const dayRows = partRows(days, figure ? [figure] : [], () => filter('s'));
  return sql`select coalesce(x.customer_id, d.customer_id) as customer_id${
    fig ? sql`, coalesce(x.figure, 0) + coalesce(d.figure, 0) as figure` : sql``
  }
  from (${sides}) x
  full join (
    select u.customer_id, sum(u.entries) as entries${fig ? sql`, sum(u.figure) as figure` : sql``}
    from (${sql.join(dayRows, sql` union all `)}) u(customer_id, entries${figCol})
    group by u.customer_id
  ) d on d.customer_id = x.customer_id
  where coalesce(x.entries, 0) + coalesce(d.entries, 0) > 0`;
}

/**
 * GET /point/report/store: per customer with movements in the range, its points by kind.
 *
 * Read from point_report_running (per customer and month, the running totals from its first
 * movement: migration 0012) and point_report_docs (per report group and day: 0007), whatever the
 * range's length: first the customers with movements in the range and the sort figure, from at
 * most two running rows per customer (see rangeParts), merged in customer order from covering
 * indexes (runningPopulation, migration 0014), then every figure for the page's customers only.
 * Invoice documents with live rows on several days are counted once, from their day rows in the
 * range, for the page's customers. The sums are those of the ledger rows in the range.
 */
export async function storePoints(
  db: Db,
  req: FastifyRequest,
  q: ReportFilters,
): Promise<Paged<StorePointsRow>> {
  const f = customerFilters(req, q);
  const fallback = storePointsContract.defaultSort;
  const key = resolveSortKey(STORE_POINTS_SORT_KEYS, q.by ?? fallback.by);
  const byCustomer = ['customer_name', 'customer_code', 'point_balance'].includes(key ?? '');
  // The population's sort figure, when the sort is on one.
  const figure = key === 'net_points' ? 'points' : key === 'master_points' ? 'master_points' : undefined;
  const parts = rangeParts(q.start_date, q.end_date);
  const filterOn = (t: string) => ({
    join: f.needsCustomer ? sql.raw(` join customers c on c.id = ${t}.customer_id`).append(f.join) : sql``,
    parts: [q.customer_id ? sql`${sql.raw(t)}.customer_id = ${q.customer_id}` : undefined, ...f.parts],
  });
  const figureName = sql.raw(figure === 'points' ? 'net_points' : 'master_points');
  const ends = runningEnds(parts);
  const pageRows = partRows(parts, ['docs', ...STORE_SUMS], (t) => ({
    join: sql``,
    parts: [sql`${sql.raw(t)}.customer_id in (select customer_id from p)`],
  }));
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
  const customerCols = byCustomer ? sql`, sc.customer_name, sc.customer_code, sc.point_balance` : sql``;
  const figureCol = figure ? sql`, sum(u.figure)::int as ${figureName}` : sql``;
  const inRange = [
    q.start_date ? sql`s.entry_date >= ${q.start_date}::date` : undefined,
    q.end_date ? sql`s.entry_date <= ${q.end_date}::date` : undefined,
  ];
  // A range read from running totals: one row per customer of each side (runningPopulation); a short
  // range read from its days: their rows grouped.
  const population = (running: SQL | undefined) =>
    running
      ? sql`select y.customer_id${figure ? sql`, y.figure::int as ${figureName}` : sql``} from (${running}) y`
      : sql`select u.customer_id${figureCol}
  from (${sql.join(partRows(parts, figure ? [figure] : [], filterOn), sql` union all `)}) u(customer_id, entries${figure ? sql`, figure` : sql``})
  group by u.customer_id
  having sum(u.entries) > 0`;
  const statement = (pop: SQL) => sql`
with a as (${pop}),
g as (
  select a.*${customerCols} from a${byCustomer ? sql` join customers sc on sc.id = a.customer_id` : sql``}
),
p as (
  select * from g
  order by ${order(sortOn('g'), STORE_POINTS_SORT_KEYS, q, fallback, 'id')}
  limit ${q.limit} offset ${(q.page - 1) * q.limit}
),
f as (
  select u.customer_id, sum(u.docs) as docs, ${sql.raw(STORE_SUMS.map((c) => `sum(u.${c}) as ${c}`).join(', '))}
  from (${sql.join(pageRows, sql` union all `)}) u(customer_id, entries, docs, ${sql.raw(STORE_SUMS.join(', '))})
  group by u.customer_id
),
-- Documents spread over several days: counted once, from their day rows in the range.
md as (
  select s.customer_id, count(distinct s.doc) as docs
  from point_report_docs s
  where ${allOf([sql`s.customer_id in (select customer_id from p)`, sql`s.multi and s.solo_id = 0`, ...inRange])}
  group by s.customer_id
)
select p.customer_id as id, p.customer_id, ${NAME_COLUMNS}, (f.docs + coalesce(md.docs, 0))::int as invoices,
       f.master_points::int as master_points, f.promo_points::int as promo_points,
       f.injected_points::int as injected_points, f.redeemed_points::int as redeemed_points,
       f.deducted_points::int as deducted_points, f.correction_points::int as correction_points,
       f.points::int as net_points, c.point_balance, (select count(*) from g)::int as total
from p ${NAME_JOINS}
join f on f.customer_id = p.customer_id
left join md on md.customer_id = p.customer_id
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
  )}`;
  // One snapshot for the check of months after the end and the statements built on its answer.
  const { result, total } = await inReport(
    db,
    true,
    async (tx) => {
      let running: SQL | undefined;
      if (ends) {
        const [{ later }] = ends.me
          ? await rows<{ later: boolean }>(
              tx,
              sql`select exists (select 1 from point_report_running where month > ${ends.me}::date) as later`,
            )
          : [{ later: false }];
        running = runningPopulation(ends, later, figure, filterOn);
      }
      const pop = population(running);
      const result = await rows<StorePointsRow & { total: number }>(tx, statement(pop));
      let total = result[0]?.total;
      if (total === undefined) {
        const [r] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from (${pop}) x`);
        total = r.n;
      }
      return { result, total };
    },
    !!ends?.me,
  );
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
