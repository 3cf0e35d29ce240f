// The dashboard and turnover answers, each one SQL statement over the rollups (0005_dashboards.sql):
// - the branches a call covers (`bs`): the caller's scope (http/scope.ts) and the region group /
//   region / branch filters, joined once to their names;
// - turnover: dash_day_branch (no product filter), whole months from dash_month_branch_item plus the
//   partial days at the edges from dash_day_branch_item (category / item filters; dash_day_item for a
//   caller who sees every branch), dash_day_customer / dash_day_customer_category (per customer, or a
//   customer type filter); with an item filter per customer or per customer type,
//   dash_day_item_customer (0009_dashboards_perf.sql) read by its key for the chosen items;
// - invoice counts from dash_day_branch, points from dash_points_day_branch (per customer: the ledger);
// - store counts from dash_store_totals, activations from dash_store_registrations; page counts of the
//   store lists from dash_store_flags / dash_store_registrations (storeCountSql).

import { jakartaDate } from '@lbo/contract/common';
import {
  CUSTOMER_FIGURE_SORT_KEYS,
  MASTER_STORE_SORT_KEYS,
  OMZET_CUSTOMER_SORT_KEYS,
  REGISTERED_SORT_KEYS,
} from '@lbo/contract/dashboards';
import { ownEntry } from '@lbo/contract/resource';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, rows } from '../../db/client';
import { likePattern, listOrder, pageMeta } from '../../http/list-query';
import { branchCondition } from '../../http/scope';

export type Range = { start: string; end: string };
type OrgFilters = {
  region_group_id?: number;
  group_id?: number;
  region_id?: number;
  branch_id?: number;
  customer_level_id?: number;
};
type ProductFilters = { item_category_ids?: number[]; item_ids?: number[] };

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));
const monthStart = (day: string) => `${day.slice(0, 8)}01`;
const nextMonth = (day: string) => {
  const d = new Date(Date.parse(`${monthStart(day)}T00:00:00Z`));
  d.setUTCMonth(d.getUTCMonth() + 1);
  return iso(d);
};

/**
 * An inclusive range as whole months (first days, `[from, to)`) plus the partial days at its edges.
 * `2025-01-15..2025-04-10` -> months 2025-02-01..2025-04-01 (Feb, Mar), days 01-15..01-31 and 04-01..04-10.
 */
export function splitRange({ start, end }: Range): { months: [string, string] | null; days: Range[] } {
  const from = start.endsWith('-01') ? start : nextMonth(start);
  const to = addDays(end, 1).endsWith('-01') ? addDays(end, 1) : monthStart(end);
  if (from >= to) return { months: null, days: [{ start, end }] };
  const days: Range[] = [];
  if (start < from) days.push({ start, end: addDays(from, -1) });
  if (to <= end) days.push({ start: to, end });
  return { months: [from, to], days };
}

const inIds = (col: SQL, ids: readonly number[]) =>
  sql`${col} in (${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )})`;
const and = (parts: (SQL | undefined | false)[]) => {
  const p = parts.filter((x): x is SQL => !!x);
  return p.length === 0 ? sql`true` : sql.join(p, sql` and `);
};

/**
 * Runs one statement with JIT off (compiling costs more than these small aggregates take); timestamps
 * come back as ISO 8601 strings.
 */
export async function query<T>(db: Db, q: SQL): Promise<T[]> {
  const result = await db.transaction(async (tx) => {
    await rows(tx, sql`set local jit = off`);
    return rows<Record<string, unknown>>(tx, q);
  });
  for (const r of result) {
    for (const k in r) if (r[k] instanceof Date) r[k] = (r[k] as Date).toISOString();
  }
  return result as T[];
}

/** The branches a call covers, with names: `bs(id, code, name, region_id, region_area_id, region_name, region_group_id, region_group_name)`. */
export function branchSet(req: FastifyRequest, q: OrgFilters, extra?: SQL): SQL {
  const group = q.region_group_id ?? q.group_id;
  return sql`select b.id, b.code, b.name, b.region_id, b.region_area_id, r.name as region_name,
      r.region_group_id, rg.name as region_group_name
    from branches b join regions r on r.id = b.region_id join region_groups rg on rg.id = r.region_group_id
    where ${and([
      branchCondition(req, sql`b.id`),
      group ? sql`r.region_group_id = ${group}` : undefined,
      q.region_id ? sql`b.region_id = ${q.region_id}` : undefined,
      q.branch_id ? sql`b.id = ${q.branch_id}` : undefined,
      extra,
    ])}`;
}

/** Whether a call covers every branch: a user who sees all of them, and no organisation filter. */
export const coversAll = (req: FastifyRequest, q: OrgFilters & { ids?: number[] }) =>
  branchCondition(req, sql`0`) === undefined &&
  !(q.region_group_id ?? q.group_id ?? q.region_id ?? q.branch_id);

/** `col` is one of the call's branches (ids resolved first, so the planner sees real values). */
export type InBranches = (col: SQL) => SQL;

/** The call's branches: their ids (one small query) as a condition, and the `bs` CTE with their names. */
export async function scopeOf(
  db: Db,
  req: FastifyRequest,
  q: OrgFilters,
  extra?: SQL,
): Promise<{ B: InBranches; bs: SQL; ids: number[] }> {
  const bs = branchSet(req, q, extra);
  const ids = (await rows<{ id: number }>(db, sql`select id from (${bs}) x`)).map((r) => r.id);
  const B: InBranches = (col) => (ids.length > 0 ? inIds(col, ids) : sql`false`);
  return { B, bs, ids };
}

const productCond = (p: ProductFilters, item: SQL, category: SQL) =>
  and([
    p.item_category_ids?.length ? inIds(category, p.item_category_ids) : undefined,
    p.item_ids?.length ? inIds(item, p.item_ids) : undefined,
  ]);
