// A resource's API contract, declared once and shared by the server (routes, validation, OpenAPI)
// and the web app (typed client, list columns, filters, forms).
import type { z } from 'zod';
import type { PermissionArea } from './common';

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
  /** Key holding the array in select answers; defaults to listKey. */
  selectKey?: string;
  paths: ResourcePaths;
  record: R;
  create?: C;
  update?: U;
  /** Exact-match filters beyond page/limit/by/sort/search. */
  filters: F;
  /** Allowed `by` values (SPEC.md alias names included); anything else is a 400. */
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
};

export function defineContract<
  R extends z.ZodObject,
  C extends z.ZodType,
  U extends z.ZodType,
  F extends z.ZodObject,
>(c: ResourceContract<R, C, U, F>): ResourceContract<R, C, U, F> {
  return c;
}

export type RecordOf<T> = T extends ResourceContract<infer R> ? z.infer<R> : never;
