// The back office's whole rebuild of the dashboards' rollups (reclassify.ts): the action starts a run
// as a job on the queue (rollups.jobs.ts) and answers it at once; GET on the same path answers the
// newest run for polling.
import { RollupRebuildRun, rollupsRebuildAction } from '@lbo/contract/dashboards';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { conflict, forbidden, problem } from '../../http/errors';
import { registerAction } from '../../resources/actions';
import { latestRebuild, reclassificationsPending, startRebuild } from './reclassify';

export function registerRollupRoutes(app: FastifyInstance, db: Db): void {
  registerAction(app, db, {
    contract: rollupsRebuildAction,
    scope: 'none',
    async handler({ tx, req }) {
      // It rewrites every branch's figures: only for staff who see every branch.
      if (req.user.branches !== 'all') throw forbidden(problem('all_branches_only'));
      const run = await startRebuild(tx, req.user.id);
      if (!run) throw conflict(problem('rollups_rebuild_running'));
      // The run takes minutes on a large database: a job (sent in this transaction, so it exists only
      // if the run's row does) runs it; its progress is on the run's row.
      await req.server.jobs.send('rollups-rebuild', { run_id: run.id }, { tx });
      return run;
    },
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    rollupsRebuildAction.path,
    {
      config: { area: 'dashboard', action: 'view', scope: 'none' },
      schema: {
        tags: ['dashboard'],
        summary:
          'The newest whole rebuild of the dashboard rollups (null when none ran): steps done of steps_total, the step running, finished_at and error once it ended.',
        response: { 200: z.object({ data: RollupRebuildRun.nullable() }) },
      },
    },
    async () => ({ data: await latestRebuild(db) }),
  );
}

/**
 * After a write's commit (the answer is sent): when it noted reclassifications, the job that applies
 * them is enqueued. One probe of dash_reclass per write.
 */
export function reclassifyAfterWrites(db: Db) {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    try {
      if (await reclassificationsPending(db)) await req.server.jobs.send('rollups-reclassify', {});
    } catch (err) {
      req.log.error(
        { err },
        'rollups: enqueueing the reclassifications failed (the scheduled run applies the notes)',
      );
    }
  };
}