const hasProduct = (p: ProductFilters) => !!(p.item_category_ids?.length || p.item_ids?.length);

export type Level = 'branch' | 'item' | 'customer';

/**
 * Turnover rows `(k, turnover, qty)` keyed by branch, item or customer over the branches of `bs` (a CTE
 * name in scope) for a range, filtered by products and, per customer, by `customerCond` (on a column).
 */
export function turnoverSql(
  B: InBranches,
  level: Level,
  range: Range,
  p: ProductFilters,
  customerCond?: (col: SQL) => SQL,
  allBranches = false,
): SQL {
  const { months, days } = splitRange(range);
  // Straight from the lines, one statement per range (each can use the (branch_id, invoice_date) index).
  const direct = (ranges: Range[]) => {
    const key =
      level === 'branch' ? sql`h.branch_id` : level === 'item' ? sql`l.item_id` : sql`h.customer_id`;
    return sql.join(
      ranges.map(
        (r) => sql`select ${key} as k, sum(l.net_amount) as turnover, sum(l.qty) as qty
      from sales_invoices h join sales_invoice_lines l on l.invoice_id = h.id
      ${p.item_category_ids?.length ? sql`join items i on i.id = l.item_id` : sql``}
      where h.status <> 'cancelled' and ${B(sql`h.branch_id`)} and h.invoice_date between ${r.start}::date and ${r.end}::date
        and ${productCond(p, sql`l.item_id`, sql`i.item_category_id`)}
        ${customerCond ? sql`and ${customerCond(sql`h.customer_id`)}` : sql``}
      group by 1`,
      ),
      sql` union all `,
    );
  };
  const wrap = (parts: SQL[]) =>
    sql`select k, sum(turnover) as turnover, sum(qty) as qty from (${sql.join(parts, sql` union all `)}) u group by k`;

  if (level !== 'customer' && !customerCond) {
    if (level === 'branch' && !hasProduct(p)) {
      return sql`select branch_id as k, sum(turnover) as turnover, sum(qty) as qty from dash_day_branch
        where ${B(sql`branch_id`)} and day between ${range.start}::date and ${range.end}::date group by 1`;
    }
    const key = level === 'branch' ? sql.raw('branch_id') : sql.raw('item_id');
    const cond = productCond(p, sql`item_id`, sql`item_category_id`);
    // Per item over every branch: no branch condition, and the edge days from the branch-less table.
    const everywhere = level === 'item' && allBranches;
    const inBranches = everywhere ? sql`true` : sql`${B(sql`branch_id`)}`;
    const parts: SQL[] = [];
    if (months) {
      parts.push(sql`select ${key} as k, sum(turnover) as turnover, sum(qty) as qty from dash_month_branch_item
        where ${inBranches} and month >= ${months[0]}::date and month < ${months[1]}::date and ${cond} group by 1`);
    }
    for (const d of days) {
      parts.push(sql`select ${key} as k, sum(turnover) as turnover, sum(qty) as qty
        from ${everywhere ? sql`dash_day_item` : sql`dash_day_branch_item`}
        where ${inBranches} and day between ${d.start}::date and ${d.end}::date and ${cond} group by 1`);
    }
    return wrap(parts);
  }
  // Per customer (or filtered by customer): the customer-day rollups (every day of the range, no edges).
  // An item filter reads dash_day_item_customer by its key (item, branch, day): the chosen items' rows
  // only; categories as well then keep the items of those categories (current ones, as the lines join).
  if (p.item_ids?.length) {
    const key =
      level === 'branch'
        ? sql.raw('branch_id')
        : level === 'item'
          ? sql.raw('item_id')
          : sql.raw('customer_id');
    return sql`select ${key} as k, sum(turnover) as turnover, sum(qty) as qty from dash_day_item_customer
      where ${inIds(sql`item_id`, p.item_ids)} and ${B(sql`branch_id`)}
        and day between ${range.start}::date and ${range.end}::date
        ${
          p.item_category_ids?.length
            ? sql`and item_id in (select id from items where ${inIds(sql`item_category_id`, p.item_category_ids)})`
            : sql``
        }
        ${customerCond ? sql`and ${customerCond(sql`customer_id`)}` : sql``}
      group by 1`;
  }
  // Per item filtered by customer type without an item filter: the lines of the range.
  if (level === 'item') return wrap([direct([range])]);
  const key = level === 'branch' ? sql.raw('branch_id') : sql.raw('customer_id');
  const table = p.item_category_ids?.length ? sql`dash_day_customer_category` : sql`dash_day_customer`;
  return sql`select ${key} as k, sum(turnover) as turnover, sum(qty) as qty from ${table}
    where ${B(sql`branch_id`)} and day between ${range.start}::date and ${range.end}::date
      and ${productCond(p, sql`0`, sql`item_category_id`)}
      ${customerCond ? sql`and ${customerCond(sql`customer_id`)}` : sql``}
    group by 1`;
}

const typeCond = (typeId: number | undefined) =>
  typeId
    ? (col: SQL) => sql`${col} in (select id from customers where customer_type_id = ${typeId})`
    : undefined;

