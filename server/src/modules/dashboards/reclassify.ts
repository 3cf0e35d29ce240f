// Rollups follow reclassification (README.md, "One classification: the current one").
//
// Every dashboard and report shows its figures under the current classification: an invoice line
// counts under its item's category now, an invoice under its store's branch now (and so its region and
// region group now), points under the store's branch now, a customer-type filter keeps the stores of
// that type now. The ERP feed already writes an invoice under its store's branch of the moment, the
// target reports join the items' current categories and the type filters read the customers' current
// type; what lagged was the rollups' stored category and the invoices and points of a store that moved.
//
// A change of an item's category or a store's branch is noted in dash_reclass by a trigger in the
// writer's own transaction (migration 0022_reclassification.sql), whoever writes it. After the commit,
// applyReclassifications takes the notes and rebuilds exactly what they touch, set-based, one short
// transaction per batch of notes:
// - items: the category carried by dash_day_branch_item, dash_month_branch_item and dash_day_item rows
//   of those items (their sums do not depend on it), and dash_day_customer_category recomputed for the
//   (branch, day, store) keys where those items were sold;
// - stores: their invoices (and VA payments) moved to the store's branch, which the invoices' own
//   statement triggers carry into every turnover rollup (dash_day_branch, the item and customer ones),
//   and dash_points_day_branch recomputed for the branches they left and joined.
// The customer type, a branch's region and a region's group key no rollup: the reads join them.
//
// The whole rebuild (rebuildAll) runs the same per rollup, one short transaction a table, with its
// progress in dash_rebuild_runs; started from the back office (POST /web/dashboard/rollups/rebuild).
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rows, type Tx } from '../../db/client';
import { alignInvoicesWithStores, ROLLUPS } from './rollups';

const ids = (xs: Iterable<number>) => `{${[...new Set(xs)].join(',')}}`;

/** The items' rows carry their current category; dash_day_customer_category recomputed where they sold. */
export async function rebuildForItems(tx: Tx, items: number[]): Promise<void> {
  if (items.length === 0) return;
  const list = ids(items);
  for (const table of ['dash_day_branch_item', 'dash_month_branch_item', 'dash_day_item']) {
    await tx.execute(
      sql`update ${sql.identifier(table)} t set item_category_id = i.item_category_id from items i
          where i.id = t.item_id and t.item_id = any(${list}::int[])
            and t.item_category_id is distinct from i.item_category_id`,
    );
  }
  // Exclusive against the writers' triggers for the moment of the swap (their upserts wait, then add
  // to the recomputed rows); reads go on.
  await tx.execute(sql`lock table dash_day_customer_category in exclusive mode`);
  const keys = sql`select distinct h.branch_id, h.invoice_date as day, h.customer_id
    from sales_invoice_lines l join sales_invoices h on h.id = l.invoice_id
    where l.item_id = any(${list}::int[]) and h.status <> 'cancelled'`;
  await tx.execute(
    sql`delete from dash_day_customer_category t using (${keys}) k
        where t.branch_id = k.branch_id and t.day = k.day and t.customer_id = k.customer_id`,
  );
  await tx.execute(
    sql`insert into dash_day_customer_category (branch_id, day, customer_id, item_category_id, turnover, qty)
        select h.branch_id, h.invoice_date, h.customer_id, coalesce(i.item_category_id, 0), sum(l.net_amount), sum(l.qty)
        from (${keys}) k
        join sales_invoices h on h.customer_id = k.customer_id and h.invoice_date = k.day and h.branch_id = k.branch_id
        join sales_invoice_lines l on l.invoice_id = h.id join items i on i.id = l.item_id
        where h.status <> 'cancelled'
        group by 1, 2, 3, 4`,
  );
}

/**
 * The stores' invoices (and their VA payments) under the store's branch, which moves their turnover in
 * every rollup through the invoices' triggers; then points per day and branch recomputed for `branches`.
 */
export async function rebuildForStores(tx: Tx, stores: number[], branches: number[]): Promise<void> {
  if (stores.length === 0) return;
  const list = ids(stores);
  await tx.execute(
    sql`update sales_invoices h set branch_id = c.branch_id from customers c
        where c.id = h.customer_id and h.customer_id = any(${list}::int[]) and h.branch_id <> c.branch_id`,
  );
  await tx.execute(
    sql`update va_payments v set branch_id = h.branch_id from sales_invoices h
        where h.id = v.invoice_id and h.customer_id = any(${list}::int[]) and v.branch_id is distinct from h.branch_id`,
  );
  const now = await rows<{ branch_id: number }>(
    tx,
    sql`select distinct branch_id from customers where id = any(${list}::int[])`,
  );
  await rebuildPointsForBranches(tx, [...branches, ...now.map((r) => r.branch_id)]);
}

