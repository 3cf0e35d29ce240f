// The check commands as a user runs them, each a fresh process on an embedded DATA_DIR: their exit
// codes (0 all match, 1 differences, 2 could not run, e.g. while another process holds DATA_DIR) and
// what they print. The checks themselves are tested at function level in the unit tier
// (points-verify.test.ts, rollups.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { acquireDataDirLock } from '../../src/db/lock';
import { makeCustomer } from '../factories';
import { seedFixture } from '../fixtures';
import { credit } from '../points-factories';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const onServer = !!process.env.TEST_DATABASE_URL;
const runCli = (script: string, env: Record<string, string>, args: string[] = []) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 600_000,
  });

const dirs: string[] = [];
const newDir = (prefix: string) => {
  const d = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Exit 2 and the lock's message while another process holds DATA_DIR. */
async function refusedWhileLocked(script: string, dataDir: string, name: string) {
  const release = await acquireDataDirLock(dataDir, 'the running server');
  try {
    const locked = runCli(script, { DATA_DIR: dataDir });
    expect(locked.status).toBe(2);
    expect(locked.stderr).toMatch(
      new RegExp(`${name}: .*is in use by another process \\(pid \\d+: the running server\\)`),
    );
  } finally {
    release();
  }
}

describe.skipIf(onServer)('points:verify command', () => {
  const script = 'src/modules/points/verify.cli.ts';
  it('should exit 1 with the differences, 0 when they match, and 2 while another process holds DATA_DIR', async () => {
    const dataDir = newDir('lbo-verify-');
    const db = await openDatabase({ dataDir });
    await db.migrate();
    const fx = await seedFixture(db.db);
    const c = await makeCustomer(db.db, { branch_id: fx.branches.b1.id });
    await credit(db.db, c.id, 12);
    await db.db.execute(sql`update customers set point_balance = 20 where id = ${c.id}`);
    await db.close();

    const bad = runCli(script, { DATA_DIR: dataDir });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/1 of 1 customer balances differ/);
    expect(bad.stderr).toContain(c.customer_code);

    const fix = await openDatabase({ dataDir });
    await fix.db.execute(sql`update customers set point_balance = 12 where id = ${c.id}`);
    await fix.close();
    const good = runCli(script, { DATA_DIR: dataDir });
    expect(good.status).toBe(0);
    expect(good.stdout).toMatch(/1 customer balances match the ledger/);

    await refusedWhileLocked(script, dataDir, 'points:verify');
  });
});

describe.skipIf(onServer)('rollups:verify and rollups:rebuild commands', () => {
  const script = 'src/modules/dashboards/rollups.cli.ts';
  it('should exit 1 naming a tampered rollup, 0 once rebuilt, and 2 while another process holds DATA_DIR', async () => {
    const dataDir = newDir('lbo-rollups-');
    const db = await openDatabase({ dataDir });
    await db.migrate();
    const fx = await seedFixture(db.db);
    await makeCustomer(db.db, { branch_id: fx.branches.b1.id });
    await db.close();

    const good = runCli(script, { DATA_DIR: dataDir });
    expect({ status: good.status, stderr: good.stderr }).toEqual({ status: 0, stderr: '' });
    expect(good.stdout).toMatch(/rollups:verify: dash_store_flags +\d+ rows +match the invoices/);

    const tamper = await openDatabase({ dataDir });
    await tamper.db.execute(sql`update dash_store_flags set stores = stores + 1 where stores > 0`);
    await tamper.close();
    const bad = runCli(script, { DATA_DIR: dataDir });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/rollups:verify: dash_store_flags +\d+ rows +[1-9]\d* differ or missing/);

    const rebuilt = runCli(script, { DATA_DIR: dataDir }, ['--rebuild']);
    expect(rebuilt.status).toBe(0);
    expect(rebuilt.stdout).toMatch(/rollups:rebuild: rebuilt in \d+ ms/);
    // The rebuild checks afterwards, as rollups:verify does: exit 0 is a clean check.
    expect(rebuilt.stdout).toMatch(/rollups:verify: dash_store_flags +\d+ rows +match the invoices/);
    expect(rebuilt.stderr).not.toMatch(/differ or missing/);

    await refusedWhileLocked(script, dataDir, 'rollups:verify');
  });
});
