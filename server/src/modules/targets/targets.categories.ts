// Target category volume and the older target category: the same calls (select, select/distinct,
// id/{customer_id}, report) over their own tables, served by one service with a description of each:
//
// | area                     | table                    | period                       | target / actual |
// |--------------------------|--------------------------|------------------------------|-----------------|
// | /target_category_volume  | target_category_volumes  | period_start..period_end     | quantity of the category's items in their base unit (line qty x the uom line's conversion) |
// | /target_category (older) | target_categories        | one calendar month           | rupiah: invoiced net amount of the category's lines |
//
// Actuals come from the customer's sales invoices dated in the target's period (cancelled excluded),
// lines whose item belongs to the item category named by the target (matched ignoring case). The
// report computes them for the page it answers only (a lateral aggregate per target row over the
// customer's invoices, index customer_id, invoice_date), so it sorts by the target's own columns.

import { ownEntry } from '@lbo/contract/resource';
import type { CategoryArea, CategoryKind, CategoryReportRow } from '@lbo/contract/targets';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type DbOrTx, rows } from '../../db/client';
import { badRequest, problem } from '../../http/errors';
import { pageMeta } from '../../http/list-query';
import { branchCondition } from '../../http/scope';

type KindSql = {
  table: SQL;
  periodStart: SQL;
  periodEnd: SQL;
  target: SQL;
  uom: SQL;
  /** What one invoice line counts towards the target. */
  measure: SQL;
  /** The kind's own columns of a list row. */
  extra: SQL;
};

export const KINDS: Record<CategoryKind, KindSql> = {
  volume: {
    table: sql.raw('target_category_volumes'),
    periodStart: sql.raw('t.period_start'),
    periodEnd: sql.raw('t.period_end'),
    target: sql.raw('t.target_volume'),
    uom: sql.raw(`coalesce(nullif(t.uom, ''), 'base')`),
    measure: sql.raw('l.qty * coalesce(u.conversion_qty, 1)'),
    extra: sql.raw(`t.period_start::text as period_start, t.period_end::text as period_end,
      t.target_volume, t.uom, t.import_batch`),
  },
  amount: {
    table: sql.raw('target_categories'),
    periodStart: sql.raw('make_date(t.year, t.month, 1)'),
    periodEnd: sql.raw(`(make_date(t.year, t.month, 1) + interval '1 month' - interval '1 day')::date`),
    target: sql.raw('t.target'),
    uom: sql.raw(`'IDR'`),
    measure: sql.raw('l.net_amount'),
    extra: sql.raw(`t.year, t.month, make_date(t.year, t.month, 1)::text as period_start,
      (make_date(t.year, t.month, 1) + interval '1 month' - interval '1 day')::date::text as period_end, t.target`),
  },
};

const ALIAS = /^(def|pc|pl|b)\./;

function sortSql(
  map: Record<string, SQL>,
  by: string | undefined,
  dir: 'asc' | 'desc' | undefined,
  fallback: string,
  fallbackDir: 'asc' | 'desc',
  tie: SQL = sql`t.id`,
): SQL {
  const key = (by ?? fallback).replace(ALIAS, '');
  const col = ownEntry(map, key);
  if (!col) {
    const allowed = `${Object.keys(map).join(', ')} (each also as def.<name>)`;
    throw badRequest(problem('sort_unknown', { by: (by ?? '').slice(0, 50), allowed }, 'by'));
  }
  const d = (dir ?? (by ? 'asc' : fallbackDir)) === 'desc' ? sql`desc` : sql`asc`;
  return sql`${col} ${d} nulls last, ${tie} ${d}`;
}

const and = (parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
};
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listSort(kind: CategoryKind): Record<string, SQL> {
  const k = KINDS[kind];
  return {
    id: sql`t.id`,
    customer_name: sql`c.customer_name`,
    customer_code: sql`c.customer_code`,
    name: sql`t.name`,
    period_start: k.periodStart,
    target: k.target,
    branch_name: sql`b.name`,
  };
}

