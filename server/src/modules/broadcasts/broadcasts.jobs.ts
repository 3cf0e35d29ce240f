// Delivering a broadcast, as a job: execute (broadcasts.routes.ts) marks it 'queued' and enqueues
// this job in the same transaction; a worker delivers it in slices of customer ids.
//
// Each slice is one transaction: insert the slice's deliveries (ON CONFLICT on the unique
// (broadcast_id, customer_id) skips the stores that have theirs), hand only the rows it inserted to
// the push adapter, and add them to the broadcast's sent count. So the figures move as slices
// commit, and a run that died mid-way (a crash, a failed push) resumes where the last committed
// slice ended: each store gets its inbox row once. A push accepted just before a crash whose slice
// had not committed yet is repeated for that slice only; inbox rows are never doubled.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows } from '../../db/client';
import { defineJob, type JobContext } from '../../jobs/define';
import {
  deliverInSlices,
  insertDeliveries,
  lockDeliveriesShared,
  type StoredBroadcast,
  sliceLog,
} from './broadcasts.delivery';
import { pushAdapter } from './push';

/** Test hook: called after each committed slice (a test throws here to simulate a crash). */
export const deliveryHooks: { afterSlice?: (broadcastId: number, rows: number) => void | Promise<void> } = {};

export type DeliveryResult = {
  broadcast_id: number;
  delivered: number;
  sent_count: number;
  skipped?: string;
};

export async function deliverBroadcast(
  broadcastId: number,
  {
    database,
    log,
    job,
    settings,
  }: Pick<JobContext, 'database' | 'log' | 'job'> & Partial<Pick<JobContext, 'settings'>>,
): Promise<DeliveryResult> {
  const db = database.db;
  const [b] = await rows<StoredBroadcast>(db, sql`select * from broadcasts where id = ${broadcastId}`);
  // Deleted, cancelled or already delivered (a repeated job): nothing to do.
  if (!b || b.status === 'cancelled' || b.status === 'sent') {
    return {
      broadcast_id: broadcastId,
      delivered: 0,
      sent_count: b?.sent_count ?? 0,
      skipped: b?.status ?? 'deleted',
    };
  }
  // The count starts from what earlier runs wrote (none on a first run).
  const [started] = await rows<{ sent_count: number; fresh: boolean }>(
    db,
    sql`update broadcasts set status = 'sending', updated_at = now(),
          sent_count = (select count(*)::int from broadcast_deliveries d
                        where d.broadcast_id = ${b.id} and d.status <> 'failed')
        where id = ${b.id} returning sent_count, sent_count = 0 as fresh`,
  );
  // Slices cover distinct customers: without earlier deliveries no conflict can occur.
  const fresh = started.fresh;
  sliceLog.length = 0;
  let delivered = 0;
  try {
    await deliverInSlices(
      db,
      (range) =>
        db.transaction(async (tx) => {
          await lockDeliveriesShared(tx);
          const n = await insertDeliveries(tx, b, range, fresh);
          if (n > 0) {
            await pushAdapter().send(
              {
                broadcastId: b.id,
                title: b.title,
                body: b.message,
                imageUrl: b.image_url,
                link: b.link,
                recipients: n,
              },
              log,
            );
            await tx.execute(
              sql`update broadcasts set sent_count = sent_count + ${n}, updated_at = now() where id = ${b.id}`,
            );
          }
          return n;
        }),
      async (ms, n) => {
        sliceLog.push({ ms, rows: n });
        delivered += n;
        await deliveryHooks.afterSlice?.(b.id, n);
      },
      settings?.broadcastSliceSize,
    );
  } catch (err) {
    // The last attempt: the broadcast says so (executing it again resumes).
    if (job.retryCount >= job.retryLimit) {
      await db.execute(sql`update broadcasts set status = 'failed', updated_at = now() where id = ${b.id}`);
    }
    throw err;
  }
  const [done] = await rows<{ sent_count: number }>(
    db,
    sql`update broadcasts set status = 'sent', updated_at = now() where id = ${b.id} returning sent_count`,
  );
  return { broadcast_id: b.id, delivered, sent_count: done.sent_count };
}

export const broadcastDeliveryJob = defineJob({
  name: 'broadcast-delivery',
  payload: z.object({ broadcast_id: z.number().int().positive() }),
  retryLimit: 5,
  retryDelaySeconds: 5,
  // 100,000 stores take well under a minute; a lease far longer keeps a slow run from being doubled.
  // BROADCAST_LEASE_SECONDS overrides it (a shorter one hands a dead process's run on sooner).
  expireInSeconds: 60 * 60,
  pollingIntervalSeconds: 1,
  handler: (payload, ctx) => deliverBroadcast(payload.broadcast_id, ctx),
});
