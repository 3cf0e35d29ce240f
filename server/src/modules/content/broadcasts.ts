// Broadcasts: the resource definitions (list, select, get with delivery counts, add, edit, delete,
// deliveries) and the execute action, which writes one delivery row per store of the audience into
// the stores' inbox with set-based INSERT ... SELECT statements and then calls the push adapter.
//
// Execute, step by step (registerAction gives auth, the confirm count, a lock against the same call
// twice at once, one transaction and the audit row):
// - refused with 409 when the broadcast was delivered already (saying when and to how many stores),
//   is being delivered right now, or was cancelled;
// - on a PostgreSQL server: one INSERT ... SELECT ... ON CONFLICT (broadcast_id, customer_id) DO NOTHING
//   in the action's transaction, status 'sent' with the delivered count, all or nothing;
// - on the embedded database (one connection shared by every request, and awaited PGlite calls do not
//   yield): the transaction only marks the broadcast 'sending'; after it commits the same statement
//   runs per slice of customer ids, each its own short transaction of ~20 ms with a yield to the event
//   loop in between, so other requests wait at most one slice. A crash mid-way leaves 'sending';
//   executing again resumes (ON CONFLICT skips what was written) and ends with 'sent'.
import { PGlite } from '@electric-sql/pglite';
import { CONFIRM_COUNT } from '@lbo/contract/action';
import {
  AUDIENCE_LIST,
  audienceIssue,
  type BroadcastAudience,
  broadcastContract,
  broadcastDeliveryContract,
  broadcastExecuteAction,
  broadcastSearchContract,
} from '@lbo/contract/broadcasts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Db, type DbOrTx, rows } from '../../db/client';
import { type BroadcastTarget, broadcast_deliveries, broadcasts } from '../../db/schema/broadcasts';
import { customers } from '../../db/schema/customers';
import { branches } from '../../db/schema/organisation';
import { badRequest, conflict, problem } from '../../http/errors';
import { assertBranchInScope, branchCondition } from '../../http/scope';
import { registerAction } from '../../resources/actions';
import { type AnyResourceDef, defineResource, outerColumn } from '../../resources/define';
import { pushAdapter } from './push';

const t = broadcasts.target;
const listOf = (key: string) => sql`coalesce(${t} -> ${sql.raw(`'${key}'`)}, '[]'::jsonb)`;
const nonEmpty = (key: string) =>
  sql`jsonb_typeof(${t} -> ${sql.raw(`'${key}'`)}) = 'array' and jsonb_array_length(${t} -> ${sql.raw(`'${key}'`)}) > 0`;

/** The audience a stored target names (the first non-empty list). */
const audienceColumn = sql<BroadcastAudience>`case
  when ${nonEmpty('customer_codes')} then 'customers'
  when ${nonEmpty('branch_ids')} then 'branch'
  when ${nonEmpty('region_ids')} then 'region'
  when ${nonEmpty('region_group_ids')} then 'region_group'
  when ${nonEmpty('customer_type_ids')} then 'customer_type'
  else 'all' end`;

const broadcastColumns = {
  id: broadcasts.id,
  title: broadcasts.title,
  message: broadcasts.message,
  image: broadcasts.image_url,
  link: broadcasts.link,
  audience: audienceColumn,
  branch_ids: listOf('branch_ids'),
  region_ids: listOf('region_ids'),
  region_group_ids: listOf('region_group_ids'),
  customer_type_ids: listOf('customer_type_ids'),
  customer_codes: listOf('customer_codes'),
  installed_only: sql<boolean>`coalesce((${t} ->> 'installed_only')::boolean, false)`,
  status: broadcasts.status,
  executed_at: broadcasts.executed_at,
  executed_by_name: sql<
    string | null
  >`(select u.name from staff_users u where u.id = ${outerColumn(broadcasts.executed_by)})`,
  delivered_count: broadcasts.sent_count,
  created_at: broadcasts.created_at,
  updated_at: broadcasts.updated_at,
};

type Body = Record<string, unknown>;

/** The stored target of an audience: only that audience's list (plus installed_only). */
function targetOf(v: Body): BroadcastTarget {
  const key = AUDIENCE_LIST[(v.audience as BroadcastAudience) ?? 'all'];
  const target: Record<string, unknown> = {};
  if (key) target[key] = v[key];
  if (v.installed_only) target.installed_only = true;
  return target as BroadcastTarget;
}

