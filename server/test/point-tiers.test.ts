// Expiring-points notices in the stores' inbox, `expiring` on the stores' points answer, and store
// tiers: the list's validation, the monthly computation with its grace month, an invoice earning
// times the tier before the monthly cap, and the customer list filtered by tier. On PGlite by
// default, on the PostgreSQL server with TEST_DATABASE_URL.
import { jakartaDate } from '@lbo/contract/common';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Movement, postMovement } from '../src/domain/ledger';
import { applyInvoicePoints } from '../src/modules/points/points.engine';
import { endOfNextMonth } from '../src/modules/points/points.lots';
import { runExpiryNotices } from '../src/modules/points/points.notices';
import { computeTiers } from '../src/modules/points/points.tiers';
import { createHarness, type Harness } from './harness';
import { makeCategory, makeCustomer, makeInvoice, makeItem, makePromo, makeRule } from './points-factories';
import { createStoreApp, type StoreApp } from './support/store';

let h: Harness;
let s: StoreApp;
let admin: string;
beforeAll(async () => {
  h = await createHarness();
  s = await createStoreApp(h);
  admin = await h.login();
});
afterAll(async () => {
  await s?.close();
  await h?.close();
});

const db = () => h.database.db;
const customer = (extra: Record<string, unknown> = {}) =>
  makeCustomer(db(), { branch_id: h.fixture.branches.b1.id, ...extra });
const setSettings = (months: number | null, notify: number) =>
  db().execute(
    sql`update point_settings set expire_after_months = ${months}, notify_days_before = ${notify} where id = 1`,
  );
const post = (m: Movement) => db().transaction((tx) => postMovement(tx, m));
const inject = (customerId: number, points: number, entryDate: string) =>
  post({ customerId, pointType: 2, points, source: 'inject', reason: 'lot', entryDate });
const localized = (method: 'PUT' | 'POST' | 'GET', url: string, payload: unknown, lang: string) =>
  h.app.inject({
    method,
    url: `/v1/api${url}`,
    headers: { authorization: `Bearer ${admin}`, 'accept-language': lang },
    payload: payload as object,
  });