/** Dashboard figures per branch of `bs`: `f(branch_id, stores, registered_stores, activated_stores, turnover, invoice_count, invoice_amount, points_earned, points_redeemed)`. */
function branchFiguresSql(B: InBranches, q: OrgFilters, range: Range): SQL {
  const type = q.customer_level_id;
  const tc = typeCond(type);
  const invoices = type
    ? sql`select h.branch_id, count(*)::int as invoice_count,
          coalesce(sum(h.net_amount) filter (where h.status <> 'cancelled'), 0) as invoice_amount
        from sales_invoices h join customers c on c.id = h.customer_id and c.customer_type_id = ${type}
        where ${B(sql`h.branch_id`)} and h.invoice_date between ${range.start}::date and ${range.end}::date
        group by 1`
    : sql`select branch_id, sum(invoice_count)::int as invoice_count, sum(invoice_amount) as invoice_amount
        from dash_day_branch where ${B(sql`branch_id`)} and day between ${range.start}::date and ${range.end}::date
        group by 1`;
  const points = type
    ? sql`select c.branch_id,
          coalesce(sum(l.points) filter (where l.source in ('invoice', 'promo')), 0)::bigint as points_earned,
          coalesce(-sum(l.points) filter (where l.source in ('redemption', 'revert')), 0)::bigint as points_redeemed
        from point_ledger l join customers c on c.id = l.customer_id and c.customer_type_id = ${type}
        where not l.void and ${B(sql`c.branch_id`)} and l.entry_date between ${range.start}::date and ${range.end}::date
        group by 1`
    : sql`select branch_id, sum(points_earned)::bigint as points_earned, sum(points_redeemed)::bigint as points_redeemed
        from dash_points_day_branch where ${B(sql`branch_id`)} and day between ${range.start}::date and ${range.end}::date
        group by 1`;
  return sql`
    t as (${turnoverSql(B, 'branch', range, {}, tc)}),
    ic as (${invoices}),
    pt as (${points}),
    st as (
      select branch_id, sum(stores)::int as stores, sum(registered)::int as registered_stores
      from dash_store_totals where ${B(sql`branch_id`)} ${type ? sql`and customer_type_id = ${type}` : sql``}
      group by 1),
    act as (
      select branch_id, sum(registered)::int as activated_stores
      from dash_store_registrations
      where ${B(sql`branch_id`)} and day between ${range.start}::date and ${range.end}::date
        ${type ? sql`and customer_type_id = ${type}` : sql``}
      group by 1),
    f as (
      select bs.id as branch_id, coalesce(st.stores, 0) as stores, coalesce(st.registered_stores, 0) as registered_stores,
        coalesce(act.activated_stores, 0) as activated_stores, coalesce(t.turnover, 0) as turnover,
        coalesce(ic.invoice_count, 0) as invoice_count, coalesce(ic.invoice_amount, 0) as invoice_amount,
        coalesce(pt.points_earned, 0) as points_earned, coalesce(pt.points_redeemed, 0) as points_redeemed
      from bs left join t on t.k = bs.id left join ic on ic.branch_id = bs.id left join pt on pt.branch_id = bs.id
      left join st on st.branch_id = bs.id left join act on act.branch_id = bs.id)`;
}

const SUM_FIGURES = sql`sum(f.stores)::int as stores, sum(f.registered_stores)::int as registered_stores,
  sum(f.activated_stores)::int as activated_stores, sum(f.turnover)::numeric(18,2)::float8 as turnover,
  sum(f.invoice_count)::int as invoice_count, sum(f.invoice_amount)::numeric(18,2)::float8 as invoice_amount,
  sum(f.points_earned)::int as points_earned, sum(f.points_redeemed)::int as points_redeemed`;

export type FigureLevel = 'group' | 'region' | 'branch';

/** Figures per region group, region or branch of the caller's scope and filters (every one listed, zeros included). */
export async function figures(
  db: Db,
  req: FastifyRequest,
  q: OrgFilters,
  range: Range,
  level: FigureLevel,
): Promise<Record<string, unknown>[]> {
  const { B, bs } = await scopeOf(db, req, q);
  const cols = {
    group: sql`bs.region_group_id, bs.region_group_name`,
    region: sql`bs.region_id, bs.region_name, bs.region_group_id, bs.region_group_name`,
    branch: sql`bs.id as branch_id_detail, bs.id as branch_id, bs.code as branch_code, bs.name as branch_name,
      bs.region_id, bs.region_name, bs.region_group_id, bs.region_group_name`,
  }[level];
  const groupBy = {
    group: sql`bs.region_group_id, bs.region_group_name`,
    region: sql`bs.region_id, bs.region_name, bs.region_group_id, bs.region_group_name`,
    branch: sql`bs.id, bs.code, bs.name, bs.region_id, bs.region_name, bs.region_group_id, bs.region_group_name`,
  }[level];
  const order = { group: sql`bs.region_group_name`, region: sql`bs.region_name`, branch: sql`bs.name` }[
    level
  ];
  return query(
    db,
    sql`with bs as (${bs}), ${branchFiguresSql(B, q, range)}
      select ${cols}, ${SUM_FIGURES} from bs join f on f.branch_id = bs.id group by ${groupBy} order by ${order}, 1`,
  );
}

// ---------------------------------------------------------------------------------------------
// Turnover (omzet)

export type OmzetLevel = 'group' | 'region' | 'area' | 'branch' | 'item';

