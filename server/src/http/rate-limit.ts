// Request limits shared by every API process: the count of a key (`user:<id>`, `register:<address>`)
// lives in the database (rate_limit_counters, 0015_hardening.sql), added to by one atomic upsert, or,
// when REDIS_URL is set, in Redis (one atomic script), so two processes give a caller the limit once,
// not twice.
//
// A request must not pay a database write of its own: each process takes a small allowance of a
// key's window at once (counted in the database as used) and spends it locally; when it is spent it
// takes the next. The shared count is thus never below what was served, so the limit holds exactly
// across processes; a process's unspent allowance can only make a caller meet the limit a little
// early (at most `batch` per other process), and it lapses with its window. A refused key is
// refused locally until its window ends: a runaway script costs no database work.

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
// Loaded only when REDIS_URL is set: the client costs ~0.3 s of CPU to load, on every start.
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { type DbOrTx, rows } from '../db/client';
import { ApiError } from './errors';

/** Where the counts live. */
export interface CounterStore {
  /**
   * Adds `n` hits to `key`'s current window (a new one of `windowMs` when none is running) in one
   * atomic step; answers the count after and the time left in the window.
   */
  add(key: string, n: number, windowMs: number): Promise<{ count: number; resetMs: number }>;
}

/** The counts in PostgreSQL (or PGlite): one statement per allowance taken. */
export class PgCounterStore implements CounterStore {
  private adds = 0;
  constructor(private readonly db: DbOrTx) {}

  async add(key: string, n: number, windowMs: number) {
    const [row] = await rows<{ hits: number; reset_ms: number }>(
      this.db,
      sql`insert into rate_limit_counters as c (key, hits, window_end)
          values (${key}, ${n}, now() + make_interval(secs => ${windowMs / 1000}))
          on conflict (key) do update set
            hits = case when c.window_end <= now() then excluded.hits else c.hits + excluded.hits end,
            window_end = case when c.window_end <= now() then excluded.window_end else c.window_end end
          returning hits, (extract(epoch from window_end - now()) * 1000)::float8 as reset_ms`,
    );
    // Keys seen once (an address that registered, a user who left) leave rows: now and then drop
    // those whose window ended a while ago.
    if (++this.adds % 5000 === 0) {
      await this.db.execute(
        sql`delete from rate_limit_counters where window_end < now() - interval '1 hour'`,
      );
    }
    return { count: row.hits, resetMs: Math.max(0, row.reset_ms) };
  }
}

/**
 * Adds to a key's count and starts its window when the key is new, in one step: a script runs
 * atomically, so two processes adding at once never both start a window, nor lose a hit.
 * Answers the count after and the milliseconds left in the window.
 */
