// The balance check behind `npm run points:verify`: every customer's cached point_balance against
// the sum of its non-void ledger rows, in one SQL statement.
import { sql } from 'drizzle-orm';
import { type DbOrTx, rows } from '../../db/client';
import { STORE_SUMS } from './points.reports';

export type BalanceDifference = {
  customer_id: number;
  customer_code: string;
  cached: number;
  ledger: number;
  difference: number;
};

export async function verifyBalances(
  db: DbOrTx,
): Promise<{ customers: number; differences: BalanceDifference[] }> {
  const [r] = await rows<{ customers: number; differences: BalanceDifference[] }>(
    db,
    sql`with ledger as (
          select customer_id, sum(points)::bigint as total from point_ledger where not void group by customer_id
        ),
        cmp as (
          select c.id as customer_id, c.customer_code, c.point_balance::bigint as cached,
                 coalesce(l.total, 0)::bigint as ledger
          from customers c left join ledger l on l.customer_id = c.id
        )
        select count(*)::int as customers,
               coalesce(json_agg(json_build_object(
                 'customer_id', customer_id, 'customer_code', customer_code, 'cached', cached,
                 'ledger', ledger, 'difference', cached - ledger) order by customer_id)
                 filter (where cached <> ledger), '[]'::json) as differences
        from cmp`,
  );
  return r;
}

export type LotCheck = {
  /** Customers whose cached balance differs from the sum of their lots' remaining points. */
  customers: { customer_id: number; customer_code: string; cached: number; lots: number }[];
  /** Lots whose remaining differs from their points minus their draws, or lies outside 0..points. */
  lots_inconsistent: number;
  /** Live credit rows without their lot. */
  credits_without_lot: number;
};

/**
 * The lots (migration 0018) against the balances and their own draws: every balance equals the sum
 * of its open lots' remaining points, and every lot's remaining is its points minus what was drawn.
 */
export async function verifyLots(db: DbOrTx): Promise<LotCheck> {
  const [r] = await rows<LotCheck>(
    db,
    sql`with lots as (select customer_id, sum(remaining)::bigint as total from point_lots group by customer_id),
        cmp as (
          select c.id as customer_id, c.customer_code, c.point_balance::bigint as cached, coalesce(l.total, 0)::bigint as lots
          from customers c left join lots l on l.customer_id = c.id
        ),
        drawn as (select lot_id, sum(amount)::bigint as amount from point_lot_draws group by lot_id)
        select
          coalesce((select json_agg(json_build_object('customer_id', customer_id, 'customer_code', customer_code,
                                                     'cached', cached, 'lots', lots) order by customer_id)
                    from cmp where cached <> lots), '[]'::json) as customers,
          (select count(*) from point_lots p left join drawn d on d.lot_id = p.id
            where p.remaining <> p.points - coalesce(d.amount, 0) or p.remaining < 0 or p.remaining > p.points)::int
            as lots_inconsistent,
          (select count(*) from point_ledger l
            where not l.void and l.points > 0 and not (l.point_type = 6 and l.reverses_id is not null)
              and not exists (select 1 from point_lots p where p.ledger_id = l.id))::int as credits_without_lot`,
  );
  const customers = typeof r.customers === 'string' ? JSON.parse(r.customers) : r.customers;
  return { ...r, customers };
}

/** Whether the lot check found any difference. */
export const lotsDiffer = (c: LotCheck) =>
  c.customers.length + c.lots_inconsistent + c.credits_without_lot > 0;

export function formatLotCheck(c: LotCheck): string[] {
  if (!lotsDiffer(c)) {
    return ["points:verify: every balance equals its open lots' remaining points, and every lot its draws."];
  }
  return [
    `points:verify: the lots differ: ${c.customers.length} balances from their lots, ${c.lots_inconsistent} lots from their draws, ${c.credits_without_lot} credits without a lot (repair: select point_lots_rebuild())`,
    ...c.customers
      .slice(0, 50)
      .map(
        (d) =>
          `  ${String(d.customer_id).padStart(11)}  ${d.customer_code.padEnd(16).slice(0, 16)}  balance ${d.cached}  lots ${d.lots}`,
      ),
  ];
}

