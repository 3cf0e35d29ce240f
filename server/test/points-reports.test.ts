// Route tests for the points reports: tracking (one row per invoice document), store points and
// customer balances, with their filters, paging, sorting and branch scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyInvoicePoints } from '../src/modules/points/points.engine';
import { trackingCount } from '../src/modules/points/points.reports';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';
import {
  grantPointsToBranchStaff,
  makeCategory,
  makeCustomer,
  makeInvoice,
  makeItem,
  makePromo,
  makeRule,
  setInvoiceLines,
} from './points-factories';

let h: Harness;
let admin: string;
let branchUser: string;
let bdg: { id: number; customer_code: string }; // branch b1 (Bandung Raya, Jawa Barat), shown in app, installed
let sby: { id: number; customer_code: string }; // branch b3 (Surabaya Raya, Jawa Timur)
const docs: Record<string, string> = {};

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  await grantPointsToBranchStaff(db, h.fixture.branchGroupId);
  admin = await h.login();
  branchUser = await h.login(BRANCH_USER);
  bdg = await makeCustomer(db, {
    branch_id: h.fixture.branches.b1.id,
    customer_name: 'Toko Bandung',
    show_in_app: true,
    installed: true,
  });
  sby = await makeCustomer(db, {
    branch_id: h.fixture.branches.b3.id,
    customer_name: 'Toko Surabaya',
    show_in_app: false,
    installed: false,
  });
  const cat = await makeCategory(db);
  const item = await makeItem(db, { item_category_id: cat.id });
  await makeRule(db, { amount_per_point: 1000 });
  await makePromo(db, { start_date: '2024-03-20', end_date: '2024-03-31', bonus_points: 3 });
  const inv = async (key: string, customerId: number, date: string, amount: number) => {
    const i = await makeInvoice(db, {
      customer_id: customerId,
      invoice_date: date,
      lines: [{ item_id: item.id, net_amount: amount }],
      document_no: `SI/2024/${key}`,
    });
    docs[key] = i.document_no;
    return i;
  };
  const i1 = await inv('001', bdg.id, '2024-03-02', 10_000); // 10
  const i2 = await inv('002', bdg.id, '2024-03-21', 20_000); // 20 + 3 promo
  const i3 = await inv('003', sby.id, '2024-03-05', 7_000); // 7
  const i4 = await inv('004', sby.id, '2024-04-02', 5_000); // April: 5
  await db.transaction((tx) => applyInvoicePoints(tx, [i1.id, i2.id, i3.id, i4.id]));
  // i1 re-sent with 12,000: a +2 correction in the same report row.
  await setInvoiceLines(db, i1.id, [{ item_id: item.id, net_amount: 12_000 }]);
  await db.transaction((tx) => applyInvoicePoints(tx, [i1.id]));
  // A deduction in March for Bandung.
  const ded = await h.call(admin, 'POST', '/point/', {
    customer_id: bdg.id,
    point_type: 5,
    points: 4,
    reason: 'Retur',
    entry_date: '2024-03-25',
  });
  expect(ded.status).toBe(201);
});
afterAll(async () => {
  await h?.close();
});

