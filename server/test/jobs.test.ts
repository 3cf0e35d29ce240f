// The job queue (jobs/queue.ts) on the test database (PGlite, or the server with TEST_DATABASE_URL):
// a job runs and completes; a failing one is retried with back-off, then recorded as failed with its
// error, and runs again when retried; a broadcast's delivery that dies after one slice resumes and
// reaches each store exactly once; two workers on one database run each job once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase, rows } from '../src/db/client';
import { defineJob } from '../src/jobs/define';
import { JobQueue } from '../src/jobs/queue';
import { JOBS } from '../src/jobs/registry';
import { deliveryHooks } from '../src/modules/broadcasts/broadcasts.jobs';
import { LoggingPushAdapter, setPushAdapter } from '../src/modules/broadcasts/push';
import { makeStaff } from './factories';
import { databaseUrl } from './global-setup';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
const push = new LoggingPushAdapter();

const runs = new Map<string, number>();
let failing = true;
const testJobs = {
  ...JOBS,
  'test-echo': defineJob({
    name: 'test-echo',
    payload: z.object({ n: z.number().int() }),
    handler: async ({ n }, { job }) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      // A little work, so two workers polling at once both see the jobs waiting.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { doubled: n * 2 };
    },
  }),
  'test-flaky': defineJob({
    name: 'test-flaky',
    payload: z.object({}),
    retryLimit: 1,
    retryDelaySeconds: 30,
    handler: async () => {
      if (failing) throw new Error('the service said no');
      return { ok: true };
    },
  }),
};

let queue: JobQueue;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  setPushAdapter(push);
  queue = new JobQueue({ database: h.database, uploads: h.app.uploads, log: h.app.log, jobs: testJobs });
  await queue.open();
});
afterAll(async () => {
  await queue?.stop();
  await h?.close();
});

const jobRow = async (id: string) => {
  const [row] = await rows<{ state: string; retry_count: number; start_after: string; output: any }>(
    h.database.db,
    sql`select state, retry_count, start_after, output from pgboss.job where id = ${id}`,
  );
  return row;
};

