// The coupon lottery at its `/lottary/...` paths: import (all or nothing, every bad row named,
// idempotent on the coupon number, branch scope), paginate (ascending by id, filters, search),
// reportdata, id, and DELETE /lottary/all (confirmed by the count, branch-scoped, audited).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer, makeStaff } from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let codes: { b1: string; b2: string; b3: string };
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  const db = h.database.db;
  const { b1, b2, b3 } = h.fixture.branches;
  codes = {
    b1: (await makeCustomer(db, { branch_id: b1.id })).customer_code,
    b2: (await makeCustomer(db, { branch_id: b2.id })).customer_code,
    b3: (await makeCustomer(db, { branch_id: b3.id })).customer_code,
  };
});
afterAll(async () => {
  await h?.close();
});

const count = async () =>
  (await h.database.rows<{ n: number }>(sql`select count(*)::int as n from lottery_coupons`))[0].n;

/** The trigger-kept counts behind /lottary/reportdata equal a fresh count of the coupons. */
async function expectCountsKept() {
  const kept = await h.database.rows(
    sql`select branch_id, region_id, period, n from lottery_counts order by 1, 2, 3`,
  );
  const fresh = await h.database.rows(
    sql`select branch_id, region_id, period, count(*)::int as n from lottery_coupons group by 1, 2, 3 order by 1, 2, 3`,
  );
  expect(kept).toEqual(fresh);
}

function rowsFor(prefix: string, n: number, code: string, period = '2026-Q3') {
  return Array.from({ length: n }, (_, i) => ({
    coupon_no: `${prefix}-${String(i + 1).padStart(4, '0')}`,
    customer_code: code,
    period,
  }));
}