describe('GET /point/report (points tracking)', () => {
  it('should answer an estimated total past the exact count limit, and the exact one below it', async () => {
    const url = '/point/report?start_date=2024-03-01&end_date=2024-03-31&limit=2';
    const exact = await h.call(admin, 'GET', url);
    expect(exact.body.meta).toEqual({ page: 1, limit: 2, total_data: 4, total_page: 2 });
    trackingCount.exactUpTo = 2;
    try {
      const estimated = await h.call(admin, 'GET', url);
      expect(estimated.status).toBe(200);
      // The same page; the total is PostgreSQL's estimate (never below what was counted) and says so.
      expect(estimated.body.data).toEqual(exact.body.data);
      expect(estimated.body.meta.total_estimated).toBe(true);
      expect(estimated.body.meta.total_data).toBeGreaterThanOrEqual(3);
      // Past the end of an estimated total: no rows, still estimated.
      const past = await h.call(admin, 'GET', `${url}&page=50`);
      expect(past.body).toMatchObject({ data: [], meta: { page: 50, total_estimated: true } });
      // A narrower filter counted exactly within the limit stays exact.
      const one = await h.call(admin, 'GET', `${url}&customer_id=${sby.id}`);
      expect(one.body.meta).toEqual({ page: 1, limit: 2, total_data: 1, total_page: 1 });
    } finally {
      trackingCount.exactUpTo = 5000;
    }
  });

  it('should answer one row per invoice document for a month, newest first', async () => {
    const res = await h.call(
      admin,
      'GET',
      '/point/report?start_date=2024-03-01&end_date=2024-03-31&by=def.id&sort=desc',
    );
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 10, total_data: 4, total_page: 1 });
    const rows = res.body.data;
    const byDoc = Object.fromEntries(rows.map((r: any) => [r.invoice_document_no ?? 'none', r]));
    expect(byDoc[docs['001']]).toMatchObject({
      customer_id: bdg.id,
      invoice_date: '2024-03-02',
      invoice_net_amount: 12_000,
      entry_date: '2024-03-02',
      point_type: 1,
      point_types: [1, 7],
      master_points: 12,
      promo_points: 0,
      other_points: 0,
      points: 12,
      entries: 2,
      branch_name: 'Cabang Bandung',
      region_name: 'Bandung Raya',
      region_group_name: 'Jawa Barat',
    });
    expect(byDoc[docs['002']]).toMatchObject({
      master_points: 20,
      promo_points: 3,
      points: 23,
      point_types: [1, 3],
    });
    expect(byDoc[docs['003']]).toMatchObject({ points: 7, customer_id: sby.id });
    expect(byDoc.none).toMatchObject({ point_type: 5, points: -4, other_points: -4, invoice_date: null });
    const ids = rows.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
  });

  it('should filter by point type, region group, region and branch, and page', async () => {
    const range = 'start_date=2024-03-01&end_date=2024-04-30';
    const masters = await h.call(admin, 'GET', `/point/report?${range}&point_type=1`);
    expect(masters.body.data.map((r: any) => r.invoice_document_no).sort()).toEqual(
      [docs['001'], docs['002'], docs['003'], docs['004']].sort(),
    );
    const deductions = await h.call(admin, 'GET', `/point/report?${range}&point_type=5`);
    expect(deductions.body.data.map((r: any) => r.points)).toEqual([-4]);
    const jatim = await h.call(
      admin,
      'GET',
      `/point/report?${range}&region_group_id=${h.fixture.regionGroups.jatim.id}`,
    );
    expect(jatim.body.data.map((r: any) => r.invoice_document_no).sort()).toEqual(
      [docs['003'], docs['004']].sort(),
    );
    const region = await h.call(admin, 'GET', `/point/report?${range}&region_id=${h.fixture.regions.bdg.id}`);
    expect(region.body.meta.total_data).toBe(3);
    const branch = await h.call(admin, 'GET', `/point/report?${range}&branch_id=${h.fixture.branches.b3.id}`);
    expect(branch.body.meta.total_data).toBe(2);
    const page2 = await h.call(admin, 'GET', `/point/report?${range}&limit=2&page=2&by=points&sort=asc`);
    expect(page2.body.meta).toEqual({ page: 2, limit: 2, total_data: 5, total_page: 3 });
    expect(page2.body.data.map((r: any) => r.points)).toEqual([7, 12]);
    const past = await h.call(admin, 'GET', `/point/report?${range}&limit=2&page=9`);
    expect(past.body).toMatchObject({ data: [], meta: { total_data: 5, page: 9 } });
    const search = await h.call(admin, 'GET', `/point/report?search=${encodeURIComponent('2024/003')}`);
    expect(search.body.data.map((r: any) => r.invoice_document_no)).toEqual([docs['003']]);
    const empty = await h.call(admin, 'GET', '/point/report?start_date=2020-01-01&end_date=2020-01-31');
    expect(empty.body).toEqual({ data: [], meta: { page: 1, limit: 10, total_data: 0, total_page: 0 } });
    for (const bad of ['by=nope', 'sort=up', 'point_type=0', 'start_date=2024-02-30x', 'limit=101']) {
      expect((await h.call(admin, 'GET', `/point/report?${bad}`)).status).toBe(400);
    }
  });

  it('should scope rows to the caller branches', async () => {
    const res = await h.call(branchUser, 'GET', '/point/report?start_date=2024-03-01&end_date=2024-04-30');
    expect(res.body.data.every((r: any) => r.customer_id === bdg.id)).toBe(true);
    expect(res.body.meta.total_data).toBe(3);
  });
});

