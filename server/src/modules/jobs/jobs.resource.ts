// The job queue on screen: `GET /web/jobs`, pg-boss's jobs (jobs/queue.ts) newest first, with their
// state as the API names it, attempts and the last error. An administrator's: staff users' view right
// and every branch (a job is not any one branch's, and its data names records of any branch).
import { jobContract } from '@lbo/contract/jobs';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { JOB_SCHEMA } from '../../jobs/queue';
import { defineResource } from '../../resources/define';

/** pg-boss's job table, as far as the list reads it (pg-boss creates and migrates it, not Drizzle). */
export const pgbossJob = pgSchema(JOB_SCHEMA).table('job', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  retry_count: integer('retry_count').notNull(),
  retry_limit: integer('retry_limit').notNull(),
  singleton_key: text('singleton_key'),
  data: jsonb('data'),
  output: jsonb('output'),
  created_on: timestamp('created_on', { withTimezone: true, mode: 'string' }).notNull(),
  start_after: timestamp('start_after', { withTimezone: true, mode: 'string' }).notNull(),
  started_on: timestamp('started_on', { withTimezone: true, mode: 'string' }),
  completed_on: timestamp('completed_on', { withTimezone: true, mode: 'string' }),
});
const j = pgbossJob;

/** pg-boss's states as the API names them: created and retry both wait to run. */
export const jobState = sql<string>`(case ${j.state}::text when 'created' then 'queued' when 'retry' then 'queued'
  when 'active' then 'running' else ${j.state}::text end)`;
const STATES_OF: Record<string, string[]> = {
  queued: ['created', 'retry'],
  running: ['active'],
  completed: ['completed'],
  failed: ['failed'],
  cancelled: ['cancelled'],
};

/** Only a caller who sees every branch sees jobs. */
export const seesJobs = (req: FastifyRequest) => req.user.branches === 'all';

export const jobResource = defineResource({
  contract: jobContract,
  table: pgbossJob,
  columns: {
    id: sql<string>`${j.id}::text`,
    name: j.name,
    state: jobState,
    // retry_count counts the retries taken (a retry is counted when it starts).
    attempts: sql<number>`(case when ${j.started_on} is null then ${j.retry_count} else ${j.retry_count} + 1 end)::int`,
    retry_limit: j.retry_limit,
    error: sql<string>`(case when ${j.state}::text in ('failed', 'retry') then coalesce(${j.output} ->> 'message', '') else '' end)`,
    key: sql<string>`coalesce(${j.singleton_key}, '')`,
    data: sql`coalesce(${j.data}, '{}'::jsonb)`,
    created_at: j.created_on,
    start_after: j.start_after,
    started_at: j.started_on,
    finished_at: j.completed_on,
  },
  sort: {
    created_at: j.created_on,
    name: j.name,
    state: sql`${j.state}::text`,
    started_at: j.started_on,
    finished_at: j.completed_on,
  },
  search: [j.name, j.singleton_key],
  filters: {
    name: j.name,
    state: (v: string) =>
      sql`${j.state}::text in (${sql.join(
        (STATES_OF[v] ?? []).map((s) => sql`${s}`),
        sql`, `,
      )})`,
  },
  scope: 'none',
  where: (req) => (seesJobs(req) ? undefined : sql`false`),
});
