// The turnover rollups (migrations 0005_dashboards.sql and 0009_dashboards_perf.sql keep them by
// triggers in every writer's transaction): rebuild them from the invoices and the ledger, and check them against direct sums.
// `npm run rollups:verify` / `npm run rollups:rebuild` (rollups.cli.ts) and the tests use these.
import { sql } from 'drizzle-orm';
import { type DbOrTx, rows } from '../../db/client';

/**
 * Each rollup beside the same figures summed directly from the base tables (zero rows ignored), with
 * its columns in the order `direct` answers them: the whole rebuild fills each from `direct`
 * (reclassify.ts REBUILD_STEPS).
 */
export const ROLLUPS: { table: string; columns: string; rollup: string; direct: string }[] = [
  {
    table: 'dash_day_branch',
    columns:
      'day, branch_id, invoice_count, unpaid_count, partial_count, paid_count, cancelled_count, invoice_amount, paid_amount, turnover, qty',
    rollup: `select day, branch_id, invoice_count, unpaid_count, partial_count, paid_count, cancelled_count,
                    invoice_amount, paid_amount, turnover, qty from dash_day_branch
             where (invoice_count, turnover, qty) <> (0, 0, 0) or invoice_amount <> 0`,
    direct: `with h as (
               select invoice_date as day, branch_id, count(*)::int as invoice_count,
                 (count(*) filter (where status = 'unpaid'))::int as unpaid_count,
                 (count(*) filter (where status = 'partial'))::int as partial_count,
                 (count(*) filter (where status = 'paid'))::int as paid_count,
                 (count(*) filter (where status = 'cancelled'))::int as cancelled_count,
                 coalesce(sum(net_amount) filter (where status <> 'cancelled'), 0) as invoice_amount,
                 coalesce(sum(paid_amount) filter (where status <> 'cancelled'), 0) as paid_amount
               from sales_invoices group by 1, 2),
             l as (
               select h.invoice_date as day, h.branch_id, sum(l.net_amount) as turnover, sum(l.qty) as qty
               from sales_invoice_lines l join sales_invoices h on h.id = l.invoice_id
               where h.status <> 'cancelled' group by 1, 2)
             select h.day, h.branch_id, h.invoice_count, h.unpaid_count, h.partial_count, h.paid_count,
                    h.cancelled_count, h.invoice_amount::numeric(18,2), h.paid_amount::numeric(18,2),
                    coalesce(l.turnover, 0)::numeric(18,2), coalesce(l.qty, 0)::numeric(18,4)
             from h left join l on l.day = h.day and l.branch_id = h.branch_id`,
  },
  {
    table: 'dash_day_branch_item',
    columns: 'day, branch_id, item_id, item_category_id, turnover, qty',
    rollup: `select day, branch_id, item_id, item_category_id, turnover, qty from dash_day_branch_item
             where (turnover, qty) <> (0, 0)`,
    direct: `select h.invoice_date, h.branch_id, l.item_id, i.item_category_id,
                    sum(l.net_amount)::numeric(18,2), sum(l.qty)::numeric(18,4)
             from sales_invoice_lines l join sales_invoices h on h.id = l.invoice_id join items i on i.id = l.item_id
             where h.status <> 'cancelled' group by 1, 2, 3, 4`,
  },
  {
    table: 'dash_month_branch_item',
    columns: 'month, branch_id, item_id, item_category_id, turnover, qty',
    rollup: `select month, branch_id, item_id, item_category_id, turnover, qty from dash_month_branch_item
             where (turnover, qty) <> (0, 0)`,
    direct: `select date_trunc('month', h.invoice_date)::date, h.branch_id, l.item_id, i.item_category_id,
                    sum(l.net_amount)::numeric(18,2), sum(l.qty)::numeric(18,4)
             from sales_invoice_lines l join sales_invoices h on h.id = l.invoice_id join items i on i.id = l.item_id
             where h.status <> 'cancelled' group by 1, 2, 3, 4`,
  },
  {
    table: 'dash_day_customer_category',
    columns: 'day, branch_id, customer_id, item_category_id, turnover, qty',
    rollup: `select day, branch_id, customer_id, item_category_id, turnover, qty from dash_day_customer_category
             where (turnover, qty) <> (0, 0)`,
    direct: `select h.invoice_date, h.branch_id, h.customer_id, coalesce(i.item_category_id, 0),
                    sum(l.net_amount)::numeric(18,2), sum(l.qty)::numeric(18,4)
             from sales_invoice_lines l join sales_invoices h on h.id = l.invoice_id join items i on i.id = l.item_id
             where h.status <> 'cancelled' group by 1, 2, 3, 4`,
  },
  {
    table: 'dash_day_customer',
    columns: 'branch_id, day, customer_id, turnover, qty',
    rollup: `select branch_id, day, customer_id, turnover, qty from dash_day_customer where (turnover, qty) <> (0, 0)`,
    direct: `select h.branch_id, h.invoice_date, h.customer_id,
                    sum(l.net_amount)::numeric(18,2), sum(l.qty)::numeric(18,4)
             from sales_invoice_lines l join sales_invoices h on h.id = l.invoice_id
             where h.status <> 'cancelled' group by 1, 2, 3`,
  },
  {
    table: 'dash_day_item',
    columns: 'day, item_id, item_category_id, turnover, qty',
    rollup: `select day, item_id, item_category_id, turnover, qty from dash_day_item where (turnover, qty) <> (0, 0)`,
    direct: `select h.invoice_date, l.item_id, i.item_category_id, sum(l.net_amount)::numeric(18,2), sum(l.qty)::numeric(18,4)
             from sales_invoice_lines l join sales_invoices h on h.id = l.invoice_id join items i on i.id = l.item_id
             where h.status <> 'cancelled' group by 1, 2, 3`,
  },
  {
    table: 'dash_day_item_customer',
    columns: 'item_id, branch_id, day, customer_id, turnover, qty',
    rollup: `select item_id, branch_id, day, customer_id, turnover, qty from dash_day_item_customer
             where (turnover, qty) <> (0, 0)`,
    direct: `select l.item_id, h.branch_id, h.invoice_date, h.customer_id,
                    sum(l.net_amount)::numeric(18,2), sum(l.qty)::numeric(18,4)
             from sales_invoice_lines l join sales_invoices h on h.id = l.invoice_id
             where h.status <> 'cancelled' group by 1, 2, 3, 4`,
  },
  {
    table: 'dash_store_flags',
    columns: 'branch_id, customer_type_id, active, show_in_app, registered, stores',
    rollup: `select branch_id, customer_type_id, active, show_in_app, registered, stores from dash_store_flags
             where stores <> 0`,
    direct: `select branch_id, coalesce(customer_type_id, 0), active, show_in_app, registered_at is not null, count(*)::int
             from customers group by 1, 2, 3, 4, 5`,
  },
  {
    table: 'dash_store_totals',
    columns: 'branch_id, customer_type_id, stores, registered',
    rollup: `select branch_id, customer_type_id, stores, registered from dash_store_totals where (stores, registered) <> (0, 0)`,
    direct: `select branch_id, coalesce(customer_type_id, 0), count(*)::int, count(registered_at)::int from customers group by 1, 2`,
  },
  {
    table: 'dash_store_registrations',
    columns: 'day, branch_id, customer_type_id, registered',
    rollup: `select day, branch_id, customer_type_id, registered from dash_store_registrations where registered <> 0`,
    direct: `select (registered_at at time zone 'Asia/Jakarta')::date, branch_id, coalesce(customer_type_id, 0), count(*)::int
             from customers where registered_at is not null group by 1, 2, 3`,
  },
  {
    table: 'dash_points_day_branch',
    columns: 'day, branch_id, points_earned, points_redeemed',
    rollup: `select day, branch_id, points_earned, points_redeemed from dash_points_day_branch
             where (points_earned, points_redeemed) <> (0, 0)`,
    direct: `select * from (
               select l.entry_date, c.branch_id,
                 coalesce(sum(l.points) filter (where l.source in ('invoice', 'promo')), 0)::bigint as e,
                 coalesce(-sum(l.points) filter (where l.source in ('redemption', 'revert')), 0)::bigint as r
               from point_ledger l join customers c on c.id = l.customer_id
               where not l.void and l.source in ('invoice', 'promo', 'redemption', 'revert') group by 1, 2) x
             where (e, r) <> (0, 0)`,
  },
];

