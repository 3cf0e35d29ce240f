// One page of a list and its total, index-friendly at any depth and with any search.
import { count, getTableName, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { onlyTable } from '../http/list-query';
import type { AnyResourceDef } from './define';
import { baseQuery } from './records';
import { preparedCount, preparedIds, preparedPage } from './statements';

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
