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
//
// Branch scope: a broadcast belongs to the branches its audience reaches (`reachesBranch`): the
// branches it names, the branches of the regions or region groups it names, every branch for `all`,
// and for customer codes or types the branches of the stores they match (active or not: an inactive
// store may be reactivated before the execute). A user limited to some branches
// - sees in the list (and may open) the broadcasts that reach at least one of their branches (what
//   their stores receive, read-only when it reaches further) and the ones they created;
// - may create, change, delete and execute only a broadcast whose whole reach lies within their
//   branches (403 naming the other branches, or the foreign stores of a `customers` audience);
// - sees the deliveries of their own stores, of the broadcasts they see.
// The execute therefore delivers to the whole audience, never to the caller's part of it: a
// broadcast is marked sent only when every store of its audience got its row.
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
import { ApiError, badRequest, conflict, forbidden, notFound, problem } from '../../http/errors';
import { branchCondition } from '../../http/scope';
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

/** 400 naming every id or code of the audience's list that does not exist. */
async function assertTargetKnown(tx: DbOrTx, v: Body): Promise<void> {
  const key = AUDIENCE_LIST[(v.audience as BroadcastAudience) ?? 'all'];
  if (!key) return;
  const list = (v[key] as unknown[]) ?? [];
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

// ---------------------------------------------------------------------------------------------
// Branch scope of a broadcast: the branches its audience reaches

/** Whether the target (a jsonb expression) holds a non-empty `key` list. */
const hasList = (tgt: SQL, key: string) =>
  sql`(case when jsonb_typeof(${tgt} -> ${sql.raw(`'${key}'`)}) = 'array'
            then jsonb_array_length(${tgt} -> ${sql.raw(`'${key}'`)}) > 0 else false end)`;
/** The target's `key` list as a subquery of ints or texts. */
const listItems = (tgt: SQL, key: string, cast: 'int' | 'text') =>
  sql`(select (x.v)::${sql.raw(cast)} from jsonb_array_elements_text(${tgt} -> ${sql.raw(`'${key}'`)}) as x(v))`;

/**
 * "Branch `b` (alias) is reached by the target `tgt`": the same conditions as audienceSql at the level
 * of a branch (each non-empty list restricts, an empty target reaches every branch), except that a
 * store-level list (codes, types) counts every store it matches, active or not. So every store an
 * execute delivers to lies in a reached branch.
 */
function reachesBranch(tgt: SQL): SQL {
  const codes = hasList(tgt, 'customer_codes');
  const types = hasList(tgt, 'customer_type_ids');
  return sql`(not ${hasList(tgt, 'branch_ids')} or b.id in ${listItems(tgt, 'branch_ids', 'int')})
    and (not ${hasList(tgt, 'region_ids')} or b.region_id in ${listItems(tgt, 'region_ids', 'int')})
    and (not ${hasList(tgt, 'region_group_ids')} or b.region_id in
          (select r.id from regions r where r.region_group_id in ${listItems(tgt, 'region_group_ids', 'int')}))
    and ((not ${codes} and not ${types}) or exists (
          select 1 from customers c where c.branch_id = b.id
            and (not ${codes} or c.customer_code in ${listItems(tgt, 'customer_codes', 'text')})
            and (not ${types} or c.customer_type_id in ${listItems(tgt, 'customer_type_ids', 'int')})))`;
}

/**
 * The condition "the caller sees this broadcast" (undefined for a user who sees every branch): it
 * reaches at least one of the caller's branches, or the caller created it (a draft whose audience
 * matches no store yet reaches no branch at all).
 */
function visibleCondition(req: FastifyRequest, tgt: SQL, createdBy: SQL): SQL | undefined {
  const mine = branchCondition(req, sql`b.id`);
  if (!mine) return undefined;
  return sql`(${createdBy} = ${req.user.id}
    or exists (select 1 from branches b where ${mine} and ${reachesBranch(tgt)}))`;
}

/** The branches (up to 11, by name) the target reaches outside the caller's branches. */
async function branchesOutside(db: DbOrTx, req: FastifyRequest, tgt: SQL): Promise<string[]> {
  const mine = branchCondition(req, sql`b.id`);
  if (!mine) return [];
  const found = await rows<{ name: string }>(
    db,
    sql`select b.name from branches b where not (${mine}) and ${reachesBranch(tgt)}
        order by b.name, b.id limit 11`,
  );
  return found.map((r) => r.name);
}

/** The first ten branch names a message lists, and whether there are more. */
const namesOf = (names: string[]) => ({
  branches: names.slice(0, 10).join(', '),
  ...(names.length > 10 ? { more: 1 } : {}),
});

/**
 * Create and update: 403 when the audience about to be stored reaches stores outside the caller's
 * branches, naming the foreign stores of a `customers` audience, else the other branches (under the
 * audience's list, or `audience` for all stores).
 */
async function assertTargetInScope(
  tx: DbOrTx,
  req: FastifyRequest,
  target: BroadcastTarget,
  audience: BroadcastAudience,
): Promise<void> {
  const mine = branchCondition(req, sql`c.branch_id`);
  if (!mine) return;
  if ((target.customer_codes?.length ?? 0) > 0) {
    const foreign = await rows<{ code: string }>(
      tx,
      sql`select c.customer_code as code from customers c
          where c.customer_code in ${listItems(sql`${JSON.stringify(target)}::jsonb`, 'customer_codes', 'text')}
            and not (${mine})
          order by c.customer_code limit 11`,
    );
    if (foreign.length > 0) {
      throw new ApiError(
        'FORBIDDEN',
        foreign
          .slice(0, 10)
          .map((f) => problem('outside_scope', { thing: 'customer', code: f.code }, 'customer_codes'))
          .concat(foreign.length > 10 ? [problem('more_outside_scope', {}, 'customer_codes')] : []),
      );
    }
  }
  const outside = await branchesOutside(tx, req, sql`${JSON.stringify(target)}::jsonb`);
  if (outside.length > 0) {
    const field = AUDIENCE_LIST[audience] ?? 'audience';
    throw forbidden(problem('audience_outside_scope', namesOf(outside), field));
  }
}

/**
 * Change, delete, execute: only a user who sees every branch the stored broadcast reaches. One it does
 * not see at all is the usual "outside your assigned branches"; one it sees (it reaches one of the
 * caller's branches) names the other branches.
 */
async function assertBroadcastWritable(tx: DbOrTx, req: FastifyRequest, id: number): Promise<void> {
  const visible = visibleCondition(req, sql`bb.target`, sql`bb.created_by`);
  if (!visible) return;
  const [row] = await rows<{ target: BroadcastTarget; visible: boolean }>(
    tx,
    sql`select bb.target, ${visible} as visible from broadcasts bb where bb.id = ${id}`,
  );
  if (!row) throw notFound(problem('not_found', { thing: 'broadcast', id }));
  if (!row.visible) throw forbidden(problem('outside_scope', { thing: 'broadcast', id }));
  const outside = await branchesOutside(tx, req, sql`${JSON.stringify(row.target)}::jsonb`);
  if (outside.length > 0) {
    throw forbidden(problem('broadcast_outside_scope', { id, ...namesOf(outside) }));
  }
}

/**
 * Locks the broadcast row until the change or delete commits and answers its status then: an execute
 * holds the same lock, so a change waits for it and sees 'sent' (the record loaded before may still
 * say 'draft'), and an execute never delivers an audience being changed.
 */
async function lockBroadcast(tx: DbOrTx, id: number): Promise<string> {
  const [row] = await rows<{ status: string }>(
    tx,
    sql`select status from broadcasts where id = ${id} for update`,
  );
  if (!row) throw notFound(problem('not_found', { thing: 'broadcast', id }));
  return row.status;
}

export const broadcastResource = defineResource({
  scope: 'none',
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
  // A scoped user lists what reaches their stores and what they wrote (see the top of this file).
  where: (req) => visibleCondition(req, outerColumn(broadcasts.target), outerColumn(broadcasts.created_by)),
  detail: async (record, { db, req }) => {
    const id = record.id as number;
    const visible = visibleCondition(req, sql`bb.target`, sql`bb.created_by`);
    if (visible) {
      const [row] = await rows<{ visible: boolean }>(
        db,
        sql`select ${visible} as visible from broadcasts bb where bb.id = ${id}`,
      );
      if (!row?.visible) throw forbidden(problem('outside_scope', { thing: 'broadcast', id }));
    }
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
      await assertTargetKnown(tx, input as Body);
      const target = targetOf(input as Body);
      await assertTargetInScope(tx, req, target, (input.audience as BroadcastAudience) ?? 'all');
      return {
        title: input.title,
        message: input.message,
        image_url: input.image,
        link: input.link,
        target,
        status: 'draft',
        created_by: req.user.id,
      };
    },
    beforeUpdate: async (id, input, before, { tx, req }) => {
      const status = await lockBroadcast(tx, id);
      await assertBroadcastWritable(tx, req, id);
      if (!['draft', 'queued'].includes(status)) {
        throw conflict(problem('broadcast_locked', { id, status }));
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
        await assertTargetKnown(tx, merged);
        values.target = targetOf(merged);
        await assertTargetInScope(
          tx,
          req,
          values.target as BroadcastTarget,
          (merged.audience as BroadcastAudience) ?? 'all',
        );
      }
      return values;
    },
    beforeDelete: async (id, _before, { tx, req }) => {
      const status = await lockBroadcast(tx, id);
      await assertBroadcastWritable(tx, req, id);
      if (status === 'sending') {
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
  // A delivery is its store's (the branch) and its broadcast's: the rows of the caller's stores, of
  // the broadcasts the caller sees. Uncorrelated, so PostgreSQL computes the visible ids once.
  scope: { branchColumn: customers.branch_id },
  where: (req) => {
    const visible = visibleCondition(req, sql`bb.target`, sql`bb.created_by`);
    return visible
      ? sql`${broadcast_deliveries.broadcast_id} in (select bb.id from broadcasts bb where ${visible})`
      : undefined;
  },
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
async function insertDeliveries(
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

/**
 * Held (shared) by a transaction writing deliveries until it ends; deleting customers takes it
 * exclusively before deleting their deliveries (0010_content_perf.sql), so neither misses the other.
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
    const n = await insertDeliveries(db, b, { from: start, to: start + span }, !any);
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
      // Before counting: the count of a broadcast the caller may not send is not theirs to see.
      await assertBroadcastWritable(tx, req, id!);
      const [b] = await tx
        .select({ target: broadcasts.target })
        .from(broadcasts)
        .where(eq(broadcasts.id, id!));
      return {
        count: await audienceCount(tx, b.target),
        audience: record!.audience as BroadcastAudience,
      };
    },
    handler: async ({ tx, req, id, afterCommit }) => {
      // The preview (run first, for confirm_count) checked it too; the handler does not rely on that.
      await assertBroadcastWritable(tx, req, id!);
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
        written = await insertDeliveries(tx, b, undefined, !any);
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
            written = await deliverInSlices(db, b, (ms, n) => sliceLog.push({ ms, rows: n }));
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
