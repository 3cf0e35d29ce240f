// Builds the real app on a real, private database for one test file:
// in-memory PGlite by default, or a fresh database on the server named by TEST_DATABASE_URL.
// The database is a copy of a template migrated (and seeded) once per run by global-setup.ts; run
// outside that setup, the harness migrates and seeds its own database.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deserialize } from 'node:v8';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { ADMIN, type Fixture, seedFixture } from './fixtures';
import { adminQuery, databaseUrl, type TestTemplate } from './global-setup';

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

async function freshServerDatabase(
  baseUrl: string,
  template: string | undefined,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lbo_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(baseUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: databaseUrl(baseUrl, name),
    drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`),
  };
}

// The template global-setup.ts made for this kind of database, if it ran (it is in vitest.config.ts).
function templateFor(kind: TestTemplate['kind']): TestTemplate | undefined {
  const template = inject('lboTemplate');
  return template?.kind === kind ? template : undefined;
}

export async function createHarness(
  opts: { seed?: boolean /** Settings over the test defaults. */; config?: Partial<Config> } = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lbo-test-'));
  const seed = opts.seed !== false;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = templateFor(serverUrl ? 'postgres' : 'pglite');
  const source = template && (seed ? template.seeded : template.empty);
  const fresh = serverUrl ? await freshServerDatabase(serverUrl, source) : null;
  const database = await openDatabase({
    databaseUrl: fresh?.url,
    dataDir: 'memory://',
    poolSize: 5,
    loadDataDir: !serverUrl && source ? new Blob([await readFile(source)]) : undefined,
  });
  // On a template's copy this is a no-op (~20 ms), unless a migration was added after the template was
  // made (watch mode).
  await database.migrate();
  let fixture = {} as Fixture;
  if (seed) {
    // Every file deserialises its own copy, as it would get from seeding its own database.
    fixture = template ? deserialize(await readFile(template.fixtureFile)) : await seedFixture(database.db);
  }
  const config = loadConfig(
    { CHECK_RESPONSES: 'true' },
    {
      dataDir,
      jwtSecret: 'test-secret-test-secret-test-secret-0123',
      loginMaxFailures: 5,
      // Tests walk hundreds of routes a second as one user: the per-user limit still counts every
      // call (its statements run), but so high that only rate-limit.test.ts, with its own, meets it.
      userRateLimit: 1_000_000,
      ...opts.config,
    },
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
