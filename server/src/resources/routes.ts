// Makes the standard routes of a resource definition: paged list, /select, get, create, update, delete.
import { createHash } from 'node:crypto';
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
import { count, eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, DbOrTx } from '../db/client';
import { writeAudit } from '../http/audit';
import { forbidden, notFound, problem } from '../http/errors';
import { allOf, onlyTable, orderBy, orderings, pageMeta, searchCondition } from '../http/list-query';
import { assertStoredImages, multipartJsonBody, type StoredUpload } from '../http/uploads';
import { type AnyResourceDef, assertPeriod, scopeCondition, scopeFlag } from './define';
import { registerExport } from './export';
import { assertReferences, registerReferenceKind } from './references';

const IN_SCOPE = '__in_scope';

/** The output columns of a definition, with `id` and the contract's id key. */
export function selectColumns(def: AnyResourceDef) {
  const cols: Record<string, unknown> = { ...def.columns };
  const { idKey } = def.contract;
  if (!('id' in cols)) cols.id = def.table.id;
  if (idKey !== 'id' && !(idKey in cols)) cols[idKey] = def.table.id;
  return cols;
}

/** `select <columns> from <table> <joins>`, ready for where/orderBy/limit (custom lists reuse it). */
export function baseQuery(db: DbOrTx, def: AnyResourceDef, columns: Record<string, unknown>) {
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder is typed per call site
  let q: any = (db as Db)
    .select(columns as never)
    .from(def.table)
    .$dynamic();
  if (def.joins) q = def.joins(q);
  return q;
}