describe('GET /point/report/store', () => {
  it('should sum points per store over the range by kind', async () => {
    const res = await h.call(admin, 'GET', '/point/report/store?start_date=2024-03-01&end_date=2024-03-31');
    expect(res.status).toBe(200);
    expect(res.body.meta.total_data).toBe(2);
    const [first, second] = res.body.data;
    expect(first).toMatchObject({
      customer_id: bdg.id,
      invoices: 2,
      master_points: 32,
      promo_points: 3,
      deducted_points: -4,
      injected_points: 0,
      net_points: 31,
      point_balance: 31,
      region_group_name: 'Jawa Barat',
    });
    expect(second).toMatchObject({ customer_id: sby.id, master_points: 7, net_points: 7, point_balance: 12 });
    const byName = await h.call(admin, 'GET', '/point/report/store?by=customer_name&sort=desc');
    expect(byName.body.data.map((r: any) => r.customer_name)).toEqual(['Toko Surabaya', 'Toko Bandung']);
    const scoped = await h.call(branchUser, 'GET', '/point/report/store');
    expect(scoped.body.data.map((r: any) => r.customer_id)).toEqual([bdg.id]);
    const none = await h.call(admin, 'GET', '/point/report/store?page=5');
    expect(none.body).toMatchObject({ data: [], meta: { total_data: 2 } });
  });
});

describe('GET /point/report/customer_balance', () => {
  it('should list cached balances with all-time totals and the region, show_in_app and installed filters', async () => {
    const res = await h.call(admin, 'GET', '/point/report/customer_balance?by=point_balance&sort=desc');
    expect(res.status).toBe(200);
    const rows = res.body.data.filter((r: any) => [bdg.id, sby.id].includes(r.customer_id));
    expect(rows[0]).toMatchObject({
      customer_id: bdg.id,
      point_balance: 31,
      total_earned: 35,
      total_spent: 4,
      last_entry_date: '2024-03-25',
      show_in_app: true,
      installed: true,
      region_group_id: h.fixture.regionGroups.jabar.id,
    });
    expect(rows[1]).toMatchObject({
      customer_id: sby.id,
      point_balance: 12,
      total_earned: 12,
      total_spent: 0,
    });
    const q = async (filter: string) =>
      (await h.call(admin, 'GET', `/point/report/customer_balance?${filter}`)).body.data.map(
        (r: any) => r.customer_id,
      );
    expect(await q(`region_group_id=${h.fixture.regionGroups.jatim.id}`)).toEqual([sby.id]);
    expect(await q(`region_id=${h.fixture.regions.bdg.id}`)).toEqual([bdg.id]);
    expect(await q(`branch_id=${h.fixture.branches.b3.id}`)).toEqual([sby.id]);
    expect(await q('show_in_app=0')).toEqual([sby.id]);
    expect(await q('installed=1')).toEqual([bdg.id]);
    expect(await q(`search=${sby.customer_code}`)).toEqual([sby.id]);
    const scoped = await h.call(branchUser, 'GET', '/point/report/customer_balance');
    expect(scoped.body.data.map((r: any) => r.customer_id)).toEqual([bdg.id]);
  });

  it('should page, sort by every documented key and refuse unknown ones', async () => {
    for (const by of [
      'id',
      'def.id',
      'customer_id',
      'customer_name',
      'def.customer_name',
      'customer_code',
      'point_balance',
      'branch_name',
    ]) {
      for (const sort of ['asc', 'DESC']) {
        const res = await h.call(admin, 'GET', `/point/report/customer_balance?by=${by}&sort=${sort}`);
        expect({ by, status: res.status }).toEqual({ by, status: 200 });
      }
    }
    const byBranch = await h.call(admin, 'GET', '/point/report/customer_balance?by=branch_name&sort=desc');
    expect(byBranch.body.data.map((r: any) => r.branch_name)).toEqual(['Cabang Surabaya', 'Cabang Bandung']);
    const page = await h.call(admin, 'GET', '/point/report/customer_balance?limit=1&page=2&by=customer_name');
    expect(page.body.meta).toEqual({ page: 2, limit: 1, total_data: 2, total_page: 2 });
    expect(page.body.data.map((r: any) => r.customer_id)).toEqual([sby.id]);
    const past = await h.call(admin, 'GET', '/point/report/customer_balance?page=7');
    expect(past.body).toMatchObject({ data: [], meta: { total_data: 2 } });
    for (const bad of ['by=nope', 'by=id;drop', 'sort=x', 'page=0', 'limit=101', 'installed=maybe']) {
      expect((await h.call(admin, 'GET', `/point/report/customer_balance?${bad}`)).status).toBe(400);
    }
    const literal = await h.call(
      admin,
      'GET',
      `/point/report/customer_balance?search=${encodeURIComponent('%_')}`,
    );
    expect(literal.body.data).toEqual([]);
  });
});
