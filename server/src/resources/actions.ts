// The one registrar of actions: workflow calls beside a resource declared in the contract with
// defineAction (contract/src/action.ts). Every action gets the same machinery, so a handler holds only
// its rule.
//
// API
//   registerAction(app, db, {
//     contract,          // the defineAction declaration (path, method, schemas, area/action, confirm)
//     resource?,         // record actions: the ResourceDef whose record the id parameter names
//     handler(ctx),      // does the work inside the transaction; returns the answer's `data`
//     preview?(ctx),     // with contract.confirm.preview: counts what the action would change now
//   })
//
// What the registrar does, in order:
//   1. Auth and role: route config `area`/`action`; the onRequest hook (http/auth.ts) answers 401/403.
//   2. Validation: params, query and body through the contract's zod schemas (400 naming every
//      field; fastify-type-provider-zod), `confirm_count` added to the query with confirm.echoCount.
//   3. One transaction (db.transaction) around everything below; any throw rolls it all back.
//   4. Serialisation: a transaction-level advisory lock per action (and record id), so the same call
//      arriving twice at once runs one after the other and the second sees what the first did
//      (a second revert finds the redemption reverted and answers 409; a second "delete all" finds
//      a different count).
//   5. Record actions with `resource`: the row is locked (FOR UPDATE) and loaded as the API shows it
//      (loadRecord: 404 when absent, 403 outside the caller's branches); `ctx.record` holds it.
//   6. confirm.echoCount: `preview` runs in the transaction; a count different from `confirm_count`
//      answers 409 "the number of rows changed from X to Y; check again" and changes nothing.
//   7. handler(ctx). Throw ApiError helpers (http/errors.ts) for refusals; they become the envelope.
//      Branch scope: every field the body declares as a reference (contract: ref) has been checked
//      before the handler (modules/index.ts; 404 unknown, 403 another branch's).
//   8. Audit: the entries the handler gave with ctx.audit(...), or else one row
//      {action: contract.name, entity: contract.resource, entity_id: the record id, before: the
//      record, after: {params, query, body, result}}.
//   9. Answer `{data: result}` with contract.status (default 200).
//   Preview (contract.confirm.preview with a server `preview`): `GET <path>/preview` with the same
//   params and query, the same permission, read-only; answers `{data: {count, ...}}`.
//   OpenAPI: tag = the area, summary/description from the contract (plus the confirmation rules),
//   params/query/body/answer schemas; app.ts adds the error answers to every route.
import {
  type ActionContract,
  type AnyAction,
  actionQuery,
  CONFIRM_COUNT,
  previewPath,
} from '@lbo/contract/action';
import { ACTIONS } from '@lbo/contract/common';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../db/client';
import { type AuditEntry, writeAudit, writeAuditMany } from '../http/audit';
import { conflict, problem } from '../http/errors';
import type { RouteScope } from '../http/scope';
import type { AnyResourceDef } from './define';
import { loadRecord } from './records';
import { referenceKind } from './references';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : never;

type Parts<C> =
  C extends ActionContract<infer P, infer Q, infer B, infer R, infer V>
    ? { params: z.output<P>; query: Out<Q>; body: Out<B>; result: z.input<R>; preview: In<V> }
    : never;

/** What a preview gets: the validated params and query, and a read handle. */
export type PreviewCtx<C extends AnyAction = AnyAction> = {
  req: FastifyRequest;
  /** The action's transaction when counting for confirm_count, else the database. */
  tx: DbOrTx;
  params: Parts<C>['params'];
  query: Parts<C>['query'];
  /** Record actions with `resource`: the record id and the record as the API shows it. */
  id: number | null;
  record: Record<string, unknown> | null;
};