export async function omzet(
  db: Db,
  req: FastifyRequest,
  q: OrgFilters & ProductFilters & { ids?: number[] },
  range: Range,
  level: OmzetLevel,
): Promise<Record<string, unknown>[]> {
  const ids = q.ids?.length ? q.ids : undefined;
  const keyFilter = ids
    ? {
        group: inIds(sql`r.region_group_id`, ids),
        region: inIds(sql`b.region_id`, ids),
        area: inIds(sql`b.region_area_id`, ids),
        branch: inIds(sql`b.id`, ids),
        item: undefined,
      }[level]
    : undefined;
  const { B, bs } = await scopeOf(db, req, q, keyFilter);
  const tc = typeCond(q.customer_level_id);
  const money = sql`coalesce(sum(t.turnover), 0)::numeric(18,2)::float8 as turnover, coalesce(sum(t.qty), 0)::float8 as qty`;
  if (level === 'item') {
    // `ids` names items here: with item_ids as well, only the items named by both.
    const itemIds = ids ? (q.item_ids?.length ? q.item_ids.filter((i) => ids.includes(i)) : ids) : q.item_ids;
    if (itemIds && itemIds.length === 0) return [];
    const p = { ...q, item_ids: itemIds };
    return query(
      db,
      sql`with bs as (${bs}), t as (${turnoverSql(B, 'item', range, p, tc, coversAll(req, q))})
        select i.id as item_id, i.item_code, i.item_name, i.item_category_id, ic.name as item_category_name,
          t.turnover::numeric(18,2)::float8 as turnover, t.qty::float8 as qty
        from t join items i on i.id = t.k left join item_categories ic on ic.id = i.item_category_id
        order by t.turnover desc, i.id`,
    );
  }
  const shape = {
    group: {
      cols: sql`bs.region_group_id, bs.region_group_name`,
      order: sql`bs.region_group_name`,
    },
    region: {
      cols: sql`bs.region_id, bs.region_name, bs.region_group_id, bs.region_group_name`,
      order: sql`bs.region_name`,
    },
    area: {
      cols: sql`bs.region_area_id, ra.name as region_area_name, ra.region_id, rr.name as region_name`,
      order: sql`ra.name nulls last`,
    },
    branch: {
      cols: sql`bs.id as branch_id, bs.code as branch_code, bs.name as branch_name, bs.region_id, bs.region_name,
        bs.region_group_id, bs.region_group_name`,
      order: sql`bs.name`,
    },
  }[level];
  const groupBy = {
    group: sql`bs.region_group_id, bs.region_group_name`,
    region: sql`bs.region_id, bs.region_name, bs.region_group_id, bs.region_group_name`,
    area: sql`bs.region_area_id, ra.name, ra.region_id, rr.name`,
    branch: sql`bs.id, bs.code, bs.name, bs.region_id, bs.region_name, bs.region_group_id, bs.region_group_name`,
  }[level];
  return query(
    db,
    sql`with bs as (${bs}), t as (${turnoverSql(B, 'branch', range, q, tc)})
      select ${shape.cols}, ${money}
      from bs left join t on t.k = bs.id
      ${level === 'area' ? sql`left join region_areas ra on ra.id = bs.region_area_id left join regions rr on rr.id = ra.region_id` : sql``}
      group by ${groupBy} order by ${shape.order}, 1`,
  );
}

/** A year's turnover per month beside the previous year's (12 rows). */
export async function omzetGraph(
  db: Db,
  req: FastifyRequest,
  q: OrgFilters & ProductFilters & { year: number },
): Promise<Record<string, unknown>[]> {
  const { B, bs } = await scopeOf(db, req, q);
  const from = `${q.year - 1}-01-01`;
  const to = `${q.year + 1}-01-01`;
  // The month in progress is compared with the same days of its month last year: a month so far
  // against a whole month would read as a fall every month until its last day.
  const today = jakartaDate();
  const running = Number(today.slice(0, 4)) === q.year ? Number(today.slice(5, 7)) : null;
  const throughDay = Number(today.slice(8, 10));
  const lastYearMonth = running ? `${q.year - 1}-${today.slice(5, 7)}-01` : null;
  const products = hasProduct(q) ? productCond(q, sql`item_id`, sql`item_category_id`) : undefined;
  const monthly = products
    ? sql`select month as m, turnover, qty from dash_month_branch_item
        where ${B(sql`branch_id`)} and month >= ${from}::date and month < ${to}::date and ${products}
          ${lastYearMonth ? sql`and month <> ${lastYearMonth}::date` : sql``}`
    : sql`select date_trunc('month', day)::date as m, turnover, qty from dash_day_branch
        where ${B(sql`branch_id`)} and day >= ${from}::date and day < ${to}::date
          ${lastYearMonth ? sql`and not (day >= ${lastYearMonth}::date and day < (${lastYearMonth}::date + interval '1 month') and extract(day from day) > ${throughDay})` : sql``}`;
  // Last year's part of the running month, by day (the monthly item rollup has no days).
  const lastYearPart =
    products && lastYearMonth
      ? sql` union all select ${lastYearMonth}::date as m, turnover, qty from dash_day_branch_item
          where ${B(sql`branch_id`)} and ${products}
            and day >= ${lastYearMonth}::date and day < (${lastYearMonth}::date + interval '1 month')
            and extract(day from day) <= ${throughDay}`
      : sql``;
  return query(
    db,
    sql`with bs as (${bs}), s as (${monthly}${lastYearPart}),
        g as (select m, sum(turnover) as turnover, sum(qty) as qty from s group by m)
      select ${q.year}::int as year, mo::int as month,
        coalesce(a.turnover, 0)::numeric(18,2)::float8 as turnover, coalesce(a.qty, 0)::float8 as qty,
        case when mo = ${running ?? 0}::int then ${throughDay}::int end as through_day,
        coalesce(b.turnover, 0)::numeric(18,2)::float8 as last_year_turnover, coalesce(b.qty, 0)::float8 as last_year_qty
      from generate_series(1, 12) mo
      left join g a on a.m = make_date(${q.year}::int, mo, 1)
      left join g b on b.m = make_date(${q.year - 1}::int, mo, 1)
      order by mo`,
  );
}

// ---------------------------------------------------------------------------------------------
// Per customer

type Page = { page: number; limit: number; by?: string; sort?: 'asc' | 'desc'; search?: string };

