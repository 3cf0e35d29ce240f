// The generic resource machinery: one declarative definition per simple resource (its contract,
// table, columns, sort map, search columns, filters and scope rule) from which the standard
// handlers are made: paged list, /select, get by id, create, update, delete.
// Custom behaviour goes into hooks beside the definition, never into copies of these handlers.
import { type PeriodKeys, periodOf, periodProblem, withPeriod } from '@lbo/contract/period';
import { type ResourceContract, resolveSortKey } from '@lbo/contract/resource';
import { Column, getTableName, is, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client';
import { badRequest } from '../http/errors';
import type { FilterTags, SearchColumn, SortMap } from '../http/list-query';
import { branchCondition } from '../http/scope';

export type HookCtx = { req: FastifyRequest; tx: Tx };

export type Filter = AnyPgColumn | ((value: never, req: FastifyRequest) => SQL | undefined);

/**
 * How a resource's records reach a branch (CONTRACT.md section 5), declared once per resource: every
 * generic route (list, select, get, create, update, delete, export), every record action and every
 * body field naming one of its records (`ref(kind)`) derives its condition and checks from it.
 * - `{ branchColumn }`: directly (its `branch_id`), or through a referenced record joined in `joins`
 *   (a store's branch: `customers.branch_id`).
 * - `{ parent, via }`: through its parent's scope (`promo_line` via `promo_id` to `promo`); `via` is the
 *   column of this table holding the parent's id. The parent's own rule must be on its table (no joins).
 * - `'none'`: not branch data (items, roles, content): the same for every caller.
 */
export type ScopeRule =
  | {
      /** The column holding the branch that decides visibility (directly or through a join). */
      branchColumn: AnyPgColumn | SQL;
      /** Rows with no branch (NULL) are visible to everyone. */
      nullVisible?: boolean;
    }
  | { parent: () => AnyResourceDef; via: AnyPgColumn }
  | 'none';

export type ResourceDef<C extends ResourceContract = ResourceContract> = {
  contract: C;
  table: PgTable & { id: AnyPgColumn };
  /** Output columns (may include joined columns and correlated subqueries); keys are the JSON names. */
  columns: Record<string, AnyPgColumn | SQL.Aliased | SQL>;
  /** Adds joins to a select from `table` (drizzle's dynamic select builder, typed per call site). */
  // biome-ignore lint/suspicious/noExplicitAny: the builder's type depends on the joins added
  joins?: (q: any) => any;
  sort: SortMap;
  search: SearchColumn[];
  /**
   * Equality filters (and the branch scope) also held as tags in one GIN index with the search column
   * (list-query.ts FilterTags): a searched list finds its matches through both at once.
   */
  searchTags?: FilterTags;
  filters?: Record<string, Filter>;
  scope: ScopeRule;
  /** The code a message names a record by, and a `ref(kind, schema, 'code')` field finds it by. */
  code?: AnyPgColumn;
  /** Extra condition always applied (e.g. hide soft-deleted rows). */
  where?: (req: FastifyRequest) => SQL | undefined;
  /**
   * A cheaper count of the list for some queries (e.g. from a rollup table): a statement answering one
   * row with the count in `n`, or undefined to count the rows. `query` is the validated list query.
   * It must give exactly the number of rows the list's conditions select.
   */
  count?: (req: FastifyRequest, query: Record<string, unknown>) => SQL | undefined;
  /**
   * With `contract.detail`: builds the `get` answer from the loaded (and scope-checked) record, e.g. the
   * record plus its lines. `query` is the validated `contract.detail.query`.
   */
  detail?: (
    record: Record<string, unknown>,
    ctx: { req: FastifyRequest; db: DbOrTx; query: Record<string, unknown> },
  ) => Promise<unknown>;
  /** With `contract.upload`: the table column that receives the stored image's URL, and the folder for it. */
  upload?: { column: string; folder: string };
  /**
   * Body fields holding the url of an image uploaded earlier (`POST .../photo`): on create and update
   * each must name a file this server stored (contract: `imageRef()`), else 400.
   */
  images?: readonly string[];
  hooks?: {
    /** Turns validated create input into table values (default: the input's keys that are table columns). */
    beforeCreate?(
      input: CreateInput<C>,
      ctx: HookCtx,
    ): Promise<Record<string, unknown>> | Record<string, unknown>;
    afterCreate?(id: number, input: CreateInput<C>, ctx: HookCtx): Promise<void> | void;
    beforeUpdate?(
      id: number,
      input: UpdateInput<C>,
      before: Record<string, unknown>,
      ctx: HookCtx,
    ): Promise<Record<string, unknown>> | Record<string, unknown>;
    afterUpdate?(id: number, input: UpdateInput<C>, ctx: HookCtx): Promise<void> | void;
    beforeDelete?(id: number, before: Record<string, unknown>, ctx: HookCtx): Promise<void> | void;
  };
};

/** The validated create / update body of a contract (hooks are methods, so definitions stay assignable). */
type CreateInput<C extends ResourceContract> = z.output<NonNullable<C['create']>>;
type UpdateInput<C extends ResourceContract> = z.output<NonNullable<C['update']>>;

/**
 * A column of the outer query for a correlated subquery, always qualified with its table. Drizzle
 * writes a bare `"id"` in a select without joins, and inside `(select ... from staff_users u where
 * u.role_group_id = "id")` PostgreSQL binds that to the subquery's own `u.id`.
 */
export const outerColumn = (col: AnyPgColumn): SQL =>
  sql`${sql.identifier(getTableName(col.table))}.${sql.identifier(col.name)}`;

export function defineResource<C extends ResourceContract>(def: ResourceDef<C>): ResourceDef<C> {
  const missing = def.contract.sortKeys.filter((k) => !(k in def.sort));
  const unlisted = Object.keys(def.sort).filter((k) => !def.contract.sortKeys.includes(k));
  if (unlisted.length > 0) {
    // Alias forms (`def.id`) are resolved generically; a sort map holds bare sort keys only.
    throw new Error(`resource ${def.contract.name}: sort columns not in sortKeys: ${unlisted.join(', ')}`);
  }
  if (missing.length > 0) {
    throw new Error(`resource ${def.contract.name}: sort keys without a column: ${missing.join(', ')}`);
  }
  const { sortKeys, defaultSort } = def.contract;
  if (!resolveSortKey(sortKeys, defaultSort.by)) {
    throw new Error(`resource ${def.contract.name}: the default sort '${defaultSort.by}' is not a sort key`);
  }
  if (def.contract.detail && !def.detail) {
    throw new Error(`resource ${def.contract.name}: the contract has a detail answer but no detail builder`);
  }
  if (def.contract.upload && !def.upload) {
    throw new Error(`resource ${def.contract.name}: the contract takes an upload but names no column for it`);
  }
  return def;
}

export type AnyResourceDef = ResourceDef<ResourceContract>;

export type RecordOf<D> = D extends ResourceDef<infer C> ? z.infer<C['record']> : never;

/** `select` columns plus `in_scope`, used to fetch one record and tell 404 from 403 in one query. */
export function scopeFlag(def: AnyResourceDef, req: FastifyRequest): SQL {
  const cond = scopeCondition(def, req);
  return cond ? sql<boolean>`(${cond})` : sql<boolean>`true`;
}

export function scopeCondition(def: AnyResourceDef, req: FastifyRequest): SQL | undefined {
  const scope = def.scope;
  if (scope === 'none') return undefined;
  if ('parent' in scope) {
    const parent = scope.parent();
    const inner = scopeCondition(parent, req);
    if (!inner) return undefined;
    const p = parent.scope;
    if (
      p !== 'none' &&
      'branchColumn' in p &&
      !(is(p.branchColumn, Column) && p.branchColumn.table === parent.table)
    )
      throw new Error(
        `resource ${def.contract.name}: its parent ${parent.contract.name} is scoped through a join`,
      );
    // Qualified names: the subquery reads the parent's table, the outer query this one's.
    return sql`${outerColumn(scope.via)} in (select ${outerColumn(parent.table.id)} from ${parent.table} where ${inner})`;
  }
  return branchCondition(req, scope.branchColumn, { nullVisible: scope.nullVisible });
}

/** 400 when a record's period (`contract.period`; on update the body merged with the stored record) ends before it starts. */
export function assertPeriod(keys: PeriodKeys | undefined, record: Record<string, unknown>): void {
  const p = keys && periodProblem(record, keys);
  if (p) throw badRequest(`${p.field}: ${p.message}`);
}

/** `query` with the period check of the contract's filters, when they were made with withPeriod. */
export function withFilterPeriod<T extends z.ZodType>(contract: ResourceContract, query: T): T {
  const keys = periodOf(contract.filters);
  return keys ? withPeriod(query, keys) : query;
}

export type { DbOrTx };
