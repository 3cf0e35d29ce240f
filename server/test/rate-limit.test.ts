// Request limits shared by every API process: two apps on one database (two API processes) give a
// signed-in user the per-user limit once, not once each, and an address the access-request limit
// once; the refusal is 429 RATE_LIMITED in the error envelope with Retry-After, and writes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { hashPassword } from '../src/http/password';
import { type CounterStore, PgCounterStore, RateLimiter } from '../src/http/rate-limit';
import { createHarness, type Harness } from './harness';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const LIMIT = 40;
let h: Harness;
const apps: FastifyInstance[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  h = await createHarness();
  for (let i = 0; i < 2; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lbo-limit-'));
    dirs.push(dataDir);
    const config = loadConfig(
      {},
      { dataDir, jwtSecret: SECRET, userRateLimit: LIMIT, userRateWindowSeconds: 60 },
    );
    const app = await buildApp({ config, database: h.database, logger: false });
    await app.ready();
    apps.push(app);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await h?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function call(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  ip = '127.0.0.1',
) {
  const res = await app.inject({
    method,
    url: `/v1/api${url}`,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
  });
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
}

let serial = 0;
async function signedIn(): Promise<string> {
  const email = `limit${++serial}.${Date.now()}@example.com`;
  await h.database.db.execute(
    sql`insert into staff_users (name, email, password_hash, role_group_id, all_branches)
        select ${`Batas ${serial}`}, ${email}, ${await hashPassword('secret-pass')}, role_group_id, true
        from staff_users where id = ${h.fixture.adminId}`,
  );
  const res = await call(apps[0], null, 'POST', '/web/auth', { email, password: 'secret-pass' });
  expect(res.status).toBe(200);
  return res.body.data.token;
}

describe('the per-user limit on signed-in calls', () => {
  it('should be shared by two processes: the user gets the limit once, then 429 with Retry-After', async () => {
    const token = await signedIn();
    const statuses: number[] = [];
    // Alternating between the processes, some at once.
    for (let round = 0; round < 3; round++) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(apps[i % 2], token, 'GET', '/web/branch/')),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    const served = statuses.filter((s) => s === 200).length;
    // Each process may leave a small allowance unspent (a twentieth of the limit): never above it.
    expect(served).toBeLessThanOrEqual(LIMIT);
    expect(served).toBeGreaterThanOrEqual(LIMIT - 2 * Math.floor(LIMIT / 20));
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    for (const app of apps) {
      const refused = await call(app, token, 'GET', '/web/branch/');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        data: null,
        err_code: 'RATE_LIMITED',
        err_msg: ['Too many requests; try again later'],
      });
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    }
  });

  it('should refuse a write without doing it', async () => {
    const token = await signedIn();
    for (let i = 0; i < LIMIT; i++) await call(apps[i % 2], token, 'GET', '/web/auth/me');
    const before = await h.database.rows<{ n: number }>(sql`select count(*)::int as n from point_promos`);
    const res = await call(apps[1], token, 'POST', '/point_promo/', {
      name: 'Promo terlambat',
      start_date: '2031-01-01',
      end_date: '2031-01-31',
      bonus_points: 5,
    });
    expect(res.status).toBe(429);
    const after = await h.database.rows<{ n: number }>(sql`select count(*)::int as n from point_promos`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('should count each user apart', async () => {
    const busy = await signedIn();
    for (let i = 0; i < LIMIT + 5; i++) await call(apps[i % 2], busy, 'GET', '/web/auth/me');
    expect((await call(apps[0], busy, 'GET', '/web/auth/me')).status).toBe(429);
    const calm = await signedIn();
    expect((await call(apps[1], calm, 'GET', '/web/auth/me')).status).toBe(200);
  });
});

describe('the access-request limit', () => {
  it('should give an address 10 requests an hour across two processes, then 429 with Retry-After', async () => {
    const ip = '10.77.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await call(
        apps[i % 2],
        null,
        'POST',
        '/web/auth/register',
        { name: `Pemohon ${i}`, email: `pemohon${i}.${Date.now()}@example.com`, password: 'rahasia123' },
        ip,
      );
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.err_code).toBe('RATE_LIMITED');
        expect(Number(res.retryAfter)).toBeGreaterThan(3500);
      }
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    // Another address is not affected.
    const other = await call(
      apps[0],
      null,
      'POST',
      '/web/auth/register',
      { name: 'Pemohon lain', email: `lain.${Date.now()}@example.com`, password: 'rahasia123' },
      '10.77.0.2',
    );
    expect(other.status).toBe(202);
  });
});

describe('RateLimiter', () => {
  /** Counts in memory, on the clock (which the test moves). */
  class MemoryStore implements CounterStore {
    calls = 0;
    rows = new Map<string, { hits: number; end: number }>();
    async add(key: string, n: number, windowMs: number) {
      this.calls++;
      const now = Date.now();
      const r = this.rows.get(key);
      const row = !r || r.end <= now ? { hits: n, end: now + windowMs } : { hits: r.hits + n, end: r.end };
      this.rows.set(key, row);
      return { count: row.hits, resetMs: row.end - now };
    }
  }

  it('should take allowances in batches: one statement per batch, never past the limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = new MemoryStore();
    const limiter = new RateLimiter(store, 600, 60_000, 30);
    let served = 0;
    for (let i = 0; i < 700; i++) if ((await limiter.hit('user:1')) === null) served++;
    expect(served).toBe(600);
    // 20 allowances of 30; the last reached the limit, so the refusals after it are answered
    // locally until the window ends.
    expect(store.calls).toBe(20);
    vi.setSystemTime(Date.now() + 60_000);
    expect(await limiter.hit('user:1')).toBeNull();
    expect(store.calls).toBe(21);
    vi.useRealTimers();
  });

  it('should count in the shared store, against the database', async () => {
    const store = new PgCounterStore(h.database.db);
    const a = new RateLimiter(store, 5, 60_000);
    const b = new RateLimiter(store, 5, 60_000);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await (i % 2 ? a : b).hit('unit:shared'));
    expect(answers.filter((w) => w === null)).toHaveLength(5);
    const [row] = await h.database.rows<{ hits: number }>(
      sql`select hits from rate_limit_counters where key = 'unit:shared'`,
    );
    expect(row.hits).toBeGreaterThanOrEqual(6);
  });
});