/** 400 naming every id or code of the audience's list that does not exist; 403 for foreign branches. */
async function assertTargetKnown(tx: DbOrTx, req: FastifyRequest, v: Body): Promise<void> {
  const key = AUDIENCE_LIST[(v.audience as BroadcastAudience) ?? 'all'];
  if (!key) return;
  const list = (v[key] as unknown[]) ?? [];
  if (key === 'branch_ids') for (const id of list) assertBranchInScope(req, id as number);
  const table = {
    branch_ids: 'branches',
    region_ids: 'regions',
    region_group_ids: 'region_groups',
    customer_type_ids: 'customer_types',
    customer_codes: 'customers',
  }[key]!;
  const column = key === 'customer_codes' ? 'customer_code' : 'id';
  const missing = await rows<{ v: string }>(
    tx,
    sql`select x.v from jsonb_array_elements_text(${JSON.stringify(list)}::jsonb) as x(v)
        where not exists (select 1 from ${sql.identifier(table)} t
                          where t.${sql.identifier(column)}::text = x.v)
        limit 11`,
  );
  if (missing.length > 0) {
    const shown = missing.slice(0, 10).map((m) => m.v);
    throw badRequest(
      problem('codes_not_found', { values: shown.join(', '), more: missing.length > 10 ? 1 : 0 }, key),
    );
  }
}

export const broadcastResource = defineResource({
  contract: broadcastContract,
  table: broadcasts,
  images: ['image'],
  columns: broadcastColumns,
  sort: {
    id: broadcasts.id,
    title: broadcasts.title,
    status: broadcasts.status,
    executed_at: broadcasts.executed_at,
    created_at: broadcasts.created_at,
    delivered_count: broadcasts.sent_count,
  },
  search: [broadcasts.title, broadcasts.message],
  filters: {
    status: broadcasts.status,
    audience: (v: string) => sql`${audienceColumn} = ${v}`,
  },
  detail: async (record, { db }) => {
    const [counts] = await rows<Record<string, number>>(
      db,
      sql`select count(*) filter (where status = 'pending')::int as pending,
                 count(*) filter (where status = 'sent')::int as sent,
                 count(*) filter (where status = 'delivered')::int as delivered,
                 count(*) filter (where status = 'read')::int as read,
                 count(*) filter (where status = 'failed')::int as failed
          from broadcast_deliveries where broadcast_id = ${record.id as number}`,
    );
    const n = (k: string) => Number(counts?.[k] ?? 0);
    return {
      ...record,
      delivery_counts: {
        pending: n('pending'),
        sent: n('sent'),
        delivered: n('delivered'),
        read: n('read'),
        failed: n('failed'),
      },
    };
  },
  hooks: {
    beforeCreate: async (input, { tx, req }) => {
      await assertTargetKnown(tx, req, input as Body);
      return {
        title: input.title,
        message: input.message,
        image_url: input.image,
        link: input.link,
        target: targetOf(input as Body),
        status: 'draft',
        created_by: req.user.id,
      };
    },
    beforeUpdate: async (id, input, before, { tx, req }) => {
      if (!['draft', 'queued'].includes(before.status as string)) {
        throw conflict(problem('broadcast_locked', { id, status: String(before.status) }));
      }
      const values: Body = {};
      if (input.title !== undefined) values.title = input.title;
      if (input.message !== undefined) values.message = input.message;
      if (input.image !== undefined) values.image_url = input.image;
      if (input.link !== undefined) values.link = input.link;
      const touchesAudience = Object.keys(input).some(
        (k) => k === 'audience' || k === 'installed_only' || Object.values(AUDIENCE_LIST).includes(k),
      );
      if (touchesAudience) {
        const merged = { ...before, ...input } as Body;
        const issue = audienceIssue(merged);
        if (issue)
          throw badRequest(problem('audience_required', { audience: String(merged.audience) }, issue.path));
        await assertTargetKnown(tx, req, merged);
        values.target = targetOf(merged);
      }
      return values;
    },
    beforeDelete: async (id, before) => {
      if (before.status === 'sending') {
        throw conflict(problem('broadcast_sending_delete', { id }));
      }
    },
  },
});

export const broadcastSearchResource = defineResource({
  ...broadcastResource,
  contract: broadcastSearchContract,
  detail: undefined,
  hooks: undefined,
} as AnyResourceDef);

