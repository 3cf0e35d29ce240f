// The back office's whole rebuild of the dashboards' rollups (reclassify.ts): the action starts a run
// in the background and answers it at once; GET on the same path answers the newest run for polling.
// Later a job on the queue runs runRebuild instead of this process.
import { RollupRebuildRun, rollupsRebuildAction } from '@lbo/contract/dashboards';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { conflict, forbidden, problem } from '../../http/errors';
import { registerAction } from '../../resources/actions';
import {
  applyReclassifications,
  latestRebuild,
  reclassificationsPending,
  runRebuild,
  startRebuild,
} from './reclassify';

export function registerRollupRoutes(app: FastifyInstance, db: Db): void {
  registerAction(app, db, {
    contract: rollupsRebuildAction,
    scope: 'none',
    async handler({ tx, req, afterCommit }) {
      // It rewrites every branch's figures: only for staff who see every branch.
      if (req.user.branches !== 'all') throw forbidden(problem('all_branches_only'));
      const run = await startRebuild(tx, req.user.id);
      if (!run) throw conflict(problem('rollups_rebuild_running'));
      // Not awaited: the run takes minutes on a large database; its progress is on the run's row.
      afterCommit(async () => {
        runRebuild(db, run.id).catch((err) => req.log.error({ err }, 'rollups rebuild failed'));
        return undefined;
      });
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
 * After a write's commit (the answer is sent): the reclassifications it noted are applied. One probe of
 * dash_reclass per write; later this enqueues the job that calls applyReclassifications.
 */
export function reclassifyAfterWrites(db: Db) {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    try {
      if (await reclassificationsPending(db)) await applyReclassifications(db);
    } catch (err) {
      req.log.error(
        { err },
        'rollups: applying reclassifications failed (the notes stay for the next write)',
      );
    }
  };
}
