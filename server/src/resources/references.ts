// The reference fields of request bodies (contract: `ref(kind, schema)`), found in the schemas and
// checked against the caller's branches on every path that accepts a body: the generic create and
// update, every action, the promo update. A field names a resource's record (its definition's scope
// rule decides), a branch, or the record of the path itself (`self`).
import { type Reference, references } from '@lbo/contract/common';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client';
import { ApiError, type Problem, problem } from '../http/errors';
import { assertBranchInScope, seesBranch } from '../http/scope';
import { type AnyResourceDef, scopeCondition, scopeFlag } from './define';

/** One reference field: its path in the body (`customer_ids`, `rows[].customer_code`) and what it names. */
export type ReferenceField = { path: string; kind: string; by: 'id' | 'code'; many: boolean };

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

function collect(s: z.ZodType, path: string, many: boolean, out: ReferenceField[], seen: Set<unknown>) {
  if (seen.has(s)) return;
  seen.add(s);
  const meta = references.get(s) as Reference | undefined;
  if (meta) {
    out.push({ path, kind: meta.kind, by: meta.by ?? 'id', many });
    return;
  }
  const d = defOf(s);
  switch (d.type) {
    case 'object':
      for (const [k, v] of Object.entries(d.shape as Record<string, z.ZodType>))
        collect(v, path ? `${path}.${k}` : k, many, out, seen);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      collect(d.innerType as z.ZodType, path, many, out, seen);
      return;
    case 'pipe':
      collect(d.in as z.ZodType, path, many, out, seen);
      collect(d.out as z.ZodType, path, many, out, seen);
      return;
    case 'array':
      collect(d.element as z.ZodType, `${path}[]`, true, out, seen);
      return;
    case 'union':
      for (const o of d.options as z.ZodType[]) collect(o, path, many, out, seen);
      return;
    default:
      return;
  }
}

const fieldCache = new WeakMap<object, ReferenceField[]>();

/** Every reference field of a body (or query) schema, once per schema. */
export function referenceFields(schema: unknown): ReferenceField[] {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return [];
  let found = fieldCache.get(schema);
  if (!found) {
    found = [];
    collect(schema as z.ZodType, '', false, found, new Set());
    const unique = new Map(found.map((f) => [`${f.path}|${f.kind}|${f.by}`, f]));
    found = [...unique.values()];
    fieldCache.set(schema, found);
  }
  return found;
}

/** The values at a field path (`customer_ids[]`, `rows[].customer_code`), absent and null left out. */
export function valuesAt(body: unknown, path: string): unknown[] {
  let current: unknown[] = [body];
  for (const part of path.split('.')) {
    const list = part.endsWith('[]');
    const key = list ? part.slice(0, -2) : part;
    const next: unknown[] = [];
    for (const v of current) {
      if (!v || typeof v !== 'object' || !Object.hasOwn(v, key)) continue;
      const got = (v as Record<string, unknown>)[key];
      if (list) {
        if (Array.isArray(got)) next.push(...got);
      } else next.push(got);
    }
    current = next;
  }
  return current.filter((v) => v !== null && v !== undefined);
}

/** The resource definitions by contract name: what a `ref(kind)` names. */
const kinds = new Map<string, AnyResourceDef>();

export function registerReferenceKind(def: AnyResourceDef): void {
  kinds.set(def.contract.name, def);
}

/** The definition a kind names (undefined for `self`, `branch` and kinds without a resource). */
export function referenceKind(kind: string): AnyResourceDef | undefined {
  return kinds.get(kind);
}

/** Kinds that name no resource definition and no branch data: nothing to check beyond the handler's existence checks. */
export const UNSCOPED_KINDS = new Set(['self', 'customer_level', 'item_category', 'role']);

/** Whether a field's kind reaches a branch (its values are scope-checked). */
export function reachesBranch(kind: string): boolean {
  if (kind === 'branch') return true;
  const def = kinds.get(kind);
  return !!def && def.scope !== 'none';
}

/**
 * Checks the records named at `field` against the caller's branches: unknown ones are a 404, those of
 * another branch a 403, every one named (`salesman_id: salesman S-01 is outside your assigned branches`).
 */
export async function assertRecordsInScope(
  db: DbOrTx,
  req: FastifyRequest,
  def: AnyResourceDef,
  values: readonly unknown[],
  field: string,
  by: 'id' | 'code' = 'id',
  opts: { unknown?: 'report' | 'leave'; list?: boolean } = {},
): Promise<void> {
  const unique = [...new Set(values)];
  if (unique.length === 0) return;
  const label = def.contract.name.replace(/_/g, ' ');
  const key = by === 'code' ? def.code : def.table.id;
  if (!key) throw new Error(`resource ${def.contract.name} declares no code column for ${field}`);
  // A value of the wrong type for the key would fail the query; such a value names no record.
  const usable = unique.filter((v) => (by === 'code' ? typeof v === 'string' : Number.isInteger(v)));
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder is typed per call site
  let q: any = (db as Db)
    .select({ key, code: def.code ?? def.table.id, in_scope: scopeFlag(def, req) } as Record<
      string,
      AnyPgColumn | SQL
    >)
    .from(def.table)
    .$dynamic();
  if (def.joins) q = def.joins(q);
  const found = (usable.length > 0 ? await q.where(inArray(key, usable as never[])) : []) as {
    key: unknown;
    code: unknown;
    in_scope: boolean;
  }[];
  const known = new Set(found.map((r) => r.key));
  const missing = unique.filter((v) => !known.has(v));
  if (missing.length > 0 && opts.unknown !== 'leave') {
    throw new ApiError(
      'NOT_FOUND',
      missing.map((v) => problem('not_found', { thing: label, id: String(v) }, field)),
    );
  }
  const outside = found.filter((r) => !r.in_scope);
  if (outside.length > 0) {
    // A list names each element by its position and value, as it was sent (`customer_ids[2]: customer 9`).
    const at = new Map(values.map((v, i) => [v, i]));
    throw new ApiError(
      'FORBIDDEN',
      outside
        .sort((a, b) => (at.get(a.key) ?? 0) - (at.get(b.key) ?? 0))
        .map((r) =>
          opts.list
            ? problem('outside_scope', { thing: label, code: String(r.key) }, `${field}[${at.get(r.key)}]`)
            : problem('outside_scope', { thing: label, code: String(r.code) }, field),
        ),
    );
  }
}

