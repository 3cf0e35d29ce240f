// The three imports of the targets area, on the shared pipeline (resources/imports.ts does the
// envelope, the row schemas, duplicates by natural key, the transaction, dry_run and the audit row):
// - customer targets (POST /customer/target/add_bulk): rows of twelve month columns or month + amount
//   become one customer_targets row per month, upserted on customer + year + month (a re-import
//   replaces the amount);
// - target category volume (POST /target_category_volume/) and the older target category
//   (POST /target_category/): one row per customer, item category and period.
// resolve() looks every code up in one query and names each unknown code, unknown category and month
// named twice (runImport names the rows of another branch); write() is set based, in chunks.
import {
  customerTargetImport,
  MONTH_COLUMNS,
  type TargetCategoryRow,
  type TargetCategoryVolumeRow,
  targetCategoryImport,
  targetCategoryVolumeImport,
} from '@lbo/contract/targets';
import { sql } from 'drizzle-orm';
import { rows as selectRows, type Tx } from '../../db/client';
import { problem } from '../../http/errors';
import { type ImportDef, type ResolveContext, type RowAt, upsertRows } from '../../resources/imports';

type Customer = { id: number; customer_code: string; branch_id: number };

const CHUNK = 20_000;

/** Every named customer in one query (codes as a JSON array, never spliced into SQL). */
async function customersByCode(tx: Tx, codes: readonly string[]): Promise<Map<string, Customer>> {
  const unique = [...new Set(codes)];
  const found = await selectRows<Customer>(
    tx,
    sql`select id, customer_code, branch_id from customers
        where customer_code = any(array(select json_array_elements_text(${JSON.stringify(unique)}::json)))`,
  );
  return new Map(found.map((c) => [c.customer_code, c]));
}

/** The customer of a row: unknown codes fail (runImport checks the branches of the rows' customers). */
function customerOf<P>(
  byCode: Map<string, Customer>,
  index: number,
  code: string,
  ctx: ResolveContext<P>,
): Customer | undefined {
  const c = byCode.get(code);
  if (!c) {
    ctx.fail(
      index,
      problem('not_found', { thing: 'customer_code', value: code }, { field: 'customer_code', named: true }),
    );
    return undefined;
  }
  return c;
}

async function upsertChunked(
  tx: Tx,
  o: Omit<Parameters<typeof upsertRows>[1], 'rows'>,
  all: Record<string, unknown>[],
) {
  const total = { inserted: 0, updated: 0, unchanged: 0 };
  for (let i = 0; i < all.length; i += CHUNK) {
    const r = await upsertRows(tx, { ...o, rows: all.slice(i, i + CHUNK) });
    total.inserted += r.inserted;
    total.updated += r.updated;
    total.unchanged += r.unchanged;
  }
  return total;
}

type TargetMonthRow = { customer_id: number; year: number; month: number; target_amount: number };

export const customerTargetImportDef: ImportDef<typeof customerTargetImport, TargetMonthRow[]> = {
  contract: customerTargetImport,
  async resolve(tx, rows, ctx) {
    const byCode = await customersByCode(
      tx,
      rows.map((r) => r.row.customer_code),
    );
    const out: TargetMonthRow[] = [];
    // customer/year/month -> the row that named it first (a year row and a month row may collide).
    const seen = new Map<string, number>();
    for (const { index, row } of rows) {
      const c = customerOf(byCode, index, row.customer_code, ctx);
      if (!c) continue;
      const months: [number, number][] =
        row.month !== undefined
          ? [[row.month, row.amount as number]]
          : MONTH_COLUMNS.flatMap((m, i) => (row[m] === undefined ? [] : [[i + 1, row[m] as number]]));
      for (const [month, amount] of months) {
        const key = `${c.id}/${row.year}/${month}`;
        const first = seen.get(key);
        if (first !== undefined && first !== index) {
          ctx.fail(
            index,
            problem('duplicate_row', {
              first: ctx.at(first),
              key: `customer_code ${row.customer_code}, year ${row.year}, month ${month}`,
            }),
          );
          continue;
        }
        seen.set(key, index);
        out.push({ customer_id: c.id, year: row.year, month, target_amount: amount });
      }
    }
    return out;
  },
  async write(tx, months) {
    const result = await upsertChunked(
      tx,
      {
        table: 'customer_targets',
        key: [
          { name: 'customer_id', type: 'int' },
          { name: 'year', type: 'int' },
          { name: 'month', type: 'int' },
        ],
        columns: [{ name: 'target_amount', type: 'numeric' }],
        touch: ['updated_at'],
      },
      months,
    );
    return { result };
  },
  audit: { after: (months) => ({ months: months.length }) },
};