/** Customers (current branch in `bs`) matching the filters: conditions on `c`. */
function customerConds(
  B: InBranches,
  q: Page & {
    customer_level_id?: number;
    salesman_id?: number;
    status?: string;
    ids?: number[];
  },
  range: Range,
): SQL {
  const s = q.search?.trim();
  const inRange = sql`(c.registered_at >= ${range.start}::date::timestamp at time zone 'Asia/Jakarta'
    and c.registered_at < (${range.end}::date + 1)::timestamp at time zone 'Asia/Jakarta')`;
  return and([
    sql`${B(sql`c.branch_id`)}`,
    q.customer_level_id ? sql`c.customer_type_id = ${q.customer_level_id}` : undefined,
    q.salesman_id ? sql`c.salesman_id = ${q.salesman_id}` : undefined,
    q.ids?.length ? inIds(sql`c.id`, q.ids) : undefined,
    q.status === 'registered' ? sql`c.registered_at is not null` : undefined,
    q.status === 'not_registered' ? sql`c.registered_at is null` : undefined,
    q.status === 'activated' ? inRange : undefined,
    q.status === 'inactive' ? sql`not c.active` : undefined,
    s ? sql`(c.customer_name ilike ${likePattern(s)} or c.customer_code ilike ${likePattern(s)})` : undefined,
  ]);
}

/**
 * The number of stores `customerConds` matches, from the store rollups (kept by triggers on customers)
 * when no salesman, id list or search narrows them: dash_store_flags per branch, type and flags, and
 * dash_store_registrations for the stores activated in the range. `undefined`: count the customers.
 */
function storeCountSql(
  B: InBranches,
  q: Page & { customer_level_id?: number; salesman_id?: number; status?: string; ids?: number[] },
  range: Range,
): SQL | undefined {
  if (q.salesman_id || q.ids?.length || q.search?.trim()) return undefined;
  const type = q.customer_level_id ? sql`and customer_type_id = ${q.customer_level_id}` : sql``;
  if (q.status === 'activated') {
    return sql`select coalesce(sum(registered), 0) from dash_store_registrations
      where ${B(sql`branch_id`)} and day between ${range.start}::date and ${range.end}::date ${type}`;
  }
  const flag =
    q.status === 'registered'
      ? sql`and registered`
      : q.status === 'not_registered'
        ? sql`and not registered`
        : q.status === 'inactive'
          ? sql`and not active`
          : sql``;
  return sql`select coalesce(sum(stores), 0) from dash_store_flags where ${B(sql`branch_id`)} ${type} ${flag}`;
}

/** A branch's customers with their figures (select/customer and branch/select/report), paged. */
export async function customerFigures(
  db: Db,
  req: FastifyRequest,
  q: OrgFilters & Page & { salesman_id?: number; status?: string },
  range: Range,
): Promise<{ rows: Record<string, unknown>[]; meta: ReturnType<typeof pageMeta> }> {
  const { B, bs } = await scopeOf(db, req, q);
  const order = listOrder(CUSTOMER_FIGURE_SORT_KEYS, q, { by: 'turnover', dir: 'desc' });
  const key = order.key;
  const desc = order.dir === 'desc';
  const dir = sql.raw(desc ? 'desc' : 'asc');
  // The matching stores, read once (with the column a page is sorted by, if a customer's).
  const candidates = sql`select c.id${key === 'customer_name' || key === 'customer_code' ? sql.raw(`, c.${key}`) : sql``}
    from customers c where ${customerConds(B, q, range)}`;
  // Every customer of the branches (the page joins the candidates): cheaper than naming thousands of
  // them. Only the turnover is summed (dash_day_customer: every day of the range, no edges).
  const turnover = sql`select customer_id as k, sum(turnover) as turnover from dash_day_customer
    where ${B(sql`branch_id`)} and day between ${range.start}::date and ${range.end}::date group by 1`;
  const orderCol = ownEntry(
    {
      turnover: sql`coalesce(t.turnover, 0)`,
      customer_name: sql`cand.customer_name`,
      customer_code: sql`cand.customer_code`,
      invoice_count: sql`coalesce(n.invoice_count, 0)`,
    },
    key,
  );
  const counts =
    key === 'invoice_count'
      ? sql`select customer_id, count(*)::int as invoice_count from sales_invoices
          where ${B(sql`branch_id`)} and invoice_date between ${range.start}::date and ${range.end}::date
            and customer_id in (select id from cand) group by 1`
      : sql`select null::int as customer_id, 0 as invoice_count where false`;
  const countSql = storeCountSql(B, q, range);
  // The page's rows with their figures, from `p(id, turnover)` (and the CTEs before it).
  const page = (ctes: SQL) =>
    query<Record<string, unknown> & { total: number }>(
      db,
      sql`with bs as (${bs}), ${ctes}
      select c.id as customer_id, c.customer_code, c.customer_name, c.branch_id, b.name as branch_name,
        c.customer_type_id, ct.name as customer_type_name, c.salesman_id, s.salesman_name, c.active,
        c.registered_at, c.registered_at is not null as registered,
        coalesce(c.registered_at >= ${range.start}::date::timestamp at time zone 'Asia/Jakarta'
          and c.registered_at < (${range.end}::date + 1)::timestamp at time zone 'Asia/Jakarta', false) as activated,
        p.turnover::numeric(18,2)::float8 as turnover,
        coalesce(iv.invoice_count, 0)::int as invoice_count, coalesce(iv.invoice_amount, 0)::float8 as invoice_amount,
        coalesce(pl.points_earned, 0)::int as points_earned, coalesce(pl.points_redeemed, 0)::int as points_redeemed,
        c.point_balance,
        (${countSql ?? sql`select count(*) from cand`})::int as total
      from p join customers c on c.id = p.id join branches b on b.id = c.branch_id
      left join customer_types ct on ct.id = c.customer_type_id left join salesmen s on s.id = c.salesman_id
      left join lateral (
        select count(*)::int as invoice_count, coalesce(sum(h.net_amount) filter (where h.status <> 'cancelled'), 0) as invoice_amount
        from sales_invoices h where h.customer_id = c.id and h.invoice_date between ${range.start}::date and ${range.end}::date
          and ${B(sql`h.branch_id`)}) iv on true
      left join lateral (
        select coalesce(sum(l.points) filter (where l.source in ('invoice', 'promo')), 0) as points_earned,
          coalesce(-sum(l.points) filter (where l.source in ('redemption', 'revert')), 0) as points_redeemed
        from point_ledger l where l.customer_id = c.id and not l.void
          and l.entry_date between ${range.start}::date and ${range.end}::date) pl on true
      order by ${key === 'turnover' ? sql`p.turnover` : key === 'invoice_count' ? sql`coalesce(iv.invoice_count, 0)` : sql.raw(`c.${key}`)} ${dir}, c.id ${dir}`,
    );
  let result: (Record<string, unknown> & { total: number })[] | undefined;
  // Largest turnover first (the default) with a count from the rollups: the stores with a positive
  // turnover, largest first, each checked against the filters until the page is full. A full page is
  // the answer (every other store has less, or none); otherwise the stores without turnover belong on
  // it too, and every matching store is read below.
  if (key === 'turnover' && desc && countSql) {
    const fast = await page(sql`t as (${turnover}),
      p as (
        select t.k as id, t.turnover
        from (select k, turnover from t where turnover > 0 order by turnover desc, k desc) t
        cross join lateral (select 1 from customers c where c.id = t.k and ${customerConds(B, q, range)}) ok
        order by t.turnover desc, t.k desc
        limit ${q.limit} offset ${(q.page - 1) * q.limit})`);
    if (fast.length === q.limit) result = fast;
  }
  result ??= await page(sql`cand as materialized (${candidates}), t as (${turnover}), n as (${counts}),
      p as (
        select cand.id, coalesce(t.turnover, 0) as turnover
        from cand left join t on t.k = cand.id left join n on n.customer_id = cand.id
        order by ${orderCol} ${dir}, cand.id ${dir}
        limit ${q.limit} offset ${(q.page - 1) * q.limit})`);
  let total = result[0]?.total;
  if (total === undefined) {
    const [r] = await query<{ n: number }>(
      db,
      countSql
        ? sql`select (${countSql})::int as n`
        : sql`with bs as (${bs}) select count(*)::int as n from customers c where ${customerConds(B, q, range)}`,
    );
    total = r.n;
  }
  return {
    rows: result.map(({ total: _t, ...r }) => ({
      ...r,
      status: !r.active
        ? 'inactive'
        : r.activated
          ? 'activated'
          : r.registered
            ? 'registered'
            : 'not_registered',
    })),
    meta: pageMeta(q.page, q.limit, total),
  };
}

