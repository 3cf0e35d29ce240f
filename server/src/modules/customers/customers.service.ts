// Customer rules that are more than a definition: the monthly achievement aggregate, the customer log
// of staff changes, and the all-or-nothing bulk edits.
import type { CustomerBulkResult } from '@lbo/contract/customers';
import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type DbOrTx, rows, type Tx } from '../../db/client';
import { customer_logs, customers } from '../../db/schema/customers';
import type { AuditEntry } from '../../http/audit';
import { ApiError, badRequest, type Problem, problem } from '../../http/errors';
import { seesBranch } from '../../http/scope';

export type Achievement = {
  year: number;
  month: number;
  quarter: number;
  semester: number;
  target_amount: number | null;
  actual_amount: number;
  invoice_count: number;
  achievement_pct: number | null;
};

/**
 * Twelve months of one customer's year: invoice turnover (net, cancelled excluded) against the monthly
 * target. One aggregate over the customer's invoices of that year (index customer_id, invoice_date).
 */
export function customerAchievements(db: DbOrTx, customerId: number, year: number): Promise<Achievement[]> {
  return rows<Achievement>(
    db,
    sql`
      select ${year}::int as year, m.month, ((m.month - 1) / 3 + 1)::int as quarter,
             ((m.month - 1) / 6 + 1)::int as semester,
             t.target_amount,
             coalesce(a.actual, 0)::numeric as actual_amount,
             coalesce(a.n, 0)::int as invoice_count,
             case when t.target_amount > 0 then round(coalesce(a.actual, 0) * 100 / t.target_amount, 2) end
               as achievement_pct
      from generate_series(1, 12) as m(month)
      left join customer_targets t on t.customer_id = ${customerId} and t.year = ${year} and t.month = m.month
      left join (
        select extract(month from i.invoice_date)::int as month, sum(i.net_amount) as actual, count(*) as n
        from sales_invoices i
        where i.customer_id = ${customerId}
          and i.invoice_date >= make_date(${year}::int, 1, 1)
          and i.invoice_date < make_date(${year + 1}::int, 1, 1)
          and i.status <> 'cancelled'
        group by 1
      ) a on a.month = m.month
      order by m.month`,
  );
}

const CUSTOMER_COLUMNS = new Set(Object.keys(getTableColumns(customers)));
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Writes one customer_logs row per customer whose columns actually change (the log screen's data). */
export async function logCustomerChanges(
  tx: DbOrTx,
  req: FastifyRequest,
  entries: { id: number; before: Record<string, unknown>; after: Record<string, unknown> }[],
  action: string,
): Promise<void> {
  const logRows = [];
  for (const e of entries) {
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, to] of Object.entries(e.after)) {
      if (to === undefined || key === 'id' || !CUSTOMER_COLUMNS.has(key)) continue;
      if (!same(e.before[key], to)) changes[key] = { from: e.before[key] ?? null, to };
    }
    if (Object.keys(changes).length > 0) {
      logRows.push({ customer_id: e.id, user_id: req.user.id, action, detail: { changes } });
    }
  }
  for (let i = 0; i < logRows.length; i += 1000) {
    await tx.insert(customer_logs).values(logRows.slice(i, i + 1000));
  }
}

/**
 * Sets the same values on every named customer, all or nothing: unknown ids are a 400 and customers
 * outside the caller's branches a 403, each named, before anything is written. Runs in the caller's
 * transaction (the action registrar's), the rows locked in id order; one customer log row per
 * customer whose values change, and one audit entry per customer, returned for the caller to write.
 */
export async function bulkEditCustomers(
  tx: Tx,
  req: FastifyRequest,
  ids: number[],
  values: Record<string, unknown>,
  action: string,
): Promise<{ result: CustomerBulkResult; audit: AuditEntry[] }> {
  const set = Object.fromEntries(
    Object.entries(values).filter(([k, v]) => v !== undefined && CUSTOMER_COLUMNS.has(k) && k !== 'id'),
  );
  const keys = Object.keys(set);
  const unique = [...new Set(ids)];
  const cols = Object.fromEntries(keys.map((k) => [k, customers[k as keyof typeof customers]]));
  const before = (await tx
    .select({ id: customers.id, branch_id: customers.branch_id, ...(cols as object) })
    .from(customers)
    .where(inArray(customers.id, unique))
    .orderBy(customers.id)
    .for('update')) as ({ id: number; branch_id: number } & Record<string, unknown>)[];
  const byId = new Map(before.map((r) => [r.id, r]));

  const missing: Problem[] = [];
  const outside: Problem[] = [];
  ids.forEach((id, i) => {
    const row = byId.get(id);
    if (!row) missing.push(problem('not_found', { thing: 'customer', id }, `customer_ids[${i}]`));
    else if (!seesBranch(req, row.branch_id)) {
      outside.push(problem('outside_scope', { thing: 'customer', id }, `customer_ids[${i}]`));
    }
  });
  if (missing.length > 0) throw badRequest(missing);
  if (outside.length > 0) throw new ApiError('FORBIDDEN', outside);

  await tx
    .update(customers)
    .set({ ...set, updated_at: sql`now()` } as never)
    .where(inArray(customers.id, unique));
  const entries = before.map((b) => {
    const { id, branch_id: _branch, ...old } = b;
    return { id, before: old, after: set };
  });
  await logCustomerChanges(tx, req, entries, action);
  return {
    result: { updated: unique.length, customer_ids: unique },
    audit: entries.map((e) => ({
      action,
      entity: 'customer',
      entityId: e.id,
      before: e.before,
      after: e.after,
    })),
  };
}
