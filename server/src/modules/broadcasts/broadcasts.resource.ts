// Broadcasts: the resource definitions (list, select, get with delivery counts, add, edit, delete,
// deliveries) and the branch scope of a broadcast. The execute action is in broadcasts.routes.ts, the
// delivery it runs in broadcasts.delivery.ts.
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
import {
  AUDIENCE_LIST,
  audienceIssue,
  type BroadcastAudience,
  broadcastContract,
  broadcastDeliveryContract,
  broadcastSearchContract,
} from '@lbo/contract/broadcasts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type DbOrTx, rows } from '../../db/client';
import { type BroadcastTarget, broadcast_deliveries, broadcasts } from '../../db/schema/broadcasts';
import { customers } from '../../db/schema/customers';
import { branches } from '../../db/schema/organisation';
import { ApiError, badRequest, conflict, forbidden, notFound, problem } from '../../http/errors';
import { branchCondition } from '../../http/scope';
import { type AnyResourceDef, defineResource, outerColumn } from '../../resources/define';

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
 * "Branch `b` (alias) is reached by the target `tgt`": the same conditions as audienceSql
 * (broadcasts.delivery.ts) at the level of a branch (each non-empty list restricts, an empty target reaches every branch), except that a
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
export async function assertBroadcastWritable(tx: DbOrTx, req: FastifyRequest, id: number): Promise<void> {
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
      // Executed and waiting for its delivery job: what the sender confirmed is what goes out.
      if (await req.server.jobs.pending('broadcast-delivery', String(id), tx)) {
        throw conflict(problem('broadcast_sending', { id }));
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
      if (status === 'sending' || (await req.server.jobs.pending('broadcast-delivery', String(id), tx))) {
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