/** Turnover per customer (omzet/customer), paged, largest first by default. */
export async function omzetCustomers(
  db: Db,
  req: FastifyRequest,
  q: OrgFilters & ProductFilters & Page & { ids?: number[] },
  range: Range,
): Promise<{ rows: Record<string, unknown>[]; meta: ReturnType<typeof pageMeta> }> {
  const { B, bs } = await scopeOf(db, req, q);
  const order = listOrder(OMZET_CUSTOMER_SORT_KEYS, q, { by: 'turnover', dir: 'desc' });
  const key = order.key;
  const dir = sql.raw(order.dir === 'desc' ? 'desc' : 'asc');
  const s = q.search?.trim();
  const needCand = !!(q.ids?.length || q.customer_level_id || s);
  const cand = sql`select c.id from customers c where ${and([
    q.ids?.length ? inIds(sql`c.id`, q.ids) : undefined,
    q.customer_level_id ? sql`c.customer_type_id = ${q.customer_level_id}` : undefined,
    s ? sql`(c.customer_name ilike ${likePattern(s)} or c.customer_code ilike ${likePattern(s)})` : undefined,
  ])}`;
  const turnover = turnoverSql(
    B,
    'customer',
    range,
    q,
    needCand ? (col) => sql`${col} in (select id from cand)` : undefined,
  );
  const orderCol = ownEntry(
    {
      turnover: sql`t.turnover`,
      qty: sql`t.qty`,
      customer_name: sql`c.customer_name`,
      customer_code: sql`c.customer_code`,
    },
    key,
  );
  const byCustomer = key === 'customer_name' || key === 'customer_code';
  const result = await query<Record<string, unknown> & { total: number }>(
    db,
    sql`with bs as (${bs}), cand as (${needCand ? cand : sql`select null::int as id where false`}),
      t as (select * from (${turnover}) x where turnover <> 0 or qty <> 0),
      p as (select t.k, t.turnover, t.qty from t ${byCustomer ? sql`join customers c on c.id = t.k` : sql``}
        order by ${orderCol} ${dir}, t.k ${dir} limit ${q.limit} offset ${(q.page - 1) * q.limit})
      select c.id as customer_id, c.customer_code, c.customer_name, c.branch_id, b.name as branch_name,
        p.turnover::numeric(18,2)::float8 as turnover, p.qty::float8 as qty, (select count(*) from t)::int as total
      from p join customers c on c.id = p.k join branches b on b.id = c.branch_id
      order by ${byCustomer ? sql.raw(`c.${key}`) : sql.raw(`p.${key}`)} ${dir}, c.id ${dir}`,
  );
  const total = result[0]?.total ?? (q.page === 1 ? 0 : undefined);
  let n = total;
  if (n === undefined) {
    const [r] = await query<{ n: number }>(
      db,
      sql`with bs as (${bs}), cand as (${needCand ? cand : sql`select null::int as id where false`}),
        t as (select * from (${turnover}) x where turnover <> 0 or qty <> 0) select count(*)::int as n from t`,
    );
    n = r.n;
  }
  return { rows: result.map(({ total: _t, ...r }) => r), meta: pageMeta(q.page, q.limit, n) };
}

