// Turns a validated list query into SQL pieces: the sort allow-list, search and exact filters.
// Client strings never reach SQL text: `by` is looked up in a per-resource map of columns.
import { describeSortKeys, ownEntry, resolveSortKey } from '@lbo/contract/resource';
import {
  and,
  asc,
  Column,
  desc,
  ilike,
  is,
  like,
  or,
  Param,
  SQL,
  type SQLWrapper,
  StringChunk,
  sql,
  Table,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest, problem } from './errors';

/** Sort key (bare name, see resolveSortKey for the alias forms) -> the column (or expression) to sort on, or several in order (`transaction_date` -> date, time). */
export type SortMap = Record<string, AnyPgColumn | SQL | readonly (AnyPgColumn | SQL)[]>;

export function orderBy(
  sortMap: SortMap,
  allowed: readonly string[],
  by: string | undefined,
  dir: 'asc' | 'desc' | undefined,
  fallback: { by: string; dir: 'asc' | 'desc' },
  tieBreaker: AnyPgColumn,
): SQL[] {
  return orderings(sortMap, allowed, by, dir, fallback, tieBreaker).order;
}

/**
 * The order of a list and its exact reverse (every column's direction flipped: PostgreSQL puts
 * NULLs last ascending and first descending, so the reverse also mirrors NULLs). The reverse lets
 * a page near the end be read from the end (see pagedList).
 */
export function orderings(
  sortMap: SortMap,
  allowed: readonly string[],
  by: string | undefined,
  dir: 'asc' | 'desc' | undefined,
  fallback: { by: string; dir: 'asc' | 'desc' },
  tieBreaker: AnyPgColumn,
): { order: SQL[]; reversed: SQL[] } {
  const requested = by ?? fallback.by;
  const key = resolveSortKey(allowed, requested);
  const column = key === undefined ? undefined : ownEntry(sortMap, key);
  if (!column) {
    throw badRequest(
      problem('sort_unknown', { by: requested.slice(0, 50), allowed: describeSortKeys(allowed) }, 'by'),
    );
  }
  const d = dir ?? (by ? 'asc' : fallback.dir);
  const f = d === 'desc' ? desc : asc;
  const back = d === 'desc' ? asc : desc;
  const listed: readonly (AnyPgColumn | SQL)[] = Array.isArray(column) ? column : [column];
  const columns = listed.includes(tieBreaker) ? listed : [...listed, tieBreaker];
  return { order: columns.map((c) => f(c)), reversed: columns.map((c) => back(c)) };
}

/**
 * The order of a list written by hand (a report's SQL): the sort key `by` names among `allowed` (a
 * contract's sort-key constant; alias forms as resolveSortKey takes them), 400 naming the accepted
 * ones otherwise; and its direction: `dir`, else ascending when `by` is given, else the fallback's.
 */
export function listOrder<K extends string>(
  allowed: readonly K[],
  q: { by?: string; sort?: 'asc' | 'desc' },
  fallback: { by: K; dir: 'asc' | 'desc' },
): { key: K; dir: 'asc' | 'desc' } {
  const requested = q.by || fallback.by;
  const key = resolveSortKey(allowed, requested) as K | undefined;
  if (key === undefined) {
    throw badRequest(
      `by: unknown sort column '${requested.slice(0, 50)}'; use one of: ${describeSortKeys(allowed)}`,
    );
  }
  return { key, dir: q.sort ?? (q.by ? 'asc' : fallback.dir) };
}

/**
 * Whether a condition names only columns of `table` (and values): then a count needs no joins.
 * Conservative: a joined table's column, a subquery, or raw SQL text that could name another table
 * (a qualified name, a quoted identifier, a `select`) all answer false.
 */
