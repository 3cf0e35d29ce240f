// The embedded database under a kill -9 loop: the real server is started, two writers import invoice
// batches (earning points), and once each has had a batch acknowledged the server is killed with
// SIGKILL at a random moment, KILLS times. After the restarts every acknowledged invoice must be
// there with all its lines, no import may be half written, and every point balance must equal its
// ledger. A fixed number of kills rather than a time budget, so a slow machine runs the same test
// (slower); the restart times are measured by `npm run bench:recovery`.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { verifyBalances } from '../../src/modules/points/points.verify';
import { makeCustomer, makeItem, makeItemCategory } from '../factories';
import { ADMIN, seedFixture } from '../fixtures';
import { makeRule } from '../points-factories';
import { freePort, startServer, waitHealthy } from '../support/server-process';

const onServer = !!process.env.TEST_DATABASE_URL;
const KILLS = 4;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

describe.skipIf(onServer)('kill -9 loop with writers', () => {
  it('should keep every acknowledged import whole and every balance equal to its ledger', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lbo-crash-'));
    dirs.push(dataDir);
    // A small organisation, customers, items and a points rule, written before the server starts.
    const setup = await openDatabase({ dataDir });
    await setup.migrate();
    const fixture = await seedFixture(setup.db);
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push(
        (await makeCustomer(setup.db, { branch_id: fixture.branches.b1.id, customer_code: `KILL-${i}` }))
          .customer_code,
      );
    }
    const cat = await makeItemCategory(setup.db);
    for (const code of ['KL-A', 'KL-B'])
      await makeItem(setup.db, { item_category_id: cat.id, item_code: code });
    await makeRule(setup.db, {
      item_category_id: cat.id,
      amount_per_point: 1000,
      start_date: '2025-01-01',
      end_date: '2025-12-31',
    });
    await setup.close();

    const acknowledged: string[] = [];
    for (let round = 1; round <= KILLS; round++) {
      const port = await freePort();
      const server = startServer(dataDir, port);
      await waitHealthy(port, server);
      const login = await fetch(`http://127.0.0.1:${port}/v1/api/web/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      let alive = true;
      const firstAcks: Promise<void>[] = [];
      const writer = (w: number) => {
        let acked = () => {};
        firstAcks.push(new Promise<void>((r) => (acked = r)));
        return (async () => {
          for (let b = 0; alive; b++) {
            const docs = Array.from({ length: 25 }, (_, i) => ({
              document_no: `KILL/${round}/${w}/${b}/${i}`,
              invoice_date: '2025-07-01',
              customer_code: codes[(b + i + w) % codes.length],
              lines: [
                { item_code: 'KL-A', qty: 1 + (i % 4), price: 15_000 },
                { item_code: 'KL-B', qty: 2, price: 8_000 },
              ],
            }));
            try {
              const res = await fetch(`http://127.0.0.1:${port}/v1/api/integration/sales_invoice`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
                body: JSON.stringify({ documents: docs }),
              });
              if (res.status === 200) {
                acknowledged.push(...docs.map((d) => d.document_no));
                acked();
              } else if (alive) throw new Error(`import answered ${res.status}: ${await res.text()}`);
            } catch (err) {
              if (alive) throw err;
              return; // killed mid-request: not acknowledged
            }
          }
        })();
      };
      const writing = Promise.all([writer(1), writer(2)]);
      // Both writers are under way (one batch each in), then a random moment while they write.
      await Promise.race([Promise.all(firstAcks), writing]);
      await new Promise((r) => setTimeout(r, Math.random() * 2500));
      alive = false;
      server.child.kill('SIGKILL');
      await exited(server.child);
      await writing;
    }

    // Closed cleanly now: open the directory and look.
    const db = await openDatabase({ dataDir });
    try {
      const [found] = await db.rows<{ n: number; total: number; whole: number; stray: number }>(
        sql`select
              (select count(*)::int from sales_invoices
                where document_no in (select json_array_elements_text(${JSON.stringify(acknowledged)}::json))) as n,
              (select count(*)::int from sales_invoices) as total,
              (select count(*)::int from sales_invoices i
                where (select count(*) from sales_invoice_lines l where l.invoice_id = i.id) = 2) as whole,
              (select count(*)::int from sales_invoices i
                where not exists (select 1 from sales_invoice_lines l where l.invoice_id = i.id)) as stray`,
      );
      const verify = await verifyBalances(db.db);
      console.log(
        `[crash-loop] ${KILLS} kills, ${acknowledged.length} acknowledged invoices, all found: ${found.n === acknowledged.length}`,
      );
      // Each round's writers had a batch acknowledged before the kill.
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILLS * 2 * 25);
      expect(found.n).toBe(acknowledged.length);
      // No half-written import: every stored invoice (acknowledged or not) has both its lines.
      expect(found.whole).toBe(found.total);
      expect(found.stray).toBe(0);
      expect(verify.differences).toEqual([]);
    } finally {
      await db.close();
    }
  }, 1_800_000);
});