/** Stores registered in the app: by end_date (`mode: 'registered'`) or within the range (`'activation'`). */
export async function registeredStores(
  db: Db,
  req: FastifyRequest,
  q: OrgFilters & Page,
  range: Range,
  mode: 'registered' | 'activation',
): Promise<{ rows: Record<string, unknown>[]; meta: ReturnType<typeof pageMeta> }> {
  const { B, bs } = await scopeOf(db, req, q);
  const sorted = listOrder(
    REGISTERED_SORT_KEYS,
    q,
    mode === 'registered' ? { by: 'customer_name', dir: 'asc' } : { by: 'registered_at', dir: 'desc' },
  );
  const key = sorted.key;
  const dir = sql.raw(sorted.dir === 'desc' ? 'desc' : 'asc');
  const from = sql`${range.start}::date::timestamp at time zone 'Asia/Jakarta'`;
  const to = sql`(${range.end}::date + 1)::timestamp at time zone 'Asia/Jakarta'`;
  const s = q.search?.trim();
  const cond = and([
    sql`${B(sql`c.branch_id`)}`,
    sql`c.registered_at is not null and c.registered_at < ${to}`,
    mode === 'activation' ? sql`c.registered_at >= ${from}` : undefined,
    q.customer_level_id ? sql`c.customer_type_id = ${q.customer_level_id}` : undefined,
    s ? sql`(c.customer_name ilike ${likePattern(s)} or c.customer_code ilike ${likePattern(s)})` : undefined,
  ]);
  const order = (t: string) => (key === 'branch_name' ? sql`bs.name` : sql.raw(`${t}.${key}`));
  // The count: without a search, from dash_store_registrations (registrations per Jakarta day, branch
  // and type, kept by triggers on customers); with one, over the matching stores.
  const countSql = s
    ? undefined
    : sql`select coalesce(sum(registered), 0) from dash_store_registrations where ${and([
        B(sql`branch_id`),
        sql`day <= ${range.end}::date`,
        mode === 'activation' ? sql`day >= ${range.start}::date` : undefined,
        q.customer_level_id ? sql`customer_type_id = ${q.customer_level_id}` : undefined,
      ])}`;
  const cols = sql`c.id as customer_id_detail, c.id as customer_id, c.customer_code, c.customer_name, c.branch_id,
        bs.name as branch_name, bs.region_name, bs.region_group_name, s.salesman_name, c.phone_number,
        c.registered_at, c.last_seen_at, c.registered_at >= ${from} as activated`;
  const result =
    key === 'registered_at'
      ? // In registration order: a walk of the registration index (customers_registered_idx) that stops
        // at the page's end.
        await query<Record<string, unknown> & { total: number }>(
          db,
          sql`with bs as (${bs}),
            p as (
              select c.id from customers c where ${cond}
              order by c.registered_at ${dir}, c.id ${dir}
              limit ${q.limit} offset ${(q.page - 1) * q.limit})
            select ${cols}, (${countSql ?? sql`select count(*) from customers c where ${cond}`})::int as total
            from p join customers c on c.id = p.id join bs on bs.id = c.branch_id left join salesmen s on s.id = c.salesman_id
            order by c.registered_at ${dir}, c.id ${dir}`,
        )
      : // The matching stores first (by the registration or branch index), the page picked among them,
        // and only then its rows joined: never a walk of the name index over every customer.
        await query<Record<string, unknown> & { total: number }>(
          db,
          sql`with bs as (${bs}),
            m as materialized (
              select c.id, c.branch_id, c.customer_name, c.customer_code, c.registered_at from customers c where ${cond}),
            p as (
              select m.id from m ${key === 'branch_name' ? sql`join bs on bs.id = m.branch_id` : sql``}
              order by ${order('m')} ${dir}, m.id ${dir}
              limit ${q.limit} offset ${(q.page - 1) * q.limit})
            select ${cols}, (${countSql ?? sql`select count(*) from m`})::int as total
            from p join customers c on c.id = p.id join bs on bs.id = c.branch_id left join salesmen s on s.id = c.salesman_id
            order by ${order('c')} ${dir}, c.id ${dir}`,
        );
  let total = result[0]?.total;
  if (total === undefined) {
    const [r] = await query<{ n: number }>(
      db,
      countSql
        ? sql`select (${countSql})::int as n`
        : sql`with bs as (${bs}) select count(*)::int as n from customers c where ${cond}`,
    );
    total = r.n;
  }
  return { rows: result.map(({ total: _t, ...r }) => r), meta: pageMeta(q.page, q.limit, total) };
}

