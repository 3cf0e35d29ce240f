// The execute action of a broadcast.
//
// Execute, step by step (registerAction gives auth, the confirm count, a lock against the same call
// twice at once, one transaction and the audit row):
// - refused with 409 when the broadcast was delivered already (saying when and to how many stores),
//   is queued or being delivered right now (its job is waiting or running), or was cancelled;
// - otherwise marks it 'queued' and enqueues its delivery job in the same transaction, and answers
//   at once with status 'queued'. The job (broadcasts.jobs.ts) delivers in slices, moving the
//   broadcast to 'sending' and its sent count as slices commit, then 'sent'. A delivery that died
//   mid-way is resumed by the job's retry, or by executing again once its job gave up.
import { CONFIRM_COUNT } from '@lbo/contract/action';
import { type BroadcastAudience, broadcastExecuteAction } from '@lbo/contract/broadcasts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, rows } from '../../db/client';
import { broadcasts } from '../../db/schema/broadcasts';
import { conflict, problem } from '../../http/errors';
import { registerAction } from '../../resources/actions';
import { audienceCount, type StoredBroadcast } from './broadcasts.delivery';
import { assertBroadcastWritable, broadcastResource } from './broadcasts.resource';

export function registerBroadcastRoutes(api: FastifyInstance, db: Db): void {
  registerAction(api, db, {
    contract: broadcastExecuteAction,
    resource: broadcastResource,
    preview: async ({ tx, req, id, record }) => {
      // Before counting: the count of a broadcast the caller may not send is not theirs to see.
      await assertBroadcastWritable(tx, req, id!);
      const [b] = await tx
        .select({ target: broadcasts.target })
        .from(broadcasts)
        .where(eq(broadcasts.id, id!));
      return {
        count: await audienceCount(tx, b.target),
        audience: record!.audience as BroadcastAudience,
      };
    },
    handler: async ({ tx, req, id }) => {
      // The preview (run first, for confirm_count) checked it too; the handler does not rely on that.
      await assertBroadcastWritable(tx, req, id!);
      const [b] = (await tx.select().from(broadcasts).where(eq(broadcasts.id, id!))) as StoredBroadcast[];
      if (b.status === 'sent') {
        const when = b.executed_at
          ? new Date(b.executed_at).toISOString().slice(0, 16).replace('T', ' ')
          : '';
        throw conflict(problem('broadcast_delivered', { id: b.id, when, count: b.sent_count }));
      }
      if (b.status === 'cancelled') throw conflict(problem('broadcast_cancelled', { id: b.id }));
      // Queued or being delivered: its job is still to run. A delivery whose job gave up ('failed',
      // or 'sending' after its last attempt) may be executed again: it resumes.
      if (await req.server.jobs.pending('broadcast-delivery', String(b.id), tx)) {
        throw conflict(problem('broadcast_sending', { id: b.id }));
      }
      // The audience size was counted by the preview in this transaction and matched confirm_count.
      const audience = Number((req.query as Record<string, unknown>)[CONFIRM_COUNT]);
      // The row lock taken here keeps the broadcast until the commit, which also commits the job.
      const [marked] = await rows<{ at: string }>(
        tx,
        sql`update broadcasts set status = 'queued', updated_at = now(),
              executed_at = coalesce(executed_at, now()), executed_by = ${req.user.id}
            where id = ${b.id} returning executed_at as at`,
      );
      if (!marked) throw conflict(problem('broadcast_deleted', { id: b.id }));
      await req.server.jobs.send('broadcast-delivery', { broadcast_id: b.id }, { tx, key: String(b.id) });
      return {
        id: b.id,
        status: 'queued' as const,
        audience_count: audience,
        delivered_count: 0,
        executed_at: new Date(marked.at).toISOString(),
      };
    },
  });
}
