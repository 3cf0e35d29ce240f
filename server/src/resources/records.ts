// The records of a definition as the API shows them: their columns, the query that reads them, the
// conditions of a request (scope, filters, search), and one record by id.
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { forbidden, notFound, problem } from '../http/errors';
import { allOf, searchCondition } from '../http/list-query';
import { type AnyResourceDef, scopeCondition, scopeFlag } from './define';

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
