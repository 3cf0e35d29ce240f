// Turns a validated list query into SQL pieces: the sort allow-list, search and exact filters.
// Client strings never reach SQL text: `by` is looked up in a per-resource map of columns.
import { describeSortKeys, resolveSortKey } from '@lbo/contract/resource';
import { and, asc, desc, ilike, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors';

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
  const requested = by ?? fallback.by;
  const key = resolveSortKey(allowed, requested);
  const column = key === undefined ? undefined : sortMap[key];
  if (!column) {
    throw badRequest(
      `by: unknown sort column '${requested.slice(0, 50)}'; use one of: ${describeSortKeys(allowed)}`,
    );
  }
  const d = dir ?? (by ? 'asc' : fallback.dir);
  const f = d === 'desc' ? desc : asc;
  const columns: readonly (AnyPgColumn | SQL)[] = Array.isArray(column) ? column : [column];
  const order = columns.map((c) => f(c));
  return columns.includes(tieBreaker) ? order : [...order, f(tieBreaker)];
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchCondition(
  columns: readonly (AnyPgColumn | SQL)[],
  search: string | undefined,
): SQL | undefined {
  const s = search?.trim();
  if (!s || columns.length === 0) return undefined;
  const pattern = likePattern(s);
  return or(...columns.map((c) => ilike(c as AnyPgColumn, pattern)));
}

export function allOf(parts: (SQL | SQLWrapper | undefined)[]): SQL | undefined {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length === 0 ? undefined : and(...present);
}

export function pageMeta(page: number, limit: number, total: number) {
  return { page, limit, total_data: total, total_page: Math.ceil(total / limit) };
}
