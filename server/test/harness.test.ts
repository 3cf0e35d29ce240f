// The harness itself: each file's database is its own copy of the run's template (seeded or empty),
// with the same extensions and session settings as a database migrated in place.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rows } from '../src/db/client';
import { branches } from '../src/db/schema/organisation';
import { createHarness, type Harness } from './harness';

let a: Harness;
let b: Harness;
let empty: Harness;
beforeAll(async () => {
  [a, b, empty] = await Promise.all([createHarness(), createHarness(), createHarness({ seed: false })]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close(), empty?.close()]);
});

const count = async (h: Harness, table: string) =>
  (await rows<{ n: number }>(h.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]
    .n;

describe('createHarness', () => {
  it('should copy the template of the run rather than migrate per file', () => {
    const template = inject('lboTemplate');
    expect(template?.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('should give a seeded database whose rows match the fixture', async () => {
    const found = await a.database.db.select().from(branches).orderBy(branches.id);
    expect(found).toEqual([a.fixture.branches.b1, a.fixture.branches.b2, a.fixture.branches.b3]);
    const users = await rows<{ id: number }>(a.database.db, sql`select id from staff_users order by id`);
    expect(users.map((u) => u.id)).toContain(a.fixture.adminId);
    expect(users.map((u) => u.id)).toContain(a.fixture.branchUserId);
  });

  it('should keep each database private: a write in one is not seen by another', async () => {
    const before = await count(b, 'branches');
    await a.database.db
      .insert(branches)
      .values({ code: 'BR-X', name: 'Cabang X', region_id: a.fixture.regions.bdg.id });
    expect(await count(a, 'branches')).toBe(before + 1);
    expect(await count(b, 'branches')).toBe(before);
  });

  it('should continue the seeded sequences where the seed left them', async () => {
    const [row] = await b.database.db
      .insert(branches)
      .values({ code: 'BR-Y', name: 'Cabang Y', region_id: b.fixture.regions.bdg.id })
      .returning();
    expect(row.id).toBe(b.fixture.branches.b3.id + 1);
  });

  it('should give a migrated but empty database with seed: false', async () => {
    expect(empty.fixture).toEqual({});
    expect(await count(empty, 'staff_users')).toBe(0);
    expect(await count(empty, 'branches')).toBe(0);
    const tables = await rows<{ n: number }>(
      empty.database.db,
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables[0].n).toBeGreaterThan(10);
  });

  it('should load the extensions and session settings the app relies on', async () => {
    for (const h of [a, empty]) {
      const [r] = await rows<{ s: number; tz: string }>(
        h.database.db,
        sql`select similarity('Bandung', 'Bandungg') as s, current_setting('TimeZone') as tz`,
      );
      expect(r.s).toBeGreaterThan(0.5);
      expect(r.tz).toBe('Asia/Jakarta');
    }
  });
});