export type ActionCtx<C extends AnyAction = AnyAction> = Omit<PreviewCtx<C>, 'tx'> & {
  tx: Tx;
  body: Parts<C>['body'];
  /**
   * Audit rows describing what happened (one per record changed, say), instead of the default one.
   * Each defaults to action = the contract's name and entity = its resource.
   */
  audit(entries: Partial<AuditEntry> | Partial<AuditEntry>[]): void;
  /**
   * Work to run after the transaction has committed, before answering (in order): long set-based
   * work split into short transactions on the embedded database, notifications. A function that
   * returns a value replaces the answer's `data`. A throw answers the error; what committed stays.
   */
  afterCommit(fn: () => Promise<Parts<C>['result'] | undefined>): void;
};

export type ActionDef<C extends AnyAction = AnyAction> = {
  contract: C;
  /** Record actions: the resource whose record `contract.idParam` names (scope-checked and locked). */
  resource?: AnyResourceDef;
  /** The route's scope rule; default: the rule of the resource the contract names (`contract.resource`). */
  scope?: RouteScope;
  handler(ctx: ActionCtx<C>): Promise<Parts<C>['result']>;
  /** With contract.confirm.preview: what the action would change now, `{count, ...}`. */
  preview?(ctx: PreviewCtx<C>): Promise<Parts<C>['preview']>;
};

/** Typed helper for declaring a server action beside its contract. */
export function defineServerAction<C extends AnyAction>(def: ActionDef<C>): ActionDef<C> {
  return def;
}

function rulesText(c: AnyAction, hasResource: boolean): string {
  const lines: string[] = [];
  if (c.description) lines.push(c.description);
  lines.push(
    `Action (${c.placement === 'record' ? 'on one record' : 'on a list'}): needs the ${c.area} area's ${c.action} permission.` +
      ' Runs in one transaction with an audit row; the same call twice at once runs one after the other.',
  );
  if (hasResource) lines.push('404 when the record does not exist, 403 when it is outside your branches.');
  if (c.confirm?.preview)
    lines.push(`Asks for confirmation: \`GET ${previewPath(c)}\` answers how many rows it would change now.`);
  if (c.confirm?.echoCount)
    lines.push(
      `Send \`${CONFIRM_COUNT}\` = the count the confirmation named; when the current count differs the call answers 409 and changes nothing.`,
    );
  return lines.join('\n\n');
}

