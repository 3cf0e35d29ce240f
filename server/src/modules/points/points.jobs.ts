// The daily expiry run, shortly after midnight in Jakarta, as a scheduled job: one process runs it
// each day. A failed run is retried; runExpiry takes only what is still due, so a repeat (a retry, or
// the next day's run after a failure) takes nothing twice.
import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { runExpiry } from './points.lots';

export const pointExpiryJob = defineJob({
  name: 'point-expiry',
  payload: z.object({}),
  schedule: { cron: '10 0 * * *', tz: 'Asia/Jakarta' },
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 60 * 60,
  pollingIntervalSeconds: 30,
  async handler(_payload, { database, log }) {
    const done = await runExpiry(database.db);
    log.info({ expiry: done }, 'daily point expiry run');
    return done;
  },
});
