// What runs once a day after the expiry run (on its timer, points.lots.routes.ts): the notices of
// points expiring soon, and on the first day of a month (Asia/Jakarta) the stores' tiers. Each is
// logged on its own, so one failing leaves the other done; the next day's run takes what was left.
import { jakartaDate } from '@lbo/contract/common';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { runExpiryNotices } from './points.notices';
import { computeTiers } from './points.tiers';

export async function runDailyPointJobs(app: FastifyInstance, db: Db): Promise<void> {
  try {
    const done = await runExpiryNotices(db);
    app.log.info({ notices: done }, 'daily expiring points notices');
  } catch (err) {
    app.log.error({ err }, 'daily expiring points notices failed');
  }
  if (jakartaDate().endsWith('-01')) {
    try {
      const done = await computeTiers(db);
      app.log.info({ tiers: done }, 'monthly tier computation');
    } catch (err) {
      app.log.error({ err }, 'monthly tier computation failed');
    }
  }
}