/** Scope, the definition's fixed condition, its filters present in `query`, and search. */
export function conditions(
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

/** Rows sampled (the newest) to tell whether a filtered search's matches are dense (see pagedList). */
const PROBE_ROWS = 500;
/** Below this many matches a searched list is fetched from the matching ids (see pagedList). */
const FEW_MATCHES = 5000;
/** An unfiltered list of at least this many rows (PostgreSQL's estimate) answers an estimated total. */
export const ESTIMATE_FROM = 50_000;
/** From this offset on, a page in the second half of the list is read from the end. */
export const DEEP_OFFSET = 1000;

/** How long a table's row estimate is reused (it only decides between an estimate and a count). */
const ESTIMATE_TTL_MS = 10_000;
const estimates = new WeakMap<object, Map<string, { n: number; at: number }>>();

/** Drops the reused estimates of a database handle (a test that has just analysed a table). */
export function forgetRowEstimates(db: DbOrTx): void {
  estimates.delete(db);
}

/**
 * PostgreSQL's row estimate for a table (0 when never analysed), read at most every ESTIMATE_TTL_MS
 * per database handle: a statement less for every unfiltered list page.
 */
async function estimatedRows(db: DbOrTx, def: AnyResourceDef): Promise<number> {
  const table = getTableName(def.table);
  let byTable = estimates.get(db);
  if (!byTable) {
    byTable = new Map();
    estimates.set(db, byTable);
  }
  const known = byTable.get(table);
  if (known && Date.now() - known.at < ESTIMATE_TTL_MS) return known.n;
  const res = (await db.execute(
    sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = to_regclass(${table})`,
  )) as unknown as { rows: { n: string | number }[] };
  const n = Number(res.rows[0]?.n ?? 0);
  byTable.set(table, { n, at: Date.now() });
  return n;
}

/**
 * One page of a list plus its total, in two queries (rows and count), both index-friendly:
 * - Deferred join: the page's ids are found first (`order by ... limit/offset` over the base table and
 *   only the joins its conditions need; unused left joins are dropped by PostgreSQL), then only those
 *   rows are joined and their columns computed, so page 1,000 costs an index walk, not 10,000 joins.
 * - The count names the definition's joins only when the conditions use a joined table (planning
 *   seven left joins costs more than counting without them).
 * - With `search`, PostgreSQL's estimates for `ILIKE '%x%'` are poor: an ordered index scan can walk the
 *   whole table for a rare term. So the count (which uses the trigram indexes) runs first; no match
 *   answers at once, and few matches are fetched from their ids (`id = any(array(...))`).
 * - `estimate`: a list with no condition at all and at least ESTIMATE_FROM rows answers PostgreSQL's
 *   row estimate instead of counting (`estimated: true`; the API says `total_estimated`).
 * - `reversed` (the exact reverse of `order`): a page past DEEP_OFFSET in the second half of the list
 *   is read from the end, so the last page costs what the first does.
 * `prepare` may add to the outer query (a lateral join for a report).
 */
export async function pagedList(
  db: DbOrTx,
  def: AnyResourceDef,
  columns: Record<string, unknown>,
  opts: {
    where: SQL | undefined;
    /**
     * The same condition as `where`, written so that an index serves it whole (e.g. with FilterTags):
     * used to find the matching rows of a search. It must select exactly the rows `where` does.
     */
    matchWhere?: SQL;
    order: SQL[];
    page: number;
    limit: number;
    search?: string;
    reversed?: SQL[];
    estimate?: boolean;
    /** A statement answering the total in `n` (the definition's `count`), instead of counting the rows. */
    countSql?: SQL;
    /** Overrides ESTIMATE_FROM / DEEP_OFFSET / FEW_MATCHES (tests). */
    estimateFrom?: number;
    deepFrom?: number;
    fewMatches?: number;
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder
    prepare?: (q: any) => any;
  },
): Promise<{ rows: Record<string, unknown>[]; total: number; estimated?: boolean }> {
  const { where, order, limit } = opts;
  const offset = (opts.page - 1) * limit;
  const estimateFrom = opts.estimateFrom ?? ESTIMATE_FROM;
  const deepFrom = opts.deepFrom ?? DEEP_OFFSET;
  const exactCount = async () => {
    if (opts.countSql) {
      const res = (await db.execute(opts.countSql)) as unknown as { rows: { n: string | number }[] };
      return Number(res.rows[0]?.n ?? 0);
    }
    if (where === undefined && !opts.prepare) {
      const prepared = preparedCount(db, def);
      if (prepared) return Number(((await prepared.execute({})) as { n: number }[])[0].n);
    }
    const q = onlyTable(where, def.table)
      ? (db as Db).select({ n: count() }).from(def.table).where(where)
      : baseQuery(db, def, { n: count() }).where(where);
    return Number(((await q) as { n: number }[])[0].n);
  };
  const matchingRows = () =>
    onlyTable(where, def.table)
      ? (db as Db).select({ one: sql`1` }).from(def.table).where(where)
      : baseQuery(db, def, { one: sql`1` }).where(where);
  /**
   * Whether `matchWhere` (an index for the search and its filters together) would cost more than it
   * saves: when matches are dense, reading rows in order finds `few + 1` of them within a few thousand
   * rows, while the index reads every posting list of the term and the filters first. Told from the
   * newest PROBE_ROWS rows (a short primary-key range): dense when they extrapolate to more than twice
   * `few` matches. Without `matchWhere`, or with conditions on joined tables, there is nothing to decide.
   */
  const denseMatches = async (few: number): Promise<boolean> => {
    if (!opts.matchWhere || !where || !onlyTable(where, def.table)) return false;
    const [rowsEstimate, res] = await Promise.all([
      estimatedRows(db, def),
      // The newest rows under the table's own name, so that `where` (which names the table) applies.
      db.execute(
        sql`select count(*) as n from (select * from ${def.table} order by ${def.table.id} desc limit ${PROBE_ROWS}) ${sql.identifier(getTableName(def.table))} where ${where}`,
      ) as unknown as Promise<{ rows: { n: string | number }[] }>,
    ]);
    const n = Number(res.rows[0]?.n ?? 0);
    return (n / PROBE_ROWS) * rowsEstimate > 2 * (few + 1);
  };
  /**
   * How many rows match, counting at most `few + 1`, and when that is all of them (at most `few`) their
   * ids, from one scan: the page is then read from those ids, not from a second scan of the search.
   */
  const matches = async (few: number): Promise<{ n: number; ids: number[] | null }> => {
    const match = (await denseMatches(few)) ? where : (opts.matchWhere ?? where);
    const ids = onlyTable(match, def.table)
      ? (db as Db).select({ id: def.table.id }).from(def.table).where(match)
      : baseQuery(db, def, { id: def.table.id }).where(match);
    // The ids as one text value, not a row each: cheap to carry and to read on both drivers.
    const res = (await db.execute(
      sql`select count(*) as n, case when count(*) <= ${few} then array_to_string(array_agg(m.id), ',') end as ids from ${ids.limit(few + 1)} m`,
    )) as unknown as { rows: { n: string | number; ids: string | null }[] };
    const n = Number(res.rows[0]?.n ?? 0);
    const text = res.rows[0]?.ids ?? null;
    if (n > few) return { n, ids: null };
    return { n, ids: text ? text.split(',').map(Number) : [] };
  };
  const plannedRows = async () => {
    const res = (await db.execute(sql`explain (format json) ${matchingRows().getSQL()}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const plan = Object.values(res.rows[0] ?? {})[0];
    const doc = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[];
    return Math.round(Number(doc?.[0]?.Plan?.['Plan Rows'] ?? 0));
  };
  const countOf = async (): Promise<{ total: number; estimated: boolean }> => {
    if (opts.estimate && where === undefined) {
      const estimate = await estimatedRows(db, def);
      if (estimate >= estimateFrom) return { total: estimate, estimated: true };
    }
    return { total: await exactCount(), estimated: false };
  };
  const fetchPage = async (narrow?: SQL, from?: { order: SQL[]; offset: number; limit: number }) => {
    const pageOrder = from?.order ?? order;
    const pageLimit = from?.limit ?? limit;
    const pageOffset = from?.offset ?? offset;
    // With no condition at all, the ids come from a statement prepared once per order (preparedIds).
    const plainIds = narrow === undefined && where === undefined && !opts.prepare;
    const preparedIdList = plainIds ? preparedIds(db, def, pageOrder) : null;
    const ids = preparedIdList
      ? preparedIdList.execute({ limit: pageLimit, offset: pageOffset })
      : baseQuery(db, def, { id: def.table.id })
          .where(narrow ?? where)
          .orderBy(...pageOrder)
          .limit(pageLimit)
          .offset(pageOffset);
    const prepared = opts.prepare ? undefined : preparedPage(db, def, columns, order);
    if (prepared) {
      // The page's ids first (one table and the joins its conditions need: cheap to plan), then the
      // rows from a statement prepared once per list and sort: no query building and no planning of
      // the definition's joins per request (see preparedPage).
      const pageIds = ((await ids) as { id: number }[]).map((r) => r.id);
      if (pageIds.length === 0) return [];
      return (await prepared.execute({ ids: pageIds })) as Record<string, unknown>[];
    }
    let outer = baseQuery(db, def, columns);
    if (opts.prepare) outer = opts.prepare(outer);
    // `= any(array(...))`, not `in (...)`: the ids become one init-plan value, so the outer query is
    // planned as 10 primary-key lookups (with `in`, PostgreSQL may hash-join the whole table first).
    return (await outer.where(sql`${def.table.id} = any(array(${ids}))`).orderBy(...order)) as Record<
      string,
      unknown
    >[];
  };
  if (opts.search?.trim()) {
    if (!opts.countSql) {
      // A common word can match tens of thousands of rows, and counting them means visiting each.
      // Count at most FEW_MATCHES + 1; past that the total is PostgreSQL's estimate for the search
      // (`total_estimated`, shown as "about N"), and the page is read in order from the top. Below
      // it, the capped count is the exact total.
      const few = opts.fewMatches ?? FEW_MATCHES;
      const found = await matches(few);
      if (!found.ids) {
        const estimate = Math.max(await plannedRows(), found.n);
        return { rows: await fetchPage(), total: estimate, estimated: true };
      }
      const total = found.n;
      if (total === 0 || offset >= total) return { rows: [], total };
      // Every match is known: the page is read from their ids alone. As an init plan (`array(select
      // unnest(...))`), so the planner does not estimate thousands of ids one by one (~10 ms).
      const ids = sql`${def.table.id} = any(array(select unnest(${sql.param(found.ids)}::int[])))`;
      return { rows: await fetchPage(ids, fromEnd(total)), total };
    }
    const total = await exactCount();
    if (total === 0 || offset >= total) return { rows: [], total };
    if (total > FEW_MATCHES) return { rows: await fetchPage(undefined, fromEnd(total)), total };
    const matching = baseQuery(db, def, { id: def.table.id }).where(where);
    return { rows: await fetchPage(sql`${def.table.id} = any(array(${matching}))`, fromEnd(total)), total };
  }
  if (opts.reversed && offset >= deepFrom) {
    const counted = await countOf();
    if (offset >= counted.total && !counted.estimated) return { rows: [], ...counted };
    return {
      rows: await fetchPage(undefined, counted.estimated ? undefined : fromEnd(counted.total)),
      ...counted,
    };
  }
  const [rows, counted] = await Promise.all([fetchPage(), countOf()]);
  return { rows, ...counted };

  /** For a deep page in the second half of `total` rows: the same rows, read in reverse from the end. */
  function fromEnd(total: number) {
    if (!opts.reversed || offset < deepFrom || offset < total / 2) return undefined;
    const end = Math.min(offset + limit, total);
    return { order: opts.reversed, offset: total - end, limit: end - offset };
  }
}

type Prepared<V> = { execute(values: V): Promise<unknown[]> };
type PreparedPage = Prepared<{ ids: number[] }>;
const preparedStatements = new WeakMap<
  object,
  WeakMap<AnyResourceDef, Map<string, Prepared<never> | null>>
>();
/** The same, found by the identity of a list's order (precomputed per route, see listPlan). */
const preparedByOrder = new WeakMap<
  object,
  WeakMap<AnyResourceDef, WeakMap<SQL[], Map<string, Prepared<never> | null>>>
>();

type Dialect = { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
const dialectOf = (db: DbOrTx) => (db as unknown as { dialect: Dialect }).dialect;

/**
 * A statement of a list built and prepared once per (database handle, definition, `kind`, order): on
 * the PostgreSQL server a named prepared statement on each pooled connection, so it is neither built
 * nor parsed again, and its plan is cached when PostgreSQL finds that pays. Null (not cached) when the
 * order carries parameters. `kind` names what `build` makes (its columns and shape).
 */
function preparedFor<V>(
  db: DbOrTx,
  def: AnyResourceDef,
  kind: string,
  order: SQL[],
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder
  build: () => any,
): Prepared<V> | null {
  let byDefOrder = preparedByOrder.get(db);
  if (!byDefOrder) {
    byDefOrder = new WeakMap();
    preparedByOrder.set(db, byDefOrder);
  }
  let byOrder = byDefOrder.get(def);
  if (!byOrder) {
    byOrder = new WeakMap();
    byDefOrder.set(def, byOrder);
  }
  let forOrder = byOrder.get(order);
  if (!forOrder) {
    forOrder = new Map();
    byOrder.set(order, forOrder);
  }
  const known = forOrder.get(kind);
  if (known !== undefined) return known as Prepared<V> | null;
  const orderText = dialectOf(db).sqlToQuery(sql.join(order, sql`, `));
  let byDef = preparedStatements.get(db);
  if (!byDef) {
    byDef = new WeakMap();
    preparedStatements.set(db, byDef);
  }
  let byKey = byDef.get(def);
  if (!byKey) {
    byKey = new Map();
    byDef.set(def, byKey);
  }
  const key = `${kind}|${orderText.sql}`;
  let prepared = byKey.get(key);
  if (prepared === undefined) {
    if (orderText.params.length > 0) prepared = null;
    else {
      const query = build();
      const text: string = query.toSQL().sql;
      const name = `lbo_page_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      prepared = query.prepare(name) as Prepared<never>;
    }
    byKey.set(key, prepared);
  }
  forOrder.set(kind, prepared);
  return prepared as Prepared<V> | null;
}

/**
 * The rows of a page by their ids, `select <columns> from <table> <joins> where id = any($ids) order by
 * <order>`, prepared once per (database handle, definition, columns, order): the definition's left
 * joins (seven for customers) are planned once, not on every request: planning them cost ten times
 * the page's execution.
 */
function preparedPage(
  db: DbOrTx,
  def: AnyResourceDef,
  columns: Record<string, unknown>,
  order: SQL[],
): PreparedPage | null {
  return preparedFor(db, def, `rows:${Object.keys(columns).join(',')}`, order, () =>
    baseQuery(db, def, columns)
      .where(sql`${def.table.id} = any(${sql.placeholder('ids')})`)
      .orderBy(...order),
  );
}

/**
 * A page's ids of a list with no condition, `select id from <table> <joins> order by <order> limit $limit
 * offset $offset`, prepared once per order (the plain list every screen opens on).
 */
function preparedIds(db: DbOrTx, def: AnyResourceDef, order: SQL[]) {
  return preparedFor<{ limit: number; offset: number }>(db, def, 'ids', order, () =>
    baseQuery(db, def, { id: def.table.id })
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
}

/** `select count(*) from <table>`, prepared once per definition (a list with no condition). */
const NO_ORDER: SQL[] = [];
function preparedCount(db: DbOrTx, def: AnyResourceDef) {
  return preparedFor<Record<string, never>>(db, def, 'count', NO_ORDER, () =>
    (db as Db).select({ n: count() }).from(def.table),
  );
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
  if (!row) throw notFound(problem('not_found', { thing: def.contract.name.replace(/_/g, ' '), id }));
  if (!row[IN_SCOPE])
    throw forbidden(problem('outside_scope', { thing: def.contract.name.replace(/_/g, ' '), id }));
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
  const listQuery = ListQuery.extend(contract.filters.shape).extend({ by });
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
