// Makes the standard routes of a resource definition: paged list, /select, get, create, update, delete.
import {
  DeletedBody,
  ListQuery,
  type ListQuery as ListQueryT,
  PageMeta,
  qString,
  SELECT_CAP,
  SelectQuery,
} from '@lbo/contract/common';
import { describeSortKeys } from '@lbo/contract/resource';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { writeAudit } from '../http/audit';
import { forbidden, problem } from '../http/errors';
import { allOf, orderBy, orderings, pageMeta } from '../http/list-query';
import { assertStoredImages, multipartJsonBody, type StoredUpload } from '../http/uploads';
import { type AnyResourceDef, assertPeriod, withFilterPeriod } from './define';
import { registerExport } from './export';
import { pagedList } from './list';
import { baseQuery, conditions, loadRecord, selectColumns } from './records';
import { assertReferences, registerReferenceKind } from './references';

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

/** Create/update of a resource with `upload` also take multipart: `form_data` JSON plus the image. */
function uploadOptions(def: AnyResourceDef) {
  if (!def.contract.upload || !def.upload) return {};
  return { preValidation: multipartJsonBody([def.contract.upload.field, 'photo', 'image']) };
}
const uploadSchema = (def: AnyResourceDef) =>
  def.contract.upload
    ? {
        consumes: ['application/json', 'multipart/form-data'],
        description: `Also multipart/form-data: this body as JSON in the text field \`form_data\` and an optional \`${def.contract.upload.field}\` file (JPEG, PNG or WebP, at most 5 MiB).`,
      }
    : {};

/** Stores the request's image (if any) and puts its URL into the input under the upload column. */
async function withUpload(
  def: AnyResourceDef,
  req: FastifyRequest,
  input: Record<string, unknown>,
): Promise<{ input: Record<string, unknown>; stored: StoredUpload | null }> {
  const image = req.uploadedImage;
  if (!image || !def.upload) return { input, stored: null };
  const stored = await req.server.uploads.save(image, def.upload.folder);
  return { input: { ...input, [def.upload.column]: stored.url }, stored };
}

async function cleanupOnError<T>(req: FastifyRequest, stored: StoredUpload | null, work: () => Promise<T>) {
  try {
    return await work();
  } catch (err) {
    if (stored) await req.server.uploads.remove(stored.path);
    throw err;
  }
}

