// What a background job is: a name, a zod schema of its payload, a handler and its retry rules,
// declared once with `defineJob` and listed in jobs/registry.ts. The queue (jobs/queue.ts) creates
// one pg-boss queue per job, checks payloads on the way in and out, and runs the handlers.
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import type { UploadStore } from '../http/uploads';

/** What a handler gets besides its payload. */
export type JobContext = {
  database: Database;
  uploads: UploadStore;
  log: FastifyBaseLogger;
  /** The pg-boss job id, and how many earlier attempts failed (0 on the first run). */
  job: { id: string; retryCount: number; retryLimit: number };
  /** The operator's settings for the jobs (config.ts). */
  settings: JobSettings;
};

/** Job settings from the configuration (config.ts); each unset means the job's own default. */
export type JobSettings = {
  /** BROADCAST_SLICE_SIZE: stores per delivery slice instead of the adaptive size. */
  broadcastSliceSize?: number;
};

export type JobDef<S extends z.ZodType = z.ZodType> = {
  /** The queue's name: letters, digits, `-`, `_`, `.`, `/` (pg-boss's rule). */
  name: string;
  payload: S;
  /**
   * Runs one job. It may run more than once for the same payload (a retry after a failure or a crash,
   * a job whose lease expired): make it idempotent, so a second run changes nothing already done.
   */
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<unknown>;
  /** Attempts after the first (default 3), seconds before the first retry (default 10), doubling each time. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run still active after this long is taken as dead and retried (default 15 minutes). */
  expireInSeconds?: number;
  /** Seconds between a worker's polls for this job (default 2). */
  pollingIntervalSeconds?: number;
  /**
   * A cron schedule (five fields) in `tz` (default Asia/Jakarta): pg-boss sends one job per slot
   * however many processes run the queue, with an empty payload.
   */
  schedule?: { cron: string; tz?: string };
};

/** Declares a job (its payload type follows the schema). */
export function defineJob<S extends z.ZodType>(def: JobDef<S>): JobDef<S> {
  return def;
}
