// The points' scheduled runs, shortly after midnight in Jakarta: the expiry, then the notices of what
// expires next, and on the 1st of a month the stores' tiers. One process runs each per slot. Each is
// idempotent, so a retry or the next slot's run after a failure does nothing twice: runExpiry takes
// only what is still due, a store is told once per expiry date, and a month's tiers come out the same
// however often they are computed (the grace month is the month it began).
import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob } from '../../jobs/define';
import { runExpiry } from './points.lots';
import { runExpiryNotices } from './points.notices';
import { computeTiers } from './points.tiers';

/** A scheduled points run: retried after 5 minutes, at most an hour a run; `what` names it in the log. */
function pointRun<N extends string>(name: N, cron: string, what: string, run: (db: Db) => Promise<unknown>) {
  return defineJob({
    name,
    payload: z.object({}),
    schedule: { cron, tz: 'Asia/Jakarta' },
    retryLimit: 3,
    retryDelaySeconds: 300,
    expireInSeconds: 60 * 60,
    pollingIntervalSeconds: 30,
    async handler(_payload, { database, log }) {
      const done = await run(database.db);
      log.info({ [name]: done }, what);
      return done;
    },
  });
}

export const pointExpiryJob = pointRun('point-expiry', '10 0 * * *', 'daily point expiry run', runExpiry);
export const pointExpiryNoticesJob = pointRun(
  'point-expiry-notices',
  '20 0 * * *',
  'daily expiring points notices',
  runExpiryNotices,
);
export const pointTiersJob = pointRun('point-tiers', '30 0 1 * *', 'monthly tier computation', (db) =>
  computeTiers(db),
);
