// Targets and uploads in the browser: import customer targets from an XLSX file through the import
// dialog, open the customer's year view and see target against achievement; upload a photo into a
// folder, see it in the folder's group view (thumbnail, lightbox) and in the upload report; the
// target category volume report's inline alert in both languages.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { APIRequestContext, Browser } from 'playwright-core';
import { ADMIN, BASE_URL, eventually, launch, newPage, shot, signIn } from '../support';

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
  await browser?.close();
});

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${API}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status(), 200, `${path} answered ${res.status()}`);
  return ((await res.json()) as { data: T }).data;
}

const idNum = (v: number) => new Intl.NumberFormat('id-ID').format(v);
const jakartaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());

describe('customer targets', () => {
  it('should import targets from an XLSX file and show target against achievement on the customer', async () => {
    const { context, page } = await newPage(browser);
    const year = Number(jakartaToday().slice(0, 4));
    // A store with invoices this year (the invoice list defaults to the current month).
    const invoices = await apiGet<{ customer_id: number }[]>(page.request, '/apps/sales_invoice/?limit=5');
    assert.ok(invoices.length > 0, 'the demo data has invoices this month');
    const customerId = invoices[0].customer_id;
    const detail = await apiGet<{ customer: { customer_code: string; customer_name: string } }>(
      page.request,
      `/web/customer/id/${customerId}`,
    );
    const code = detail.customer.customer_code;
    const months = Array.from(
      { length: 12 },
      (_, i) => 1_000_000 + i * 100_000 + Math.floor(Math.random() * 90) * 1000,
    );

    const dir = mkdtempSync(join(tmpdir(), 'lbo-e2e-targets-'));
    const file = join(dir, 'target-pelanggan.xlsx');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Target');
    // Indonesian month headers are aliases of the template's jan..dec.
    ws.addRow([
      'Kode Pelanggan',
      'Tahun',
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
    ]);
    ws.addRow([code, year, ...months]);
    await wb.xlsx.writeFile(file);

    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/customer-targets`);
    await page.getByRole('heading', { name: 'Target pelanggan', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Impor target' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('import-file').locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('1 baris dibaca dari target-pelanggan.xlsx').waitFor();
    await dialog.getByTestId('import-preview').getByText(code).waitFor();
    await shot(page, 'targets-import-dialog');
    await dialog.getByRole('button', { name: 'Periksa' }).click();
    await dialog.getByText('Sudah diperiksa', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Impor 1 baris' }).click();
    await dialog.getByText('Berhasil diimpor').waitFor();
    await shot(page, 'targets-import-done');
    await dialog.getByRole('button', { name: 'Tutup' }).first().click();

    const answer = await apiGet<{
      target_amount: number;
      actual_amount: number;
      months: { month: number; target_amount: number }[];
    }>(page.request, `/customer/target/year?customer_id=${customerId}&year=${year}`);
    assert.deepEqual(
      answer.months.map((m) => m.target_amount),
      months,
    );

    // The customer's page: the target periods tab, year view.
    await page.goto(`${BASE_URL}/#/customers/${customerId}`);
    await page.getByRole('tab', { name: 'Target periode' }).click();
    const view = page.getByTestId('customer-targets');
    await eventually(async () =>
      assert.equal(
        (await view.getByTestId('target-total').innerText()).replace(/\s/g, ''),
        `Rp${idNum(months.reduce((a, b) => a + b, 0))}`.replace(/\s/g, ''),
      ),
    );
    const actualText = (await view.getByTestId('actual-total').innerText()).replace(/\s/g, '');
    assert.equal(actualText, `Rp${idNum(answer.actual_amount)}`.replace(/\s/g, ''));
    const rows = view.getByTestId('target-table').locator('tbody tr');
    assert.equal(await rows.count(), 12);
    assert.match(await rows.first().innerText(), new RegExp(idNum(months[0]).replace(/\./g, '\\.')));
    await view.getByTestId('target-table').scrollIntoViewIfNeeded();
    await shot(page, 'targets-customer-year');
    // The quarter view: three months.
    await view.getByText('Kuartal', { exact: true }).click();
    await eventually(async () => assert.equal(await rows.count(), 3));
    await shot(page, 'targets-customer-quarter');
    rmSync(dir, { recursive: true, force: true });
    await context.close();
  });
});

describe('target category volume report', () => {
  it('should show the inline "data not found" alert in Indonesian and in English', async () => {
    for (const lang of ['id', 'en'] as const) {
      const { context, page } = await newPage(browser, { lang });
      await signIn(page, ADMIN, lang);
      await page.goto(`${BASE_URL}/#/target-category-volume`);
      await page.getByTestId('category-report').waitFor();
      await shot(page, `targets-category-volume-${lang}`);
      await page.getByRole('textbox', { name: lang === 'id' ? 'Toko' : 'Store' }).fill('TIDAK-ADA-TOKO-INI');
      const alert = page.getByTestId('report-empty');
      await alert.waitFor();
      assert.match(await alert.innerText(), lang === 'id' ? /Data tidak ditemukan/ : /Data not found/);
      await shot(page, `targets-category-volume-empty-${lang}`);
      if (lang === 'id') {
        await page.setViewportSize({ width: 390, height: 844 });
        await shot(page, 'targets-category-volume-mobile');
      }
      await context.close();
    }
  });
});