export function formatDifferences(result: Awaited<ReturnType<typeof verifyBalances>>): string[] {
  if (result.differences.length === 0) {
    return [`points:verify: ${result.customers} customer balances match the ledger.`];
  }
  return [
    `points:verify: ${result.differences.length} of ${result.customers} customer balances differ from the ledger:`,
    '  customer_id  customer_code         cached      ledger  difference',
    ...result.differences.map(
      (d) =>
        `  ${String(d.customer_id).padStart(11)}  ${d.customer_code.padEnd(16).slice(0, 16)}  ${String(d.cached).padStart(10)}  ${String(d.ledger).padStart(10)}  ${String(d.difference).padStart(10)}`,
    ),
  ];
}

export type SummaryCheck = {
  /** Rows of point_report_docs missing or different / extra, against the ledger. */
  docs_missing: number;
  docs_extra: number;
  /**
   * Customer-months whose running totals, read as the store points report reads them from
   * point_report_running (the month's row, else the customer's latest row before it), differ from
   * the running totals of the ledger; every month from a customer's first row or movement to the
   * month after its last.
   */
  running_different: number;
};

const RUNNING_COLUMNS = ['entries', 'docs', ...STORE_SUMS] as const;

/**
 * The report summaries (point_report_docs: migration 0007, point_report_running: 0012) against the
 * same figures computed from the ledger rows now; all zero when they agree.
 */
export async function verifyReportSummary(db: DbOrTx): Promise<SummaryCheck> {
  const [{ q }] = await rows<{ q: string }>(
    db,
    sql`select point_report_groups_sql('select * from point_ledger') as q`,
  );
  const cols = (f: (c: string) => string) => sql.raw(RUNNING_COLUMNS.map(f).join(', '));
  const [r] = await rows<SummaryCheck>(
    db,
    sql`with want as (${sql.raw(q)}),
        want_months as (
          select customer_id, date_trunc('month', entry_date)::date as month, sum(entries)::bigint as entries,
                 (count(*) filter (where solo_id = 0 and not multi))::bigint as docs,
                 ${sql.raw(STORE_SUMS.map((c) => `sum(${c})::bigint as ${c}`).join(', '))}
          from want group by 1, 2
        ),
        span as (
          select customer_id, min(month) as lo, max(month) as hi
          from (select customer_id, month from want_months union all select customer_id, month from point_report_running) x
          group by 1
        ),
        grid as (
          select s.customer_id, g.month::date as month
          from span s cross join generate_series(s.lo, s.hi + interval '1 month', interval '1 month') g(month)
        ),
        expected as (
          select g.customer_id, g.month, ${cols((c) => `coalesce(sum(w.${c}) over run, 0)::bigint as ${c}`)}
          from grid g left join want_months w on w.customer_id = g.customer_id and w.month = g.month
          window run as (partition by g.customer_id order by g.month)
        ),
        read as (
          select x.customer_id, x.month, ${cols((c) => `sum(x.${c})::bigint as ${c}`)}
          from (
            select g.customer_id, g.month, ${cols((c) => `r.${c}`)}
            from grid g join point_report_running r on r.month = g.month and r.customer_id = g.customer_id
            union all
            select g.customer_id, g.month, ${cols((c) => `l.${c}`)}
            from grid g join point_report_running l on l.customer_id = g.customer_id and l.last and l.month < g.month
          ) x
          group by 1, 2
        ),
        have as (
          select g.customer_id, g.month, ${cols((c) => `coalesce(h.${c}, 0)::bigint as ${c}`)}
          from grid g left join read h on h.customer_id = g.customer_id and h.month = g.month
        )
        select (select count(*) from (select * from want except all select * from point_report_docs) x)::int as docs_missing,
               (select count(*) from (select * from point_report_docs except all select * from want) x)::int as docs_extra,
               (select count(*) from (select * from expected except all select * from have) x)::int as running_different`,
  );
  return r;
}

export function formatSummaryCheck(c: SummaryCheck): string {
  const bad = c.docs_missing + c.docs_extra + c.running_different;
  return bad === 0
    ? 'points:verify: the report summaries (point_report_docs, point_report_running) match the ledger.'
    : `points:verify: the report summaries differ from the ledger: point_report_docs ${c.docs_missing} missing/different, ${c.docs_extra} extra; point_report_running ${c.running_different} customer-months with other running totals (repair: select point_report_rebuild())`;
}

/** Whether a summary check found any difference. */
export const summaryDiffers = (c: SummaryCheck) => c.docs_missing + c.docs_extra + c.running_different > 0;
