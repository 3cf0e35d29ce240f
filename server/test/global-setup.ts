// Vitest globalSetup: migrates the schema ONCE per run into two templates (migrated only, and migrated
// plus the fixture seed) that every test file's harness clones instead of migrating its own database.
// PGlite: the templates are data-dir tarballs (`dumpDataDir`) loaded with `loadDataDir`.
// PostgreSQL server (TEST_DATABASE_URL): two databases used with `CREATE DATABASE ... TEMPLATE`,
// named per run so two runs at once never share one, dropped at teardown.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serialize } from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../src/db/client';
import { installJobQueue } from '../src/jobs/queue';
import { seedFixture } from './fixtures';

/** What the harness gets through `inject('lboTemplate')`. */
export type TestTemplate = {
  kind: 'pglite' | 'postgres';
  /** Migrated only. PGlite: path of a data-dir tarball; server: a database beside TEST_DATABASE_URL's. */
  empty: string;
  /** Migrated and seeded with `seedFixture`, in the same form. */
  seeded: string;
  /** `seedFixture`'s answer for the seeded template, v8-serialised (keeps Dates). */
  fixtureFile: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    lboTemplate: TestTemplate;
  }
}

/** A URL on the same server as `baseUrl`, for database `name`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the database `baseUrl` names (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

// A CHECKPOINT first writes every change into the data files, so a copy has no WAL to replay at start.
async function dump(database: Database, file: string): Promise<void> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  await client.exec('CHECKPOINT');
  const tarball = await client.dumpDataDir('none');
  writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lbo-template-'));
  const fixtureFile = path.join(dir, 'fixture.v8');
  const serverUrl = process.env.TEST_DATABASE_URL;

  if (!serverUrl) {
    const empty = path.join(dir, 'empty.tar');
    const seeded = path.join(dir, 'seeded.tar');
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await database.migrate();
      await installJobQueue(database);
      await dump(database, empty);
      writeFileSync(fixtureFile, serialize(await seedFixture(database.db)));
      await dump(database, seeded);
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    } finally {
      await database.close();
    }
    project.provide('lboTemplate', { kind: 'pglite', empty, seeded, fixtureFile });
    return async () => rmSync(dir, { recursive: true, force: true });
  }

  const stem = `lbo_tpl_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const empty = `${stem}_empty`;
  const seeded = `${stem}_seeded`;
  const teardown = async () => {
    rmSync(dir, { recursive: true, force: true });
    await adminQuery(serverUrl, `drop database if exists ${seeded} with (force)`);
    await adminQuery(serverUrl, `drop database if exists ${empty} with (force)`);
  };
  try {
    await adminQuery(serverUrl, `create database ${empty}`);
    const migrated = await openDatabase({ databaseUrl: databaseUrl(serverUrl, empty), dataDir: 'memory://' });
    try {
      await migrated.migrate();
      await installJobQueue(migrated);
    } finally {
      await migrated.close(); // a template must have no open connection when it is cloned
    }
    await adminQuery(serverUrl, `create database ${seeded} template ${empty}`);
    const toSeed = await openDatabase({ databaseUrl: databaseUrl(serverUrl, seeded), dataDir: 'memory://' });
    try {
      writeFileSync(fixtureFile, serialize(await seedFixture(toSeed.db)));
    } finally {
      await toSeed.close();
    }
  } catch (err) {
    await teardown();
    throw err;
  }
  project.provide('lboTemplate', { kind: 'postgres', empty, seeded, fixtureFile });
  return teardown;
}
