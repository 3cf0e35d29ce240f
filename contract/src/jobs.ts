// The background job queue as administrators see it: GET /web/jobs (paged, newest first) and
// POST /web/jobs/{id}/retry (a failed job runs again). Jobs are the server's (broadcast delivery,
// the upload sweep, the daily points expiry); the list shows their state and the last error.
import { z } from 'zod';
import { qString, Timestamp } from './common';
import { defineContract } from './resource';

/** queued: waiting (first run or a retry after its back-off); running; completed; failed: retries spent. */
export const JOB_STATES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const Job = z.object({
  /** pg-boss's job id (a UUID). */
  id: z.string(),
  /** The job's name (its queue): broadcast-delivery, upload-sweep, point-expiry, ... */
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** Runs started so far (the first and its retries). */
  attempts: z.number().int(),
  /** Runs allowed after the first. */
  retry_limit: z.number().int(),
  /** The last failed run's error ('' when none). */
  error: z.string(),
  /** What the job works on (a broadcast's id), '' when nothing in particular. */
  key: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: Timestamp,
  /** When it may run next (after a retry's back-off). */
  start_after: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
});
export type Job = z.infer<typeof Job>;

export const JOB_PATHS = { list: '/web/jobs', retry: '/web/jobs/:id/retry' } as const;

export const jobContract = defineContract({
  name: 'job',
  // Reading and retrying jobs is an administrator's: staff users' rights, every branch.
  area: 'staff_user',
  idKey: 'id',
  paths: { list: JOB_PATHS.list },
  record: Job,
  filters: z.object({
    name: qString(),
    state: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(JOB_STATES, { error: `must be one of ${JOB_STATES.join(', ')}` }).optional(),
    ),
  }),
  sortKeys: ['created_at', 'name', 'state', 'started_at', 'finished_at'],
  defaultSort: { by: 'created_at', dir: 'desc' },
  searchFields: ['name', 'key'],
});

export const JobRetried = z.object({ data: Job });