export type SelectFilters = {
  by?: string;
  sort?: 'asc' | 'desc';
  customer_code?: string;
  name?: string;
  search?: string;
  customer_id?: number;
};

/** `/select` and `/id/{customer_id}`: the targets (at most 1000), scoped to the caller's branches. */
export function selectTargets(db: DbOrTx, req: FastifyRequest, kind: CategoryKind, q: SelectFilters) {
  const k = KINDS[kind];
  const where = and([
    branchCondition(req, sql`c.branch_id`),
    q.customer_id !== undefined ? sql`t.customer_id = ${q.customer_id}` : undefined,
    q.customer_code ? sql`t.customer_code = ${q.customer_code}` : undefined,
    q.name ? sql`lower(t.name) = lower(${q.name})` : undefined,
    q.search
      ? sql`(c.customer_name ilike ${like(q.search)} or c.customer_code ilike ${like(q.search)} or t.name ilike ${like(q.search)})`
      : undefined,
  ]);
  return rows(
    db,
    sql`select t.id, t.customer_id, c.customer_code, c.customer_name, c.branch_id, b.name as branch_name, t.name,
               ${k.extra}
        from ${k.table} t
        join customers c on c.id = t.customer_id
        join branches b on b.id = c.branch_id
        where ${where}
        order by ${sortSql({ ...listSort(kind) }, q.by, q.sort, 'id', 'desc')}
        limit 1000`,
  );
}

/** `/select/distinct`: one row per customer that has targets (at most 1000). */
export function distinctCustomers(
  db: DbOrTx,
  req: FastifyRequest,
  kind: CategoryKind,
  q: { by?: string; sort?: 'asc' | 'desc'; customer_code?: string; search?: string },
) {
  const k = KINDS[kind];
  const where = and([
    branchCondition(req, sql`c.branch_id`),
    q.customer_code ? sql`c.customer_code = ${q.customer_code}` : undefined,
    q.search
      ? sql`(c.customer_name ilike ${like(q.search)} or c.customer_code ilike ${like(q.search)})`
      : undefined,
  ]);
  const sortMap: Record<string, SQL> = {
    id: sql`c.id`,
    customer_name: sql`c.customer_name`,
    customer_code: sql`c.customer_code`,
    // The customer's targets are many categories: `name` sorts by the first of them.
    name: sql`g.names[1]`,
    target_count: sql`g.target_count`,
  };
  const key = (q.by ?? 'customer_name').replace(ALIAS, '');
  const col = ownEntry(sortMap, key);
  if (!col) {
    throw badRequest(
      problem(
        'sort_unknown',
        { by: (q.by ?? '').slice(0, 50), allowed: Object.keys(sortMap).join(', ') },
        'by',
      ),
    );
  }
  const dir = (q.sort ?? 'desc') === 'desc' ? sql`desc` : sql`asc`;
  return rows(
    db,
    sql`select c.id, c.id as customer_id, c.customer_code, c.customer_name, c.branch_id, b.name as branch_name,
               g.target_count, g.names
        from (select t.customer_id, count(*)::int as target_count, array_agg(distinct t.name order by t.name) as names
              from ${k.table} t group by t.customer_id) g
        join customers c on c.id = g.customer_id
        join branches b on b.id = c.branch_id
        where ${where}
        order by ${col} ${dir}, c.id ${dir}
        limit 1000`,
  );
}

export type ReportFilters = {
  page: number;
  limit: number;
  by?: string;
  sort?: 'asc' | 'desc';
  customer_code?: string;
  search?: string;
  region_group_id?: number;
  region_id?: number;
  branch_id?: number;
  names?: string[];
  start_date?: string;
  end_date?: string;
};

