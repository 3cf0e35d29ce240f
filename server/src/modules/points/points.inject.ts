// POST /point/inject/: the same points credited to many customers at once, as an import on the shared
// pipeline (server/src/resources/imports.ts does the envelope, row checks, duplicates, the transaction,
// dry_run and the audit row). What is the injection's own:
// - rows name a customer by customer_code or customer_id; the older body `{customer_codes, customer_ids}`
//   is read as rows too (ids named `customer_ids.N` in messages, as before);
// - resolve: one query finds every named customer; unknown ones (400) and the same customer named twice
//   by code and by id (400) are each reported (runImport names the customers of another branch, 403);
// - write: one type-2 movement per customer through the shared ledger service (domain/ledger.ts), set
//   based and all or nothing. An injection is not idempotent: sending it again credits again.
import {
  POINT_INJECT_LEGACY,
  POINT_TYPE,
  type PointInjectResult,
  pointInjectImport,
} from '@lbo/contract/points';
import { sql } from 'drizzle-orm';
import { rows as selectRows } from '../../db/client';
import { intArray, postMovements } from '../../domain/ledger';
import { badRequest, problem } from '../../http/errors';
import { defaultRowLabel, type ImportDef, type RowLabel } from '../../resources/imports';

type Customer = { id: number; customer_code: string; branch_id: number };

const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/** The older body lists become rows: codes keep `row N`, ids are named `customer_ids.N`. */
function bodyRows(body: Record<string, unknown>): { rows: unknown[]; rowLabel?: RowLabel } {
  const rows = (body.rows as unknown[] | undefined) ?? [];
  const codes = (body.customer_codes as string[] | undefined) ?? [];
  const ids = (body.customer_ids as number[] | undefined) ?? [];
  const all = [
    ...rows,
    ...codes.map((customer_code) => ({ customer_code })),
    ...ids.map((customer_id) => ({ customer_id })),
  ];
  if (all.length === 0) {
    throw badRequest(problem('pick_customer', undefined, body.rows ? 'rows' : 'customer_codes'));
  }
  if (all.length > pointInjectImport.maxRows) {
    throw badRequest(problem('inject_max', { max: pointInjectImport.maxRows }, 'rows'));
  }
  const firstId = rows.length + codes.length;
  if (ids.length === 0) return { rows: all };
  return {
    rows: all,
    rowLabel: (index, path) =>
      index >= firstId
        ? `customer_ids.${index - firstId}${path ? `: ${path}` : ''}`
        : defaultRowLabel(index, path),
  };
}

export const pointInjectDef: ImportDef<typeof pointInjectImport, Customer[]> = {
  contract: pointInjectImport,
  bodyRows,
  extraBody: POINT_INJECT_LEGACY,
  async resolve(tx, rows, ctx) {
    const codes = rows.flatMap((r) => (r.row.customer_code === undefined ? [] : [r.row.customer_code]));
    const ids = rows.flatMap((r) => (r.row.customer_id === undefined ? [] : [r.row.customer_id]));
    const found = await selectRows<Customer>(
      tx,
      sql`select id, customer_code, branch_id from customers
          where customer_code = any(${textArray(codes)}::text[]) or id = any(${intArray(ids)}::int[])`,
    );
    const byCode = new Map(found.map((c) => [c.customer_code, c]));
    const byId = new Map(found.map((c) => [c.id, c]));
    const seen = new Map<number, number>();
    const chosen: Customer[] = [];
    for (const { index, row } of rows) {
      const c = row.customer_code !== undefined ? byCode.get(row.customer_code) : byId.get(row.customer_id!);
      if (!c) {
        ctx.fail(
          index,
          row.customer_code !== undefined
            ? problem(
                'not_found',
                { thing: 'customer_code', value: row.customer_code },
                { field: 'customer_code', named: true },
              )
            : problem(
                'not_found',
                { thing: 'customer', id: row.customer_id! },
                { field: 'customer_id', named: true },
              ),
        );
        continue;
      }
      // The pipeline caught repeats of the same code or id; this catches one customer named both ways.
      const first = seen.get(c.id);
      if (first !== undefined) {
        ctx.fail(
          index,
          problem('duplicate_row', { first: ctx.at(first), key: `customer ${c.customer_code}` }),
        );
        continue;
      }
      seen.set(c.id, index);
      chosen.push(c);
    }
    return chosen;
  },
  async write(tx, customers, ctx) {
    const p = ctx.params;
    const posted = await postMovements(
      tx,
      customers.map((c) => ({
        customerId: c.id,
        pointType: POINT_TYPE.injected,
        points: p.points,
        source: 'inject',
        reason: p.reason,
        reference: p.reference ?? '',
        createdBy: ctx.req.user.id,
        entryDate: p.entry_date ?? null,
      })),
    );
    const result: PointInjectResult = {
      inserted: posted.length,
      updated: 0,
      unchanged: 0,
      count: posted.length,
      points: p.points,
      total_points: p.points * posted.length,
      ids: ctx.dryRun ? [] : posted.map((r) => r.id),
    };
    return { result };
  },
  audit: {
    action: 'inject',
    entity: 'point',
    after: (customers, result, ctx) => ({
      points: ctx.params.points,
      reason: ctx.params.reason,
      reference: ctx.params.reference ?? '',
      customer_codes: customers.map((c) => c.customer_code),
      ledger_ids: result.ids,
    }),
  },
};