const ADD_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  left = tonumber(ARGV[2])
end
return {count, left}`;

/** The counts in Redis: a key per limit key, expiring with its window (nothing to clean up). */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async add(key: string, n: number, windowMs: number) {
    const [count, left] = (await this.redis.eval(
      ADD_SCRIPT,
      1,
      `${this.prefix}rate:${key}`,
      n,
      Math.ceil(windowMs),
    )) as [number, number];
    return { count, resetMs: Math.max(0, left) };
  }
}

/**
 * Counts in `primary`; while it fails (Redis down), in `fallback` (the database): the limits keep
 * holding across processes, and an outage of the counter never refuses or breaks a request.
 */
export class FallbackCounterStore implements CounterStore {
  private warned = 0;
  constructor(
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  async add(key: string, n: number, windowMs: number) {
    try {
      return await this.primary.add(key, n, windowMs);
    } catch (err) {
      // One line a minute at most: a Redis outage must not flood the log.
      if (Date.now() - this.warned > 60_000) {
        this.warned = Date.now();
        this.log.warn({ err }, 'rate limits: the Redis counter failed; counting in the database');
      }
      return this.fallback.add(key, n, windowMs);
    }
  }
}

/** The counter store the settings choose, and what closes it. */
export async function createCounterStore(
  choice: Config['rateLimitStore'],
  db: DbOrTx,
  log: FastifyBaseLogger,
): Promise<{ store: CounterStore; close(): Promise<void> }> {
  const database = new PgCounterStore(db);
  if (choice.kind === 'postgres') return { store: database, close: async () => {} };
  const { Redis } = await import('ioredis');
  const redis = new Redis(choice.url, {
    // A request waits at most this long for the counter before the database counts instead.
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  // Connection errors are retried by the client and told by the failing commands (logged above).
  redis.on('error', () => {});
  return {
    store: new FallbackCounterStore(new RedisCounterStore(redis, choice.keyPrefix), database, log),
    close: async () => {
      redis.disconnect();
    },
  };
}

type Allowance = {
  /** Hits this process may still serve in the window. */
  left: number;
  /** Date.now() at which the window ends. */
  until: number;
  /** The shared count had reached the limit: refuse until `until`. */
  spent: boolean;
};

const LOCAL_KEYS_MAX = 50_000;
/** The most a process takes of a user's window at once. */
const USER_ALLOWANCE = 30;

export class RateLimiter {
  private readonly local = new Map<string, Allowance>();
  private readonly taking = new Map<string, Promise<void>>();
  readonly batch: number;

  constructor(
    private readonly store: CounterStore,
    readonly max: number,
    readonly windowMs: number,
    /** Hits taken from the shared count at once (1: every hit counted as it comes). */
    batch = 1,
  ) {
    this.batch = Math.max(1, Math.min(batch, max));
  }

  /** Null when `key` may make one more request; else the seconds until it may again. */
  async hit(key: string): Promise<number | null> {
    for (let round = 0; round < 5; round++) {
      const now = Date.now();
      const a = this.local.get(key);
      if (a && a.until > now) {
        if (a.left > 0) {
          a.left--;
          return null;
        }
        if (a.spent) return Math.max(1, Math.ceil((a.until - now) / 1000));
      }
      // One allowance at a time per key: requests arriving meanwhile share it.
      let taking = this.taking.get(key);
      if (!taking) {
        taking = this.take(key).finally(() => this.taking.delete(key));
        this.taking.set(key, taking);
      }
      await taking;
    }
    // Allowances kept running out under concurrent use: count this one hit by itself.
    const { count, resetMs } = await this.store.add(key, 1, this.windowMs);
    return count <= this.max ? null : Math.max(1, Math.ceil(resetMs / 1000));
  }

  private async take(key: string): Promise<void> {
    const { count, resetMs } = await this.store.add(key, this.batch, this.windowMs);
    // The part of this allowance that fits under the limit.
    const granted = Math.max(0, Math.min(this.batch, this.max - (count - this.batch)));
    if (this.local.size >= LOCAL_KEYS_MAX) this.prune();
    this.local.set(key, { left: granted, until: Date.now() + resetMs, spent: count >= this.max });
  }

  private prune(): void {
    const now = Date.now();
    for (const [key, a] of this.local) if (a.until <= now) this.local.delete(key);
    if (this.local.size >= LOCAL_KEYS_MAX) this.local.clear();
  }
}

/** 429 RATE_LIMITED in the error envelope, with `Retry-After` (seconds). */
export function rateLimited(reply: FastifyReply, retryAfterSeconds: number): ApiError {
  reply.header('retry-after', String(retryAfterSeconds));
  return new ApiError('RATE_LIMITED', 'Too many requests; try again later');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** At most `max` requests per caller address per `timeWindow` ms to this route, in all processes together. */
    rateLimit?: { max: number; timeWindow: number };
  }
}

/**
 * The limits, checked after the bearer-token hook (register this after registerAuth): a route's own
 * `config.rateLimit` per caller address (exact: every hit counted as it comes; such routes are
 * rare and public), and `perUser` requests per signed-in user per window on every other route
 * (0: none).
 */
export function registerRateLimits(
  api: FastifyInstance,
  store: CounterStore,
  perUser: { max: number; windowSeconds: number },
): void {
  const routeLimits = new Map<string, RateLimiter>();
  // A twentieth of the window's limit at a time, at most USER_ALLOWANCE: one statement per 30
  // requests at 600 a minute, and a caller meets the limit at most a twentieth early.
  const userLimit =
    perUser.max > 0
      ? new RateLimiter(
          store,
          perUser.max,
          perUser.windowSeconds * 1000,
          Math.min(USER_ALLOWANCE, Math.floor(perUser.max / 20)),
        )
      : null;
  api.addHook('onRequest', async (req, reply) => {
    const own = req.routeOptions.config.rateLimit;
    if (own) {
      const route = `${req.method} ${req.routeOptions.url}`;
      let limiter = routeLimits.get(route);
      if (!limiter) {
        limiter = new RateLimiter(store, own.max, own.timeWindow);
        routeLimits.set(route, limiter);
      }
      const wait = await limiter.hit(`${route} ${req.ip}`);
      if (wait !== null) throw rateLimited(reply, wait);
    }
    // A signed-in store (the companion app) is held to the same allowance as a staff user.
    const caller = req.user ? `user:${req.user.id}` : req.store ? `store:${req.store.customerId}` : null;
    if (userLimit && caller) {
      const wait = await userLimit.hit(caller);
      if (wait !== null) throw rateLimited(reply, wait);
    }
  });
}
