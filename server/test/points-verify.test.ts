// `npm run points:verify`: the check itself (function level) and the command line (exit codes, and
// refusing to open an embedded database another process holds).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { acquireDataDirLock } from '../src/db/lock';
import { formatDifferences, verifyBalances } from '../src/modules/points/points.verify';
import { createHarness, type Harness } from './harness';
import { credit, makeCustomer } from './points-factories';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const runCli = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/modules/points/verify.cli.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('verifyBalances', () => {
  it('should report nothing when every cached balance matches its ledger', async () => {
    const c = await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id });
    await credit(h.database.db, c.id, 40);
    // A void row does not count.
    await h.database.db.execute(
      sql`insert into point_ledger (customer_id, point_type, points, reason, source, void, voided_at)
          values (${c.id}, 2, 99, 'voided', 'inject', true, now())`,
    );
    const r = await verifyBalances(h.database.db);
    expect(r.differences).toEqual([]);
    expect(formatDifferences(r)[0]).toMatch(/customer balances match the ledger/);
  });

  it('should list every customer whose cached balance differs, with both figures', async () => {
    const c = await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id });
    await credit(h.database.db, c.id, 10);
    const orphan = await makeCustomer(h.database.db, {
      branch_id: h.fixture.branches.b1.id,
      point_balance: 7,
    });
    await h.database.db.execute(sql`update customers set point_balance = 15 where id = ${c.id}`);
    const r = await verifyBalances(h.database.db);
    expect(r.differences).toEqual([
      { customer_id: c.id, customer_code: c.customer_code, cached: 15, ledger: 10, difference: 5 },
      { customer_id: orphan.id, customer_code: orphan.customer_code, cached: 7, ledger: 0, difference: 7 },
    ]);
    const lines = formatDifferences(r);
    expect(lines[0]).toMatch(/^points:verify: 2 of \d+ customer balances differ/);
    expect(lines).toHaveLength(4);
  });
});

describe('points:verify command', () => {
  it('should exit 1 with the differences, 0 when they match, and 2 while another process holds DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lbo-verify-'));
    try {
      const db = await openDatabase({ dataDir });
      await db.migrate();
      const { seedFixture } = await import('./fixtures');
      const fx = await seedFixture(db.db);
      const c = await makeCustomer(db.db, { branch_id: fx.branches.b1.id });
      await credit(db.db, c.id, 12);
      await db.db.execute(sql`update customers set point_balance = 20 where id = ${c.id}`);
      await db.close();

      const bad = runCli({ DATA_DIR: dataDir });
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/1 of 1 customer balances differ/);
      expect(bad.stderr).toContain(c.customer_code);

      const fix = await openDatabase({ dataDir });
      await fix.db.execute(sql`update customers set point_balance = 12 where id = ${c.id}`);
      await fix.close();
      const good = runCli({ DATA_DIR: dataDir });
      expect(good.status).toBe(0);
      expect(good.stdout).toMatch(/1 customer balances match the ledger/);

      const release = await acquireDataDirLock(dataDir, 'the running server');
      try {
        const locked = runCli({ DATA_DIR: dataDir });
        expect(locked.status).toBe(2);
        expect(locked.stderr).toMatch(/is in use by another process \(pid \d+: the running server\)/);
      } finally {
        release();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
