// GET /v1/api/ready (database, migrations, upload storage) and GET /metrics (METRICS_TOKEN).
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

describe('GET /v1/api/ready', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ seed: false });
  });
  afterAll(() => h.close());

  it('should answer ready when the database, its migrations and the storage are there', async () => {
    const res = await h.call(null, 'GET', '/ready');
    expect(res).toEqual({
      status: 200,
      body: { data: { status: 'ready', db: 'ok', migrations: 'ok', storage: 'ok' } },
    });
  });

  it('should answer 503 naming pending migrations when the newest is not applied', async () => {
    const [newest] = await h.database.rows<{ created_at: number }>(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await h.database.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest.created_at}`,
    );
    try {
      const res = await h.call(null, 'GET', '/ready');
      expect(res.status).toBe(503);
      expect(res.body.data).toEqual({ status: 'not_ready', db: 'ok', migrations: 'pending', storage: 'ok' });
    } finally {
      await h.database.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${newest.created_at} where created_at = ${Number(newest.created_at) - 1}`,
      );
    }
  });

  it('should answer 503 naming the storage when the upload folder is gone', async () => {
    const dir = (h.app.uploads as unknown as { dir: string }).dir;
    rmSync(dir, { recursive: true, force: true });
    const res = await h.call(null, 'GET', '/ready');
    expect(res.status).toBe(503);
    expect(res.body.data).toEqual({
      status: 'not_ready',
      db: 'ok',
      migrations: 'ok',
      storage: 'unreachable',
    });
  });
});

describe('GET /metrics', () => {
  const TOKEN = 'metrics-token-0123456789';
  let h: Harness;
  let off: Harness;
  beforeAll(async () => {
    h = await createHarness({ seed: false, config: { metricsToken: TOKEN } });
    off = await createHarness({ seed: false });
  });
  afterAll(async () => {
    await h.close();
    await off.close();
  });

  const scrape = (app: Harness['app'], authorization?: string) =>
    app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('should be off without METRICS_TOKEN', async () => {
    expect(off.app.metrics.enabled).toBe(false);
    const res = await scrape(off.app, `Bearer ${TOKEN}`);
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it('should refuse a scrape without the token or with another', async () => {
    expect((await scrape(h.app)).statusCode).toBe(401);
    expect((await scrape(h.app, 'Bearer wrong')).statusCode).toBe(401);
    expect((await scrape(h.app, `Bearer ${TOKEN}x`)).statusCode).toBe(401);
  });

  it('should count requests by route pattern and status, and read registered gauges', async () => {
    await h.call(null, 'GET', '/health');
    await h.call(null, 'GET', '/web/salesman/id/123');
    let depth = 7;
    h.app.metrics.registerGauge('test_queue_depth', 'jobs waiting', () => depth);
    h.app.metrics.registerGauge(
      'test_jobs',
      'jobs by state',
      async () => ({ queued: 2, active: 1 }),
      'state',
    );
    const res = await scrape(h.app, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/v1\/api\/health",status="200"\} 1\n/,
    );
    // The pattern, never the raw URL: one series per route however many ids are asked for.
    expect(res.body).toMatch(/route="\/v1\/api\/web\/salesman\/id\/:salesman_id",status="401"/);
    expect(res.body).not.toContain('/id/123');
    expect(res.body).toMatch(/test_queue_depth 7\n/);
    expect(res.body).toMatch(/test_jobs\{state="queued"\} 2\n/);
    expect(res.body).toMatch(/live_streams_open 0\n/);
    expect(res.body).toMatch(/job_queue_jobs\{state="created"\} \d+\n/);
    depth = 3;
    expect((await scrape(h.app, `Bearer ${TOKEN}`)).body).toMatch(/test_queue_depth 3\n/);
    if (h.database.kind === 'postgres') expect(res.body).toMatch(/db_pool_connections\{state="total"\}/);
  });
});