export type RollupCheck = { table: string; rows: number; missing: number; extra: number; sample: unknown[] };

/** Compares every rollup with its direct sums: `missing` rows the rollup lacks or holds differently, `extra` rows it should not hold. */
export async function verifyRollups(db: DbOrTx): Promise<RollupCheck[]> {
  const out: RollupCheck[] = [];
  for (const c of ROLLUPS) {
    const [r] = await rows<{ n: number; missing: number; extra: number; sample: unknown[] }>(
      db,
      sql.raw(`with r as (${c.rollup}), d as (${c.direct}),
                 m as (select * from d except all select * from r),
                 x as (select * from r except all select * from d)
               select (select count(*) from r)::int as n, (select count(*) from m)::int as missing,
                      (select count(*) from x)::int as extra,
                      coalesce((select json_agg(t) from (select 'expected' as kind, m.* from m limit 3) t), '[]'::json) as sample`),
    );
    out.push({ table: c.table, rows: r.n, missing: r.missing, extra: r.extra, sample: r.sample });
  }
  // The rollups key an invoice by its own branch, which is its store's branch now (reclassify.ts): an
  // invoice under another branch is a store move not applied yet.
  const [m] = await rows<{ n: number; sample: unknown[] }>(
    db,
    sql`select count(*)::int as n, coalesce(json_agg(x) filter (where x.k <= 3), '[]'::json) as sample
        from (select h.id, h.document_no, h.branch_id, c.branch_id as store_branch_id,
                     row_number() over (order by h.id) as k
              from sales_invoices h join customers c on c.id = h.customer_id where h.branch_id <> c.branch_id) x`,
  );
  out.push({ table: 'sales_invoices (store branch)', rows: m.n, missing: m.n, extra: 0, sample: m.sample });
  return out;
}

