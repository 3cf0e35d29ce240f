// Statements of a list prepared once and reused: no query building or planning per request.
import { createHash } from 'node:crypto';
import { count, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import type { AnyResourceDef } from './define';
import { baseQuery } from './records';

type Prepared<V> = { execute(values: V): Promise<unknown[]> };
type PreparedPage = Prepared<{ ids: number[] }>;
const preparedStatements = new WeakMap<
  object,
  WeakMap<AnyResourceDef, Map<string, Prepared<never> | null>>
>();
/** The same, found by the identity of a list's order (precomputed per route, see listPlan in routes.ts). */
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
export function preparedPage(
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
export function preparedIds(db: DbOrTx, def: AnyResourceDef, order: SQL[]) {
  return preparedFor<{ limit: number; offset: number }>(db, def, 'ids', order, () =>
    baseQuery(db, def, { id: def.table.id })
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
}

/** `select count(*) from <table>`, prepared once per definition (a list with no condition). */
const NO_ORDER: SQL[] = [];
export function preparedCount(db: DbOrTx, def: AnyResourceDef) {
  return preparedFor<Record<string, never>>(db, def, 'count', NO_ORDER, () =>
    (db as Db).select({ n: count() }).from(def.table),
  );
}
