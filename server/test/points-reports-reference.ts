// The points reports as they were computed before the report summaries (migration 0007): straight
// from the ledger rows. points-reports-summary.test.ts compares the served answers with these.
import {
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
import { type Db, rows } from '../src/db/client';
import { allOf, likePattern, orderBy, pageMeta } from '../src/http/list-query';
import { branchCondition } from '../src/http/scope';
import type { ReportFilters } from '../src/modules/points/points.reports';

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

const ledgerRange = (q: ReportFilters) => [
  sql`not l.void`,
  q.start_date ? sql`l.entry_date >= ${q.start_date}::date` : undefined,
  q.end_date ? sql`l.entry_date <= ${q.end_date}::date` : undefined,
  q.customer_id ? sql`l.customer_id = ${q.customer_id}` : undefined,
];

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
 */
export async function directPointsTracking(
  db: Db,
  req: FastifyRequest,
  q: ReportFilters,
): Promise<Paged<PointReportRow>> {
  const f = customerFilters(req, q, sql`l.invoice_document_no`);
  const from = f.needsCustomer
    ? sql`point_ledger l join customers c on c.id = l.customer_id${f.join}`
    : sql`point_ledger l`;
  const cond = where(allOf([...ledgerRange(q), ...f.parts]));
  const having = q.point_type ? sql`having bool_or(l.point_type = ${q.point_type})` : sql``;
  const byName = resolveSortKey(POINT_REPORT_SORT_KEYS, q.by ?? '') === 'customer_name';
  const sortOn = (t: string): Record<string, SQL> => ({
    id: sql.raw(`${t}.id`),
    entry_date: sql.raw(`${t}.entry_date`),
    points: sql.raw(`${t}.points`),
    invoice_document_no: sql.raw(`${t}.invoice_document_no`),
    customer_name: sql.raw(t === 'g' ? 'sc.customer_name' : 'c.customer_name'),
  });
  const fallback = pointReportContract.defaultSort;
  const result = await reportRows<PointReportRow & { total: number }>(
    db,
    sql`
with g as (
  select min(l.id) as id, l.invoice_document_no, l.customer_id, min(l.entry_date) as entry_date,
         min(l.point_type) as point_type, bit_or(1 << l.point_type) as type_mask,
         coalesce(sum(l.points) filter (where l.source = 'invoice'), 0)::int as master_points,
         coalesce(sum(l.points) filter (where l.source = 'promo'), 0)::int as promo_points,
         coalesce(sum(l.points) filter (where l.source not in ('invoice', 'promo')), 0)::int as other_points,
         sum(l.points)::int as points,
         count(*)::int as entries
  from ${from}
  ${cond}
  group by coalesce(l.invoice_document_no, '#' || l.id::text), l.invoice_document_no, l.customer_id
  ${having}
),
p as (
  select g.* from g ${byName ? sql`join customers sc on sc.id = g.customer_id` : sql``}
  order by ${order(sortOn('g'), POINT_REPORT_SORT_KEYS, q, fallback, 'id')}
  limit ${q.limit} offset ${(q.page - 1) * q.limit}
)
select p.id, p.invoice_document_no, si.invoice_date::text as invoice_date, si.net_amount as invoice_net_amount,
       p.entry_date::text as entry_date, p.customer_id, ${NAME_COLUMNS},
       p.point_type, array(select t from generate_series(1, 7) t where p.type_mask & (1 << t) <> 0) as point_types,
       p.master_points, p.promo_points, p.other_points, p.points, p.entries,
       -- The store's tier in force on the invoice's date (none for movements without an invoice).
       (select h.tier_name from customer_tier_history h
         where si.id is not null and h.customer_id = si.customer_id and h.effective_from <= si.invoice_date
         order by h.effective_from desc, h.id desc limit 1) as tier_name,
       (select h.multiplier::float8 from customer_tier_history h
         where si.id is not null and h.customer_id = si.customer_id and h.effective_from <= si.invoice_date
         order by h.effective_from desc, h.id desc limit 1) as tier_multiplier,
       (select count(*) from g)::int as total
from p ${NAME_JOINS}
left join sales_invoices si on si.document_no = p.invoice_document_no
order by ${order(sortOn('p'), POINT_REPORT_SORT_KEYS, q, fallback, 'id')}`,
  );
  let total = result[0]?.total;
  if (total === undefined) {
    const [r] = await reportRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select 1 from ${from} ${cond}
            group by coalesce(l.invoice_document_no, '#' || l.id::text), l.invoice_document_no, l.customer_id
            ${having}) x`,
    );
    total = r.n;
  }
  return { rows: result.map(({ total: _t, ...r }) => r), meta: pageMeta(q.page, q.limit, total) };
}

// ---------------------------------------------------------------------------------------------

/** GET /point/report/store: per customer with movements in the range, its points by kind. */
export async function directStorePoints(
  db: Db,
  req: FastifyRequest,
  q: ReportFilters,
): Promise<Paged<StorePointsRow>> {
  const f = customerFilters(req, q);
  const byCustomer = ['customer_name', 'customer_code', 'point_balance'].includes(
    resolveSortKey(STORE_POINTS_SORT_KEYS, q.by ?? '') ?? '',
  );
  const from =
    f.needsCustomer || byCustomer
      ? sql`point_ledger l join customers c on c.id = l.customer_id${f.join}`
      : sql`point_ledger l`;
  const cond = where(allOf([...ledgerRange(q), ...f.parts]));
  const sortOn = (t: 'g' | 'p'): Record<string, SQL> => ({
    id: sql.raw(`${t}.customer_id`),
    customer_id: sql.raw(`${t}.customer_id`),
    customer_name: sql.raw(`${t}.customer_name`),
    customer_code: sql.raw(`${t}.customer_code`),
    net_points: sql.raw(`${t}.net_points`),
    master_points: sql.raw(`${t}.master_points`),
    point_balance: sql.raw(`${t}.point_balance`),
  });
  // Customer columns ride along in the grouping only when the sort needs them.
  const customerCols = byCustomer
    ? sql`, c.customer_name, c.customer_code, c.point_balance`
    : sql`, null::text as customer_name, null::text as customer_code, null::int as point_balance`;
  const fallback = storePointsContract.defaultSort;
  const result = await reportRows<StorePointsRow & { total: number }>(
    db,
    sql`
with g as (
  select l.customer_id${customerCols},
         count(distinct l.invoice_document_no)::int as invoices,
         coalesce(sum(l.points) filter (where l.source = 'invoice'), 0)::int as master_points,
         coalesce(sum(l.points) filter (where l.source = 'promo'), 0)::int as promo_points,
         coalesce(sum(l.points) filter (where l.source = 'inject'), 0)::int as injected_points,
         coalesce(sum(l.points) filter (where l.source in ('redemption', 'revert')), 0)::int as redeemed_points,
         coalesce(sum(l.points) filter (where l.source = 'deduction'), 0)::int as deducted_points,
         coalesce(sum(l.points) filter (where l.source in ('manual', 'import')), 0)::int as correction_points,
         sum(l.points)::int as net_points
  from ${from}
  ${cond}
  group by l.customer_id${byCustomer ? sql`, c.customer_name, c.customer_code, c.point_balance` : sql``}
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
      sql`select count(distinct l.customer_id)::int as n from ${from} ${cond}`,
    );
    total = r.n;
  }
  return { rows: result.map(({ total: _t, ...r }) => r), meta: pageMeta(q.page, q.limit, total) };
}