/**
 * Every invoice (and VA payment) under its store's branch now, and no reclassification left to apply
 * (reclassify.ts): what the rollups are rebuilt from.
 */
export async function alignInvoicesWithStores(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('dash_reclass'))`);
  await db.execute(sql`delete from dash_reclass`);
  await db.execute(
    sql`update sales_invoices h set branch_id = c.branch_id from customers c
        where c.id = h.customer_id and h.branch_id <> c.branch_id`,
  );
  await db.execute(
    sql`update va_payments v set branch_id = h.branch_id from sales_invoices h
        where h.id = v.invoice_id and v.branch_id is distinct from h.branch_id`,
  );
}

/** Recomputes every rollup from the base tables under the current classification, in the caller's transaction. */
export async function rebuildRollups(db: DbOrTx): Promise<void> {
  await alignInvoicesWithStores(db);
  await db.execute(sql`select dash_rebuild()`);
}

export function formatChecks(checks: RollupCheck[]): { ok: boolean; lines: string[] } {
  const ok = checks.every((c) => c.missing === 0 && c.extra === 0);
  return {
    ok,
    lines: checks.map(
      (c) =>
        `rollups:verify: ${c.table.padEnd(30)} ${String(c.rows).padStart(9)} rows  ${
          c.missing === 0 && c.extra === 0
            ? 'match the invoices'
            : `${c.missing} differ or missing, ${c.extra} extra; e.g. ${JSON.stringify(c.sample)}`
        }`,
    ),
  };
}
