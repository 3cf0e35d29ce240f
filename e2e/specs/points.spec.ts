// Loyalty points screens against the real server: injecting points to two stores through the
// injection screen (both balances change, in the UI and through the API), correcting and voiding a
// manual movement, system rows without those actions, and every points screen in both languages.
// The stores are picked at random from the demo data on each run (other specs name their own), and
// every check compares with balances read at the start of the test, so the order of specs is free.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { ADMIN, BASE_URL, eventually, launch, newPage, shot, signIn, tableRows } from '../support';

const API = `${BASE_URL}/v1/api`;
let browser: Browser;
let token = '';

type Store = { customer_id: number; customer_code: string; customer_name: string; point_balance: number };

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
});

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${API}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status(), 200, `${path} answered ${res.status()}`);
  return ((await res.json()) as { data: T }).data;
}

async function balanceOf(request: APIRequestContext, id: number): Promise<number> {
  return (await apiGet<{ point_balance: number }>(request, `/point/balance/customer_id/${id}`)).point_balance;
}

/** `count` different stores from a random page of the balance list (not excluded from points). */
async function randomStores(request: APIRequestContext, count: number): Promise<Store[]> {
  const page = 1 + Math.floor(Math.random() * 15);
  const rows = await apiGet<(Store & { exclude_all_point: boolean })[]>(
    request,
    `/point/report/customer_balance?limit=100&page=${page}&by=customer_code&sort=asc`,
  );
  const pool = rows.filter((r) => !r.exclude_all_point);
  const picked: Store[] = [];
  while (picked.length < count) {
    const r = pool.splice(Math.floor(Math.random() * pool.length), 1)[0];
    picked.push(r);
  }
  return picked;
}

/** A number as the Indonesian screens show it (12.345). */
const idNum = (n: number) => new Intl.NumberFormat('id-ID').format(n);

/** The row of the table whose text contains `text`. */
const rowWith = (page: Page, text: string) => tableRows(page).filter({ hasText: text }).first();