/** The first day of the month before today's (Asia/Jakarta). */
const lastMonthStart = () => {
  const [y, m] = jakartaDate().split('-').map(Number);
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
};
const endOfThisMonth = () => {
  const [y, m] = jakartaDate().split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

describe('expiring points: the notice and the stores answer', () => {
  let store: { id: number; phone_number: string };
  let never: { id: number };
  let token: string;

  beforeAll(async () => {
    store = await customer({ phone_number: '085711100001' });
    never = await customer();
    // With 1 month: earned last month, 30 points expire at the end of this month; earned today,
    // 100 + 50 expire at the end of next month.
    await setSettings(1, 365);
    await inject(store.id, 30, lastMonthStart());
    await inject(store.id, 100, jakartaDate());
    await inject(store.id, 50, jakartaDate());
    await setSettings(null, 365);
    // Points that never expire are never noticed.
    await inject(never.id, 500, jakartaDate());
    token = (await s.signIn(store.phone_number)).token;
  });

  it('should write one notice per store and expiry date with its points, and nothing more when run again', async () => {
    const first = await runExpiryNotices(db());
    expect(first.notices).toBe(2);
    const again = await runExpiryNotices(db());
    expect(again.notices).toBe(0);
    const rows = await h.database.rows<{ key: string; customer_id: number; notice: unknown; sent: number }>(
      sql`select b.notice_key as key, d.customer_id, d.notice, b.sent_count as sent
          from broadcast_deliveries d join broadcasts b on b.id = d.broadcast_id
          where b.notice_key is not null order by b.notice_key`,
    );
    const notice = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(rows.map((r) => ({ ...r, notice: notice(r.notice) }))).toEqual([
      {
        key: `point_expiry:${endOfThisMonth()}`,
        customer_id: store.id,
        notice: { points: 30, date: endOfThisMonth() },
        sent: 1,
      },
      {
        key: `point_expiry:${endOfNextMonth(jakartaDate())}`,
        customer_id: store.id,
        notice: { points: 150, date: endOfNextMonth(jakartaDate()) },
        sent: 1,
      },
    ]);
  });

  it("should show the notice in the store's inbox in its language", async () => {
    const next = endOfNextMonth(jakartaDate());
    const [y, m, d] = next.split('-').map(Number);
    const id = await s.call(token, 'GET', '/store/inbox', undefined, { 'accept-language': 'id' });
    expect(id.status).toBe(200);
    expect(id.body.meta.unread).toBe(2);
    const newest = id.body.data[0];
    expect(newest.message).toBe(
      `150 poin akan kedaluwarsa pada ${d} ${ID_MONTHS[m - 1]} ${y}. Tukarkan sebelum tanggal itu.`,
    );
    expect(newest.title).toBe(`Poin akan kedaluwarsa pada ${d} ${ID_MONTHS[m - 1]} ${y}`);
    const en = await s.call(token, 'GET', '/store/inbox', undefined, { 'accept-language': 'en' });
    expect(en.body.data[0].message).toBe(
      `150 points will expire on ${d} ${EN_MONTHS[m - 1]} ${y}. Redeem them before then.`,
    );
    const read = await s.call(token, 'PUT', `/store/inbox/${newest.id}/read`, undefined, {
      'accept-language': 'en',
    });
    expect(read.status).toBe(200);
    expect(read.body.data.title).toBe(`Points expire on ${d} ${EN_MONTHS[m - 1]} ${y}`);
  });

  it('should answer `expiring` on the store points: the next date, its points and those within the notice window', async () => {
    const res = await s.call(token, 'GET', '/store/points');
    expect(res.status).toBe(200);
    expect(res.body.expiring).toEqual({
      next_date: endOfThisMonth(),
      next_points: 30,
      within_days: 365,
      within_points: 180,
    });
    await setSettings(null, 0);
    const narrow = await s.call(token, 'GET', '/store/points');
    // Within 0 days only what expires today counts.
    expect(narrow.body.expiring.within_points).toBe(endOfThisMonth() === jakartaDate() ? 30 : 0);
    await setSettings(null, 30);
  });
});

const ID_MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];
const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

