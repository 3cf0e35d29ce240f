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
