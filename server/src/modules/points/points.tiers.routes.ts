// Store tiers: GET/PUT /point/tiers and the "recompute tiers now" action. Thin routes over
// points.tiers.ts; the monthly computation is a scheduled job (points.jobs.ts).
import { jakartaDate } from '@lbo/contract/common';
import { PointTiers, PointTiersUpdate, pointTiersRecomputeAction } from '@lbo/contract/points.tiers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { writeAudit } from '../../http/audit';
import { registerAction } from '../../resources/actions';
import { assertAllBranches } from './points.lots';
import { computeTiers, readTiers, saveTiers } from './points.tiers';

const tags = ['point'];

export function registerPointTierRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/point/tiers',
    {
      config: { area: 'point', action: 'view', scope: 'none' },
      schema: {
        tags,
        summary:
          'The store tiers, lowest first: name, minimum rolling 12-month turnover, earning multiplier and how many stores hold each',
        response: { 200: z.object({ data: PointTiers }) },
      },
    },
    async () => ({ data: { tiers: await readTiers(db) } }),
  );

  r.put(
    '/point/tiers',
    {
      config: { area: 'point', action: 'update', scope: 'none' },
      schema: {
        tags,
        summary:
          'Replace the store tiers (staff who see every branch): names unique, minimums ascending from 0, multipliers 1 to 10. A tier keeps its stores while its name stays; new minimums and multipliers apply from the next computation (monthly, or the recompute action).',
        body: PointTiersUpdate,
        response: { 200: z.object({ data: PointTiers }) },
      },
    },
    async (req) => {
      assertAllBranches(req);
      const tiers = await db.transaction(async (tx) => {
        const before = await readTiers(tx);
        const after = await saveTiers(tx, req.body);
        await writeAudit(tx, req, {
          action: 'update',
          entity: 'point_tiers',
          entityId: 1,
          before: { tiers: before },
          after: { tiers: after },
        });
        return after;
      });
      return { data: { tiers } };
    },
  );

  // The computation commits in batches of stores after the action's own transaction (which checks
  // and audits it): one transaction over every store would hold them all until the end.
  registerAction(app, db, {
    contract: pointTiersRecomputeAction,
    scope: 'none',
    async handler({ req, afterCommit }) {
      assertAllBranches(req);
      afterCommit(() => computeTiers(db));
      // The answer is the computation's own result (afterCommit); this is what the audit row records.
      const asOf = jakartaDate();
      return { as_of: asOf, window_start: asOf, stores: 0, upgraded: 0, downgraded: 0, in_grace: 0 };
    },
  });
}
