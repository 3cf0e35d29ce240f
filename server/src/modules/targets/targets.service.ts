// Customer targets with their achievement: a quarter, a semester or a year of one customer, each
// month's target beside the customer's invoiced net amount that month and the percentage, summed over
// the period. One statement: the months of the period, the customer's target rows (unique index
// customer_id, year, month) and one aggregate over the customer's invoices of the period (index
// sales_invoices customer_id, invoice_date). invoice_date is the Asia/Jakarta business date, so a
// month is a plain date range; cancelled invoices are excluded, as in the customer detail and the
// dashboards' turnover.

import { ownEntry } from '@lbo/contract/resource';
import type { CustomerTargetPeriod, TargetMonth } from '@lbo/contract/targets';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type DbOrTx, rows } from '../../db/client';
import { badRequest, forbidden, notFound, problem } from '../../http/errors';
import { seesBranch } from '../../http/scope';

export type Period = { year: number; quarter?: number; semester?: number };

export type TargetCustomer = { id: number; customer_code: string; customer_name: string; branch_id: number };

/** The customer, 404 when unknown, 403 outside the caller's branches. */
export async function customerInScope(
  db: DbOrTx,
  req: FastifyRequest,
  customerId: number,
): Promise<TargetCustomer> {
  const [c] = await rows<TargetCustomer>(
    db,
    sql`select id, customer_code, customer_name, branch_id from customers where id = ${customerId}`,
  );
  if (!c) throw notFound(problem('not_found', { thing: 'customer', id: customerId }));
  if (!seesBranch(req, c.branch_id))
    throw forbidden(problem('outside_scope', { thing: 'customer', code: c.customer_code }));
  return c;
}

/** The months of a period: a quarter, a semester or the whole year. */
export function periodMonths(p: Period): { first: number; last: number } {
  if (p.quarter !== undefined) return { first: p.quarter * 3 - 2, last: p.quarter * 3 };
  if (p.semester !== undefined) return { first: p.semester * 6 - 5, last: p.semester * 6 };
  return { first: 1, last: 12 };
}

/** Each month of the period with its target, actual turnover and percentage (by month). */
export function targetMonths(db: DbOrTx, customerId: number, p: Period): Promise<TargetMonth[]> {
  const { first, last } = periodMonths(p);
  const lastDay =
    last === 12
      ? sql`make_date(${p.year + 1}::int, 1, 1)`
      : sql`make_date(${p.year}::int, ${last + 1}::int, 1)`;
  return rows<TargetMonth>(
    db,
    sql`
      select t.id, ${p.year}::int as year, m.month, ((m.month - 1) / 3 + 1)::int as quarter,
             ((m.month - 1) / 6 + 1)::int as semester,
             t.target_amount,
             coalesce(a.actual, 0)::numeric as actual_amount,
             coalesce(a.n, 0)::int as invoice_count,
             case when t.target_amount > 0 then round(coalesce(a.actual, 0) * 100 / t.target_amount, 2) end
               as achievement_pct
      from generate_series(${first}::int, ${last}::int) as m(month)
      left join customer_targets t on t.customer_id = ${customerId} and t.year = ${p.year} and t.month = m.month
      left join (
        select extract(month from i.invoice_date)::int as month, sum(i.net_amount) as actual, count(*) as n
        from sales_invoices i
        where i.customer_id = ${customerId}
          and i.invoice_date >= make_date(${p.year}::int, ${first}::int, 1)
          and i.invoice_date < ${lastDay}
          and i.status <> 'cancelled'
        group by 1
      ) a on a.month = m.month
      order by m.month`,
  );
}

const MONTH_SORT: Record<string, (m: TargetMonth) => number | null> = {
  id: (m) => m.id,
  month: (m) => m.month,
  target_amount: (m) => m.target_amount,
  actual_amount: (m) => m.actual_amount,
  achievement_pct: (m) => m.achievement_pct,
};

/** Orders the months (nulls last whatever the direction; ties by month). */
export function sortMonths(months: TargetMonth[], by: string | undefined, dir: 'asc' | 'desc' | undefined) {
  const key = (by ?? 'month').replace(/^(def|pc|pl|b)\./, '');
  const get = ownEntry(MONTH_SORT, key);
  if (!get) {
    const allowed = `${Object.keys(MONTH_SORT).join(', ')} (each also as def.<name>)`;
    throw badRequest(problem('sort_unknown', { by: (by ?? '').slice(0, 50), allowed }, 'by'));
  }
  const sign = (dir ?? 'asc') === 'desc' ? -1 : 1;
  return [...months].sort((a, b) => {
    const x = get(a);
    const y = get(b);
    if (x === y) return a.month - b.month;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x - y) * sign || a.month - b.month;
  });
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The period answer from its months: the months (in `sort` order) and their sums. */
function periodAnswer(
  customer: TargetCustomer,
  p: Period,
  months: TargetMonth[],
  sort?: { by?: string; dir?: 'asc' | 'desc' },
): CustomerTargetPeriod {
  const ordered = sort ? sortMonths(months, sort.by, sort.dir) : months;
  // Sums in cents, so 0.1 + 0.2 stays 0.3.
  const cents = (v: number | null) => Math.round((v ?? 0) * 100);
  const target = months.reduce((s, m) => s + cents(m.target_amount), 0) / 100;
  const actual = months.reduce((s, m) => s + cents(m.actual_amount), 0) / 100;
  return {
    customer_id: customer.id,
    customer_code: customer.customer_code,
    customer_name: customer.customer_name,
    year: p.year,
    quarter: p.quarter ?? null,
    semester: p.semester ?? null,
    months: ordered,
    target_amount: target,
    actual_amount: actual,
    invoice_count: months.reduce((s, m) => s + m.invoice_count, 0),
    achievement_pct: target > 0 ? round2((actual * 100) / target) : null,
  };
}

/** The period answer: the months and their sums. */
export async function targetPeriod(
  db: DbOrTx,
  req: FastifyRequest,
  customerId: number,
  p: Period,
  sort?: { by?: string; dir?: 'asc' | 'desc' },
): Promise<CustomerTargetPeriod> {
  const customer = await customerInScope(db, req, customerId);
  return periodAnswer(customer, p, await targetMonths(db, customerId, p), sort);
}

/**
 * A customer's year by quarter, by semester and whole, each the answer `targetPeriod` gives for that
 * period (its months are the year's months of the period: each month is computed on its own).
 * One statement for the year. The stores' app shows it for the signed-in store.
 */
export async function targetYearByPeriod(db: DbOrTx, customer: TargetCustomer, year: number) {
  const months = await targetMonths(db, customer.id, { year });
  const of = (p: Period) => {
    const { first, last } = periodMonths(p);
    return periodAnswer(
      customer,
      p,
      months.filter((m) => m.month >= first && m.month <= last),
    );
  };
  return {
    year,
    quarters: [1, 2, 3, 4].map((quarter) => of({ year, quarter })),
    semesters: [1, 2].map((semester) => of({ year, semester })),
    full_year: of({ year }),
  };
}
