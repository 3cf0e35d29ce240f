// The background job queue: pg-boss on the application's own database (its tables in the `pgboss`
// schema), so it needs no other service and works alike on the embedded database and on a server.
//
// - Every process opens the queue (buildApp, on ready): it can enqueue, list and retry.
// - Processes that run jobs start the workers (main.ts, `JOB_WORKERS`, default on): each polls its
//   queues; a job is taken with SELECT ... FOR UPDATE SKIP LOCKED, so however many processes poll,
//   one runs it. Scheduled jobs are sent by pg-boss once per slot across all processes.
// - A failed run is retried with back-off (retryDelay doubling); a run whose process died is taken
//   back after its lease (expireInSeconds). So a handler may run twice: handlers are idempotent.
//
// Registering a job: declare it with `defineJob` beside its module and add it to JOBS in
// jobs/registry.ts. Enqueueing: `app.jobs.send('<name>', payload, { tx })` (typed by JOBS; `tx`
// joins the caller's transaction, so the job exists exactly when the transaction commits).
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../db/client';
import type { UploadStore } from '../http/uploads';
import type { JobContext, JobDef, JobSettings } from './define';
import { JOBS } from './registry';

export const JOB_SCHEMA = 'pgboss';

type Jobs = typeof JOBS;
export type JobName = keyof Jobs;
export type JobPayload<N extends JobName> = z.input<Jobs[N]['payload']>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (jobs/queue.ts). */
    jobs: JobQueue;
  }
}

type SqlClient = {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
};

/**
 * pg-boss's database adapter over a Drizzle handle (the app's database or an open transaction): the
 * statements run on the handle's own client (the PGlite instance or transaction, the pool or the
 * transaction's pooled connection). pg-boss sends its multi-statement scripts without parameters:
 * PGlite runs those only through `exec` (its `query` is one prepared statement).
 */
export function sqlAdapter(handle: DbOrTx): PgBoss.Db {
  const client = (handle as unknown as { session: { client: SqlClient } }).session.client;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((!values || values.length === 0) && typeof client.exec === 'function') {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      }
      return client.query(text, values);
    },
  };
}

export type JobState = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

/** pg-boss's states as the API names them: created and retry are both waiting to run. */
export const STATE_OF: Record<string, JobState> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

export type QueueDeps = {
  database: Database;
  uploads: UploadStore;
  log: FastifyBaseLogger;
  /** The jobs this queue knows (default JOBS; tests add their own). */
  jobs?: Record<string, JobDef>;
  /**
   * Leases set by the operator, by job name, over the jobs' own `expireInSeconds`. The lease is a
   * setting of the queue in the database: every process should be given the same one.
   */
  leaseSeconds?: Partial<Record<string, number>>;
  /** Seconds between pg-boss's maintenance runs (expired leases handed back; default 120). */
  maintenanceSeconds?: number;
  /** Handed to each handler as `ctx.settings`. */
  settings?: JobSettings;
};

export class JobQueue {
  readonly defs: Record<string, JobDef>;
  private sender: PgBoss | null = null;
  private worker: PgBoss | null = null;
  private opening: Promise<void> | null = null;

  constructor(private readonly deps: QueueDeps) {
    this.defs = deps.jobs ?? (JOBS as unknown as Record<string, JobDef>);
  }

  private boss(): PgBoss {
    if (!this.sender) throw new Error('the job queue is not open (app.ready() opens it)');
    return this.sender;
  }

  /**
   * Creates or upgrades pg-boss's tables and one queue per job (with its retry rules). Sends,
   * lists and retries work from here on; running jobs needs `start`.
   */
  open(): Promise<void> {
    this.opening ??= openQueues(
      this.deps.database,
      this.defs,
      (err) => this.deps.log.warn({ err }, 'job queue error'),
      this.deps.leaseSeconds,
    ).then((boss) => {
      this.sender = boss;
    });
    return this.opening;
  }

  /**
   * Starts this process's workers: pg-boss's maintenance (leases that expired, retention), the
   * schedules, and one poller per job.
   */
  async start(): Promise<void> {
    await this.open();
    if (this.worker) return;
    const worker = new PgBoss({
      db: sqlAdapter(this.deps.database.db),
      schema: JOB_SCHEMA,
      migrate: false,
      supervise: true,
      schedule: true,
      ...(this.deps.maintenanceSeconds ? { maintenanceIntervalSeconds: this.deps.maintenanceSeconds } : {}),
    });
    worker.on('error', (err) => this.deps.log.warn({ err }, 'job queue error'));
    await worker.start();
    for (const def of Object.values(this.defs)) {
      // After a job, the worker polls again at once instead of waiting its interval: a queue with
      // work waiting drains at the speed of its handler, and an idle one is polled every interval.
      let workerId = '';
      workerId = await worker.work(
        def.name,
        { batchSize: 1, pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2, includeMetadata: true },
        async ([job]) => {
          try {
            return await this.run(def, job);
          } finally {
            if (workerId) worker.notifyWorker(workerId);
          }
        },
      );
      if (def.schedule) {
        await worker.schedule(def.name, def.schedule.cron, {}, { tz: def.schedule.tz ?? 'Asia/Jakarta' });
      } else {
        await worker.unschedule(def.name);
      }
    }
    this.worker = worker;
  }

