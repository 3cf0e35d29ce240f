// The hourly sweep of uploaded files no record references (a photo uploaded for a form never saved,
// or replaced since), as a scheduled job: one process runs it each hour, whichever store holds the files.
import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/** Files younger than this are kept: a form may still be open with them. */
export const UPLOAD_KEEP_MS = 24 * 60 * 60 * 1000;

export const uploadSweepJob = defineJob({
  name: 'upload-sweep',
  payload: z.object({}),
  schedule: { cron: '17 * * * *' },
  retryLimit: 2,
  retryDelaySeconds: 60,
  pollingIntervalSeconds: 30,
  async handler(_payload, { database, uploads, log }) {
    const result = await uploads.sweep(database.db, UPLOAD_KEEP_MS);
    if (result.removed > 0) log.info(`removed ${result.removed} unreferenced uploads`);
    return result;
  },
});
