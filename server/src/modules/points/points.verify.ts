// The balance check behind `npm run points:verify`: every customer's cached point_balance against
// the sum of its non-void ledger rows, in one SQL statement.
import { sql } from 'drizzle-orm';
import { type DbOrTx, rows } from '../../db/client';

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
  /** Rows of point_report_months missing or different / extra (all-zero rows are ignored). */
  months_missing: number;
  months_extra: number;
};

/**
 * The report summaries (migration 0007: point_report_docs, point_report_months) against the same
 * figures computed from the ledger rows now; all zero when they agree.
 */
export async function verifyReportSummary(db: DbOrTx): Promise<SummaryCheck> {
  const [{ q }] = await rows<{ q: string }>(
    db,
    sql`select point_report_groups_sql('select * from point_ledger') as q`,
  );
  const [r] = await rows<SummaryCheck>(
    db,
    sql`with want as (${sql.raw(q)}),
        want_months as (
          select date_trunc('month', entry_date)::date as month, customer_id, sum(entries)::bigint as entries,
                 (count(*) filter (where solo_id = 0 and not multi))::bigint as docs,
                 sum(master_points)::bigint as master_points, sum(promo_points)::bigint as promo_points,
                 sum(injected_points)::bigint as injected_points, sum(redeemed_points)::bigint as redeemed_points,
                 sum(deducted_points)::bigint as deducted_points, sum(correction_points)::bigint as correction_points,
                 sum(points)::bigint as points
          from want group by 1, 2
        ),
        have_months as (
          select month, customer_id, entries, docs, master_points, promo_points, injected_points, redeemed_points,
                 deducted_points, correction_points, points
          from point_report_months
          where (entries, docs, master_points, promo_points, injected_points, redeemed_points, deducted_points,
                 correction_points, points) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
        )
        select (select count(*) from (select * from want except all select * from point_report_docs) x)::int as docs_missing,
               (select count(*) from (select * from point_report_docs except all select * from want) x)::int as docs_extra,
               (select count(*) from (select * from want_months except all select * from have_months) x)::int as months_missing,
               (select count(*) from (select * from have_months except all select * from want_months) x)::int as months_extra`,
  );
  return r;
}

export function formatSummaryCheck(c: SummaryCheck): string {
  const bad = c.docs_missing + c.docs_extra + c.months_missing + c.months_extra;
  return bad === 0
    ? 'points:verify: the report summaries (point_report_docs, point_report_months) match the ledger.'
    : `points:verify: the report summaries differ from the ledger: point_report_docs ${c.docs_missing} missing/different, ${c.docs_extra} extra; point_report_months ${c.months_missing} missing/different, ${c.months_extra} extra (repair: select point_report_rebuild())`;
}