/** Registers one action's route (and its preview route). */
export function registerAction<C extends AnyAction>(app: FastifyInstance, db: Db, def: ActionDef<C>): void {
  const c = def.contract as AnyAction;
  const where = `action ${c.resource}.${c.name}`;
  if (!ACTIONS.includes(c.action)) throw new Error(`${where}: unknown permission action ${c.action}`);
  if (c.confirm?.preview && !def.preview)
    throw new Error(`${where}: the contract declares a preview but the server gives none`);
  if (c.placement === 'list' && def.resource)
    throw new Error(`${where}: only record actions load a record (resource)`);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const idParam = c.placement === 'record' ? (c.idParam ?? null) : null;
  const tags = [c.area];
  const hasParams = Object.keys(c.params.shape).length > 0;
  const querySchema = actionQuery(c);
  const status = c.status ?? 200;
  const lockKey = `action ${c.method} ${c.path}`;
  const scope: RouteScope | undefined =
    def.scope ??
    (def.resource
      ? { resource: def.resource.contract.name }
      : referenceKind(c.resource)
        ? { resource: c.resource }
        : undefined);

  const idOf = (req: FastifyRequest): number | null =>
    idParam ? Number((req.params as Record<string, unknown>)[idParam]) : null;

  /** The record (locked when `lock`), 404/403 by loadRecord. */
  const recordOf = async (tx: DbOrTx, req: FastifyRequest, id: number | null, lock: boolean) => {
    if (!def.resource || id === null) return null;
    if (lock) {
      // Locks the row itself (loadRecord's joins cannot be locked); an absent row is loadRecord's 404.
      await (tx as Tx)
        .select({ id: def.resource.table.id })
        .from(def.resource.table)
        .where(eq(def.resource.table.id, id))
        .for('update');
    }
    return loadRecord(tx, def.resource, req, id);
  };

  const previewCtx = async (tx: DbOrTx, req: FastifyRequest, lock: boolean): Promise<PreviewCtx<C>> => {
    const id = idOf(req);
    const query = { ...((req.query as Record<string, unknown> | undefined) ?? {}) };
    delete query[CONFIRM_COUNT];
    return {
      req,
      tx,
      params: req.params as never,
      query: (c.query ? query : undefined) as never,
      id,
      record: await recordOf(tx, req, id, lock),
    };
  };

  const preview = async (ctx: PreviewCtx<C>) => (await def.preview!(ctx)) as { count: number };

  r.route({
    method: c.method,
    url: c.path,
    config: { area: c.area, action: c.action, scope },
    schema: {
      tags,
      summary: c.summary,
      description: rulesText(c, !!def.resource),
      operationId: `${c.resource}_${c.name}`,
      ...(hasParams ? { params: c.params } : {}),
      ...(querySchema ? { querystring: querySchema } : {}),
      ...(c.body ? { body: c.body } : {}),
      // The error answers (400/401/403/404/409, the envelope) are added to every route by app.ts.
      response: { [status]: z.object({ data: c.result }) },
    },
    handler: async (req, reply) => {
      const afterCommit: (() => Promise<unknown>)[] = [];
      let data = await db.transaction(async (tx) => {
        const id = idOf(req);
        // Same action (and record) one after the other; different records in parallel.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}), ${id ?? 0})`);
        const base = await previewCtx(tx, req, true);
        if (c.confirm?.echoCount) {
          const confirmed = Number((req.query as Record<string, unknown>)[CONFIRM_COUNT]);
          const { count } = await preview(base);
          if (count !== confirmed) {
            throw conflict(problem('count_changed', { from: confirmed, to: count }));
          }
        }
        const entries: Partial<AuditEntry>[] = [];
        const ctx: ActionCtx<C> = {
          ...base,
          tx,
          body: req.body as never,
          audit: (e) => {
            entries.push(...(Array.isArray(e) ? e : [e]));
          },
          afterCommit: (fn) => {
            afterCommit.push(fn);
          },
        };
        const result = await def.handler(ctx);
        const full = (e: Partial<AuditEntry>): AuditEntry => ({
          action: e.action ?? c.name,
          entity: e.entity ?? c.resource,
          entityId: e.entityId === undefined ? id : e.entityId,
          before: e.before,
          after: e.after,
        });
        if (entries.length === 0) {
          await writeAudit(tx, req, {
            action: c.name,
            entity: c.resource,
            entityId: id,
            before: base.record,
            after: {
              ...(hasParams ? { params: req.params } : {}),
              ...(req.query && Object.keys(req.query).length > 0 ? { query: req.query } : {}),
              ...(req.body !== undefined ? { body: req.body } : {}),
              result,
            },
          });
        } else if (entries.length === 1) await writeAudit(tx, req, full(entries[0]));
        else await writeAuditMany(tx, req, entries.map(full));
        return result;
      });
      for (const fn of afterCommit) {
        const replaced = await fn();
        if (replaced !== undefined) data = replaced as typeof data;
      }
      return reply.code(status).send({ data } as never);
    },
  });

  if (c.confirm?.preview && def.preview) {
    const previewQuery = c.query;
    r.route({
      method: 'GET',
      url: previewPath(c),
      config: { area: c.area, action: c.action, scope },
      schema: {
        tags,
        summary: `Preview: what "${c.summary}" would change now`,
        description: `Read-only; answers the count the confirmation of \`${c.method} ${c.path}\` names${c.confirm.echoCount ? ` (send it back as \`${CONFIRM_COUNT}\`)` : ''}.`,
        operationId: `${c.resource}_${c.name}_preview`,
        ...(hasParams ? { params: c.params } : {}),
        ...(previewQuery ? { querystring: previewQuery } : {}),
        response: { 200: z.object({ data: c.confirm.preview }) },
      },
      handler: async (req) => ({ data: (await preview(await previewCtx(db, req, false))) as never }),
    });
  }
}