describe('upload folders', () => {
  it('should upload a photo into a folder and show it in the group view and the report', async () => {
    const { context, page } = await newPage(browser);
    const store = (await apiGet<{ customer_code: string; customer_name: string; branch_name: string }[]>(
      page.request,
      '/web/customer/?limit=1&by=customer_code&sort=asc',
    )) as unknown as {
      list_customer?: { customer_code: string; customer_name: string; branch_name: string }[];
    };
    const first = (store.list_customer ??
      (store as unknown as { customer_code: string; customer_name: string; branch_name: string }[]))[0];
    const name = `Foto E2E ${Date.now().toString(36)}`;
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/upload-folders/new`);
    await page.getByRole('textbox', { name: 'Nama folder' }).fill(name);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const folderUrl = page.url();

    // The photo: a PNG drawn in the page (a canvas), uploaded through the folder's upload form.
    const dir = mkdtempSync(join(tmpdir(), 'lbo-e2e-photo-'));
    const photo = join(dir, 'rak-toko.png');
    const png = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 900;
      c.height = 600;
      const g = c.getContext('2d') as CanvasRenderingContext2D;
      g.fillStyle = '#c05621';
      g.fillRect(0, 0, 900, 600);
      g.fillStyle = '#fff';
      g.fillRect(100, 100, 700, 80);
      return c.toDataURL('image/png').split(',')[1];
    });
    (await import('node:fs')).writeFileSync(photo, Buffer.from(png, 'base64'));
    await page.getByTestId('upload-group').waitFor();
    await shot(page, 'uploads-folder-new');
    const storeBox = page
      .getByRole('textbox', { name: 'Toko', exact: true })
      .or(page.getByRole('combobox', { name: 'Toko', exact: true }))
      .first();
    await storeBox.click();
    await storeBox.fill(first.customer_code);
    await page
      .getByRole('option', { name: new RegExp(first.customer_code) })
      .first()
      .click();
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByRole('button', { name: 'Unggah', exact: true }).click();
    await page.getByText('Foto terunggah.').waitFor();

    const card = page.getByTestId('upload-store').filter({ hasText: first.customer_code });
    await card.waitFor();
    const img = card.locator('img').first();
    await eventually(async () => {
      const src = await img.getAttribute('src');
      assert.match(String(src), /\/uploads\/store_photo_thumbs\/.+\.webp$/);
      assert.ok(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth > 0), 'the thumbnail loads');
    });
    assert.ok((await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)) <= 320);
    await shot(page, 'uploads-group-view');
    await card.getByRole('button').first().click();
    const lightbox = page.getByTestId('lightbox');
    await lightbox.waitFor();
    await eventually(async () =>
      assert.match(
        String(await lightbox.locator('img').getAttribute('src')),
        /\/uploads\/store_photos\/.+\.png$/,
      ),
    );
    await shot(page, 'uploads-lightbox');
    await page.keyboard.press('Escape');

    // The report: today's photos per branch include this one.
    await page.goto(`${BASE_URL}/#/upload-report`);
    const table = page.getByTestId('upload-report-table');
    await table.waitFor();
    const row = table.locator('tr', { hasText: first.branch_name });
    await eventually(async () => {
      const cells = await row.first().locator('td').allInnerTexts();
      assert.ok(
        Number(cells[3].replace(/\./g, '')) >= 1,
        `photos for ${first.branch_name}: ${cells.join(' | ')}`,
      );
    });
    await shot(page, 'uploads-report');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'uploads-report-mobile');
    await page.goto(folderUrl);
    await page.getByTestId('upload-store').first().scrollIntoViewIfNeeded();
    await shot(page, 'uploads-group-view-mobile');
    rmSync(dir, { recursive: true, force: true });
    await context.close();
  });

  it("should show the demo folders' photos as pictures, not broken images", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    // Folder 1 of the demo data ("Foto Display Toko"), with photos of many stores.
    type Group = { uploads: { file_url: string; thumbnail_url: string | null }[] }[];
    const group = await apiGet<Group>(page.request, '/upload/select/group?upload_folder_id=1');
    const urls = new Set(group.flatMap((g) => g.uploads.map((u) => u.thumbnail_url || u.file_url)));
    await page.goto(`${BASE_URL}/#/upload-folders/1`);
    const photos = page.getByTestId('upload-store').first().locator('img');
    await photos.first().waitFor();
    // Each shows its own picture: loaded, and not the screen's grey stand-in for a missing file.
    await eventually(async () => {
      const shown = await photos.evaluateAll((els) =>
        els.map((e) => ({ src: e.getAttribute('src') ?? '', width: (e as HTMLImageElement).naturalWidth })),
      );
      assert.ok(shown.length > 0, 'no photos');
      for (const p of shown) {
        assert.ok(urls.has(p.src), `a stand-in instead of the photo: ${p.src.slice(0, 80)}`);
        assert.ok(p.width > 0, 'a photo that does not load');
      }
    });
    await context.close();
  });
});