/** How a message names a field path: `customer_ids[]` -> `customer_ids`. */
const fieldName = (path: string) => path.replace(/\[\]/g, '');

/**
 * Checks every reference field of `schema` present in `body`: a branch outside the caller's branches
 * is a 403, a record of another branch a 403 and an unknown one a 404 (see assertRecordsInScope), or,
 * with `unknown: 'leave'`, the handler's own existence check (its documented 400) decides.
 */
export async function assertReferences(
  db: DbOrTx,
  req: FastifyRequest,
  schema: unknown,
  body: unknown,
  opts: { unknown?: 'report' | 'leave' } = {},
): Promise<void> {
  if (!body || typeof body !== 'object') return;
  for (const field of referenceFields(schema)) {
    // Lists of records (import rows, ERP documents) are checked row by row by the import pipeline's
    // resolve, which names each row in its messages.
    if (field.path.includes('[].')) continue;
    const values = valuesAt(body, field.path);
    if (values.length === 0) continue;
    if (field.kind === 'branch') {
      for (const v of values) assertBranchInScope(req, v as number);
      continue;
    }
    const def = kinds.get(field.kind);
    if (!def || def.scope === 'none') continue;
    await assertRecordsInScope(db, req, def, values, fieldName(field.path), field.by, {
      // A list's unknown entries are its handler's to name (their documented 400, all at once).
      unknown: field.many ? 'leave' : opts.unknown,
      list: field.many,
    });
  }
}

/** One problem of an import row: the row's 0-based position and what is wrong with it. */
export type RowProblem = { index: number; problem: Problem };

/**
 * The rows of an import naming a record of another branch: every reference field of the row schema
 * (`customer_code`, `salesman_code`, `lines[].item_code`, ...) that reaches a branch, checked in one
 * query per kind whatever the number of rows (values as one JSON parameter: a 100,000-row import
 * stays one statement). A row is named once per field and record (`row 7: customer C-9 is outside
 * your assigned branches`). Unknown values are left to the import's resolve, which names them (400).
 */
export async function rowsOutsideScope(
  db: DbOrTx,
  req: FastifyRequest,
  schema: unknown,
  rows: readonly { index: number; row: unknown }[],
): Promise<RowProblem[]> {
  if (req.user?.branches === 'all' || rows.length === 0) return [];
  const fields = referenceFields(schema).filter((f) => reachesBranch(f.kind));
  const out: RowProblem[] = [];
  const byKind = new Map<string, ReferenceField[]>();
  for (const f of fields) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);
  for (const [kind, kindFields] of byKind) {
    if (kind === 'branch') {
      for (const { index, row } of rows)
        for (const f of kindFields)
          for (const v of valuesAt(row, f.path))
            if (typeof v === 'number' && !seesBranch(req, v))
              out.push({ index, problem: problem('branch_outside_scope', undefined, fieldName(f.path)) });
      continue;
    }
    const def = kinds.get(kind)!;
    const cond = scopeCondition(def, req);
    if (!cond) continue;
    const ids = new Set<number>();
    const codes = new Set<string>();
    for (const { row } of rows)
      for (const f of kindFields)
        for (const v of valuesAt(row, f.path)) {
          if (f.by === 'code' && typeof v === 'string') codes.add(v);
          else if (f.by === 'id' && Number.isInteger(v)) ids.add(v as number);
        }
    if (ids.size === 0 && codes.size === 0) continue;
    if (codes.size > 0 && !def.code)
      throw new Error(`resource ${def.contract.name} declares no code column for a reference by code`);
    const byId =
      ids.size > 0
        ? sql`${def.table.id} in (select (v)::int from json_array_elements_text(${JSON.stringify([...ids])}::json) v)`
        : undefined;
    const byCode =
      codes.size > 0 && def.code
        ? sql`${def.code} in (select json_array_elements_text(${JSON.stringify([...codes])}::json))`
        : undefined;
    const named = byId && byCode ? sql`(${byId} or ${byCode})` : (byId ?? byCode)!;
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder is typed per call site
    let q: any = (db as Db)
      .select({ id: def.table.id, code: def.code ?? def.table.id } as Record<string, AnyPgColumn>)
      .from(def.table)
      .$dynamic();
    if (def.joins) q = def.joins(q);
    const foreign = (await q.where(sql`${named} and not (${cond})`)) as { id: number; code: unknown }[];
    if (foreign.length === 0) continue;
    const foreignById = new Map(foreign.map((r) => [r.id, r]));
    const foreignByCode = new Map(foreign.map((r) => [String(r.code), r]));
    const label = kind.replace(/_/g, ' ');
    for (const { index, row } of rows)
      for (const f of kindFields) {
        const told = new Set<unknown>();
        for (const v of valuesAt(row, f.path)) {
          const r = f.by === 'code' ? foreignByCode.get(v as string) : foreignById.get(v as number);
          if (!r || told.has(r.id)) continue;
          told.add(r.id);
          out.push({
            index,
            problem: problem(
              'outside_scope',
              { thing: label, code: String(r.code) },
              { field: fieldName(f.path), named: true },
            ),
          });
        }
      }
  }
  return out;
}