describe('store tiers', () => {
  const TIERS = {
    tiers: [
      { name: 'Silver', min_turnover_12m: 0, multiplier: 1 },
      { name: 'Gold', min_turnover_12m: 10_000_000, multiplier: 1.5 },
    ],
  };

  it('should refuse a bad list with 400 in the user language, naming the field', async () => {
    const bad = [
      {
        body: { tiers: [TIERS.tiers[0], { ...TIERS.tiers[1], name: 'silver' }] },
        en: /tiers\[1\]\.name: the tier name silver is used twice/,
        id: /tiers\[1\]\.name: nama tingkat silver dipakai dua kali/,
      },
      {
        body: { tiers: [TIERS.tiers[1]] },
        en: /tiers\[0\]\.min_turnover_12m: the first tier must start at 0/,
        id: /tiers\[0\]\.min_turnover_12m: tingkat pertama harus mulai dari 0/,
      },
      {
        body: { tiers: [TIERS.tiers[0], { ...TIERS.tiers[1], min_turnover_12m: 0 }] },
        en: /tiers\[1\]\.min_turnover_12m: must be more than the minimum of the tier before/,
        id: /tiers\[1\]\.min_turnover_12m: harus lebih besar dari minimum tingkat sebelumnya/,
      },
      {
        body: { tiers: [TIERS.tiers[0], { ...TIERS.tiers[1], multiplier: 11 }] },
        en: /tiers\[1\]\.multiplier: must be at most 10/,
        id: /tiers\[1\]\.multiplier: .*10/,
      },
    ];
    for (const b of bad) {
      const en = await localized('PUT', '/point/tiers', b.body, 'en');
      expect(en.statusCode, JSON.stringify(b.body)).toBe(400);
      expect(en.json().err_msg.join(' ')).toMatch(b.en);
      const id = await localized('PUT', '/point/tiers', b.body, 'id');
      expect(id.statusCode).toBe(400);
      expect(id.json().err_msg.join(' ')).toMatch(b.id);
    }
    const now = await h.call(admin, 'GET', '/point/tiers');
    expect(now.body.data.tiers).toEqual([]);
  });

  it('should save a valid list and keep a tier id while its name stays', async () => {
    const res = await h.call(admin, 'PUT', '/point/tiers', TIERS);
    expect(res.status).toBe(200);
    expect(res.body.data.tiers.map((t: { name: string }) => t.name)).toEqual(['Silver', 'Gold']);
    const gold = res.body.data.tiers[1];
    expect(gold).toMatchObject({ min_turnover_12m: 10_000_000, multiplier: 1.5, stores: 0 });
    const again = await h.call(admin, 'PUT', '/point/tiers', TIERS);
    expect(again.body.data.tiers[1].id).toBe(gold.id);
  });

  describe('the monthly computation, the earning and the list filter', () => {
    let falls: { id: number };
    let recovers: { id: number };
    let item: { id: number };
    beforeAll(async () => {
      const category = await makeCategory(db(), { name: 'Tier goods' });
      item = await makeItem(db(), { item_category_id: category.id });
      falls = await customer();
      recovers = await customer();
      await makeInvoice(db(), {
        customer_id: falls.id,
        invoice_date: '2025-03-10',
        lines: [{ item_id: item.id, net_amount: 12_000_000 }],
      });
      await makeInvoice(db(), {
        customer_id: recovers.id,
        invoice_date: '2025-03-10',
        lines: [{ item_id: item.id, net_amount: 12_000_000 }],
      });
      await makeInvoice(db(), {
        customer_id: recovers.id,
        invoice_date: '2026-04-10',
        lines: [{ item_id: item.id, net_amount: 11_000_000 }],
      });
    });

    const state = async (id: number) =>
      (
        await h.database.rows<{ tier: string | null; since: string | null; grace: string | null }>(
          sql`select t.name as tier, c.tier_since::text as since, c.tier_grace_from::text as grace
              from customers c left join point_tiers t on t.id = c.tier_id where c.id = ${id}`,
        )
      )[0];

    it('should take a tier from 12 months of turnover and drop it only after a grace month', async () => {
      await computeTiers(db(), { asOf: '2025-04-01' });
      expect(await state(falls.id)).toEqual({ tier: 'Gold', since: '2025-04-01', grace: null });
      // March 2025 is still inside the 12 months before March 2026.
      await computeTiers(db(), { asOf: '2026-03-01' });
      expect(await state(falls.id)).toEqual({ tier: 'Gold', since: '2025-04-01', grace: null });
      // April 2026: the window (April 2025 to March 2026) holds nothing: below Gold, kept for April.
      const april = await computeTiers(db(), { asOf: '2026-04-01' });
      expect(april.in_grace).toBe(2);
      expect(await state(falls.id)).toEqual({ tier: 'Gold', since: '2025-04-01', grace: '2026-04-01' });
      // A recomputation within the grace month keeps it.
      await computeTiers(db(), { asOf: '2026-04-20' });
      expect(await state(falls.id)).toEqual({ tier: 'Gold', since: '2025-04-01', grace: '2026-04-01' });
      // May: still below, the grace month is over: Silver from May.
      const may = await computeTiers(db(), { asOf: '2026-05-01' });
      expect(may.downgraded).toBe(1);
      expect(await state(falls.id)).toEqual({ tier: 'Silver', since: '2026-05-01', grace: null });
      // The other store sold 11M in April 2026: back above Gold in May, it keeps Gold without a break.
      expect(await state(recovers.id)).toEqual({ tier: 'Gold', since: '2025-04-01', grace: null });
      const history = await h.database.rows<{ tier_name: string; effective_from: string }>(
        sql`select tier_name, effective_from::text from customer_tier_history
            where customer_id = ${falls.id} order by effective_from, id`,
      );
      expect(history).toEqual([
        { tier_name: 'Gold', effective_from: '2025-04-01' },
        { tier_name: 'Silver', effective_from: '2026-05-01' },
      ]);
    });

    it('should multiply what the rules and the promo give by the tier before the monthly cap', async () => {
      await makeRule(db(), { amount_per_point: 10_000, start_date: '2025-01-01', end_date: '2026-12-31' });
      await makePromo(db(), {
        start_date: '2025-06-01',
        end_date: '2025-06-30',
        multiplier: 2,
        bonus_points: 5,
      });
      await db().execute(sql`update customers set monthly_max_point = 300 where id = ${falls.id}`);
      // Gold (x1.5) was in force on 2025-06-10. Rules: floor(1,234,567 / 10,000) = 123 base;
      // promo floor(123.4567 x (2 - 1)) + 5 = 128; base + promo = 251 (under the cap of 300 as is).
      // Tier: base floor(123 x 1.5) = 184, all floor(251 x 1.5) = 376, promo 376 - 184 = 192.
      // Cap 300: the invoice row keeps 184, the promo row gets 300 - 184 = 116.
      const inv = await makeInvoice(db(), {
        customer_id: falls.id,
        invoice_date: '2025-06-10',
        document_no: 'INV/TIER/1',
        lines: [{ item_id: item.id, net_amount: 1_234_567 }],
      });
      await db().transaction((tx) => applyInvoicePoints(tx, [inv.id]));
      const ledger = await h.database.rows<{ point_type: number; points: number; reason: string }>(
        sql`select point_type, points, reason from point_ledger where invoice_document_no = 'INV/TIER/1' order by id`,
      );
      expect(ledger).toEqual([
        { point_type: 1, points: 184, reason: 'Earned from invoice (tier Gold x1.5)' },
        { point_type: 3, points: 116, reason: 'Promo points for invoice (tier Gold x1.5)' },
      ]);
      // An invoice dated after the drop to Silver (x1) earns as the rules say.
      const later = await makeInvoice(db(), {
        customer_id: falls.id,
        invoice_date: '2026-05-10',
        document_no: 'INV/TIER/2',
        lines: [{ item_id: item.id, net_amount: 1_234_567 }],
      });
      await db().transaction((tx) => applyInvoicePoints(tx, [later.id]));
      const plain = await h.database.rows<{ points: number }>(
        sql`select points from point_ledger where invoice_document_no = 'INV/TIER/2' order by id`,
      );
      expect(plain).toEqual([{ points: 123 }]);
      const report = await h.call(
        admin,
        'GET',
        `/point/report?customer_id=${falls.id}&start_date=2025-06-01&end_date=2025-06-30`,
      );
      expect(report.status).toBe(200);
      expect(report.body.data).toHaveLength(1);
      expect(report.body.data[0]).toMatchObject({
        invoice_document_no: 'INV/TIER/1',
        points: 300,
        tier_name: 'Gold',
        tier_multiplier: 1.5,
      });
    });

    it('should filter the customer list by tier and show the tier on the customer', async () => {
      const tiers = (await h.call(admin, 'GET', '/point/tiers')).body.data.tiers;
      const gold = tiers.find((t: { name: string }) => t.name === 'Gold');
      expect(gold.stores).toBe(1);
      const res = await h.call(admin, 'GET', `/web/customer/?tier_id=${gold.id}&limit=100`);
      expect(res.status).toBe(200);
      const ids = (res.body.data.list_customer ?? res.body.data).map((c: { id: number }) => c.id);
      expect(ids).toEqual([recovers.id]);
      const one = await h.call(admin, 'GET', `/web/customer/id/${falls.id}`);
      expect(one.body.data.customer).toMatchObject({
        tier_name: 'Silver',
        tier_since: '2026-05-01',
        tier_grace_from: null,
      });
    });

    it('should recompute every tier now on the admin action', async () => {
      const res = await h.call(admin, 'POST', '/point/tiers/recompute');
      expect(res.status).toBe(200);
      expect(res.body.data.as_of).toBe(jakartaDate());
      expect(res.body.data.stores).toBeGreaterThanOrEqual(2);
    });
  });
});
