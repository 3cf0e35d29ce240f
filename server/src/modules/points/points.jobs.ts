// The daily expiry run, shortly after midnight in Jakarta, as a scheduled job: one process runs it
// each day. A failed run is retried; runExpiry takes only what is still due, so a repeat (a retry, or
// the next day's run after a failure) takes nothing twice.
import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { runExpiry } from './points.lots';
import { runExpiryNotices } from './points.notices';
import { computeTiers } from './points.tiers';

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

/**
 * The notices of points expiring soon (points.notices.ts), each day after the expiry run: a store
 * is told once per expiry date, so a retry or a late run writes no second notice.
 */
export const pointExpiryNoticesJob = defineJob({
  name: 'point-expiry-notices',
  payload: z.object({}),
  schedule: { cron: '20 0 * * *', tz: 'Asia/Jakarta' },
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 60 * 60,
  pollingIntervalSeconds: 30,
  async handler(_payload, { database, log }) {
    const done = await runExpiryNotices(database.db);
    log.info({ notices: done }, 'daily expiring points notices');
    return done;
  },
});

/**
 * The stores' tiers on the 1st of each month (points.tiers.ts): a repeat in the same month finds the
 * same answer (the grace month is the month it began), so a retry changes nothing done.
 */
export const pointTiersJob = defineJob({
  name: 'point-tiers',
  payload: z.object({}),
  schedule: { cron: '30 0 1 * *', tz: 'Asia/Jakarta' },
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 60 * 60,
  pollingIntervalSeconds: 30,
  async handler(_payload, { database, log }) {
    const done = await computeTiers(database.db);
    log.info({ tiers: done }, 'monthly tier computation');
    return done;
  },
});
