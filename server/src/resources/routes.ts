// Makes the standard routes of a resource definition: paged list, /select, get, create, update, delete.
import {
  DeletedBody,
  ListQuery,
  type ListQuery as ListQueryT,
  PageMeta,
  SELECT_CAP,
  SelectQuery,
} from '@lbo/contract/common';
import { count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, DbOrTx } from '../db/client';
import { writeAudit } from '../http/audit';
import { assertBranchInScope } from '../http/auth';
import { forbidden, notFound } from '../http/errors';
import { allOf, orderBy, pageMeta, searchCondition } from '../http/list-query';
import { type AnyResourceDef, scopeCondition, scopeFlag } from './define';

const IN_SCOPE = '__in_scope';

function selectColumns(def: AnyResourceDef) {
  const cols: Record<string, unknown> = { ...def.columns };
  const { idKey } = def.contract;
  if (!('id' in cols)) cols.id = def.table.id;
  if (idKey !== 'id' && !(idKey in cols)) cols[idKey] = def.table.id;
  return cols;
}

function baseQuery(db: DbOrTx, def: AnyResourceDef, columns: Record<string, unknown>) {
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder is typed per call site
  let q: any = (db as Db)
    .select(columns as never)
    .from(def.table)
    .$dynamic();
  if (def.joins) q = def.joins(q);
  return q;
}

function conditions(
  def: AnyResourceDef,
  req: FastifyRequest,
  query: Record<string, unknown>,
): SQL | undefined {
  const parts: (SQL | undefined)[] = [scopeCondition(def, req), def.where?.(req)];
  for (const [key, filter] of Object.entries(def.filters ?? {})) {
    const value = query[key];
    if (value === undefined) continue;
    parts.push(typeof filter === 'function' ? filter(value as never, req) : eq(filter, value));
  }
  parts.push(searchCondition(def.search, query.search as string | undefined));
  return allOf(parts);
}

/** Loads one record as the API shows it; 404 if absent, 403 if outside the caller's branches. */
export async function loadRecord(
  db: DbOrTx,
  def: AnyResourceDef,
  req: FastifyRequest,
  id: number,
): Promise<Record<string, unknown>> {
  const cols = { ...selectColumns(def), [IN_SCOPE]: scopeFlag(def, req) };
  const rows = (await baseQuery(db, def, cols).where(eq(def.table.id, id)).limit(1)) as Record<
    string,
    unknown
  >[];
  const row = rows[0];
  if (!row) throw notFound(`${def.contract.name.replace(/_/g, ' ')} ${id} not found`);
  if (!row[IN_SCOPE])
    throw forbidden(`${def.contract.name.replace(/_/g, ' ')} ${id} is outside your assigned branches`);
  delete row[IN_SCOPE];
  return row;
}

function tableColumnsOf(def: AnyResourceDef): Set<string> {
  return new Set(Object.keys(getTableColumns(def.table)));
}

function pick(values: Record<string, unknown>, keys: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (keys.has(k) && v !== undefined && k !== 'id') out[k] = v;
  return out;
}

function idParam(path: string): string {
  const m = /:([A-Za-z_]+)/.exec(path);
  if (!m) throw new Error(`path ${path} has no id parameter`);
  return m[1];
}

const tag = (def: AnyResourceDef) => def.contract.area;

