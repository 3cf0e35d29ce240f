// Request limits shared by every API process: two apps on one counter store (two API processes) give a
// signed-in user the per-user limit once, not once each, and an address the access-request limit
// once; the refusal is 429 RATE_LIMITED in the error envelope with Retry-After, and writes nothing.
// The same tests run with the counts in PostgreSQL (the default) and in Redis (REDIS_URL); the Redis
// ones need a server at TEST_REDIS_URL (default redis://127.0.0.1:6379) and are skipped, saying so,
// when none answers, unless TEST_REDIS_URL is set, which makes them required.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { hashPassword } from '../src/http/password';
import {
  type CounterStore,
  createCounterStore,
  PgCounterStore,
  RateLimiter,
  RedisCounterStore,
} from '../src/http/rate-limit';
import { createHarness, type Harness } from './harness';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const LIMIT = 40;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Keys of this run only: other runs (and other checkouts) may share the Redis server. */
const PREFIX = `lbo-test-${process.pid}-${Date.now().toString(36)}:`;

async function redisAnswers(url: string): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp && process.env.TEST_REDIS_URL)
  throw new Error(`TEST_REDIS_URL is set but ${REDIS_URL} does not answer`);
if (!redisUp) console.warn(`rate-limit tests on Redis SKIPPED: no Redis server answers at ${REDIS_URL}`);

let h: Harness;
const dirs: string[] = [];

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Two API processes on the harness's database, counting in `store`. */
async function twoApps(store: Config['rateLimitStore']): Promise<FastifyInstance[]> {
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < 2; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lbo-limit-'));
    dirs.push(dataDir);
    const config = loadConfig(
      {},
      {
        dataDir,
        jwtSecret: SECRET,
        userRateLimit: LIMIT,
        userRateWindowSeconds: 60,
        rateLimitStore: store,
      },
    );
    const app = await buildApp({ config, database: h.database, logger: false });
    await app.ready();
    apps.push(app);
  }
  return apps;
}

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
/** A new signed-in user: its id and token. */
async function signedIn(app: FastifyInstance): Promise<{ id: number; token: string }> {
  const email = `limit${++serial}.${Date.now()}@example.com`;
  const [u] = await h.database.rows<{ id: number }>(
    sql`insert into staff_users (name, email, password_hash, role_group_id, all_branches)
        select ${`Batas ${serial}`}, ${email}, ${await hashPassword('secret-pass')}, role_group_id, true
        from staff_users where id = ${h.fixture.adminId}
        returning id`,
  );
  const res = await call(app, null, 'POST', '/web/auth', { email, password: 'secret-pass' });
  expect(res.status).toBe(200);
  return { id: u.id, token: res.body.data.token };
}

const backends: { name: string; store: Config['rateLimitStore']; skip: boolean }[] = [
  { name: 'PostgreSQL', store: { kind: 'postgres' }, skip: false },
  { name: 'Redis', store: { kind: 'redis', url: REDIS_URL, keyPrefix: PREFIX }, skip: !redisUp },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`limits counted in ${backend.name}`, () => {
    let apps: FastifyInstance[] = [];
    beforeAll(async () => {
      apps = await twoApps(backend.store);
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
    });

    describe('the per-user limit on signed-in calls', () => {
      it('should be shared by two processes: the user gets the limit once, then 429 with Retry-After', async () => {
        const { id, token } = await signedIn(apps[0]);
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
        // The count lives in the chosen store only.
        const [pg] = await h.database.rows<{ n: number }>(
          sql`select count(*)::int as n from rate_limit_counters where key = ${`user:${id}`}`,
        );
        if (backend.store.kind === 'redis') {
          const r = new Redis(REDIS_URL);
          const hits = Number(await r.get(`${PREFIX}rate:user:${id}`));
          r.disconnect();
          expect(hits).toBeGreaterThanOrEqual(LIMIT);
          expect(pg.n).toBe(0);
        } else expect(pg.n).toBe(1);
      });

      it('should refuse a write without doing it', async () => {
        const { token } = await signedIn(apps[0]);
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
        const { token: busy } = await signedIn(apps[0]);
        for (let i = 0; i < LIMIT + 5; i++) await call(apps[i % 2], busy, 'GET', '/web/auth/me');
        expect((await call(apps[0], busy, 'GET', '/web/auth/me')).status).toBe(429);
        const { token: calm } = await signedIn(apps[0]);
        expect((await call(apps[1], calm, 'GET', '/web/auth/me')).status).toBe(200);
      });
    });

    describe('the access-request limit', () => {
      it('should give an address 10 requests an hour across two processes, then 429 with Retry-After', async () => {
        const ip = backend.store.kind === 'redis' ? '10.78.0.1' : '10.77.0.1';
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
          backend.store.kind === 'redis' ? '10.78.0.2' : '10.77.0.2',
        );
        expect(other.status).toBe(202);
      });
    });
  });
}

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

  it.skipIf(!redisUp)(
    'should count in the shared store, in Redis, and expire the key with its window',
    async () => {
      const redis = new Redis(REDIS_URL);
      try {
        const store = new RedisCounterStore(redis, PREFIX);
        const a = new RateLimiter(store, 5, 60_000);
        const b = new RateLimiter(store, 5, 60_000);
        const answers = [];
        for (let i = 0; i < 8; i++) answers.push(await (i % 2 ? a : b).hit('unit:shared'));
        expect(answers.filter((w) => w === null)).toHaveLength(5);
        expect(Number(await redis.get(`${PREFIX}rate:unit:shared`))).toBeGreaterThanOrEqual(6);
        const ttl = await redis.pttl(`${PREFIX}rate:unit:shared`);
        expect(ttl).toBeGreaterThan(50_000);
        expect(ttl).toBeLessThanOrEqual(60_000);
        // Adds at once from many callers lose no hit and start one window.
        const counts = await Promise.all(Array.from({ length: 50 }, () => store.add('unit:burst', 1, 1000)));
        expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
          Array.from({ length: 50 }, (_, i) => i + 1),
        );
        await new Promise((r) => setTimeout(r, 1100));
        expect((await store.add('unit:burst', 1, 1000)).count).toBe(1);
      } finally {
        redis.disconnect();
      }
    },
  );

  it('should count in the database while Redis does not answer', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as never;
    const { store, close } = await createCounterStore(
      { kind: 'redis', url: 'redis://127.0.0.1:1', keyPrefix: PREFIX },
      h.database.db,
      log,
    );
    try {
      const limiter = new RateLimiter(store, 3, 60_000);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await limiter.hit('unit:fallback'));
      expect(answers.filter((w) => w === null)).toHaveLength(3);
      const [row] = await h.database.rows<{ hits: number }>(
        sql`select hits from rate_limit_counters where key = 'unit:fallback'`,
      );
      expect(row.hits).toBe(3);
      expect(warnings).toHaveLength(1);
    } finally {
      await close();
    }
  });
});