/** dash_points_day_branch rows of `branches`, recomputed from the ledger of their stores now. */
export async function rebuildPointsForBranches(tx: Tx, branches: number[]): Promise<void> {
  if (branches.length === 0) return;
  const list = ids(branches);
  await tx.execute(sql`lock table dash_points_day_branch in exclusive mode`);
  await tx.execute(sql`delete from dash_points_day_branch where branch_id = any(${list}::int[])`);
  await tx.execute(
    sql`insert into dash_points_day_branch (day, branch_id, points_earned, points_redeemed)
        select l.entry_date, c.branch_id,
          coalesce(sum(l.points) filter (where l.source in ('invoice', 'promo')), 0),
          coalesce(-sum(l.points) filter (where l.source in ('redemption', 'revert')), 0)
        from customers c join point_ledger l on l.customer_id = c.id
        where c.branch_id = any(${list}::int[]) and not l.void and l.source in ('invoice', 'promo', 'redemption', 'revert')
        group by 1, 2`,
  );
}

const BATCH = 1000;

/**
 * Applies the noted reclassifications (oldest first, in batches of one transaction each) and answers
 * how many notes it applied. Processes serialise on an advisory lock, so notes are applied once. The
 * one function the write paths call after their commit (later: the job a queue runs).
 */
export async function applyReclassifications(db: Db): Promise<number> {
  let applied = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dash_reclass'))`);
      const notes = await rows<{ kind: 'item' | 'store'; key_id: number; old_id: number | null }>(
        tx,
        sql`delete from dash_reclass where id in (select id from dash_reclass order by id limit ${BATCH})
            returning kind, key_id, old_id`,
      );
      // Items first: a store's invoices then move out of their old branch under the current categories.
      await rebuildForItems(
        tx,
        notes.filter((x) => x.kind === 'item').map((x) => x.key_id),
      );
      const stores = notes.filter((x) => x.kind === 'store');
      await rebuildForStores(
        tx,
        stores.map((x) => x.key_id),
        stores.flatMap((x) => (x.old_id === null ? [] : [x.old_id])),
      );
      return notes.length;
    });
    applied += n;
    if (n < BATCH) return applied;
  }
}

/** Whether any reclassification waits to be applied (one index probe). */
export async function reclassificationsPending(db: DbOrTx): Promise<boolean> {
  const [r] = await rows<{ any: boolean }>(db, sql`select exists (select 1 from dash_reclass) as any`);
  return r.any;
}

export type RebuildRun = {
  id: number;
  started_at: string;
  updated_at: string;
  finished_at: string | null;
  steps_total: number;
  steps_done: number;
  step: string;
  error: string | null;
};

/** The steps of a whole rebuild: the reclassifications (every invoice under its store's branch), then one per rollup. */
export const REBUILD_STEPS: { name: string; run(tx: Tx): Promise<void> }[] = [
  {
    name: 'reclassification',
    run: alignInvoicesWithStores,
  },
  ...ROLLUPS.map((r) => ({
    name: r.table,
    async run(tx: Tx) {
      await tx.execute(sql.raw(`lock table ${r.table} in exclusive mode`));
      await tx.execute(sql.raw(`delete from ${r.table}`));
      await tx.execute(sql.raw(`insert into ${r.table} (${r.columns}) ${r.direct}`));
    },
  })),
];

const RUN_COLUMNS = sql`id, started_at, updated_at, finished_at, steps_total, steps_done, step, error`;

/** A run is under way while unfinished and heard from within this long (a crashed process's run is not). */
const STALE_AFTER = sql`interval '15 minutes'`;

/** The newest run, or null. */
export async function latestRebuild(db: DbOrTx): Promise<RebuildRun | null> {
  const [r] = await rows<RebuildRun>(
    db,
    sql`select ${RUN_COLUMNS} from dash_rebuild_runs order by id desc limit 1`,
  );
  return r ?? null;
}

/** Records a new run, or answers null when one is under way. */
export async function startRebuild(tx: Tx, by: number | null): Promise<RebuildRun | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dash_rebuild_runs'))`);
  const [busy] = await rows<{ id: number }>(
    tx,
    sql`select id from dash_rebuild_runs where finished_at is null and updated_at > now() - ${STALE_AFTER} limit 1`,
  );
  if (busy) return null;
  const [r] = await rows<RebuildRun>(
    tx,
    sql`insert into dash_rebuild_runs (started_by, steps_total) values (${by}, ${REBUILD_STEPS.length})
        returning ${RUN_COLUMNS}`,
  );
  return r;
}

/** Runs a recorded run's steps, each in its own transaction with its progress; a failure is recorded on the run. */
export async function runRebuild(db: Db, runId: number): Promise<RebuildRun> {
  try {
    for (const [i, step] of REBUILD_STEPS.entries()) {
      // The step's name first, on its own (a poller sees what runs), then the step with its count.
      await db.execute(
        sql`update dash_rebuild_runs set step = ${step.name}, updated_at = now() where id = ${runId}`,
      );
      await db.transaction(async (tx) => {
        await step.run(tx);
        await tx.execute(
          sql`update dash_rebuild_runs set steps_done = ${i + 1}, updated_at = now() where id = ${runId}`,
        );
      });
    }
    await db.execute(sql`update dash_rebuild_runs set finished_at = now(), step = '' where id = ${runId}`);
  } catch (err) {
    await db.execute(
      sql`update dash_rebuild_runs set finished_at = now(), updated_at = now(),
            error = ${err instanceof Error ? err.message : String(err)} where id = ${runId}`,
    );
  }
  const [r] = await rows<RebuildRun>(
    db,
    sql`select ${RUN_COLUMNS} from dash_rebuild_runs where id = ${runId}`,
  );
  return r;
}
