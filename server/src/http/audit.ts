// The audit log of staff writes: who, when, what, before and after, written in the write's transaction.
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { audit_log } from '../db/schema/staff';

export type AuditEntry = {
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
};

const REDACT = new Set(['password', 'password_hash', 'token', 'refresh_token', 'token_hash']);

function redact(v: unknown): unknown {
  if (v === null || v === undefined || typeof v !== 'object') return v ?? null;
  if (Array.isArray(v)) return v.map(redact);
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) out[k] = REDACT.has(k) ? '[redacted]' : val;
  return out;
}

export async function writeAudit(tx: DbOrTx, req: FastifyRequest | null, e: AuditEntry): Promise<void> {
  await tx.insert(audit_log).values({
    user_id: req?.user?.id ?? null,
    action: e.action,
    entity: e.entity,
    entity_id: e.entityId === null ? null : String(e.entityId),
    before: redact(e.before) as object | null,
    after: redact(e.after) as object | null,
    ip: req?.ip ?? null,
  });
}

/** Many audit rows in one statement per 1,000 (bulk edits: one row per record changed). */
export async function writeAuditMany(
  tx: DbOrTx,
  req: FastifyRequest | null,
  entries: AuditEntry[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000) {
    await tx.insert(audit_log).values(
      entries.slice(i, i + 1000).map((e) => ({
        user_id: req?.user?.id ?? null,
        action: e.action,
        entity: e.entity,
        entity_id: e.entityId === null ? null : String(e.entityId),
        before: redact(e.before) as object | null,
        after: redact(e.after) as object | null,
        ip: req?.ip ?? null,
      })),
    );
  }
}
