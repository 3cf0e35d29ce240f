// Branch scope (CONTRACT.md section 5) in one place: what a signed-in staff user may see and name.
// Every branch-level query and check goes through these helpers (the resource machinery, reports,
// workflows, imports), so no module reads `req.user.branches` itself and each gets the same rules:
// an empty assignment sees nothing, a record outside the branches is a 403, an unknown one a 404.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { BranchScope } from './auth';
import { forbidden, problem } from './errors';

/**
 * A route's scope rule (config.scope), required on every signed-in route under /v1/api: app.ts refuses
 * to register a route without one.
 * - `{ resource }`: the records of that resource definition, scoped by its rule (define.ts ScopeRule):
 *   the generic routes, record actions, exports.
 * - `'branch'`: branch data the handler scopes with the helpers below (reports, custom lists, imports).
 * - `'none'`: not branch data (items, roles, images): the same for every caller.
 * - `'own'`: the caller's own data (their session).
 * - `'store'`: a store route (`audience: 'store'`): the signed-in store's own records, every query
 *   keyed by req.store; another store's id anywhere in the request is a 404.
 * Whatever the rule, every reference field of the body (contract: ref) is checked before the handler
 * (on store routes by the handler, against the store).
 */
export type RouteScope = { resource: string } | 'branch' | 'none' | 'own' | 'store';

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