export function onlyTable(where: SQL | undefined, table: Table): boolean {
  if (!where) return true;
  const walk = (c: unknown): boolean => {
    if (c === null || c === undefined || typeof c !== 'object') return true;
    if (is(c, Column)) return c.table === table;
    if (is(c, Table)) return c === table;
    if (is(c, SQL)) return c.queryChunks.every(walk);
    if (is(c, SQL.Aliased)) return walk(c.sql);
    if (is(c, StringChunk)) return !/[."]|\bselect\b/i.test(c.value.join(''));
    if (is(c, Param)) return true; // a bound value
    if (Array.isArray(c)) return c.every(walk);
    return false;
  };
  return walk(where);
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A search column holding lower-cased text (e.g. a generated column over several fields): matched with
 * a plain `LIKE` against the lower-cased term, which its trigram index serves with a cheap recheck.
 */
export class LowerCasedSearch {
  constructor(readonly column: AnyPgColumn) {}
}

export type SearchColumn = AnyPgColumn | SQL | LowerCasedSearch;

export function searchCondition(
  columns: readonly SearchColumn[],
  search: string | undefined,
): SQL | undefined {
  const s = search?.trim();
  if (!s || columns.length === 0) return undefined;
  const pattern = likePattern(s);
  return or(
    ...columns.map((c) =>
      c instanceof LowerCasedSearch
        ? like(c.column, pattern.toLowerCase())
        : ilike(c as AnyPgColumn, pattern),
    ),
  );
}

/**
 * Equality filters written as `<prefix><value>` tags in a text[] expression that one multicolumn GIN
 * index holds beside a search column's trigrams (see migration 0012_list_speed). A search under such
 * filters then finds its candidates in one index scan that applies the term and the filters together:
 * a common word under a filter few of its rows share (a customer type, a branch) visits only the rows
 * that pass both, where the planner, blind to how the two correlate, read every row of one or the other.
 *
 * `expr` must be written exactly as the index's expression. A tag condition is only ever added beside
 * the filter's own condition (it selects the same rows), so results cannot change, only the plan.
 */
export class FilterTags {
  constructor(
    readonly expr: SQL,
    /**
     * filter key -> its tag prefix (the value is tagged as PostgreSQL writes it as text), or the prefix
     * and the one value worth a tag: a value most rows hold (a customer is usually active) would make
     * the index read a posting list of most of the table to save almost nothing.
     */
    readonly prefixes: Readonly<Record<string, string | { prefix: string; only: boolean | number }>>,
    /** The prefix of the branch column, for a branch-scoped caller's branches. */
    readonly branchPrefix?: string,
  ) {}

  static text(value: unknown): string {
    return typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
  }

  /**
   * `expr @> array[<tags>]` for the tagged filters present in `query`, and `expr && array[<branches>]`
   * for a caller limited to `branches`; undefined when neither applies.
   */
  condition(query: Record<string, unknown>, branches: 'all' | readonly number[] = 'all'): SQL | undefined {
    const tags: string[] = [];
    for (const [key, rule] of Object.entries(this.prefixes)) {
      const value = query[key];
      if (typeof value !== 'number' && typeof value !== 'boolean') continue;
      if (typeof rule === 'string') tags.push(`${rule}${FilterTags.text(value)}`);
      else if (rule.only === value) tags.push(`${rule.prefix}${FilterTags.text(value)}`);
    }
    const parts: SQL[] = [];
    if (tags.length > 0) parts.push(sql`${this.expr} @> ${sql.param(tags)}::text[]`);
    if (this.branchPrefix && branches !== 'all' && branches.length > 0) {
      const scoped = branches.map((b) => `${this.branchPrefix}${b}`);
      parts.push(sql`${this.expr} && ${sql.param(scoped)}::text[]`);
    }
    return parts.length === 0 ? undefined : and(...parts);
  }
}

export function allOf(parts: (SQL | SQLWrapper | undefined)[]): SQL | undefined {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length === 0 ? undefined : and(...present);
}

/**
 * CONTRACT.md's paging meta. `estimated`: `total_data` is PostgreSQL's row estimate for a large
 * unfiltered list, not a count; the meta then says `total_estimated: true` (show "about N").
 */
export function pageMeta(page: number, limit: number, total: number, estimated = false) {
  const meta = { page, limit, total_data: total, total_page: Math.ceil(total / limit) };
  return estimated ? { ...meta, total_estimated: true as const } : meta;
}
