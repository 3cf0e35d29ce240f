// One database handle for the whole app: embedded PGlite (DATA_DIR) or a PostgreSQL server (DATABASE_URL).
// Both speak the same SQL and go through the same Drizzle schema; type parsing is normalised here.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; every helper that writes takes `DbOrTx` so it can join a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

// int8 (count(*), sums) and numeric (money) come back as strings from `pg` and sometimes from PGlite:
// normalise both to JS numbers in this one place. Amounts stay far below 2^53.
const INT8 = 20;
const NUMERIC = 1700;
const toNumber = (v: string) => (v === null ? null : Number(v));
pg.types.setTypeParser(INT8, toNumber);
pg.types.setTypeParser(NUMERIC, toNumber);

// The PostgreSQL server's sessions get `TimeZone=Asia/Jakarta`, `work_mem=64MB` (openPostgres).
// The embedded database lives inside this process, and WebAssembly memory never shrinks: what its
// buffers and sorts touch once stays resident. Smaller shared buffers (the OS page cache still holds
// the files) and sorts that spill to disk sooner keep the server under 400 MB at demo scale (see
// README, Performance); the PostgreSQL server keeps its own.
const PGLITE_SESSION_SETTINGS = "SET TIME ZONE 'Asia/Jakarta'; SET work_mem = '16MB'";
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=32MB',
  '-c',
  'maintenance_work_mem=32MB',
];

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a raw SQL statement and returns its rows (reports, set-based seeds). */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  migrate(): Promise<void>;
  checkpoint(): Promise<void>;
  /**
   * Calls `onMessage` with each NOTIFY payload on `channel` (committed transactions only) until the
   * returned function is called. On the server one dedicated connection LISTENs for the process and
   * reconnects after an error; on the embedded database the one session listens.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** `pg_notify(channel, payload)` on `db` (a transaction: delivered at its commit, dropped on rollback). */
  notify(db: DbOrTx, channel: string, payload: string): Promise<void>;
  /** The server pool's connections (metrics); null on the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
};

async function notify(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export async function rows<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type OpenOptions = {
  databaseUrl?: string;
  /** Directory for the embedded database; `memory://` for an in-memory one (tests). */
  dataDir: string;
  onLog?: (text: string) => void;
  poolSize?: number;
  /** In-memory PGlite only: start from this data-dir tarball (`dumpDataDir`) instead of initdb (test templates). */
  loadDataDir?: Blob;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return openPglite(opts.dataDir, opts.onLog, opts.loadDataDir);
}

async function openPglite(
  dataDir: string,
  onLog?: (text: string) => void,
  loadDataDir?: Blob,
): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const dbDir = inMemory ? undefined : path.join(dataDir, 'pgdata');
  const release = inMemory ? () => {} : await acquireDataDirLock(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: dbDir,
      loadDataDir: inMemory ? loadDataDir : undefined,
      extensions: { pg_trgm },
      startParams: PGLITE_START_PARAMS,
      parsers: { [INT8]: toNumber, [NUMERIC]: toNumber },
      onStderr: onLog
        ? (text) => {
            onLog(text);
            return true;
          }
        : undefined,
    });
    await client.exec(PGLITE_SESSION_SETTINGS);
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    rows: (q) => rows(db, q),
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    checkpoint: async () => {
      await client.exec('CHECKPOINT');
    },
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    notify,
    poolStats: () => null,
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: '-c TimeZone=Asia/Jakarta -c work_mem=64MB -c jit=off',
  });
  pool.on('error', () => {}); // idle client errors surface on the next query instead of crashing
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await db.execute(sql`select 1`);
  return {
    kind: 'postgres',
    db,
    rows: (q) => rows(db, q),
    migrate: async () => {
      // Several API processes may start together: one migrates while the others wait on this
      // session lock, then find nothing left to apply.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock(hashtext($1))', [MIGRATE_LOCK]);
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock.query('select pg_advisory_unlock(hashtext($1))', [MIGRATE_LOCK]).catch(() => {});
        lock.release();
      }
    },
    checkpoint: async () => {},
    listen: (channel, onMessage) => listenPostgres(url, channel, onMessage),
    notify,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await pool.end();
    },
  };
}

const MIGRATE_LOCK = 'lbo.migrate';
const LISTEN_RETRY_MS = [250, 1000, 2000, 5000];

/**
 * A connection of its own outside the pool (a pooled one would be handed to queries), reopened with
 * back-off after any error or end until the returned function stops it. Notifications sent while it
 * is reconnecting are lost; listeners treat them as hints to refetch, never as data.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    const retry = () => {
      if (stopped || client !== c) return;
      client = null;
      c.end().catch(() => {});
      timer = setTimeout(() => void connect().catch(() => {}), LISTEN_RETRY_MS[Math.min(attempt++, 3)]);
      timer.unref();
    };
    c.on('error', retry);
    c.on('end', retry);
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload !== undefined) onMessage(m.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
      attempt = 0;
    } catch (err) {
      retry();
      throw err;
    }
  };
  // A first failure is retried like any later one: the process serves requests meanwhile.
  await connect().catch(() => {});
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