export function registerResource(app: FastifyInstance, db: Db, def: AnyResourceDef): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { contract } = def;
  const { paths, record, listKey, idKey } = contract;
  const area = contract.area;
  const label = contract.name.replace(/_/g, ' ');
  // Every route of the resource is scoped by its definition's rule.
  const scope = { resource: contract.name };
  // `by` documents its accepted values in the OpenAPI document; orderBy checks them.
  const by = qString().describe(
    `Sort column: ${describeSortKeys(contract.sortKeys)}. Default ${contract.defaultSort.by} ${contract.defaultSort.dir}.`,
  );
  // A date-range filter made with withPeriod keeps its check (`end_before_start`) on the list.
  const listQuery = withFilterPeriod(contract, ListQuery.extend(contract.filters.shape).extend({ by }));
  const selectQuery = SelectQuery.extend(contract.filters.shape).extend({ by });
  const listData = listKey ? z.object({ [listKey]: z.array(record) }) : z.array(record);
  const selectKey = contract.selectKey;
  const selectData = selectKey ? z.object({ [selectKey]: z.array(record) }) : z.array(record);
  const tableCols = tableColumnsOf(def);
  const wrapList = (rows: unknown[]) => (listKey ? { [listKey]: rows } : rows);
  registerReferenceKind(def);
  registerExport(app, db, def); // GET /export/<name>: the whole list as CSV/XLSX, streamed

  // The order (and its reverse) of each sort asked for, built once: the same objects on every request,
  // so the statements prepared for them are found by identity (see preparedFor). An unknown sort
  // column throws (400) and is not kept; the accepted ones are few.
  const plans = new Map<string, ReturnType<typeof orderings>>();
  const listPlan = (by: string | undefined, dir: 'asc' | 'desc' | undefined) => {
    const key = `${by ?? ''}\u0000${dir ?? ''}`;
    let plan = plans.get(key);
    if (!plan) {
      plan = orderings(def.sort, contract.sortKeys, by, dir, contract.defaultSort, def.table.id);
      if (plans.size >= 200) plans.clear();
      plans.set(key, plan);
    }
    return plan;
  };

  if (paths.list) {
    r.get(
      paths.list,
      {
        config: { area, action: 'view', scope },
        schema: {
          tags: [tag(def)],
          summary: `List ${label} records (paged)`,
          querystring: listQuery,
          response: { 200: z.object({ data: listData, meta: PageMeta }) },
        },
      },
      async (req) => {
        const q = req.query as ListQueryT & Record<string, unknown>;
        const { order, reversed } = listPlan(q.by, q.sort);
        const where = conditions(def, req, q as Record<string, unknown>);
        const tags = q.search?.trim() ? def.searchTags?.condition(q, req.user.branches) : undefined;
        const { rows, total, estimated } = await pagedList(db, def, selectColumns(def), {
          where,
          matchWhere: tags ? allOf([where, tags]) : undefined,
          order,
          reversed,
          estimate: true,
          countSql: def.count?.(req, q as Record<string, unknown>),
          page: q.page,
          limit: q.limit,
          search: q.search,
        });
        return { data: wrapList(rows) as never, meta: pageMeta(q.page, q.limit, total, estimated) };
      },
    );
  }

  if (paths.select) {
    r.get(
      paths.select,
      {
        config: { area, action: 'view', scope },
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
        config: { area, action: 'view', scope },
        schema: {
          tags: [tag(def)],
          summary: `Get one ${label}`,
          params: idSchema(path),
          ...(contract.detail?.query ? { querystring: contract.detail.query } : {}),
          response: { 200: z.object({ data: contract.detail?.data ?? record }) },
        },
      },
      async (req) => {
        const found = await loadRecord(db, def, req, idOf(req, path));
        if (!def.detail) return { data: found as never };
        const query = (req.query ?? {}) as Record<string, unknown>;
        return { data: (await def.detail(found, { req, db, query })) as never };
      },
    );
  }

  if (paths.create && contract.create) {
    const body = contract.create;
    r.post(
      paths.create,
      {
        config: { area, action: 'create', scope },
        ...uploadOptions(def),
        schema: {
          tags: [tag(def)],
          summary: `Create a ${label}`,
          ...uploadSchema(def),
          body,
          response: { 201: z.object({ data: record }) },
        },
      },
      async (req, reply) => {
        if (def.images) await assertStoredImages(req, req.body as Record<string, unknown>, def.images);
        const { input, stored } = await withUpload(def, req, req.body as Record<string, unknown>);
        const created = await cleanupOnError(req, stored, () =>
          db.transaction(async (tx) => {
            const ctx = { req, tx };
            // Inside the transaction: every record the body names, unknown (404) or another branch's (403).
            await assertReferences(tx, req, body, input);
            const values = def.hooks?.beforeCreate ? await def.hooks.beforeCreate(input, ctx) : input;
            const [{ id }] = (await tx
              .insert(def.table)
              .values(pick(values, tableCols) as never)
              .returning({ id: def.table.id })) as { id: number }[];
            await def.hooks?.afterCreate?.(id, input, ctx);
            const after = await loadRecord(tx, def, req, id);
            await writeAudit(tx, req, { action: 'create', entity: contract.name, entityId: id, after });
            return after;
          }),
        );
        return reply.code(201).send({ data: created as never });
      },
    );
  }

  if (paths.update && contract.update) {
    const path = paths.update;
    r.put(
      path,
      {
        config: { area, action: 'update', scope },
        ...uploadOptions(def),
        schema: {
          tags: [tag(def)],
          summary: `Update a ${label}`,
          ...uploadSchema(def),
          params: idSchema(path),
          body: contract.update,
          response: { 200: z.object({ data: record }) },
        },
      },
      async (req) => {
        const id = idOf(req, path);
        const body = req.body as Record<string, unknown>;
        if (idKey !== 'id' && body[idKey] !== undefined && body[idKey] !== id) {
          throw forbidden(
            problem(
              'id_mismatch',
              { key: idKey, body: String(body[idKey]), path: id },
              { field: idKey, named: true },
            ),
          );
        }
        const { input, stored } = await withUpload(def, req, body);
        const updated = await cleanupOnError(req, stored, () =>
          db.transaction(async (tx) => {
            const ctx = { req, tx };
            const before = await loadRecord(tx, def, req, id);
            await assertReferences(tx, req, contract.update, input);
            if (def.images) await assertStoredImages(req, body, def.images, before);
            assertPeriod(contract.period, { ...before, ...input });
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
            await writeAudit(tx, req, {
              action: 'update',
              entity: contract.name,
              entityId: id,
              before,
              after,
            });
            return after;
          }),
        );
        return { data: updated as never };
      },
    );
  }

  if (paths.remove) {
    const path = paths.remove;
    r.delete(
      path,
      {
        config: { area, action: 'delete', scope },
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