describe('lottery import', () => {
  it('should import, then change nothing when the same file comes again, and update a changed row', async () => {
    const rows = [...rowsFor('A', 3, codes.b1), ...rowsFor('B', 2, codes.b3)];
    const first = await h.call(admin, 'POST', '/lottary/import', { rows });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ inserted: 5, updated: 0, unchanged: 0 });
    const again = await h.call(admin, 'POST', '/lottary/import', { rows });
    expect(again.body.data).toEqual({ inserted: 0, updated: 0, unchanged: 5 });
    const moved = await h.call(admin, 'POST', '/lottary/import', {
      rows: [{ ...rows[0], period: '2026-Q4', batch: 'ulang' }],
    });
    expect(moved.body.data).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(await count()).toBe(5);
    await expectCountsKept();
    const [b] = await h.database.rows<{ branch_id: number; region_id: number }>(
      sql`select branch_id, region_id from lottery_coupons where coupon_no = 'B-0001'`,
    );
    expect(b).toEqual({ branch_id: h.fixture.branches.b3.id, region_id: h.fixture.regions.sby.id });
  });

  it('should refuse unknown codes, duplicates and bad fields with every row named, writing nothing', async () => {
    const before = await count();
    const res = await h.call(admin, 'POST', '/lottary/import', {
      rows: [
        { coupon_no: 'X-1', customer_code: codes.b1, period: '2026-Q3' },
        { coupon_no: 'X-2', customer_code: 'NOPE-1', period: '2026-Q3' },
        { coupon_no: 'X-1', customer_code: codes.b1, period: '2026-Q3' },
        { coupon_no: '', customer_code: codes.b1 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.err_msg).toEqual([
      "row 2: customer_code 'NOPE-1' not found",
      'row 3: duplicate of row 1 (coupon_no X-1)',
      'row 4: coupon_no: is required',
      'row 4: period: is required',
    ]);
    expect(await count()).toBe(before);
    const dry = await h.call(admin, 'POST', '/lottary/import', {
      rows: rowsFor('D', 2, codes.b1),
      dry_run: true,
    });
    expect(dry.body.data).toEqual({ inserted: 2, updated: 0, unchanged: 0, dry_run: true });
    expect(await count()).toBe(before);
  });

  it("should answer 403 naming rows of other branches' stores for a branch-limited user", async () => {
    const staff = await makeStaff(h.database.db, {
      email: 'undian@example.com',
      grants: { lottery: 'vcud' },
      branches: [h.fixture.branches.b1.id],
    });
    const token = await h.login(staff);
    const before = await count();
    const res = await h.call(token, 'POST', '/lottary/import', {
      rows: [
        { coupon_no: 'S-1', customer_code: codes.b1, period: 'P' },
        { coupon_no: 'S-2', customer_code: codes.b3, period: 'P' },
      ],
    });
    expect(res.status).toBe(403);
    expect(res.body.err_msg).toEqual([`row 2: customer ${codes.b3} is outside your assigned branches`]);
    // A number held by another branch's store cannot be taken over either.
    const steal = await h.call(token, 'POST', '/lottary/import', {
      rows: [{ coupon_no: 'B-0001', customer_code: codes.b1, period: 'P' }],
    });
    expect(steal.status).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('lottery import errors as data', () => {
  /** The import as the web app sends it: in the user's language. */
  const importIn = async (lang: string, token: string, rows: unknown[]) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/api/lottary/import',
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      payload: { rows, dry_run: true },
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('should word refused rows in Indonesian and name each row as a number, with its field and code', async () => {
    const res = await importIn('id, en;q=0.5', admin, [
      { coupon_no: 'Y-1', customer_code: codes.b1, period: '2026-Q3' },
      { coupon_no: 'Y-2', customer_code: 'NOPE-1', period: '2026-Q3' },
      { coupon_no: 'Y-1', customer_code: codes.b1, period: '2026-Q3' },
      { coupon_no: '', customer_code: codes.b1 },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.err_msg).toEqual([
      "baris 2: Kode pelanggan 'NOPE-1' tidak ditemukan",
      'baris 3: duplikat dari baris 1 (coupon_no Y-1)',
      'baris 4: coupon_no: wajib diisi',
      'baris 4: period: wajib diisi',
    ]);
    expect(res.body.err_detail).toEqual([
      {
        code: 'not_found',
        field: 'customer_code',
        row: 2,
        params: { thing: 'customer_code', value: 'NOPE-1' },
        message: "baris 2: Kode pelanggan 'NOPE-1' tidak ditemukan",
      },
      {
        code: 'duplicate_row',
        row: 3,
        params: { first: 'row 1', key: 'coupon_no Y-1' },
        message: 'baris 3: duplikat dari baris 1 (coupon_no Y-1)',
      },
      { code: 'required', field: 'coupon_no', row: 4, message: 'baris 4: coupon_no: wajib diisi' },
      { code: 'required', field: 'period', row: 4, message: 'baris 4: period: wajib diisi' },
    ]);
  });

  it('should name the rows outside the caller branches (403) in Indonesian, each with its row', async () => {
    const staff = await makeStaff(h.database.db, {
      email: 'undian-id@example.com',
      grants: { lottery: 'vcud' },
      branches: [h.fixture.branches.b1.id],
    });
    const token = await h.login(staff);
    const res = await importIn('id', token, [
      { coupon_no: 'Z-1', customer_code: codes.b1, period: 'P' },
      { coupon_no: 'Z-2', customer_code: codes.b3, period: 'P' },
    ]);
    expect(res.status).toBe(403);
    expect(res.body.err_msg).toEqual([
      `baris 2: Pelanggan ${codes.b3} milik cabang di luar cabang yang ditugaskan kepada Anda`,
    ]);
    expect(res.body.err_detail).toEqual([
      expect.objectContaining({ code: 'outside_scope', row: 2, field: 'customer_code' }),
    ]);
    // In English the row keeps its number and its English words.
    const en = await importIn('en', token, [{ coupon_no: 'Z-2', customer_code: codes.b3, period: 'P' }]);
    expect(en.body.err_detail[0]).toMatchObject({ code: 'outside_scope', row: 1 });
    expect(en.body.err_msg[0]).toMatch(
      /^row 1: Customer .* belongs to a branch outside your assigned branches$/,
    );
  });
});

describe('lottery lists, report and delete all', () => {
  it('should paginate ascending by id with filters and search, and get one', async () => {
    const page = await h.call(admin, 'GET', '/lottary/paginate?by=def.id&sort=asc&page=1&limit=2');
    expect(page.status).toBe(200);
    expect(page.body.meta).toMatchObject({ page: 1, limit: 2, total_data: 5, total_page: 3 });
    const [a, b] = page.body.data;
    expect(a.id).toBeLessThan(b.id);
    expect(a).toMatchObject({ coupon_no: 'A-0001', customer_code: codes.b1, branch_name: 'Cabang Bandung' });
    const dflt = await h.call(admin, 'GET', '/lottary/paginate');
    expect(dflt.body.data[0].id).toBe(a.id);
    const byRegion = await h.call(admin, 'GET', `/lottary/paginate?region_id=${h.fixture.regions.sby.id}`);
    expect(byRegion.body.data.map((r: { coupon_no: string }) => r.coupon_no)).toEqual(['B-0001', 'B-0002']);
    const byBranch = await h.call(
      admin,
      'GET',
      `/lottary/paginate?branch_id=${h.fixture.branches.b1.id}&search=a-000`,
    );
    expect(byBranch.body.meta.total_data).toBe(3);
    const one = await h.call(admin, 'GET', `/lottary/id/${b.id}`);
    expect(one.body.data).toMatchObject({ id: b.id, coupon_no: b.coupon_no });
    expect((await h.call(admin, 'GET', '/lottary/id/987654')).status).toBe(404);
  });

  it('should count per branch, region and period', async () => {
    const res = await h.call(admin, 'GET', '/lottary/reportdata');
    expect(res.status).toBe(200);
    const { b1, b3 } = h.fixture.branches;
    expect(res.body.data.total).toBe(5);
    expect(res.body.data.by_branch).toEqual([
      {
        branch_id: b1.id,
        branch_name: 'Cabang Bandung',
        region_id: h.fixture.regions.bdg.id,
        region_name: 'Bandung Raya',
        count: 3,
      },
      {
        branch_id: b3.id,
        branch_name: 'Cabang Surabaya',
        region_id: h.fixture.regions.sby.id,
        region_name: 'Surabaya Raya',
        count: 2,
      },
    ]);
    expect(res.body.data.by_region).toEqual([
      { region_id: h.fixture.regions.bdg.id, region_name: 'Bandung Raya', count: 3 },
      { region_id: h.fixture.regions.sby.id, region_name: 'Surabaya Raya', count: 2 },
    ]);
    expect(res.body.data.periods).toEqual([
      { period: '2026-Q3', count: 4 },
      { period: '2026-Q4', count: 1 },
    ]);
    const narrow = await h.call(admin, 'GET', `/lottary/reportdata?branch_id=${b3.id}`);
    expect(narrow.body.data.total).toBe(2);
  });

  it('should delete all only with the confirmed count, within the caller branches, and audit the count', async () => {
    const staff = await makeStaff(h.database.db, {
      email: 'undian.hapus@example.com',
      grants: { lottery: 'vd' },
      branches: [h.fixture.branches.b1.id],
    });
    const viewer = await makeStaff(h.database.db, {
      email: 'undian.lihat@example.com',
      grants: { lottery: 'v' },
      branches: 'all',
    });
    const token = await h.login(staff);
    expect((await h.call(await h.login(viewer), 'DELETE', '/lottary/all?confirm_count=5')).status).toBe(403);
    const preview = await h.call(token, 'GET', '/lottary/all/preview');
    expect(preview.body.data).toEqual({ count: 3 });
    // A branch filter outside the caller's branches is refused, not answered with an empty delete.
    const b2 = h.fixture.branches.b2.id;
    const foreign = await h.call(token, 'DELETE', `/lottary/all?branch_id=${b2}&confirm_count=0`);
    expect(foreign.status).toBe(403);
    expect((await h.call(token, 'GET', `/lottary/all/preview?branch_id=${b2}`)).status).toBe(403);
    const missing = await h.call(token, 'DELETE', '/lottary/all');
    expect(missing.status).toBe(400);
    const wrong = await h.call(token, 'DELETE', '/lottary/all?confirm_count=5');
    expect(wrong.status).toBe(409);
    expect(await count()).toBe(5);
    const ok = await h.call(token, 'DELETE', '/lottary/all?confirm_count=3');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ deleted: 3 });
    expect(await count()).toBe(2);
    await expectCountsKept();
    const again = await h.call(token, 'DELETE', '/lottary/all?confirm_count=3');
    expect(again.status).toBe(409);
    const all = await h.call(admin, 'GET', '/lottary/all/preview');
    expect(all.body.data.count).toBe(2);
    expect((await h.call(admin, 'DELETE', '/lottary/all?confirm_count=2')).body.data).toEqual({ deleted: 2 });
    expect(await count()).toBe(0);
    await expectCountsKept();
    const audit = await h.database.rows<{ after: { deleted: number } }>(
      sql`select after from audit_log where entity = 'lottery' and action = 'delete_all' order by id`,
    );
    expect(audit.map((a) => a.after.deleted)).toEqual([3, 2]);
  });
});
