// Branch scope (CONTRACT.md section 5) in one place: what a signed-in staff user may see and name.
// Every branch-level query and check goes through these helpers (the resource machinery, reports,
// workflows, imports), so no module reads `req.user.branches` itself and each gets the same rules:
// an empty assignment sees nothing, a record outside the branches is a 403, an unknown one a 404.
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import type { BranchScope } from './auth';
import { ApiError, forbidden, problem } from './errors';

/** The branch ids the caller may see, or 'all'. */
export function branchScope(req: FastifyRequest): BranchScope {
  return req.user.branches;
}

/** Whether the caller sees rows of this branch (a row without a branch only when `nullVisible`). */
export function seesBranch(
  req: FastifyRequest,
  branchId: number | null | undefined,
  opts: { nullVisible?: boolean } = {},
): boolean {
  const scope = req.user.branches;
  if (scope === 'all') return true;
  if (branchId === null || branchId === undefined) return opts.nullVisible === true;
  return scope.includes(branchId);
}

/**
 * The SQL condition "`column` is one of the caller's branches" (undefined for a user who sees every
 * branch). `column` may be a column or a raw alias (`sql\`c.branch_id\``).
 */
export function branchCondition(
  req: FastifyRequest,
  column: AnyPgColumn | SQL,
  opts: { nullVisible?: boolean } = {},
): SQL | undefined {
  const scope = req.user.branches;
  if (scope === 'all') return undefined;
  // No branch assigned: nothing is visible (`in (0)` matches no row; ids are positive).
  const ids = scope.length > 0 ? scope : [0];
  const inList = sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  return opts.nullVisible ? sql`(${column} is null or ${inList})` : inList;
}

/** 403 when a branch named in a body (create/update) is outside the caller's branches; null/absent pass. */
export function assertBranchInScope(req: FastifyRequest, branchId: number | null | undefined): void {
  if (branchId === null || branchId === undefined) return;
  if (!seesBranch(req, branchId)) throw forbidden(problem('branch_outside_scope'));
}

/** A table whose rows belong to a branch, so that naming one of its rows is scope-checked. */
export type ScopedTable = {
  table: PgTable & { id: AnyPgColumn };
  branchColumn: AnyPgColumn;
  /** How a message names a row (`customer`, `salesman`). */
  label: string;
  /** A readable code shown instead of the id when present (`customer_code`). */
  codeColumn?: AnyPgColumn;
};

/**
 * Checks ids named in a request against the caller's scope: every unknown id is a 404, every id of
 * another branch a 403 (all of them named, `field: customer C-001 is outside your assigned branches`).
 */
export async function assertRowsInScope(
  db: DbOrTx,
  req: FastifyRequest,
  ref: ScopedTable,
  ids: readonly number[],
  field: string,
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = (await db
    .select({
      id: ref.table.id,
      branch_id: ref.branchColumn,
      code: ref.codeColumn ?? ref.table.id,
    })
    .from(ref.table as PgTable)
    .where(inArray(ref.table.id, unique))) as { id: number; branch_id: number | null; code: unknown }[];
  const byId = new Map(found.map((r) => [r.id, r]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw new ApiError(
      'NOT_FOUND',
      missing.map((id) => problem('not_found', { thing: ref.label, id }, field)),
    );
  }
  const outside = found.filter((r) => !seesBranch(req, r.branch_id, { nullVisible: true }));
  if (outside.length > 0) {
    throw new ApiError(
      'FORBIDDEN',
      outside.map((r) => problem('outside_scope', { thing: ref.label, code: String(r.code) }, field)),
    );
  }
}

/** Scope-checks every body field that names a row of a scoped table (absent and null fields pass). */
export async function assertReferencesInScope(
  db: DbOrTx,
  req: FastifyRequest,
  references: Record<string, ScopedTable> | undefined,
  body: Record<string, unknown>,
): Promise<void> {
  if (!references) return;
  for (const [field, ref] of Object.entries(references)) {
    const value = body[field];
    const ids = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
    await assertRowsInScope(db, req, ref, ids as number[], field);
  }
}
