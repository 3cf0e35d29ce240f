// Points that expire, against the real server: set 12 months on the points settings screen, give a
// store points earned today and points earned two years ago (already past their date), see its lots
// and "N poin kedaluwarsa pada D" on its page, run the expiry from the settings screen, then see the
// store's "Poin kedaluwarsa" movement in the ledger and its points in the expiring points report.
// The settings go back to "never" at the end, so the order of specs stays free.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { APIRequestContext, Browser } from 'playwright-core';
import {
  ADMIN,
  BASE_URL,
  eventually,
  jakartaToday,
  launch,
  newPage,
  shot,
  signIn,
  tableRows,
} from '../support';

const API = `${BASE_URL}/v1/api`;
let browser: Browser;
let token = '';

before(async () => {
  browser = await launch();
  const ctx = await browser.newContext();
  const res = await ctx.request.post(`${API}/web/auth`, { data: ADMIN });
  assert.equal(res.status(), 200);
  token = ((await res.json()) as { data: { token: string } }).data.token;
  await ctx.close();
});
after(async () => {
  if (token) {
    const ctx = await browser.newContext();
    await ctx.request.put(`${API}/point/settings`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { expire_after_months: null },
    });
    await ctx.close();
  }
  await browser?.close();
});

const auth = () => ({ Authorization: `Bearer ${token}` });
async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${API}${path}`, { headers: auth() });
  assert.equal(res.status(), 200, `${path} answered ${res.status()}`);
  return ((await res.json()) as { data: T }).data;
}

/** The last day of the month `months` months after `day`'s month, as the Indonesian screens show it. */
function expiryOf(day: string, months: number) {
  const [y, m] = day.split('-').map(Number);
  const end = new Date(Date.UTC(y, m + months, 0));
  return end.toISOString().slice(0, 10);
}
const idNum = (n: number) => new Intl.NumberFormat('id-ID').format(n);

describe('points that expire', () => {
  it('should set 12 months, show a store its expiring points, run the expiry and report it', async () => {
    const { page } = await newPage(browser);
    await signIn(page, ADMIN);

    // 1. The settings screen: 12 months.
    await page.goto(`${BASE_URL}/#/point-settings`);
    await page.getByRole('heading', { name: 'Pengaturan poin', level: 1 }).waitFor();
    const months = page.getByRole('textbox', { name: 'Bulan sampai poin kedaluwarsa' });
    await months.fill('12');
    // The expiry settings' own form (the tiers below have their own "Simpan").
    await page
      .locator('form')
      .filter({ has: months })
      .getByRole('button', { name: 'Simpan', exact: true })
      .click();
    await page.getByText(/kedaluwarsa pada akhir bulan ke-12/).waitFor();
    await shot(page, 'point-settings-12-months');
    const settings = await apiGet<{ expire_after_months: number | null }>(page.request, '/point/settings');
    assert.equal(settings.expire_after_months, 12);

    // 2. A store with points earned today and points earned two years ago (already expired).
    const stores = await apiGet<{ customer_id: number; customer_code: string; exclude_all_point: boolean }[]>(
      page.request,
      `/point/report/customer_balance?limit=50&page=${2 + Math.floor(Math.random() * 10)}&by=customer_code&sort=asc`,
    );
    const store = stores.find((s) => !s.exclude_all_point)!;
    const today = jakartaToday();
    const old = `${Number(today.slice(0, 4)) - 2}${today.slice(4, 8)}01`;
    const fresh = 300 + Math.floor(Math.random() * 500);
    const stale = 40 + Math.floor(Math.random() * 50);
    for (const [points, entry_date] of [
      [fresh, today],
      [stale, old],
    ] as const) {
      const res = await page.request.post(`${API}/point/`, {
        headers: auth(),
        data: { customer_id: store.customer_id, point_type: 2, points, reason: 'E2E lot', entry_date },
      });
      assert.equal(res.status(), 201, await res.text());
    }

    // 3. The store's page: its lots and what expires next.
    await page.goto(`${BASE_URL}/#/customers/${store.customer_id}`);
    await page.getByRole('tab', { name: 'Lot poin' }).click();
    const expiring = page.getByTestId('points-expiring');
    await expiring.waitFor();
    const due = expiryOf(today, 12);
    assert.match(
      (await expiring.textContent()) ?? '',
      new RegExp(
        `${idNum(fresh).replace('.', '\\.')} poin kedaluwarsa pada ${due.slice(8, 10)} \\S+ ${due.slice(0, 4)}`,
      ),
    );
    const lotTable = page.getByRole('table', { name: 'Lot poin' });
    await lotTable.getByText('Terbuka').first().waitFor();
    await lotTable.getByText('Kedaluwarsa', { exact: true }).first().waitFor();
    await shot(page, 'point-lots-customer');

    // 4. The expiry run, from the settings screen, with its preview in the confirmation.
    await page.goto(`${BASE_URL}/#/point-settings`);
    await page.getByRole('button', { name: 'Jalankan kedaluwarsa sekarang' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Setiap toko dengan poin yang lewat tanggal kedaluwarsanya/).waitFor();
    await shot(page, 'point-expiry-run-confirm');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/point/expiry/run') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Kedaluwarsakan poin' }).click(),
    ]);
    assert.equal(answer.status(), 200, await answer.text());
    await shot(page, 'point-expiry-run-done');
    await page.getByText(/Proses kedaluwarsa mengambil poin kedaluwarsa dari \d+ toko/).waitFor();

    // 5. The ledger row: one "Poin kedaluwarsa" movement of exactly the stale points.
    const rows = await apiGet<{ points: number; point_type: number }[]>(
      page.request,
      `/point/?customer_id=${store.customer_id}&point_type=8`,
    );
    assert.deepEqual(
      rows.map((r) => r.points),
      [-stale],
    );
    await page.goto(`${BASE_URL}/#/point-ledger?search=${encodeURIComponent(store.customer_code)}`);
    await eventually(async () => {
      const texts = await tableRows(page).allTextContents();
      assert.ok(
        texts.some((t) => t.includes('Kedaluwarsa') && t.includes(idNum(stale))),
        texts.join('\n'),
      );
    }, 20_000);
    await shot(page, 'point-expiry-ledger-row');

    // 6. The expiring points report, over the year ahead: the store with its fresh points, and totals.
    const end = expiryOf(today, 13);
    await page.goto(
      `${BASE_URL}/#/expiring-points-report?start_date=${today}&end_date=${end}&search=${encodeURIComponent(store.customer_code)}`,
    );
    await page.getByRole('heading', { name: 'Laporan poin kedaluwarsa', level: 1 }).waitFor();
    await page
      .getByTestId('expiring-totals')
      .getByText(/toko, .* poin dalam .* lot kedaluwarsa antara/)
      .waitFor();
    await eventually(async () => {
      const texts = await tableRows(page).allTextContents();
      assert.ok(
        texts.some((t) => t.includes(store.customer_code) && t.includes(idNum(fresh))),
        texts.join('\n'),
      );
    }, 20_000);
    await shot(page, 'point-expiring-report');
  });
});
