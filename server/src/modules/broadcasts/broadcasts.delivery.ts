// The audience of a broadcast and its delivery: one delivery row per store of the audience, written
// into the stores' inbox with set-based INSERT ... SELECT statements, in slices of customer ids
// (the delivery job, broadcasts.jobs.ts).
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rows } from '../../db/client';
import type { BroadcastTarget } from '../../db/schema/broadcasts';

export type StoredBroadcast = {
  id: number;
  status: string;
  target: BroadcastTarget;
  title: string;
  message: string;
  image_url: string;
  link: string;
  executed_at: string | null;
  sent_count: number;
};

/** `c.<col> in (the list)`, the list passed as one jsonb parameter. */
function inList(column: SQL, list: readonly unknown[] | undefined, cast: 'int' | 'text'): SQL | undefined {
  if (!list || list.length === 0) return undefined;
  const elements = sql`select (x.v)::${sql.raw(cast)} from jsonb_array_elements_text(${JSON.stringify(list)}::jsonb) as x(v)`;
  return sql`${column} in (${elements})`;
}

/**
 * `from ... where ...` of the stores a broadcast goes to: active stores (that installed the app, with
 * installed_only), of the audience's list. Not cut to the caller's branches: only a caller who sees
 * every branch the audience reaches may execute it (assertBroadcastWritable), and a delivery cut to
 * part of the audience would mark the rest as served. Aliases: c, br, r.
 */
export function audienceSql(target: BroadcastTarget): { from: SQL; where: SQL } {
  const needsRegion = (target.region_ids?.length ?? 0) > 0 || (target.region_group_ids?.length ?? 0) > 0;
  const from = needsRegion
    ? sql`customers c join branches br on br.id = c.branch_id join regions r on r.id = br.region_id`
    : sql`customers c`;
  const parts: (SQL | undefined)[] = [
    sql`c.active`,
    target.installed_only ? sql`c.installed` : undefined,
    inList(sql`c.customer_code`, target.customer_codes, 'text'),
    inList(sql`c.branch_id`, target.branch_ids, 'int'),
    inList(sql`br.region_id`, target.region_ids, 'int'),
    inList(sql`r.region_group_id`, target.region_group_ids, 'int'),
    inList(sql`c.customer_type_id`, target.customer_type_ids, 'int'),
  ];
  return {
    from,
    where: sql.join(
      parts.filter((p): p is SQL => p !== undefined),
      sql` and `,
    ),
  };
}

export async function audienceCount(db: DbOrTx, target: BroadcastTarget): Promise<number> {
  const { from, where } = audienceSql(target);
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`);
  return Number(r.n);
}

/**
 * One set-based statement: a delivery row per store of the audience (within `range` of customer ids).
 * `fresh`: the broadcast has no delivery yet (a first execute on the PostgreSQL server), so the rows
 * are inserted plainly; otherwise ON CONFLICT skips the stores that have theirs (a resumed delivery,
 * the embedded slices). Deliveries have no per-row foreign keys (0010_content_perf.sql): a statement
 * trigger checks the ids once, and customer deletes wait for the lock `lockDeliveriesShared` takes.
 */
export async function insertDeliveries(
  db: DbOrTx,
  b: StoredBroadcast,
  range?: { from: number; to: number },
  fresh = false,
): Promise<number> {
  const { from, where } = audienceSql(b.target);
  const slice = range ? sql` and c.id >= ${range.from} and c.id < ${range.to}` : sql``;
  const onConflict = fresh ? sql`` : sql` on conflict (broadcast_id, customer_id) do nothing`;
  const [r] = await rows<{ n: number }>(
    db,
    sql`with ins as (
          insert into broadcast_deliveries (broadcast_id, customer_id, status, delivered_at)
          select ${b.id}, c.id, 'delivered', now() from ${from} where ${where}${slice}
          order by c.id${onConflict}
          returning 1)
        select count(*)::int as n from ins`,
  );
  return Number(r.n);
}

// The lock delivery writers share lives with the inbox (domain/inbox.ts): the points notices take it too.
export { lockDeliveriesShared } from '../../domain/inbox';

export const finishSql = (id: number) =>
  sql`update broadcasts set status = 'sent', updated_at = now(),
        sent_count = (select count(*)::int from broadcast_deliveries d where d.broadcast_id = ${id} and d.status <> 'failed')
      where id = ${id}`;

/**
 * Target duration of one slice: on the embedded database other requests wait at most this long; on a
 * server the figures still move every fraction of a second.
 */
const SLICE_TARGET_MS = { embedded: 20, server: 250 };

/**
 * The delivery in slices of customer ids, each its own transaction (`slice` writes one range and
 * answers how many deliveries it wrote), the slice size adapted so each takes about the target,
 * yielding to the event loop in between. `onSlice` receives each slice's duration and rows. A
 * `fixedSpan` (BROADCAST_SLICE_SIZE) replaces the adaptive size.
 */
export async function deliverInSlices(
  db: Db,
  slice: (range: { from: number; to: number }) => Promise<number>,
  onSlice?: (ms: number, rows: number) => void | Promise<void>,
  fixedSpan?: number,
): Promise<number> {
  const [bounds] = await rows<{ lo: number | null; hi: number | null }>(
    db,
    sql`select min(id) as lo, max(id) as hi from customers`,
  );
  if (bounds.lo === null || bounds.hi === null) return 0;
  const target = isEmbedded(db) ? SLICE_TARGET_MS.embedded : SLICE_TARGET_MS.server;
  // Starts small and grows at most 1.25x a slice (a slice far over the target holds every other
  // request that long); shrinks at once when a slice took longer than the target.
  let span = fixedSpan ?? 100;
  let total = 0;
  for (let start = Number(bounds.lo); start <= Number(bounds.hi); ) {
    const began = performance.now();
    const n = await slice({ from: start, to: start + span });
    const ms = performance.now() - began;
    total += n;
    start += span;
    await onSlice?.(ms, n);
    const fit = Math.round((span * target) / Math.max(ms, 1));
    if (!fixedSpan) span = Math.max(25, Math.min(20_000, Math.round(span * 1.25), fit));
    // A macrotask turn: requests waiting for the database get it between two slices.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return total;
}

/** Whether the handle is the embedded database (PGlite). */
export function isEmbedded(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

/** Test and bench hook: the duration of each slice of the last delivery. */
export const sliceLog: { ms: number; rows: number }[] = [];
