// Staff point movements: the rules of POST/PUT/DELETE /point/ (who may move what, in which scope).
// The ledger itself (rows, the cached balance, the no-negative-balance guarantee) is the shared
// service in domain/ledger.ts; this file only decides what to post there.
//
// Correction model: ledger rows are never edited or deleted. PUT /point/{id} voids the staff row and
// appends a replacement (reverses_id -> the voided row); DELETE /point/{id} voids it. The balance
// moves by the net difference in the same transaction. System rows (invoice, promo, redemption,
// revert, import) answer 409.
import {
  MANUAL_POINT_TYPES,
  POINT_TYPE,
  type PointEntryCreate,
  type PointEntryUpdate,
  pointSignError,
  STAFF_POINT_SOURCES,
} from '@lbo/contract/points';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type DbOrTx, rows, type Tx } from '../../db/client';
import { correctEntry, type LedgerEntry, lockEntry, postMovement, voidEntry } from '../../domain/ledger';
import { badRequest, conflict, forbidden, notFound, phrase, problem } from '../../http/errors';
import { seesBranch } from '../../http/scope';

export type CustomerRef = { id: number; customer_code: string; branch_id: number; point_balance: number };

/** The customer, or 404 / 403 when it is unknown or outside the caller's branches. */
export async function customerInScope(
  db: DbOrTx,
  req: FastifyRequest,
  customerId: number,
): Promise<CustomerRef> {
  const [c] = await rows<CustomerRef>(
    db,
    sql`select id, customer_code, branch_id, point_balance from customers where id = ${customerId}`,
  );
  if (!c) throw notFound(problem('not_found', { thing: 'customer', id: customerId }));
  if (!seesBranch(req, c.branch_id)) {
    throw forbidden(problem('outside_scope', { thing: 'customer', code: c.customer_code }));
  }
  return c;
}

const SOURCE_OF_TYPE: Record<number, string> = {
  [POINT_TYPE.injected]: 'inject',
  [POINT_TYPE.deduction]: 'deduction',
  [POINT_TYPE.correction]: 'manual',
};

/** The stored (signed) points of a manual movement entered as `points` of `pointType`. */
export function signedPoints(pointType: number, points: number): number {
  return pointType === POINT_TYPE.deduction ? -points : points;
}

/** POST /point/: a manual movement. Returns the new row's id. */
export async function createManualMovement(tx: Tx, req: FastifyRequest, input: PointEntryCreate) {
  await customerInScope(tx, req, input.customer_id);
  return postMovement(tx, {
    customerId: input.customer_id,
    pointType: input.point_type,
    points: signedPoints(input.point_type, input.points),
    source: SOURCE_OF_TYPE[input.point_type],
    reason: input.reason,
    reference: input.reference,
    createdBy: req.user.id,
    entryDate: input.entry_date,
  });
}

/** Locks a staff-written, live ledger row for a correction or a void; 404 / 403 / 409 otherwise. */
async function lockStaffRow(tx: Tx, req: FastifyRequest, id: number, action: string): Promise<LedgerEntry> {
  const row = await lockEntry(tx, id);
  if (!row) throw notFound(problem('not_found', { thing: 'point', id }));
  await customerInScope(tx, req, row.customer_id);
  if (row.void) throw conflict(problem('already_void', { id }));
  if (!(STAFF_POINT_SOURCES as readonly string[]).includes(row.source)) {
    const origin = row.invoice_document_no
      ? `invoice ${row.invoice_document_no}`
      : row.source === 'redemption' || row.source === 'revert'
        ? 'a coupon redemption'
        : `the ${row.source} feed`;
    throw conflict(problem('system_point', { id, origin, action }));
  }
  return row;
}

/**
 * PUT /point/{id}: voids the staff row and appends its replacement; the balance moves by the net
 * difference. Returns the replacement's id (the same id when nothing changed).
 */
export async function correctMovement(
  tx: Tx,
  req: FastifyRequest,
  id: number,
  input: PointEntryUpdate,
): Promise<{ id: number; changed: boolean }> {
  const old = await lockStaffRow(tx, req, id, 'corrected');
  const pointType = input.point_type ?? old.point_type;
  if (!(MANUAL_POINT_TYPES as readonly number[]).includes(pointType)) {
    throw badRequest(problem('point_type_manual', undefined, 'point_type'));
  }
  // What the user entered for the old row: a magnitude for types 2 and 5, signed for 7.
  const entered = input.points ?? (pointType === POINT_TYPE.correction ? old.points : Math.abs(old.points));
  const signError = pointSignError(pointType, entered);
  if (signError) throw badRequest(phrase(signError, 'points'));
  const points = signedPoints(pointType, entered);
  const next = {
    point_type: pointType,
    points,
    reason: input.reason ?? old.reason,
    reference: input.reference ?? old.reference,
    entry_date: input.entry_date ?? old.entry_date,
  };
  const changed =
    next.point_type !== old.point_type ||
    next.points !== old.points ||
    next.reason !== old.reason ||
    next.reference !== old.reference ||
    next.entry_date !== old.entry_date;
  if (!changed) return { id, changed: false };
  // The replacement carries the full new amount; the balance moves by the difference only.
  const replaced = await correctEntry(tx, old, { ...next, source: SOURCE_OF_TYPE[pointType] }, req.user.id);
  return { id: replaced.id, changed: true };
}

/** DELETE /point/{id}: marks a staff row void and takes its points out of the balance. */
export async function voidMovement(tx: Tx, req: FastifyRequest, id: number): Promise<void> {
  const row = await lockStaffRow(tx, req, id, 'voided');
  await voidEntry(tx, row, req.user.id);
}

// POST /point/inject/ lives in points.inject.ts (an import on the shared pipeline).

/** GET /point/balance/customer_id/{id}: one primary-key read of the cached balance. */
export async function balanceOf(db: DbOrTx, req: FastifyRequest, customerId: number) {
  const [b] = await rows<{
    customer_id: number;
    customer_code: string;
    customer_name: string;
    branch_id: number;
    branch_name: string;
    point_balance: number;
    monthly_max_point: number | null;
    exclude_all_point: boolean;
  }>(
    db,
    sql`select c.id as customer_id, c.customer_code, c.customer_name, c.branch_id, b.name as branch_name,
               c.point_balance, c.monthly_max_point, c.exclude_all_point
        from customers c join branches b on b.id = c.branch_id where c.id = ${customerId}`,
  );
  if (!b) throw notFound(problem('not_found', { thing: 'customer', id: customerId }));
  if (!seesBranch(req, b.branch_id)) {
    throw forbidden(problem('outside_scope', { thing: 'customer', code: b.customer_code }));
  }
  return b;
}
