// The execute action of a broadcast.
//
// Execute, step by step (registerAction gives auth, the confirm count, a lock against the same call
// twice at once, one transaction and the audit row):
// - refused with 409 when the broadcast was delivered already (saying when and to how many stores),
//   is being delivered right now, or was cancelled;
// - on a PostgreSQL server: one INSERT ... SELECT ... ON CONFLICT (broadcast_id, customer_id) DO NOTHING
//   in the action's transaction, status 'sent' with the delivered count, all or nothing;
// - on the embedded database (one connection shared by every request, and awaited PGlite calls do not
//   yield): the transaction only marks the broadcast 'sending'; after it commits the same statement
//   runs per slice of customer ids, each its own short transaction of ~20 ms with a yield to the event
//   loop in between, so other requests wait at most one slice. A crash mid-way leaves 'sending';
//   executing again resumes (ON CONFLICT skips what was written) and ends with 'sent'.
import { CONFIRM_COUNT } from '@lbo/contract/action';
import { type BroadcastAudience, broadcastExecuteAction } from '@lbo/contract/broadcasts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, rows } from '../../db/client';
import { broadcasts } from '../../db/schema/broadcasts';
import { conflict, problem } from '../../http/errors';
import { registerAction } from '../../resources/actions';
import {
  audienceCount,
  deliverInSlices,
  finishSql,
  insertDeliveries,
  isEmbedded,
  lockDeliveriesShared,
  type StoredBroadcast,
  sliceLog,
} from './broadcasts.delivery';
import { assertBroadcastWritable, broadcastResource } from './broadcasts.resource';
import { pushAdapter } from './push';

/** Broadcasts being delivered by this process (the embedded database is used by one process only). */
const delivering = new Set<number>();

export function registerBroadcastRoutes(api: FastifyInstance, db: Db): void {
  const embedded = isEmbedded(db);
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
    handler: async ({ tx, req, id, afterCommit }) => {
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
      if (b.status === 'sending' && delivering.has(b.id)) {
        throw conflict(problem('broadcast_sending', { id: b.id }));
      }
      // The audience size was counted by the preview in this transaction and matched confirm_count.
      const audience = Number((req.query as Record<string, unknown>)[CONFIRM_COUNT]);
      // The row lock taken here keeps the broadcast (and so its deliveries) until the commit.
      const [marked] = await rows<{ at: string }>(
        tx,
        sql`update broadcasts set status = 'sending', updated_at = now(),
              executed_at = coalesce(executed_at, now()), executed_by = ${req.user.id}
            where id = ${b.id} returning executed_at as at`,
      );
      if (!marked) throw conflict(problem('broadcast_deleted', { id: b.id }));
      const executedAt = new Date(marked.at).toISOString();
      let written = 0;
      if (!embedded) {
        await lockDeliveriesShared(tx);
        const [{ any }] = await rows<{ any: boolean }>(
          tx,
          sql`select exists (select 1 from broadcast_deliveries where broadcast_id = ${b.id}) as any`,
        );
        written = await insertDeliveries(tx, b, undefined, !any);
        // A first delivery wrote every row itself; a resumed one counts (it kept earlier rows).
        await tx.execute(
          any
            ? finishSql(b.id)
            : sql`update broadcasts set status = 'sent', updated_at = now(), sent_count = ${written}
                  where id = ${b.id}`,
        );
      } else {
        delivering.add(b.id);
      }
      afterCommit(async () => {
        if (embedded) {
          try {
            sliceLog.length = 0;
            // The count is kept as it goes (counting 100,000 rows at the end would hold the
            // embedded database as long as several slices); earlier rows only on a resume.
            const [{ before }] = await rows<{ before: number }>(
              db,
              sql`select count(*)::int as before from broadcast_deliveries
                  where broadcast_id = ${b.id} and status <> 'failed'`,
            );
            written = await deliverInSlices(db, b, (ms, n) => sliceLog.push({ ms, rows: n }));
            await db.execute(
              sql`update broadcasts set status = 'sent', updated_at = now(),
                    sent_count = ${Number(before) + written} where id = ${b.id}`,
            );
          } finally {
            delivering.delete(b.id);
          }
        }
        await pushAdapter().send(
          {
            broadcastId: b.id,
            title: b.title,
            body: b.message,
            imageUrl: b.image_url,
            link: b.link,
            recipients: written,
          },
          req.log,
        );
        return {
          id: b.id,
          status: 'sent' as const,
          audience_count: audience,
          delivered_count: written,
          executed_at: executedAt,
        };
      });
      return {
        id: b.id,
        status: 'sending' as const,
        audience_count: audience,
        delivered_count: written,
        executed_at: executedAt,
      };
    },
  });
}