/** Every store with its organisation, type, salesman, flags, balance and last activity, paged. */
export async function masterStores(
  db: Db,
  req: FastifyRequest,
  q: OrgFilters &
    Page & {
      customer_type_id?: number;
      salesman_id?: number;
      active?: boolean;
      show_in_app?: boolean;
      registered?: boolean;
    },
): Promise<{ rows: Record<string, unknown>[]; meta: ReturnType<typeof pageMeta> }> {
  const { B, bs } = await scopeOf(db, req, q);
  const sorted = listOrder(MASTER_STORE_SORT_KEYS, q, { by: 'customer_name', dir: 'asc' });
  const key = sorted.key;
  const desc = sorted.dir === 'desc';
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const nulls = sql.raw(desc ? 'nulls last' : 'nulls first');
  const s = q.search?.trim();
  const type = q.customer_type_id ?? q.customer_level_id;
  const everything = coversAll(req, q);
  const cond = and([
    everything ? undefined : sql`${B(sql`c.branch_id`)}`,
    type ? sql`c.customer_type_id = ${type}` : undefined,
    q.salesman_id ? sql`c.salesman_id = ${q.salesman_id}` : undefined,
    q.active === undefined ? undefined : sql`c.active = ${q.active}`,
    q.show_in_app === undefined ? undefined : sql`c.show_in_app = ${q.show_in_app}`,
    q.registered === undefined
      ? undefined
      : q.registered
        ? sql`c.registered_at is not null`
        : sql`c.registered_at is null`,
    s
      ? sql`(c.customer_name ilike ${likePattern(s)} or c.customer_code ilike ${likePattern(s)} or c.owner_name ilike ${likePattern(s)})`
      : undefined,
  ]);
  const order = key === 'branch_name' ? sql`bs.name` : sql.raw(`c.${key}`);
  // The count: without a salesman or a search, exact from dash_store_flags (stores per branch, type and
  // flags, kept by triggers on customers); otherwise counted over the customers those narrow down to.
  const [count] = await query<{ n: number }>(
    db,
    !q.salesman_id && !s
      ? sql`select coalesce(sum(stores), 0)::int as n from dash_store_flags where ${and([
          everything ? undefined : B(sql`branch_id`),
          type ? sql`customer_type_id = ${type}` : undefined,
          q.active === undefined ? undefined : sql`active = ${q.active}`,
          q.show_in_app === undefined ? undefined : sql`show_in_app = ${q.show_in_app}`,
          q.registered === undefined ? undefined : sql`registered = ${q.registered}`,
        ])}`
      : sql`with bs as (${bs}) select count(*)::int as n from customers c where ${cond}`,
  );
  const result = await query<Record<string, unknown>>(
    db,
    sql`with bs as (${bs})
      select c.id as customer_id, c.customer_code, c.customer_name, c.owner_name, c.branch_id, bs.name as branch_name,
        bs.region_id, bs.region_name, bs.region_group_name, ct.name as customer_type_name, s.salesman_name,
        c.phone_number, c.city, c.active, c.show_in_app, c.installed, c.is_data_complete, c.admin_validate,
        c.class_mekar, c.exclude_all_point, c.point_balance, c.registered_at, c.last_seen_at
      from customers c join bs on bs.id = c.branch_id
      left join customer_types ct on ct.id = c.customer_type_id left join salesmen s on s.id = c.salesman_id
      where ${cond}
      order by ${order} ${dir} ${key === 'last_seen_at' || key === 'registered_at' ? nulls : sql``}, c.id ${dir}
      limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { rows: result, meta: pageMeta(q.page, q.limit, count.n) };
}

// ---------------------------------------------------------------------------------------------
// Invoice tracking

/** Per branch: invoices by status (rollup) and the outstanding ones' overdue amounts and ageing (as of today). */
export async function invoiceTracking(
  db: Db,
  req: FastifyRequest,
  q: OrgFilters,
  range: Range,
  today: string,
): Promise<Record<string, unknown>[]> {
  const { B, bs } = await scopeOf(db, req, q);
  return query(
    db,
    sql`with bs as (${bs}),
      d as (
        select branch_id, sum(invoice_count)::int as invoice_count, sum(unpaid_count)::int as unpaid_count,
          sum(partial_count)::int as partial_count, sum(paid_count)::int as paid_count,
          sum(cancelled_count)::int as cancelled_count, sum(invoice_amount) as invoice_amount, sum(paid_amount) as paid_amount
        from dash_day_branch where ${B(sql`branch_id`)} and day between ${range.start}::date and ${range.end}::date
        group by 1),
      -- The outstanding invoices (an index-only scan of sales_invoices_open_idx) summed once per branch
      -- and ageing bucket (0: not yet due, 1: 1-30, 2: 31-60, 3: 61-90, 4: over 90 days past due),
      -- then spread into columns.
      o as (
        select branch_id,
          case when age <= 0 then 0 when age <= 30 then 1 when age <= 60 then 2 when age <= 90 then 3 else 4 end as bucket,
          count(*)::int as n, sum(open_amount) as amount
        from (
          select branch_id, net_amount - paid_amount as open_amount, ${today}::date - coalesce(due_date, invoice_date) as age
          from sales_invoices
          where status in ('unpaid', 'partial') and ${B(sql`branch_id`)}
            and invoice_date between ${range.start}::date and ${range.end}::date) x
        group by 1, 2),
      a as (
        select branch_id, sum(amount) as outstanding_amount,
          coalesce(sum(n) filter (where bucket > 0), 0)::int as overdue_count,
          coalesce(sum(amount) filter (where bucket > 0), 0) as overdue_amount,
          coalesce(sum(amount) filter (where bucket <= 1), 0) as ageing_0_30,
          coalesce(sum(amount) filter (where bucket = 2), 0) as ageing_31_60,
          coalesce(sum(amount) filter (where bucket = 3), 0) as ageing_61_90,
          coalesce(sum(amount) filter (where bucket = 4), 0) as ageing_over_90
        from o group by 1)
      select bs.id as branch_id, bs.name as branch_name, bs.region_name,
        coalesce(d.invoice_count, 0) as invoice_count, coalesce(d.unpaid_count, 0) as unpaid_count,
        coalesce(d.partial_count, 0) as partial_count, coalesce(d.paid_count, 0) as paid_count,
        coalesce(d.cancelled_count, 0) as cancelled_count, coalesce(a.overdue_count, 0) as overdue_count,
        coalesce(d.invoice_amount, 0)::float8 as invoice_amount, coalesce(d.paid_amount, 0)::float8 as paid_amount,
        coalesce(a.outstanding_amount, 0)::float8 as outstanding_amount, coalesce(a.overdue_amount, 0)::float8 as overdue_amount,
        coalesce(a.ageing_0_30, 0)::float8 as ageing_0_30, coalesce(a.ageing_31_60, 0)::float8 as ageing_31_60,
        coalesce(a.ageing_61_90, 0)::float8 as ageing_61_90, coalesce(a.ageing_over_90, 0)::float8 as ageing_over_90
      from bs left join d on d.branch_id = bs.id left join a on a.branch_id = bs.id
      order by bs.name, bs.id`,
  );
}
