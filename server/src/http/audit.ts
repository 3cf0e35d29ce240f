// The audit log of staff writes: who, when, what, before and after, written in the write's transaction.
// Each entry also keeps the branch of the record it is about (the branch a user must see to read the
// entry), found from the record's resource definition at write time, so it survives the record's deletion.
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { audit_log } from '../db/schema/staff';
import type { AnyResourceDef } from '../resources/define';
import { baseQuery } from '../resources/records';
import { referenceKind } from '../resources/references';

export type AuditEntry = {
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  /** The record's branch when the caller knows it better than the entity's scope rule (null: no branch). */
  branchId?: number | null;
};

/** Keys whose values never reach the log (a password, its hash, a session's tokens). */
export const REDACTED_KEYS: ReadonlySet<string> = new Set([
  'password',
  'password_hash',
  'token',
  'access_token',
  'refresh_token',
  'token_hash',
  'successor_sealed',
]);

function redact(v: unknown): unknown {
  if (v === null || v === undefined || typeof v !== 'object') return v ?? null;
  if (Array.isArray(v)) return v.map(redact);
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) out[k] = REDACTED_KEYS.has(k) ? '[redacted]' : redact(val);
  return out;
}

const positiveInt = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;

/**
 * The branch of record `id` of `def` as a scalar subquery, by the definition's scope rule: its branch
 * column (through the definition's joins), or its parent's branch. Undefined for data of no branch.
 */
function branchOf(tx: DbOrTx, def: AnyResourceDef, id: SQL, depth = 0): SQL | undefined {
  const scope = def.scope;
  if (scope === 'none' || depth > 3) return undefined;
  if ('parent' in scope) {
    const parentId = sql`(select ${sql.identifier(scope.via.name)} from ${def.table} where ${sql.identifier(def.table.id.name)} = ${id})`;
    return branchOf(tx, scope.parent(), parentId, depth + 1);
  }
  const q = baseQuery(tx, def, { b: scope.branchColumn }).where(sql`${def.table.id} = ${id}`).limit(1);
  return sql`(${q})`;
}

/**
 * The branch an entry is filed under: the caller's `branchId`, else the current record's branch by its
 * scope rule, falling back to what the record held (`branch_id`, or its parent's id for a child
 * record) when it no longer exists (a delete). Entities without a resource definition keep the
 * record's own `branch_id`, if it has one.
 */
function entryBranch(tx: DbOrTx, e: AuditEntry): SQL | number | null {
  if (e.branchId !== undefined) return e.branchId;
  const record = (e.after ?? e.before ?? {}) as Record<string, unknown>;
  const own = positiveInt(record.branch_id);
  const def = referenceKind(e.entity);
  if (!def) return own ?? null;
  const id = positiveInt(Number(e.entityId));
  if (def.scope === 'none') return null;
  const fallback: SQL | number | undefined =
    'parent' in def.scope
      ? (() => {
          const parentId = positiveInt(record[(def.scope as { via: { name: string } }).via.name]);
          const parent = (def.scope as { parent: () => AnyResourceDef }).parent();
          return parentId ? branchOf(tx, parent, sql`${parentId}::int`) : undefined;
        })()
      : own;
  const current = id ? branchOf(tx, def, sql`${id}::int`) : undefined;
  if (current && fallback !== undefined) return sql`coalesce(${current}, ${fallback})`;
  return current ?? fallback ?? null;
}

function row(tx: DbOrTx, req: FastifyRequest | null, e: AuditEntry) {
  return {
    user_id: req?.user?.id ?? null,
    action: e.action,
    entity: e.entity,
    entity_id: e.entityId === null ? null : String(e.entityId),
    before: redact(e.before) as object | null,
    after: redact(e.after) as object | null,
    ip: req?.ip ?? null,
    branch_id: entryBranch(tx, e) as number | null,
  };
}

export async function writeAudit(tx: DbOrTx, req: FastifyRequest | null, e: AuditEntry): Promise<void> {
  await tx.insert(audit_log).values(row(tx, req, e));
}

/** Many audit rows in one statement per 1,000 (bulk edits: one row per record changed). */
export async function writeAuditMany(
  tx: DbOrTx,
  req: FastifyRequest | null,
  entries: AuditEntry[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000) {
    await tx.insert(audit_log).values(entries.slice(i, i + 1000).map((e) => row(tx, req, e)));
  }
}