describe('injecting points', () => {
  it('should inject points to two stores and show both balances changed', async () => {
    const { context, page } = await newPage(browser);
    const stores = await randomStores(page.request, 2);
    const before = await Promise.all(stores.map((s) => balanceOf(page.request, s.customer_id)));
    const points = 100 + Math.floor(Math.random() * 900);
    const reason = `E2E injection ${Date.now()}`;
    await signIn(page, ADMIN);

    // The list of injections, then the injection screen from its "add" button.
    await page.goto(`${BASE_URL}/#/injected-points`);
    await page.getByRole('heading', { name: 'Riwayat injeksi poin', level: 1 }).waitFor();
    await tableRows(page).first().waitFor();
    await shot(page, 'points-injected-list');
    // The list's own button (the menu has an "Injeksi poin" link too).
    await page.getByRole('main').getByRole('link', { name: 'Injeksi poin', exact: true }).click();
    await page.getByRole('heading', { name: 'Injeksi poin', level: 1 }).waitFor();

    // Step 1: paste the two codes (one in lower case: it is matched regardless).
    await page.getByRole('tab', { name: 'Tempel kode' }).click();
    await page
      .getByTestId('inject-paste')
      .fill(`${stores[0].customer_code}\n${stores[1].customer_code.toLowerCase()}`);
    await page.getByRole('button', { name: 'Tambahkan 2 kode' }).click();
    const selection = page.getByTestId('inject-selection');
    for (const s of stores) await selection.getByText(s.customer_name, { exact: true }).waitFor();
    for (const [i, s] of stores.entries()) {
      assert.match(
        await selection.locator('tr', { hasText: s.customer_code }).innerText(),
        new RegExp(idNum(before[i]).replace('.', '\\.')),
      );
    }
    await shot(page, 'points-inject-1-stores');
    await page.getByRole('button', { name: 'Lanjut' }).click();

    // Step 2: points and reason; the form refuses an empty reason first.
    await page.getByRole('textbox', { name: 'Poin untuk setiap toko' }).fill(String(points));
    await page.getByRole('button', { name: 'Pratinjau', exact: true }).click();
    await page.getByText('Kolom ini wajib diisi').waitFor();
    await page.getByRole('textbox', { name: 'Alasan' }).fill(reason);
    await page.getByRole('textbox', { name: 'Referensi' }).fill('E2E-MEMO');
    await shot(page, 'points-inject-2-points');
    await page.getByRole('button', { name: 'Pratinjau', exact: true }).click();

    // Step 3: the preview checks the list with the server (a dry run) and shows names, current
    // balances and the balances after.
    await page.getByTestId('inject-total').waitFor();
    await page.getByText('Sudah diperiksa server: semua 2 toko dapat menerima poin.').waitFor();
    assert.equal(await page.getByTestId('inject-customers').innerText(), '2');
    assert.equal(await page.getByTestId('inject-total').innerText(), idNum(points * 2));
    for (const [i, s] of stores.entries()) {
      const row = page.getByTestId('inject-selection').locator('tr', { hasText: s.customer_code });
      const text = await row.innerText();
      assert.ok(text.includes(s.customer_name));
      assert.ok(
        text.includes(idNum(before[i] + points)),
        `preview after-balance of ${s.customer_code}: ${text}`,
      );
    }
    await shot(page, 'points-inject-3-preview');

    // Confirm: one call credits both.
    await page.getByRole('button', { name: 'Injeksi poin', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Injeksi poin sekarang?').waitFor();
    // The preview already checked the list with a dry run; this is the real call.
    const posted = page.waitForResponse(
      (r) =>
        r.url().endsWith('/v1/api/point/inject/') &&
        r.request().method() === 'POST' &&
        !(r.request().postDataJSON() as { dry_run?: boolean }).dry_run,
    );
    await dialog.getByRole('button', { name: 'Injeksi poin' }).click();
    const response = await posted;
    assert.equal(response.status(), 201);
    const sent = response.request().postDataJSON() as { rows: { customer_code: string }[]; points: number };
    assert.deepEqual(
      sent.rows.map((r) => r.customer_code),
      stores.map((s) => s.customer_code),
      'the stored spelling of each code is sent',
    );
    assert.equal(sent.points, points);
    await page.getByText('Poin berhasil diinjeksi').waitFor();

    // The completed step shows the balances as they are now.
    for (const [i, s] of stores.entries()) {
      await eventually(async () => {
        const text = await page
          .getByTestId('inject-selection')
          .locator('tr', { hasText: s.customer_code })
          .innerText();
        assert.ok(text.includes(idNum(before[i] + points)), text);
      });
    }
    await shot(page, 'points-inject-4-done');

    // Cross-checked through the API ...
    for (const [i, s] of stores.entries())
      assert.equal(await balanceOf(page.request, s.customer_id), before[i] + points);

    // ... and on the point-per-store screen, searched by each code.
    for (const [i, s] of stores.entries()) {
      await page.goto(`${BASE_URL}/#/point-balances?search=${encodeURIComponent(s.customer_code)}`);
      const row = rowWith(page, s.customer_code);
      await eventually(async () => assert.ok((await row.innerText()).includes(idNum(before[i] + points))));
      if (i === 0) await shot(page, 'points-balance-after-inject');
    }

    // Each injection is a ledger row of its own, with the reason, that staff may correct or void.
    await page.goto(`${BASE_URL}/#/injected-points?search=${encodeURIComponent(stores[1].customer_code)}`);
    const injected = rowWith(page, reason);
    await injected.waitFor();
    assert.ok((await injected.innerText()).includes(`+${idNum(points)}`));
    await injected.getByRole('link', { name: /^Koreksi:/ }).waitFor();
    await injected.getByRole('button', { name: /^Anulir:/ }).waitFor();
    await context.close();
  });

  it('should name every unknown code and block the injection until they are removed', async () => {
    const { context, page } = await newPage(browser);
    const [store] = await randomStores(page.request, 1);
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/injected-points/new`);
    await page.getByRole('tab', { name: 'Tempel kode' }).click();
    await page.getByTestId('inject-paste').fill(`${store.customer_code}, NOPE-404`);
    await page.getByRole('button', { name: 'Tambahkan 2 kode' }).click();
    await page.getByText('Tidak ada toko dengan kode ini').waitFor();
    await page.getByText('1 tidak ditemukan').waitFor();
    await shot(page, 'points-inject-unknown-code');
    await page.getByRole('button', { name: 'Hapus kode yang tidak ditemukan' }).click();
    await eventually(async () => assert.equal(await page.getByText('NOPE-404').count(), 0));
    assert.equal(await page.getByRole('button', { name: 'Lanjut' }).isEnabled(), true);
    await context.close();
  });
});

describe('importing codes for an injection', () => {
  it('should import a CSV of codes, show the server refusing an unknown code, and inject the rest', async () => {
    const { context, page } = await newPage(browser);
    const stores = await randomStores(page.request, 2);
    const before = await Promise.all(stores.map((s) => balanceOf(page.request, s.customer_id)));
    const unknown = `NOPE-E2E-${Date.now().toString(36).toUpperCase()}`;
    const points = 10 + Math.floor(Math.random() * 90);
    const dir = mkdtempSync(join(tmpdir(), 'lbo-e2e-import-'));
    const file = join(dir, 'kode-toko.csv');
    // A header the template names differently ("Kode Toko" is an alias of customer_code), and a
    // semicolon-separated second column the import ignores.
    writeFileSync(
      file,
      `Kode Toko;Catatan\n${stores[0].customer_code};a\n${unknown};b\n${stores[1].customer_code};c\n`,
    );
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/injected-points/new`);
    await page.getByRole('heading', { name: 'Injeksi poin', level: 1 }).waitFor();

    // The shared import dialog: read in the browser, columns mapped by header, previewed.
    await page.getByRole('tab', { name: 'Impor berkas' }).click();
    await page.getByRole('button', { name: 'Impor berkas…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('import-file').locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('3 baris dibaca dari kode-toko.csv').waitFor();
    await dialog.getByText('Kolom yang diabaikan: Catatan', { exact: false }).waitFor();
    const preview = dialog.getByTestId('import-preview');
    for (const code of [stores[0].customer_code, unknown, stores[1].customer_code])
      await preview.getByText(code).waitFor();
    await shot(page, 'points-inject-import-dialog');
    await dialog.getByRole('button', { name: 'Tambahkan 3 baris' }).click();

    // Points and reason, then the preview: the server's dry run names the unknown code's row.
    const selection = page.getByTestId('inject-selection');
    for (const s of stores) await selection.getByText(s.customer_name, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Lanjut' }).click();
    await page.getByRole('textbox', { name: 'Poin untuk setiap toko' }).fill(String(points));
    await page.getByRole('textbox', { name: 'Alasan' }).fill(`E2E import ${unknown}`);
    await page.getByRole('button', { name: 'Pratinjau', exact: true }).click();
    await page.getByText('1 kode ditolak server').waitFor();
    const bad = selection.locator('tr', { hasText: unknown });
    await eventually(async () =>
      assert.match(await bad.innerText(), new RegExp(`Kode pelanggan '${unknown}' tidak ditemukan`)),
    );
    assert.equal(await page.getByRole('button', { name: 'Injeksi poin', exact: true }).isDisabled(), true);
    await shot(page, 'points-inject-import-refused');

    // Fixed by leaving the unknown code out: checked again, then injected.
    await page.getByRole('button', { name: 'Hapus kode yang tidak ditemukan' }).click();
    await page.getByText('Sudah diperiksa server: semua 2 toko dapat menerima poin.').waitFor();
    await page.getByRole('button', { name: 'Injeksi poin', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Injeksi poin' }).click();
    await page
      .getByText(`2 toko masing-masing mendapat ${idNum(points)} poin (total ${idNum(points * 2)}).`)
      .first()
      .waitFor();
    await shot(page, 'points-inject-import-done');
    for (const [i, s] of stores.entries())
      assert.equal(await balanceOf(page.request, s.customer_id), before[i] + points);
    rmSync(dir, { recursive: true, force: true });
    await context.close();
  });
  it('should read a 50,000-row XLSX file in a worker without freezing the page', async () => {
    const { context, page } = await newPage(browser);
    const dir = mkdtempSync(join(tmpdir(), 'lbo-e2e-import-'));
    const file = join(dir, 'kode-besar.xlsx');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Kode');
    ws.addRow(['customer_code']);
    for (let i = 0; i < 50_000; i++) ws.addRow([`BIG${String(i).padStart(6, '0')}`]);
    await wb.xlsx.writeFile(file);
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/injected-points/new`);
    await page.getByRole('tab', { name: 'Impor berkas' }).click();
    await page.getByRole('button', { name: 'Impor berkas…' }).click();
    const dialog = page.getByRole('dialog');
    // Timer ticks every 50 ms while the file is read: the longest gap tells how long the page froze.
    await page.evaluate(() => {
      const w = window as unknown as { __gap: number; __last: number };
      w.__gap = 0;
      w.__last = performance.now();
      setInterval(() => {
        const now = performance.now();
        w.__gap = Math.max(w.__gap, now - w.__last);
        w.__last = now;
      }, 50);
    });
    const started = Date.now();
    await dialog.getByTestId('import-file').locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('50.000 baris dibaca dari kode-besar.xlsx').waitFor({ timeout: 60_000 });
    const seconds = (Date.now() - started) / 1000;
    const gap = await page.evaluate(() => (window as unknown as { __gap: number }).__gap);
    console.log(
      `50,000-row XLSX read in ${seconds.toFixed(1)} s; longest main-thread pause ${Math.round(gap)} ms`,
    );
    assert.ok(gap < 2000, `the page froze for ${Math.round(gap)} ms`);
    await dialog.getByText('20 baris pertama dari 50.000').waitFor();
    await shot(page, 'points-inject-import-50k');
    rmSync(dir, { recursive: true, force: true });
    await context.close();
  });
});

describe('manual movements', () => {
  it('should correct and void a staff movement, and offer neither on system rows', async () => {
    const { context, page } = await newPage(browser);
    const [store] = await randomStores(page.request, 1);
    const start = await balanceOf(page.request, store.customer_id);
    await signIn(page, ADMIN);

    // Add an injected movement through the ledger's form.
    await page.goto(`${BASE_URL}/#/point-ledger/new`);
    await page.getByRole('heading', { name: 'Tambah mutasi poin', level: 1 }).waitFor();
    const picker = page.getByRole('combobox', { name: 'Pelanggan' });
    await picker.fill(store.customer_code);
    await page.getByRole('option', { name: new RegExp(store.customer_code) }).click();
    await page.getByRole('combobox', { name: 'Jenis' }).click();
    await page.getByRole('option', { name: 'Injeksi poin' }).click();
    await page.getByRole('textbox', { name: 'Poin' }).fill('250');
    await page.getByRole('textbox', { name: 'Alasan' }).fill('E2E manual movement');
    await shot(page, 'points-ledger-add');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('link', { name: 'Koreksi' }).waitFor();
    assert.equal(await balanceOf(page.request, store.customer_id), start + 250);
    await shot(page, 'points-ledger-detail');

    // Correct it to 300: the row is replaced, the balance moves by the difference.
    await page.getByRole('link', { name: 'Koreksi' }).click();
    await page.getByRole('heading', { name: /^Koreksi #/ }).waitFor();
    await page.getByRole('textbox', { name: 'Poin' }).fill('300');
    await shot(page, 'points-ledger-correct');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('button', { name: 'Anulir' }).waitFor();
    await eventually(async () => assert.equal(await balanceOf(page.request, store.customer_id), start + 300));

    // Void the replacement after confirming: the balance is back where it started.
    await page.getByRole('button', { name: 'Anulir' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Anulir mutasi ini?').waitFor();
    await shot(page, 'points-ledger-void-confirm');
    await dialog.getByRole('button', { name: 'Anulir' }).click();
    await page
      .getByText(/dianulir\.$/)
      .first()
      .waitFor();
    await eventually(async () => assert.equal(await balanceOf(page.request, store.customer_id), start));

    // The ledger shows both rows void, without actions.
    await page.goto(`${BASE_URL}/#/point-ledger?search=${encodeURIComponent(store.customer_code)}`);
    await page.getByRole('heading', { name: 'Semua mutasi poin', level: 1 }).waitFor();
    const voided = tableRows(page).filter({ hasText: 'E2E manual movement' });
    await eventually(async () => assert.equal(await voided.count(), 2));
    for (const r of await voided.all()) {
      assert.match(await r.innerText(), /dianulir/i);
      assert.equal(await r.getByRole('link', { name: /^Koreksi:/ }).count(), 0);
    }

    // Master points are written from invoices: view only.
    await page.goto(`${BASE_URL}/#/master-points`);
    await page.getByRole('heading', { name: 'Poin master', level: 1 }).waitFor();
    await tableRows(page).first().waitFor();
    await eventually(async () => assert.equal(await page.locator('[aria-busy="true"]').count(), 0));
    assert.equal(await page.getByRole('link', { name: /^Koreksi:/ }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /^Anulir:/ }).count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Tambah', exact: true }).count(), 0);
    await context.close();
  });
});

const SCREENS: { path: string; id: string; en: string; notice?: RegExp }[] = [
  { path: 'master-points', id: 'Poin master', en: 'Master points' },
  { path: 'point-deductions', id: 'Pengurangan poin', en: 'Point deductions' },
  { path: 'injected-points', id: 'Riwayat injeksi poin', en: 'Injected points' },
  { path: 'point-ledger', id: 'Semua mutasi poin', en: 'All point movements' },
  { path: 'point-balances', id: 'Saldo poin per toko', en: 'Point balance per store' },
  {
    path: 'point-rules',
    id: 'Aturan transaksi poin',
    en: 'Point transaction rules',
    notice: /faktur yang disimpan setelah aturan diubah|invoices stored after they change/,
  },
  { path: 'point-max-customers', id: 'Maksimal poin per periode', en: 'Maximum points per period' },
  { path: 'point-promos', id: 'Poin promo', en: 'Promo points' },
  { path: 'points-tracking-report', id: 'Pelacakan poin', en: 'Points tracking' },
  { path: 'store-points-report', id: 'Laporan poin toko per periode', en: 'Store points report by period' },
  { path: 'customer-balance-report', id: 'Laporan saldo per wilayah', en: 'Balance report by region' },
];

describe('points screens', () => {
  for (const lang of ['id', 'en'] as const) {
    it(`should show every points screen with rows in ${lang === 'id' ? 'Indonesian' : 'English'}`, async () => {
      const { context, page } = await newPage(browser, { lang });
      await signIn(page, ADMIN, lang);
      for (const s of SCREENS) {
        await page.goto(`${BASE_URL}/#/${s.path}`);
        await page
          .getByRole('heading', { name: s[lang], level: 1, exact: true })
          .waitFor()
          .catch(async (e) => {
            await shot(page, `points-failed-${s.path}-${lang}`);
            throw e;
          });
        await tableRows(page).first().waitFor();
        await eventually(async () => assert.equal(await page.locator('[aria-busy="true"]').count(), 0));
        if (s.notice) assert.match(await page.getByTestId('resource-notice').innerText(), s.notice);
        await shot(page, `points-${s.path}-${lang}`);
      }
      // The forms of the rules, maximums, promo points and deductions.
      for (const path of ['point-rules', 'point-max-customers', 'point-promos', 'point-deductions']) {
        const title = SCREENS.find((s) => s.path === path)![lang];
        await page.goto(`${BASE_URL}/#/${path}/new`);
        // The crumb back to the list names this screen (the previous form may still be shown).
        await page.getByRole('main').getByRole('link', { name: title, exact: true }).waitFor();
        await page.locator('form').first().waitFor();
        await shot(page, `points-${path}-form-${lang}`);
      }
      await page.goto(`${BASE_URL}/#/injected-points/new`);
      await page.getByRole('tab').first().waitFor();
      await tableRows(page).first().waitFor();
      await shot(page, `points-inject-search-${lang}`);
      await context.close();
    });
  }

  it('should export the points tracking report to Excel', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    // This month only: the whole ledger would be a long download.
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(
      `${BASE_URL}/#/points-tracking-report?start_date=${today.slice(0, 8)}01&end_date=${today}`,
    );
    await tableRows(page).first().waitFor();
    await page.getByRole('button', { name: 'Ekspor' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /Excel/ }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^point_report-.*\.xlsx$/);
    await context.close();
  });
});