  /** Stops the workers (running jobs finish first, up to `timeoutMs`) and closes the queue. */
  async stop(timeoutMs = 10_000): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.stop({ graceful: true, wait: true, timeout: timeoutMs });
    if (this.opening) await this.opening.catch(() => {});
    const sender = this.sender;
    this.sender = null;
    this.opening = null;
    if (sender) await sender.stop({ graceful: false, wait: true, timeout: 1_000 });
  }

  /**
   * Enqueues a job; answers its id. With `tx` the job is written in that transaction (it runs only
   * if the transaction commits). `key` names what the job works on (see `pending`).
   */
  async send<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    opts: { tx?: DbOrTx; key?: string; startAfter?: Date } = {},
  ): Promise<string> {
    const def = this.defs[name as string];
    if (!def) throw new Error(`unknown job ${String(name)}`);
    const data = def.payload.parse(payload) as object;
    const id = await this.boss().send(def.name, data, {
      singletonKey: opts.key,
      startAfter: opts.startAfter,
      db: opts.tx ? sqlAdapter(opts.tx) : undefined,
    });
    if (!id) throw new Error(`job ${def.name} was not enqueued`);
    return id;
  }

  /** Whether a job `name` for `key` is waiting or running (its work is not finished). */
  async pending(name: JobName, key: string, handle?: DbOrTx): Promise<boolean> {
    const { rows } = await sqlAdapter(handle ?? this.deps.database.db).executeSql(
      `select 1 from ${JOB_SCHEMA}.job where name = $1 and singleton_key = $2
         and state in ('created', 'retry', 'active') limit 1`,
      [name, key],
    );
    return rows.length > 0;
  }

  /**
   * Runs, in this process, every job due now until none is left (tests and commands; workers do the
   * same by polling). Failures are recorded as the workers record them (retry with back-off, then
   * failed). Answers how many runs it made.
   */
  async drain(
    opts: {
      names?: string[];
      maxRuns?: number;
      /** Also runs retries whose back-off has not ended yet (tests). */
      ignoreStartAfter?: boolean;
    } = {},
  ): Promise<number> {
    const boss = this.boss();
    const names = opts.names ?? Object.keys(this.defs);
    let runs = 0;
    for (let found = true; found && runs < (opts.maxRuns ?? 1000); ) {
      found = false;
      for (const name of names) {
        const [job] = await boss.fetch(name, {
          batchSize: 1,
          includeMetadata: true,
          ignoreStartAfter: opts.ignoreStartAfter === true,
        });
        if (!job) continue;
        found = true;
        runs++;
        try {
          const output = await this.run(this.defs[name], job);
          await boss.complete(name, job.id, output ?? undefined);
        } catch (err) {
          await boss.fail(name, job.id, errorOutput(err));
        }
      }
    }
    return runs;
  }

  /** One job as pg-boss holds it, or null. */
  async get(name: string, id: string): Promise<PgBoss.JobWithMetadata<unknown> | null> {
    return this.boss().getJobById(name, id);
  }

  /** Puts a failed (or cancelled) job back in the queue for a new run. */
  async retry(name: string, id: string): Promise<void> {
    await this.boss().retry(name, id);
  }

  private async run(def: JobDef, job: PgBoss.JobWithMetadata<unknown>): Promise<unknown> {
    const payload = def.payload.parse(job.data);
    const ctx: JobContext = {
      database: this.deps.database,
      uploads: this.deps.uploads,
      log: this.deps.log.child({ job: def.name, job_id: job.id }),
      job: { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit },
      settings: this.deps.settings ?? {},
    };
    const output = await def.handler(payload, ctx);
    return output && typeof output === 'object' ? output : undefined;
  }
}

/** pg-boss's tables (created or upgraded) and one queue per job, with its retry rules. */
async function openQueues(
  database: Database,
  defs: Record<string, JobDef>,
  onError: (err: unknown) => void,
  leaseSeconds: Partial<Record<string, number>> = {},
): Promise<PgBoss> {
  const boss = new PgBoss({
    db: sqlAdapter(database.db),
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  boss.on('error', onError);
  await boss.start();
  const existing = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  for (const [key, def] of Object.entries(defs)) {
    if (key !== def.name) throw new Error(`job ${def.name} is listed as ${key}: the key is its name`);
    const options = queueOptions(def, leaseSeconds[def.name]);
    const current = existing.get(def.name);
    if (!current) {
      await boss.createQueue(def.name, options);
    } else if (
      current.retryLimit !== options.retryLimit ||
      current.retryDelay !== options.retryDelay ||
      current.expireInSeconds !== options.expireInSeconds
    ) {
      await boss.updateQueue(def.name, options);
    }
  }
  return boss;
}

/** Installs the queue's tables and queues and closes (test templates, so each copy has them). */
export async function installJobQueue(database: Database): Promise<void> {
  const boss = await openQueues(database, JOBS as unknown as Record<string, JobDef>, (err) => {
    throw err;
  });
  await boss.stop({ graceful: false, wait: true, timeout: 1_000 });
}

function queueOptions(def: JobDef, leaseSeconds?: number) {
  return {
    name: def.name,
    retryLimit: def.retryLimit ?? 3,
    retryDelay: def.retryDelaySeconds ?? 10,
    retryBackoff: true,
    expireInSeconds: leaseSeconds ?? def.expireInSeconds ?? 15 * 60,
  };
}

/** What a failed run stores as its output: the error's message (the jobs list shows it). */
function errorOutput(err: unknown): object {
  return err instanceof Error ? { message: err.message, name: err.name } : { message: String(err) };
}