export const broadcastDeliveryResource = defineResource({
  contract: broadcastDeliveryContract,
  table: broadcast_deliveries,
  columns: {
    id: broadcast_deliveries.id,
    broadcast_id: broadcast_deliveries.broadcast_id,
    customer_id: broadcast_deliveries.customer_id,
    customer_code: customers.customer_code,
    customer_name: customers.customer_name,
    branch_name: branches.name,
    status: broadcast_deliveries.status,
    delivered_at: broadcast_deliveries.delivered_at,
    error: broadcast_deliveries.error,
  },
  joins: (q) =>
    q
      .innerJoin(customers, eq(customers.id, broadcast_deliveries.customer_id))
      .innerJoin(branches, eq(branches.id, customers.branch_id)),
  sort: {
    id: broadcast_deliveries.id,
    customer_name: customers.customer_name,
    customer_code: customers.customer_code,
    status: broadcast_deliveries.status,
    delivered_at: broadcast_deliveries.delivered_at,
  },
  search: [customers.customer_name, customers.customer_code],
  filters: { broadcast_id: broadcast_deliveries.broadcast_id, status: broadcast_deliveries.status },
  scope: { branchColumn: customers.branch_id },
});

export const broadcastResources = [broadcastResource, broadcastSearchResource, broadcastDeliveryResource];

// ---------------------------------------------------------------------------------------------
// The audience and the delivery

type StoredBroadcast = {
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
 * installed_only), of the audience's list, within the caller's branches. Aliases: c, br, r.
 */
export function audienceSql(target: BroadcastTarget, req: FastifyRequest): { from: SQL; where: SQL } {
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
    branchCondition(req, sql`c.branch_id`),
  ];
  return {
    from,
    where: sql.join(
      parts.filter((p): p is SQL => p !== undefined),
      sql` and `,
    ),
  };
}

export async function audienceCount(
  db: DbOrTx,
  target: BroadcastTarget,
  req: FastifyRequest,
): Promise<number> {
  const { from, where } = audienceSql(target, req);
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`);
  return Number(r.n);
}

/**
 * One set-based statement: a delivery row per store of the audience (within `range` of customer ids).
 * `fresh`: the broadcast has no delivery yet (a first execute on the PostgreSQL server), so the rows
 * are inserted plainly; otherwise ON CONFLICT skips the stores that have theirs (a resumed delivery,
 * the embedded slices). Deliveries have no per-row foreign keys (0008_content_perf.sql): a statement
 * trigger checks the ids once, and customer deletes wait for the lock `lockDeliveriesShared` takes.
 */
async function insertDeliveries(
  db: DbOrTx,
  b: StoredBroadcast,
  req: FastifyRequest,
  range?: { from: number; to: number },
  fresh = false,
): Promise<number> {
  const { from, where } = audienceSql(b.target, req);
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

/**
 * Held (shared) by a transaction writing deliveries until it ends; deleting customers takes it
 * exclusively before deleting their deliveries (0008_content_perf.sql), so neither misses the other.
 */
async function lockDeliveriesShared(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('broadcast_deliveries.customers'), 0)`);
}

const finishSql = (id: number) =>
  sql`update broadcasts set status = 'sent', updated_at = now(),
        sent_count = (select count(*)::int from broadcast_deliveries d where d.broadcast_id = ${id} and d.status <> 'failed')
      where id = ${id}`;

/** Target duration of one slice on the embedded database (other requests wait at most this long). */
const SLICE_TARGET_MS = 20;

/**
 * The delivery in slices of customer ids, each its own statement (and so its own transaction), the
 * slice size adapted so each takes about SLICE_TARGET_MS, yielding to the event loop in between.
 * `onSlice` receives each slice's duration (the bench and tests check the longest).
 */