/** `/report`: each target against the customer's actual in its period, paged. */
export async function categoryReport(
  db: DbOrTx,
  req: FastifyRequest,
  kind: CategoryKind,
  q: ReportFilters,
): Promise<{ data: CategoryReportRow[]; meta: ReturnType<typeof pageMeta> }> {
  const k = KINDS[kind];
  // The same order over the page's rows (aliases of the inner select).
  const outer = sortSql(
    {
      id: sql`p.id`,
      customer_name: sql`p.customer_name`,
      customer_code: sql`p.customer_code`,
      name: sql`p.name`,
      period_start: sql`p.period_start`,
      target: sql`p.target`,
      branch_name: sql`p.branch_name`,
    },
    q.by,
    q.sort,
    'customer_name',
    'asc',
    sql`p.id`,
  );
  const where = and([
    branchCondition(req, sql`c.branch_id`),
    q.customer_code ? sql`c.customer_code = ${q.customer_code}` : undefined,
    q.search
      ? sql`(c.customer_name ilike ${like(q.search)} or c.customer_code ilike ${like(q.search)})`
      : undefined,
    q.branch_id !== undefined ? sql`c.branch_id = ${q.branch_id}` : undefined,
    q.region_id !== undefined ? sql`b.region_id = ${q.region_id}` : undefined,
    q.region_group_id !== undefined ? sql`r.region_group_id = ${q.region_group_id}` : undefined,
    q.names && q.names.length > 0
      ? sql`lower(t.name) = any(array(select lower(json_array_elements_text(${JSON.stringify(q.names)}::json))))`
      : undefined,
    // Targets whose period overlaps the dates asked for.
    q.start_date ? sql`${k.periodEnd} >= ${q.start_date}::date` : undefined,
    q.end_date ? sql`${k.periodStart} <= ${q.end_date}::date` : undefined,
  ]);
  const from = sql`${k.table} t
        join customers c on c.id = t.customer_id
        join branches b on b.id = c.branch_id
        join regions r on r.id = b.region_id
        join region_groups rg on rg.id = r.region_group_id`;
  // One pass: the page and the number of matching targets (a window count over the filtered rows).
  const found = await rows<CategoryReportRow & { total_count: number }>(
    db,
    // The filtered targets are gathered first (materialized, so the planner joins branch -> customers
    // -> targets instead of walking every customer in name order), then sorted and paged.
    sql`with f as materialized (
          select t.id, t.customer_id, c.customer_code, c.customer_name, c.branch_id, b.name as branch_name,
                 b.region_id, r.name as region_name, r.region_group_id, rg.name as region_group_name, t.name,
                 ${k.periodStart}::text as period_start, ${k.periodEnd}::text as period_end,
                 ${k.target}::numeric as target, ${k.uom} as uom
          from ${from}
          where ${where}
        ),
        p as (
          select p.*, count(*) over ()::int as total_count from f p
          order by ${outer}
          limit ${q.limit} offset ${(q.page - 1) * q.limit}
        )
        select p.*, coalesce(a.actual, 0)::numeric as actual,
               case when p.target > 0 then round(coalesce(a.actual, 0) * 100 / p.target, 2) end as percentage
        from p
        left join lateral (
          select sum(${k.measure}) as actual
          from sales_invoices i
          join sales_invoice_lines l on l.invoice_id = i.id
          join items it on it.id = l.item_id
          join item_categories ic on ic.id = it.item_category_id
          left join item_uom_lines u on u.item_id = l.item_id and u.uom = l.uom
          where i.customer_id = p.customer_id
            and i.invoice_date between p.period_start::date and p.period_end::date
            and i.status <> 'cancelled'
            and lower(ic.name) = lower(p.name)
        ) a on true
        order by ${outer}`,
  );
  let total = found[0]?.total_count ?? 0;
  if (found.length === 0 && q.page > 1) {
    // Past the last page: the count still says how many there are.
    [{ n: total }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${from} where ${where}`,
    );
  }
  const data = found.map(({ total_count: _, ...r }) => r as CategoryReportRow);
  return { data, meta: pageMeta(q.page, q.limit, total) };
}

export type { CategoryArea };