/** Item category names, matched ignoring case, to their stored spelling. */
async function categoryNames(tx: Tx, names: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(names.map((n) => n.toLowerCase()))];
  const found = await selectRows<{ key: string; name: string }>(
    tx,
    sql`select distinct on (lower(name)) lower(name) as key, name from item_categories
        where lower(name) = any(array(select json_array_elements_text(${JSON.stringify(unique)}::json)))
        order by lower(name), id`,
  );
  return new Map(found.map((c) => [c.key, c.name]));
}

type Resolved<R> = { row: R; customer: Customer; name: string }[];

async function resolveCategoryRows<R extends { customer_code: string; name: string }, P>(
  tx: Tx,
  rows: RowAt<R>[],
  ctx: ResolveContext<P>,
): Promise<Resolved<R>> {
  const byCode = await customersByCode(
    tx,
    rows.map((r) => r.row.customer_code),
  );
  const names = await categoryNames(
    tx,
    rows.map((r) => r.row.name),
  );
  const out: Resolved<R> = [];
  for (const { index, row } of rows) {
    const name = names.get(row.name.toLowerCase());
    if (!name) ctx.fail(index, problem('not_category', { name: row.name }), 'name');
    const c = customerOf(byCode, index, row.customer_code, ctx);
    if (c && name) out.push({ row, customer: c, name });
  }
  return out;
}

export const targetCategoryVolumeImportDef: ImportDef<
  typeof targetCategoryVolumeImport,
  Resolved<TargetCategoryVolumeRow>
> = {
  contract: targetCategoryVolumeImport,
  resolve: (tx, rows, ctx) => resolveCategoryRows(tx, rows, ctx),
  async write(tx, resolved) {
    const result = await upsertChunked(
      tx,
      {
        table: 'target_category_volumes',
        key: [
          { name: 'customer_code', type: 'text' },
          { name: 'name', type: 'text' },
          { name: 'period_start', type: 'date' },
        ],
        columns: [
          { name: 'customer_id', type: 'int' },
          { name: 'period_end', type: 'date' },
          { name: 'target_volume', type: 'numeric' },
          { name: 'uom', type: 'text' },
        ],
        touch: ['updated_at'],
      },
      resolved.map(({ row, customer, name }) => ({
        customer_code: customer.customer_code,
        name,
        period_start: row.start_date,
        customer_id: customer.id,
        period_end: row.end_date,
        target_volume: row.target_volume,
        uom: row.uom ?? '',
      })),
    );
    return { result };
  },
};

export const targetCategoryImportDef: ImportDef<typeof targetCategoryImport, Resolved<TargetCategoryRow>> = {
  contract: targetCategoryImport,
  resolve: (tx, rows, ctx) => resolveCategoryRows(tx, rows, ctx),
  async write(tx, resolved) {
    const result = await upsertChunked(
      tx,
      {
        table: 'target_categories',
        key: [
          { name: 'customer_code', type: 'text' },
          { name: 'name', type: 'text' },
          { name: 'year', type: 'int' },
          { name: 'month', type: 'int' },
        ],
        columns: [
          { name: 'customer_id', type: 'int' },
          { name: 'target', type: 'numeric' },
        ],
        touch: ['updated_at'],
      },
      resolved.map(({ row, customer, name }) => ({
        customer_code: customer.customer_code,
        name,
        year: row.year,
        month: row.month,
        customer_id: customer.id,
        target: row.target,
      })),
    );
    return { result };
  },
};