export async function deliverInSlices(
  db: Db,
  b: StoredBroadcast,
  req: FastifyRequest,
  onSlice?: (ms: number, rows: number) => void,
): Promise<number> {
  const [bounds] = await rows<{ lo: number | null; hi: number | null }>(
    db,
    sql`select min(id) as lo, max(id) as hi from customers`,
  );
  if (bounds.lo === null || bounds.hi === null) return 0;
  // Slices cover distinct customers: without earlier deliveries (a resume) no conflict can occur.
  const [{ any }] = await rows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from broadcast_deliveries where broadcast_id = ${b.id}) as any`,
  );
  // Starts small and grows at most 1.25x a slice (a slice far over the target holds every other
  // request that long); shrinks at once when a slice took longer than the target.
  let span = 100;
  let total = 0;
  for (let start = Number(bounds.lo); start <= Number(bounds.hi); ) {
    const began = performance.now();
    const n = await insertDeliveries(db, b, req, { from: start, to: start + span }, !any);
    const ms = performance.now() - began;
    onSlice?.(ms, n);
    total += n;
    start += span;
    const fit = Math.round((span * SLICE_TARGET_MS) / Math.max(ms, 1));
    span = Math.max(25, Math.min(20_000, Math.round(span * 1.25), fit));
    // A macrotask turn: requests waiting for the database get it between two slices.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return total;
}

/** Whether the handle is the embedded database (PGlite). */
export function isEmbedded(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

/** Broadcasts being delivered by this process (the embedded database is used by one process only). */
const delivering = new Set<number>();

/** Test and bench hook: the duration of each slice of the last embedded delivery. */
export const sliceLog: { ms: number; rows: number }[] = [];

export function registerBroadcastRoutes(api: FastifyInstance, db: Db): void {
  const embedded = isEmbedded(db);
  registerAction(api, db, {
    contract: broadcastExecuteAction,
    resource: broadcastResource,
    preview: async ({ tx, req, id, record }) => {
      const [b] = await tx
        .select({ target: broadcasts.target })
        .from(broadcasts)
        .where(eq(broadcasts.id, id!));
      return {
        count: await audienceCount(tx, b.target, req),
        audience: record!.audience as BroadcastAudience,
      };
    },
    handler: async ({ tx, req, id, afterCommit }) => {
      const [b] = (await tx.select().from(broadcasts).where(eq(broadcasts.id, id!))) as StoredBroadcast[];
      if (b.status === 'sent') {
        const when = b.executed_at
          ? new Date(b.executed_at).toISOString().slice(0, 16).replace('T', ' ')
          : '';
        throw conflict(problem('broadcast_delivered', { id: b.id, when, count: b.sent_count }));
      }
      if (b.status === 'cancelled') throw conflict(problem('broadcast_cancelled', { id: b.id }));
      if (b.status === 'sending' && delivering.has(b.id)) {
        throw conflict(problem('broadcast_sending', { id: b.id }));
      }
      // The audience size was counted by the preview in this transaction and matched confirm_count.
      const audience = Number((req.query as Record<string, unknown>)[CONFIRM_COUNT]);
      // The row lock taken here keeps the broadcast (and so its deliveries) until the commit.
      const [marked] = await rows<{ at: string }>(
        tx,
        sql`update broadcasts set status = 'sending', updated_at = now(),
              executed_at = coalesce(executed_at, now()), executed_by = ${req.user.id}
            where id = ${b.id} returning executed_at as at`,
      );
      if (!marked) throw conflict(problem('broadcast_deleted', { id: b.id }));
      const executedAt = new Date(marked.at).toISOString();
      let written = 0;
      if (!embedded) {
        await lockDeliveriesShared(tx);
        const [{ any }] = await rows<{ any: boolean }>(
          tx,
          sql`select exists (select 1 from broadcast_deliveries where broadcast_id = ${b.id}) as any`,
        );
        written = await insertDeliveries(tx, b, req, undefined, !any);
        // A first delivery wrote every row itself; a resumed one counts (it kept earlier rows).
        await tx.execute(
          any
            ? finishSql(b.id)
            : sql`update broadcasts set status = 'sent', updated_at = now(), sent_count = ${written}
                  where id = ${b.id}`,
        );
      } else {
        delivering.add(b.id);
      }
      afterCommit(async () => {
        if (embedded) {
          try {
            sliceLog.length = 0;
            // The count is kept as it goes (counting 100,000 rows at the end would hold the
            // embedded database as long as several slices); earlier rows only on a resume.
            const [{ before }] = await rows<{ before: number }>(
              db,
              sql`select count(*)::int as before from broadcast_deliveries
                  where broadcast_id = ${b.id} and status <> 'failed'`,
            );
            written = await deliverInSlices(db, b, req, (ms, n) => sliceLog.push({ ms, rows: n }));
            await db.execute(
              sql`update broadcasts set status = 'sent', updated_at = now(),
                    sent_count = ${Number(before) + written} where id = ${b.id}`,
            );
          } finally {
            delivering.delete(b.id);
          }
        }
        await pushAdapter().send(
          {
            broadcastId: b.id,
            title: b.title,
            body: b.message,
            imageUrl: b.image_url,
            link: b.link,
            recipients: written,
          },
          req.log,
        );
        return {
          id: b.id,
          status: 'sent' as const,
          audience_count: audience,
          delivered_count: written,
          executed_at: executedAt,
        };
      });
      return {
        id: b.id,
        status: 'sending' as const,
        audience_count: audience,
        delivered_count: written,
        executed_at: executedAt,
      };
    },
  });
}
