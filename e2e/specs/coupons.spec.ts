// Coupons against the real server in Chromium: create a coupon with a photo through the form, redeem
// it for a store (its balance drops by the point cost, on screen and through the API), revert it (the
// balance is back, the stock too); import lottery coupons from a CSV file, see them in the report,
// then delete them all with the count confirmation.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  ADMIN,
  apiGetter,
  BASE_URL,
  choose,
  eventually,
  launch,
  newPage,
  shot,
  signIn,
  tableRows,
} from '../support';

const API = `${BASE_URL}/v1/api`;
let browser: Browser;
let token = '';
const dir = mkdtempSync(join(tmpdir(), 'lbo-e2e-coupons-'));

before(async () => {
  browser = await launch();
  const ctx = await browser.newContext();
  const res = await ctx.request.post(`${API}/web/auth`, { data: ADMIN });
  assert.equal(res.status(), 200);
  token = ((await res.json()) as { data: { token: string } }).data.token;
  await ctx.close();
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A number as the Indonesian screens show it (12.345). */
const idNum = (n: number) => new Intl.NumberFormat('id-ID').format(n);

type Store = { customer_id: number; customer_code: string; customer_name: string; point_balance: number };

describe('coupons', () => {
  it('should create a coupon with a photo, redeem it for a store, see the balance drop, revert and see it back', async () => {
    const { context, page } = await newPage(browser);
    const apiGet = apiGetter(page, token);
    const points = 10 + Math.floor(Math.random() * 40);
    const name = `Kupon E2E ${Date.now()}`;
    // A store with enough points, not excluded from points.
    const stores = await apiGet<(Store & { exclude_all_point: boolean })[]>(
      `/point/report/customer_balance?limit=50&by=point_balance&sort=desc`,
    );
    const store = stores.find((s) => !s.exclude_all_point && s.point_balance >= points);
    assert.ok(store, 'a store with points');
    const before = store.point_balance;
    await signIn(page, ADMIN);

    // The coupon, through the form, with a photo.
    await page.goto(`${BASE_URL}/#/coupons/new`);
    await page.getByRole('textbox', { name: 'Nama', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Harga poin' }).fill(String(points));
    await page.getByRole('textbox', { name: 'Stok' }).fill('3');
    // Typed dates (DD/MM/YYYY): from the first of this month to the end of next year.
    const now = new Date();
    const first = `01/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
    for (const [label, value] of [
      ['Mulai', first],
      ['Sampai', `31/12/${now.getFullYear() + 1}`],
    ] as const) {
      const box = page.getByRole('textbox', { name: label, exact: true });
      await box.fill(value);
      await box.press('Tab');
    }
    const png = join(dir, 'kupon.png');
    const data = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 400;
      c.height = 300;
      const g = c.getContext('2d')!;
      g.fillStyle = '#0ca678';
      g.fillRect(0, 0, 400, 300);
      g.fillStyle = '#fff';
      g.fillRect(60, 120, 280, 60);
      return c.toDataURL('image/png').split(',')[1];
    });
    writeFileSync(png, Buffer.from(data, 'base64'));
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/v1/api/coupon/photo'));
    await page.locator('input[type=file]').setInputFiles(png);
    assert.equal((await uploaded).status(), 201);
    await shot(page, 'coupons-form');
    const post = page.waitForResponse(
      (r) => r.url().endsWith('/v1/api/coupon/') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Simpan' }).click();
    const res = await post;
    assert.equal(res.status(), 201, await res.text());
    const coupon = ((await res.json()) as { data: { id: number; photo: string; stock: number } }).data;
    assert.match(coupon.photo, /\/uploads\/coupon\/.+\.png$/);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const img = page.locator(`img[src$="${coupon.photo.split('/').pop()}"]`).first();
    await eventually(async () =>
      assert.ok(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth > 0), 'the photo loads'),
    );
    await shot(page, 'coupons-detail');

    // Redeem it for the store.
    await page.goto(`${BASE_URL}/#/coupon-redemptions/new`);
    await choose(page, 'Kupon', new RegExp(name));
    const storeBox = page.getByRole('combobox', { name: 'Pelanggan', exact: true });
    await storeBox.click();
    await storeBox.fill(store.customer_code);
    await page
      .getByRole('option', { name: new RegExp(store.customer_code) })
      .first()
      .click();
    const redeem = page.waitForResponse(
      (r) => r.url().endsWith('/v1/api/coupon_redeem/') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Simpan' }).click();
    const red = await redeem;
    assert.equal(red.status(), 201, await red.text());
    const redemption = ((await red.json()) as { data: { id: number; point_balance: number } }).data;
    assert.equal(redemption.point_balance, before - points);
    const balance = page.getByTestId('store-balance');
    await eventually(async () => assert.equal(await balance.innerText(), idNum(before - points)));
    await shot(page, 'coupons-redeemed');
    const afterRedeem = await apiGet<{ point_balance: number }>(
      `/point/balance/customer_id/${store.customer_id}`,
    );
    assert.equal(afterRedeem.point_balance, before - points);
    assert.equal((await apiGet<{ stock: number }>(`/coupon/id/${coupon.id}`)).stock, 2);

    // The redemption report lists it; revert from there.
    await page.goto(`${BASE_URL}/#/coupon-redemptions?coupon_id=${coupon.id}`);
    const row = tableRows(page).filter({ hasText: store.customer_name }).first();
    await row.waitFor();
    await shot(page, 'coupons-redemption-report');
    await row.getByRole('button', { name: /^Batalkan/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Batalkan penukaran ini?').waitFor();
    await shot(page, 'coupons-revert-confirm');
    const revert = page.waitForResponse((r) =>
      r.url().includes(`/v1/api/coupon_redeem/revert/${redemption.id}`),
    );
    await dialog.getByRole('button', { name: 'Batalkan' }).click();
    assert.equal((await revert).status(), 200);
    await page.getByText(`Saldo toko sekarang ${idNum(before)} poin.`).waitFor();
    await eventually(async () => assert.match(await row.innerText(), /Dibatalkan/i));
    await shot(page, 'coupons-reverted');
    const afterRevert = await apiGet<{ point_balance: number }>(
      `/point/balance/customer_id/${store.customer_id}`,
    );
    assert.equal(afterRevert.point_balance, before);
    assert.equal((await apiGet<{ stock: number }>(`/coupon/id/${coupon.id}`)).stock, 3);
    // The detail screen shows the balance back and no revert button any more.
    await page.goto(`${BASE_URL}/#/coupon-redemptions/${redemption.id}`);
    await eventually(async () =>
      assert.equal(await page.getByTestId('store-balance').innerText(), idNum(before)),
    );
    // (Once the record has loaded: a hash navigation may still show the list's row for a moment.)
    await eventually(async () =>
      assert.equal(await page.getByRole('button', { name: /^Batalkan/ }).count(), 0),
    );
    await context.close();
  });
});

describe('coupon lottery', () => {
  it('should import lottery coupons from a file, show them in the report, then delete all', async () => {
    const { context, page } = await newPage(browser);
    const apiGet = apiGetter(page, token);
    const stores = await apiGet<Store[]>('/point/report/customer_balance?limit=3&by=customer_code&sort=asc');
    const tag = Date.now().toString(36).toUpperCase();
    const period = `E2E-${tag}`;
    const file = join(dir, 'undian.csv');
    const lines = ['Nomor Kupon,Kode Pelanggan,Periode'];
    for (let i = 0; i < 6; i++) lines.push(`UND-${tag}-${i + 1},${stores[i % 3].customer_code},${period}`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const before = await apiGet<{ total: number }>('/lottary/reportdata');
    await signIn(page, ADMIN);

    await page.goto(`${BASE_URL}/#/lottery-coupons`);
    await page.getByRole('heading', { name: 'Kupon undian', level: 1 }).waitFor();
    await page.getByTestId('lottery-import').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('import-file').locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('6 baris dibaca dari undian.csv').waitFor();
    await shot(page, 'lottery-import-dialog');
    // A dry run first (the server checks every row), then the import itself.
    await dialog.getByRole('button', { name: 'Periksa', exact: true }).click();
    await dialog.getByTestId('import-checked').waitFor();
    await dialog.getByRole('button', { name: 'Impor 6 baris' }).click();
    await dialog.getByText('Berhasil diimpor').waitFor();
    await shot(page, 'lottery-import-done');
    await dialog.getByRole('button', { name: 'Tutup' }).first().click();

    // The list, filtered by the period typed in.
    const mine = await apiGet<{ coupon_no: string }[]>(`/lottary/paginate?period=${period}&limit=100`);
    assert.equal(mine.length, 6);
    const after = await apiGet<{ total: number; periods: { period: string; count: number }[] }>(
      '/lottary/reportdata',
    );
    assert.equal(after.total, before.total + 6);
    assert.deepEqual(
      after.periods.find((p) => p.period === period),
      { period, count: 6 },
    );

    // The report page: total, the charts and the branch table.
    await page.goto(`${BASE_URL}/#/lottery-report`);
    await eventually(async () =>
      assert.equal(await page.getByTestId('lottery-total').innerText(), `${idNum(after.total)} kupon undian`),
    );
    await page.getByRole('cell', { name: period }).waitFor();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await shot(page, 'lottery-report');

    // Delete all: the dialog names the count, then the list is empty.
    await page.goto(`${BASE_URL}/#/lottery-coupons`);
    await tableRows(page).first().waitFor();
    await page.getByRole('button', { name: 'Hapus semua' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`Ini menghapus ${after.total} kupon undian`, { exact: false }).waitFor();
    await shot(page, 'lottery-delete-all-confirm');
    const del = page.waitForResponse((r) => r.url().includes('/v1/api/lottary/all?'));
    await confirm.getByRole('button', { name: `Hapus ${after.total} kupon` }).click();
    const done = await del;
    assert.equal(done.status(), 200, await done.text());
    assert.equal(new URL(done.url()).searchParams.get('confirm_count'), String(after.total));
    await page.getByText(`${after.total} kupon undian sudah dihapus.`).waitFor();
    await eventually(async () => assert.equal(await tableRows(page).count(), 0));
    assert.equal((await apiGet<{ total: number }>('/lottary/reportdata')).total, 0);
    await shot(page, 'lottery-deleted');
    await context.close();
  });
});
