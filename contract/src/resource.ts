// A resource's API contract, declared once and shared by the server (routes, validation, OpenAPI)
// and the web app (typed client, list columns, filters, forms).
import { z } from 'zod';
import type { PermissionArea } from './common';
import { type PeriodKeys, periodOf, withPeriod } from './period';

export type ResourcePaths = {
  /** Paged list. */
  list?: string;
  /** Unpaged list for dropdowns (max 1000 rows). */
  select?: string;
  /** Get one; the path names its id parameter, e.g. `/web/branch/id/:branch_id`. */
  get?: string;
  create?: string;
  update?: string;
  remove?: string;
};

export type ResourceContract<
  R extends z.ZodObject = z.ZodObject,
  C extends z.ZodType = z.ZodType,
  U extends z.ZodType = z.ZodType,
  F extends z.ZodObject = z.ZodObject,
> = {
  name: string;
  area: PermissionArea;
  /** JSON name of the record's id (`id`, `branch_id`, `id_role`, ...); records carry `id` as well. */
  idKey: string;
  /** Key holding the array in list answers (`list_role_group`); absent: `data` is the array. */
  listKey?: string;
  /**
   * Key holding the array in select answers where SPEC.md names one (`list_customertype`); absent:
   * `data` is the array (CONTRACT.md section 2), whatever the list's key.
   */
  selectKey?: string;
  paths: ResourcePaths;
  record: R;
  create?: C;
  update?: U;
  /** Exact-match filters beyond page/limit/by/sort/search. */
  filters: F;
  /**
   * Allowed `by` values, as bare names; each is also accepted with one of SORT_ALIAS_PREFIXES
   * (`def.id`, `b.id`), so no contract lists alias names. Anything else is a 400.
   */
  sortKeys: readonly string[];
  defaultSort: { by: string; dir: 'asc' | 'desc' };
  /** Columns `search` looks in (documentation; the server maps them). */
  searchFields: readonly string[];
  /**
   * When `paths.get` answers more than the bare record (a customer with its targets, an invoice with
   * its lines): the answer's `data` schema and the query parameters it takes.
   */
  detail?: { data: z.ZodType; query?: z.ZodObject };
  /**
   * Create/update also accept `multipart/form-data` (CONTRACT.md section 6): the JSON body in the text
   * field `form_data` and an optional image in the file field named here (`photo` or `image`).
   */
  upload?: { field: 'photo' | 'image' };
  /**
   * The record's period (its end on or after its start): the create body checks it, and an update is
   * checked merged with the stored record. Taken from a create body made with withPeriod; given here,
   * the create body gets the check.
   */
  period?: PeriodKeys;
};

/** The table-alias prefixes SPEC.md's clients put before a sort column: `def.id`, `pc.priority`, `pl.id`, `b.id`. */
export const SORT_ALIAS_PREFIXES = ['def', 'pc', 'pl', 'b'] as const;

/** The sort key a `by` value names (itself, or the key after an alias prefix); undefined when not allowed. */
export function resolveSortKey(sortKeys: readonly string[], by: string): string | undefined {
  if (sortKeys.includes(by)) return by;
  const dot = by.indexOf('.');
  if (dot < 0) return undefined;
  const prefix = by.slice(0, dot);
  const key = by.slice(dot + 1);
  return (SORT_ALIAS_PREFIXES as readonly string[]).includes(prefix) && sortKeys.includes(key)
    ? key
    : undefined;
}

/**
 * `map[key]` when `key` is one of the map's own entries, else undefined: a name every object
 * inherits (`__proto__`, `constructor`, `toString`) is no entry, however a request spells it.
 */
export function ownEntry<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** A readable list of the accepted `by` values (for error messages and the API docs). */
export function describeSortKeys(sortKeys: readonly string[]): string {
  return `${sortKeys.join(', ')} (each also as ${SORT_ALIAS_PREFIXES.map((p) => `${p}.<name>`).join(', ')})`;
}

export function defineContract<
  R extends z.ZodObject,
  C extends z.ZodType,
  U extends z.ZodType,
  F extends z.ZodObject,
>(c: ResourceContract<R, C, U, F>): ResourceContract<R, C, U, F> {
  const period = c.period ?? periodOf(c.create);
  if (!period) return c;
  const create = c.create && !periodOf(c.create) ? withPeriod(c.create, period) : c.create;
  return { ...c, create, period };
}

/** A field schema without its `.default(...)` / `.prefault(...)` (and the `.optional()` beneath it). */
type Bare<T> = T extends z.ZodDefault<infer I> | z.ZodPrefault<infer I>
  ? Bare<I>
  : T extends z.ZodOptional<infer I>
    ? Bare<I>
    : T;
export type UpdateShape<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodOptional<Bare<S[K]>> };

function bare(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    if (s instanceof z.ZodDefault || s instanceof z.ZodPrefault || s instanceof z.ZodOptional) {
      s = s.unwrap() as z.ZodType;
    } else {
      return s;
    }
  }
}

/**
 * The update body of a resource from the fields of its create body (or its own field list): every
 * field optional, defaults removed. CONTRACT.md section 2: a field absent from a PUT is left as it
 * is, so an update schema must never fill one in (`Create.partial()` would: zod still applies a
 * partial field's default). Object-level refinements of the create body are not carried over: an
 * update checks them after merging with the stored record.
 */
export function updateSchema<S extends z.ZodRawShape>(shape: S): z.ZodObject<UpdateShape<S>> {
  const out: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(shape)) out[key] = bare(field as z.ZodType).optional();
  return z.object(out) as unknown as z.ZodObject<UpdateShape<S>>;
}

export type RecordOf<T> = T extends ResourceContract<infer R> ? z.infer<R> : never;