describe('job queue', () => {
  it('should run an enqueued job once and record it completed with its output', async () => {
    const id = await queue.send('test-echo' as never, { n: 21 } as never);
    expect((await jobRow(id)).state).toBe('created');
    expect(await queue.drain({ names: ['test-echo'] })).toBe(1);
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: 'completed', output: { doubled: 42 } });
    expect(runs.get(id)).toBe(1);
    expect(await queue.drain({ names: ['test-echo'] })).toBe(0);
  });

  it('should refuse a payload its schema does not accept, enqueueing nothing', async () => {
    await expect(queue.send('test-echo' as never, { n: 'x' } as never)).rejects.toThrow();
  });

  it('should retry a failing job after a back-off, record it failed with its error, and run it again on retry', async () => {
    failing = true;
    const id = await queue.send('test-flaky' as never, {} as never);
    const before = Date.now();
    expect(await queue.drain({ names: ['test-flaky'] })).toBe(1);
    const retrying = await jobRow(id);
    expect(retrying.state).toBe('retry');
    // The back-off: not due before its delay.
    expect(new Date(retrying.start_after).getTime()).toBeGreaterThan(before + 20_000);
    expect(await queue.drain({ names: ['test-flaky'] })).toBe(0);
    // The second attempt (its back-off skipped) is the last one.
    expect(await queue.drain({ names: ['test-flaky'], ignoreStartAfter: true })).toBe(1);
    const failed = await jobRow(id);
    expect(failed).toMatchObject({ state: 'failed', retry_count: 1 });
    expect(failed.output.message).toBe('the service said no');

    // Visible to an administrator: failed, with its error and attempts.
    const listed = await h.call(admin, 'GET', '/web/jobs?name=test-flaky&state=failed');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id,
        name: 'test-flaky',
        state: 'failed',
        attempts: 2,
        error: 'the service said no',
      }),
    ]);
    // Not to a user limited to some branches, even with staff rights.
    const scoped = await h.login(
      await makeStaff(h.database.db, {
        email: 'jobs-branch@example.com',
        grants: { staff_user: 'vcud' },
        branches: [h.fixture.branches.b1.id],
      }),
    );
    expect((await h.call(scoped, 'GET', '/web/jobs')).body.data).toEqual([]);
    expect((await h.call(scoped, 'POST', `/web/jobs/${id}/retry`)).status).toBe(403);

    failing = false;
    const retried = await h.call(admin, 'POST', `/web/jobs/${id}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data).toMatchObject({ id, state: 'queued' });
    expect((await jobRow(id)).state).toBe('retry');
    // Only a failed job is retried.
    expect((await h.call(admin, 'POST', `/web/jobs/${id}/retry`)).status).toBe(409);
    expect(await queue.drain({ names: ['test-flaky'], ignoreStartAfter: true })).toBe(1);
    expect((await jobRow(id)).state).toBe('completed');
  });
});

describe('broadcast delivery on the queue', () => {
  it('should resume a delivery that died after one slice and reach each store exactly once', async () => {
    // Enough stores for several slices (a slice starts at 100 customer ids).
    await h.database.rows(
      sql`insert into customers (customer_code, customer_name, phone_number, branch_id)
          select 'JQ-' || g, 'Toko antrean ' || g, '0899' || lpad(g::text, 7, '0'), ${h.fixture.branches.b1.id}
          from generate_series(1, 400) g`,
    );
    const [{ audience }] = await rows<{ audience: number }>(
      h.database.db,
      sql`select count(*)::int as audience from customers where active`,
    );
    const created = await h.call(admin, 'POST', '/broadcast/add', { title: 'Antrean', message: 'Halo' });
    const b = created.body.data as { id: number };
    const res = await h.call(admin, 'POST', `/broadcast/execute/${b.id}?confirm_count=${audience}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'queued', audience_count: audience, delivered_count: 0 });

    // The first run dies after its first slice with deliveries.
    let slices = 0;
    deliveryHooks.afterSlice = (_id, n) => {
      if (n > 0 && ++slices === 1) throw new Error('worker crashed');
    };
    try {
      expect(await h.app.jobs.drain({ names: ['broadcast-delivery'] })).toBe(1);
    } finally {
      deliveryHooks.afterSlice = undefined;
    }
    const count = async () =>
      Number(
        (
          await rows<{ n: number }>(
            h.database.db,
            sql`select count(*)::int as n from broadcast_deliveries where broadcast_id = ${b.id}`,
          )
        )[0].n,
      );
    const half = await count();
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(audience);
    const mid = (await h.call(admin, 'GET', `/broadcast/id/${b.id}`)).body.data;
    // The figures moved with the committed slice.
    expect(mid).toMatchObject({ status: 'sending', delivered_count: half });
    // Still being delivered (its job waits for the retry): a second execute is refused.
    expect((await h.call(admin, 'POST', `/broadcast/execute/${b.id}?confirm_count=${audience}`)).status).toBe(
      409,
    );

    // The retry resumes where the committed slices ended.
    expect(await h.app.jobs.drain({ names: ['broadcast-delivery'], ignoreStartAfter: true })).toBe(1);
    expect(await count()).toBe(audience);
    const pushed = push.sent.filter((m) => m.broadcastId === b.id).reduce((n, m) => n + m.recipients, 0);
    expect(pushed).toBe(audience);
    expect((await h.call(admin, 'GET', `/broadcast/id/${b.id}`)).body.data).toMatchObject({
      status: 'sent',
      delivered_count: audience,
    });
  });
});

describe('two workers on one database', () => {
  it('should run each job exactly once', async () => {
    // A second process: on the server its own connection pool to the same database; the embedded
    // database has one connection, which both queues then share.
    let other: Database = h.database;
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const [{ name }] = await rows<{ name: string }>(h.database.db, sql`select current_database() as name`);
      other = await openDatabase({
        databaseUrl: databaseUrl(serverUrl, name),
        dataDir: 'memory://',
        poolSize: 3,
      });
    }
    const queues = [
      new JobQueue({ database: h.database, uploads: h.app.uploads, log: h.app.log, jobs: testJobs }),
      new JobQueue({ database: other, uploads: h.app.uploads, log: h.app.log, jobs: testJobs }),
    ];
    try {
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) ids.push(await queue.send('test-echo' as never, { n: i } as never));
      await Promise.all(queues.map((q) => q.start()));
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [{ open }] = await rows<{ open: number }>(
          h.database.db,
          sql`select count(*)::int as open from pgboss.job where name = 'test-echo' and state <> 'completed'`,
        );
        if (open === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
      if (other !== h.database) await other.close();
    }
  });
});