export function registerResource(app: FastifyInstance, db: Db, def: AnyResourceDef): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { contract } = def;
  const { paths, record, listKey, idKey } = contract;
  const area = contract.area;
  const label = contract.name.replace(/_/g, ' ');
  const listQuery = ListQuery.extend(contract.filters.shape);
  const selectQuery = SelectQuery.extend(contract.filters.shape);
  const listData = listKey ? z.object({ [listKey]: z.array(record) }) : z.array(record);
  const selectKey = contract.selectKey ?? listKey;
  const selectData = selectKey ? z.object({ [selectKey]: z.array(record) }) : z.array(record);
  const tableCols = tableColumnsOf(def);
  const wrapList = (rows: unknown[]) => (listKey ? { [listKey]: rows } : rows);

  if (paths.list) {
    r.get(
      paths.list,
      {
        config: { area, action: 'view' },
        schema: {
          tags: [tag(def)],
          summary: `List ${label} records (paged)`,
          querystring: listQuery,
          response: { 200: z.object({ data: listData, meta: PageMeta }) },
        },
      },
      async (req) => {
        const q = req.query as ListQueryT & Record<string, unknown>;
        const order = orderBy(def.sort, contract.sortKeys, q.by, q.sort, contract.defaultSort, def.table.id);
        const where = conditions(def, req, q as Record<string, unknown>);
        const rowsQ = baseQuery(db, def, selectColumns(def))
          .where(where)
          .orderBy(...order)
          .limit(q.limit)
          .offset((q.page - 1) * q.limit);
        const countQ = baseQuery(db, def, { n: count() }).where(where);
        const [rows, [{ n }]] = await Promise.all([rowsQ, countQ]);
        return { data: wrapList(rows) as never, meta: pageMeta(q.page, q.limit, Number(n)) };
      },
    );
  }

  if (paths.select) {
    r.get(
      paths.select,
      {
        config: { area, action: 'view' },
        schema: {
          tags: [tag(def)],
          summary: `All ${label} records for a dropdown (at most ${SELECT_CAP})`,
          querystring: selectQuery,
          response: { 200: z.object({ data: selectData }) },
        },
      },
      async (req) => {
        const q = req.query as ListQueryT & Record<string, unknown>;
        const order = orderBy(def.sort, contract.sortKeys, q.by, q.sort, contract.defaultSort, def.table.id);
        const rows = await baseQuery(db, def, selectColumns(def))
          .where(conditions(def, req, q as Record<string, unknown>))
          .orderBy(...order)
          .limit(SELECT_CAP);
        return { data: (selectKey ? { [selectKey]: rows } : rows) as never };
      },
    );
  }

  const idSchema = (path: string) =>
    z.object({ [idParam(path)]: z.coerce.number().int().positive({ error: 'must be a positive id' }) });
  const idOf = (req: FastifyRequest, path: string) => (req.params as Record<string, number>)[idParam(path)];

  if (paths.get) {
    const path = paths.get;
    r.get(
      path,
      {
        config: { area, action: 'view' },
        schema: {
          tags: [tag(def)],
          summary: `Get one ${label}`,
          params: idSchema(path),
          response: { 200: z.object({ data: record }) },
        },
      },
      async (req) => ({ data: (await loadRecord(db, def, req, idOf(req, path))) as never }),
    );
  }

  if (paths.create && contract.create) {
    const body = contract.create;
    r.post(
      paths.create,
      {
        config: { area, action: 'create' },
        schema: {
          tags: [tag(def)],
          summary: `Create a ${label}`,
          body,
          response: { 201: z.object({ data: record }) },
        },
      },
      async (req, reply) => {
        const input = req.body as Record<string, unknown>;
        if (def.scope?.inputKey)
          assertBranchInScope(req, input[def.scope.inputKey] as number | null | undefined);
        const created = await db.transaction(async (tx) => {
          const ctx = { req, tx };
          const values = def.hooks?.beforeCreate ? await def.hooks.beforeCreate(input, ctx) : input;
          const [{ id }] = (await tx
            .insert(def.table)
            .values(pick(values, tableCols) as never)
            .returning({ id: def.table.id })) as { id: number }[];
          await def.hooks?.afterCreate?.(id, input, ctx);
          const after = await loadRecord(tx, def, req, id);
          await writeAudit(tx, req, { action: 'create', entity: contract.name, entityId: id, after });
          return after;
        });
        return reply.code(201).send({ data: created as never });
      },
    );
  }

  if (paths.update && contract.update) {
    const path = paths.update;
    r.put(
      path,
      {
        config: { area, action: 'update' },
        schema: {
          tags: [tag(def)],
          summary: `Update a ${label}`,
          params: idSchema(path),
          body: contract.update,
          response: { 200: z.object({ data: record }) },
        },
      },
      async (req) => {
        const id = idOf(req, path);
        const input = req.body as Record<string, unknown>;
        if (idKey !== 'id' && input[idKey] !== undefined && input[idKey] !== id) {
          throw forbidden(`${idKey} in the body (${input[idKey]}) does not match the path (${id})`);
        }
        if (def.scope?.inputKey)
          assertBranchInScope(req, input[def.scope.inputKey] as number | null | undefined);
        const updated = await db.transaction(async (tx) => {
          const ctx = { req, tx };
          const before = await loadRecord(tx, def, req, id);
          const values = def.hooks?.beforeUpdate
            ? await def.hooks.beforeUpdate(id, input, before, ctx)
            : input;
          const set = pick(values, tableCols);
          if (tableCols.has('updated_at')) set.updated_at = sql`now()`;
          if (Object.keys(set).length > 0) {
            await tx
              .update(def.table)
              .set(set as never)
              .where(eq(def.table.id, id));
          }
          await def.hooks?.afterUpdate?.(id, input, ctx);
          const after = await loadRecord(tx, def, req, id);
          await writeAudit(tx, req, { action: 'update', entity: contract.name, entityId: id, before, after });
          return after;
        });
        return { data: updated as never };
      },
    );
  }

  if (paths.remove) {
    const path = paths.remove;
    r.delete(
      path,
      {
        config: { area, action: 'delete' },
        schema: {
          tags: [tag(def)],
          summary: `Delete a ${label}`,
          params: idSchema(path),
          response: { 200: DeletedBody },
        },
      },
      async (req) => {
        const id = idOf(req, path);
        await db.transaction(async (tx) => {
          const before = await loadRecord(tx, def, req, id);
          await def.hooks?.beforeDelete?.(id, before, { req, tx });
          await tx.delete(def.table).where(eq(def.table.id, id));
          await writeAudit(tx, req, { action: 'delete', entity: contract.name, entityId: id, before });
        });
        return { data: { id } };
      },
    );
  }
}
