// Builds the real app on a real, private database for one test file:
// in-memory PGlite by default, or a fresh database on the server named by TEST_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { ADMIN, type Fixture, seedFixture } from './fixtures';

export type Harness = {
  app: FastifyInstance;
  database: Database;
  fixture: Fixture;
  login(user?: { email: string; password: string }): Promise<string>;
  call(
    token: string | null,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
};

async function freshServerDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lbo_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createHarness(opts: { seed?: boolean } = {}): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lbo-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const fresh = serverUrl ? await freshServerDatabase(serverUrl) : null;
  const database = await openDatabase({ databaseUrl: fresh?.url, dataDir: 'memory://', poolSize: 5 });
  await database.migrate();
  const fixture = opts.seed === false ? ({} as Fixture) : await seedFixture(database.db);
  const config = loadConfig(
    {},
    { dataDir, jwtSecret: 'test-secret-test-secret-test-secret-0123', loginMaxFailures: 5 },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.ready();

  const call: Harness['call'] = async (token, method, url, payload) => {
    const res = await app.inject({
      method,
      url: url.startsWith('/v1/api') ? url : `/v1/api${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: payload as InjectOptions['payload'],
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body };
  };

  return {
    app,
    database,
    fixture,
    call,
    async login(user = ADMIN) {
      const res = await call(null, 'POST', '/web/auth', user);
      if (res.status !== 200) throw new Error(`login ${user.email} failed: ${JSON.stringify(res.body)}`);
      return res.body.data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
