// The dashboards' rollups as background jobs: the reclassifications a write noted (dash_reclass) are
// applied by a job the write path enqueues after its commit, and a whole rebuild started from the back
// office runs as a job, so either runs once on whichever process takes it and survives the one that
// enqueued it. A schedule every ten minutes picks up notes a crash left before their job was sent.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows } from '../../db/client';
import { defineJob } from '../../jobs/define';
import { applyReclassifications, runRebuild } from './reclassify';

export const rollupsReclassifyJob = defineJob({
  name: 'rollups-reclassify',
  payload: z.object({}),
  schedule: { cron: '*/10 * * * *' },
  retryLimit: 5,
  retryDelaySeconds: 5,
  pollingIntervalSeconds: 2,
  // applyReclassifications serialises on an advisory lock and takes notes until none is left, so two
  // runs at once, or a retry, apply each note once.
  async handler(_payload, { database }) {
    return { applied: await applyReclassifications(database.db) };
  },
});

export const rollupsRebuildJob = defineJob({
  name: 'rollups-rebuild',
  payload: z.object({ run_id: z.number().int().positive() }),
  // A failed step is recorded on the run (its error shows on the screen): only a process that died
  // mid-run is retried, from the first step, each of which recomputes its table whole.
  retryLimit: 1,
  retryDelaySeconds: 30,
  expireInSeconds: 60 * 60,
  pollingIntervalSeconds: 2,
  async handler({ run_id }, { database }) {
    const [run] = await rows<{ finished: boolean }>(
      database.db,
      sql`select finished_at is not null as finished from dash_rebuild_runs where id = ${run_id}`,
    );
    if (!run || run.finished) return { skipped: true };
    return runRebuild(database.db, run_id);
  },
});
