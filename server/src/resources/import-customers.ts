// Import rows that name a store by its customer code: every named store found in one query, unknown
// codes failing their row (runImport checks the found stores' branches from the row schema's refs).
// Shared by the imports of several areas.
import { sql } from 'drizzle-orm';
import { rows as selectRows, type Tx } from '../db/client';
import { problem } from '../http/errors';
import type { ResolveContext, RowAt } from './imports';

export type Customer = { id: number; customer_code: string; branch_id: number; region_id: number };

export const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/** Every named customer in one query; unknown codes fail their row (runImport checks their branches). */
export async function customersOf<R extends { customer_code: string }>(
  tx: Tx,
  rows: RowAt<R>[],
  ctx: ResolveContext<unknown>,
): Promise<{ index: number; row: R; customer: Customer }[]> {
  const codes = [...new Set(rows.map((r) => r.row.customer_code))];
  const found = await selectRows<Customer>(
    tx,
    sql`select c.id, c.customer_code, c.branch_id, b.region_id
        from customers c join branches b on b.id = c.branch_id
        where c.customer_code = any(${textArray(codes)}::text[])`,
  );
  const byCode = new Map(found.map((c) => [c.customer_code, c]));
  const out: { index: number; row: R; customer: Customer }[] = [];
  for (const { index, row } of rows) {
    const customer = byCode.get(row.customer_code);
    if (!customer) {
      ctx.fail(
        index,
        problem(
          'not_found',
          { thing: 'customer_code', value: row.customer_code },
          { field: 'customer_code', named: true },
        ),
      );
      continue;
    }
    out.push({ index, row, customer });
  }
  return out;
}
