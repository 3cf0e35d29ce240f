// A store's profile change: asked for in the companion app (PUT /store/me), kept waiting in
// store_profile_changes, then approved (the values are applied) or rejected in the back office.
// Both sides go through here, so what the app shows as waiting is what the back office decides on.
import type { StoreMeUpdate, StoreProfileChange } from '@lbo/contract/store';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type DbOrTx, rows, type Tx } from '../db/client';
import { notFound, problem } from '../http/errors';

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** A customer's waiting profile change beside the values it would replace; null when none waits. */
export async function pendingProfileChange(
  db: DbOrTx,
  customerId: number,
): Promise<StoreProfileChange | null> {
  const [p] = await rows<StoreProfileChange>(
    db,
    sql`select p.id, p.customer_id, p.owner_name, p.address, p.photo_url,
               c.owner_name as current_owner_name, c.address as current_address,
               c.photo_url as current_photo_url, p.status, p.requested_at, p.decided_at, p.decided_by, p.note
        from store_profile_changes p join customers c on c.id = p.customer_id
        where p.customer_id = ${customerId} and p.status = 'pending'`,
  );
  return p ? { ...p, requested_at: iso(p.requested_at)!, decided_at: iso(p.decided_at) } : null;
}

/**
 * Records what a store asks to change (only the fields sent) and marks the customer as waiting for
 * the back office's validation (admin_validate false, which its customer list filters on). A change
 * already waiting takes the newly sent fields and keeps the others. The customer row is locked first,
 * so two requests at once queue instead of creating two waiting changes.
 */
export async function requestProfileChange(tx: Tx, customerId: number, body: StoreMeUpdate): Promise<void> {
  const [c] = await rows<{ admin_validate: boolean }>(
    tx,
    sql`select admin_validate from customers where id = ${customerId} for update`,
  );
  if (!c) throw notFound(problem('not_found', { thing: 'store', id: customerId }));
  await tx.execute(
    sql`insert into store_profile_changes as p (customer_id, owner_name, address, photo_url, admin_validate_before)
        values (${customerId}, ${body.owner_name ?? null}, ${body.address ?? null}, ${body.photo ?? null},
                ${c.admin_validate})
        on conflict (customer_id) where status = 'pending' do update set
          owner_name = coalesce(excluded.owner_name, p.owner_name),
          address = coalesce(excluded.address, p.address),
          photo_url = coalesce(excluded.photo_url, p.photo_url),
          requested_at = now()`,
  );
  await tx.execute(
    sql`update customers set admin_validate = false, updated_at = now()
        where id = ${customerId} and admin_validate`,
  );
}

/** What a decision changed on the customer, for its log and audit rows. */
export type ProfileDecision = {
  change: StoreProfileChange;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

/**
 * Approves (applies the waiting values, the customer becomes validated) or rejects (nothing applied,
 * admin_validate back to what it was before the store asked) the customer's waiting change; 404 when
 * none waits. Runs in the caller's transaction, which has scope-checked the customer.
 */
export async function decideProfileChange(
  tx: Tx,
  req: FastifyRequest,
  customerId: number,
  decision: 'approved' | 'rejected',
  note = '',
): Promise<ProfileDecision> {
  const [c] = await rows<Record<string, unknown>>(
    tx,
    sql`select owner_name, address, photo_url, admin_validate from customers where id = ${customerId} for update`,
  );
  const [p] = await rows<{
    id: number;
    owner_name: string | null;
    address: string | null;
    photo_url: string | null;
    admin_validate_before: boolean;
  }>(
    tx,
    sql`select id, owner_name, address, photo_url, admin_validate_before from store_profile_changes
        where customer_id = ${customerId} and status = 'pending' for update`,
  );
  if (!c || !p) throw notFound(problem('not_found', { thing: 'profile change', id: customerId }));
  const after: Record<string, unknown> =
    decision === 'approved'
      ? {
          ...(p.owner_name !== null ? { owner_name: p.owner_name } : {}),
          ...(p.address !== null ? { address: p.address } : {}),
          ...(p.photo_url !== null ? { photo_url: p.photo_url } : {}),
          admin_validate: true,
        }
      : { admin_validate: p.admin_validate_before };
  await tx.execute(
    sql`update customers set
          owner_name = coalesce(${after.owner_name ?? null}, owner_name),
          address = coalesce(${after.address ?? null}, address),
          photo_url = coalesce(${after.photo_url ?? null}, photo_url),
          admin_validate = ${after.admin_validate as boolean},
          updated_at = now()
        where id = ${customerId}`,
  );
  const [decided] = await rows<StoreProfileChange>(
    tx,
    sql`update store_profile_changes p set status = ${decision}, decided_at = now(),
          decided_by = ${req.user?.id ?? null}, note = ${note}
        from customers c
        where p.id = ${p.id} and c.id = p.customer_id
        returning p.id, p.customer_id, p.owner_name, p.address, p.photo_url,
          c.owner_name as current_owner_name, c.address as current_address,
          c.photo_url as current_photo_url, p.status, p.requested_at, p.decided_at, p.decided_by, p.note`,
  );
  return {
    change: { ...decided, requested_at: iso(decided.requested_at)!, decided_at: iso(decided.decided_at) },
    before: c,
    after,
  };
}
