// Branches (list, view, edit), salesmen and partners (list, view, add, edit) against the real server.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN,
  BASE_URL,
  checkListScreen,
  choose,
  eventually,
  launch,
  newPage,
  shot,
  signIn,
  tableRows,
} from '../support';

let browser: Browser;
let page: Page;
before(async () => {
  browser = await launch();
  page = (await newPage(browser)).page;
  await signIn(page, ADMIN);
});
after(async () => {
  await browser?.close();
});

const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
const detailValue = (label: string) =>
  page
    .locator('dl div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`, 'i') }) })
    .locator('dd');

describe('branches', () => {
  let csv = '';
  it('should list, page, sort and search', async () => {
    await checkListScreen(page, {
      path: 'branches',
      apiPath: '/web/branch/',
      sort: { column: 'code', by: 'code' },
      search: { term: 'Bekasi', field: 'name' },
      shotName: 'branches-list',
    });
  });

  it('should export the current filter to CSV and Excel', async () => {
    await page.goto(`${BASE_URL}/#/branches?region_group_id=1`);
    await tableRows(page).first().waitFor();
    // The filtered list's total, then the export, streamed from the server with the same filter.
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const listed = await page.request.get(`${BASE_URL}/v1/api/web/branch/?region_group_id=1&limit=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await listed.json()) as { meta: { total_data: number } };
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ekspor' }).click();
    await page.getByRole('menuitem', { name: /CSV/ }).click();
    csv = readFileSync(await (await download).path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    assert.equal(lines.length - 1, body.meta.total_data, 'one line per row of the filter');
    assert.ok(body.meta.total_data < 13, 'the filter narrowed the export');
    const xlsx = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ekspor' }).click();
    await page.getByRole('menuitem', { name: /Excel/ }).click();
    const dl = await xlsx;
    assert.match(dl.suggestedFilename(), /^branch-.*\.xlsx$/);
    assert.equal(
      readFileSync(await dl.path())
        .subarray(0, 2)
        .toString(),
      'PK',
    );
  });

  it('should show a branch and save an edit', async () => {
    await page.goto(`${BASE_URL}/#/branches?search=Bogor`);
    await tableRows(page).first().getByRole('link', { name: 'Cabang Bogor', exact: true }).click();
    await page.getByRole('heading', { name: 'Cabang Bogor', level: 1 }).waitFor();
    await detailValue('Kota').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Hapus' }).count(), 0, 'branches cannot be deleted');
    await shot(page, 'branch-detail');
    await page.getByRole('link', { name: 'Ubah' }).click();
    await field('Telepon').waitFor();
    const phone = `0251-${String(Date.now()).slice(-7)}`;
    await field('Telepon').fill(phone);
    await shot(page, 'branch-edit');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name: 'Cabang Bogor', level: 1 }).waitFor();
    await eventually(async () => assert.equal((await detailValue('Telepon').innerText()).trim(), phone));
    await page.getByText('“Cabang Bogor” berhasil disimpan.').waitFor();
  });
});

describe('salesmen', () => {
  const stamp = String(Date.now()).slice(-6);
  const name = `Budi Uji ${stamp}`;
  const renamed = `Budi Uji Ubah ${stamp}`;

  it('should list, page, sort and search', async () => {
    await checkListScreen(page, {
      path: 'salesmen',
      apiPath: '/web/salesman/',
      sort: { column: 'salesman_code', by: 'salesman_code' },
      search: { term: 'Agus', field: 'salesman_name' },
      shotName: 'salesmen-list',
    });
  });

  it('should refuse an empty form with messages next to the fields', async () => {
    await page.goto(`${BASE_URL}/#/salesmen`);
    await page.getByRole('link', { name: 'Tambah' }).click();
    await page.getByRole('heading', { name: 'Tambah salesman' }).waitFor();
    await field('Kode').fill('kode salah!');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Kolom ini wajib diisi').first().waitFor();
    assert.ok((await page.getByText('Kolom ini wajib diisi').count()) >= 2);
    await page.getByText('Gunakan huruf, angka, dan . _ / - saja').waitFor();
    await shot(page, 'salesman-form-invalid');
  });

  it('should add a salesman and show it in the list', async () => {
    await page.goto(`${BASE_URL}/#/salesmen/new`);
    await field('Nama').fill(name);
    await field('Kode').fill(`SLS-UJI-${stamp}`);
    await choose(page, 'Cabang', /Cabang Bandung/);
    await choose(page, 'Jenis salesman', /./);
    await field('Telepon').fill('0812-1111-2222');
    await field('E-mail').fill(`budi.${stamp}@example.com`);
    await shot(page, 'salesman-form-filled');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText(`“${name}” berhasil ditambahkan.`).waitFor();
    await shot(page, 'salesman-detail');
    await page.goto(`${BASE_URL}/#/salesmen`);
    await page.getByTestId('list-search').fill(name);
    const row = tableRows(page).filter({ hasText: name });
    await row.waitFor();
    assert.match(await row.innerText(), /Cabang Bandung/);
  });

  it('should refuse a duplicate code and keep what was typed', async () => {
    await page.goto(`${BASE_URL}/#/salesmen/new`);
    await field('Nama').fill('Duplikat');
    await field('Kode').fill(`SLS-UJI-${stamp}`);
    await choose(page, 'Cabang', /Cabang Bandung/);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('alert').filter({ hasText: 'Perubahan tidak tersimpan' }).waitFor();
    assert.equal(await field('Nama').inputValue(), 'Duplikat');
    assert.equal(await field('Kode').inputValue(), `SLS-UJI-${stamp}`);
    assert.equal(await page.getByRole('button', { name: 'Simpan' }).isEnabled(), true);
    await shot(page, 'salesman-form-conflict');
  });

  it('should edit the salesman and show the change in the list', async () => {
    await page.goto(`${BASE_URL}/#/salesmen?search=${encodeURIComponent(name)}`);
    await tableRows(page)
      .filter({ hasText: name })
      .getByRole('link', { name: `Ubah: ${name}` })
      .click();
    await field('Nama').waitFor();
    assert.equal(await field('Nama').inputValue(), name);
    await field('Nama').fill(renamed);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name: renamed, level: 1 }).waitFor();
    await page.goto(`${BASE_URL}/#/salesmen`);
    await page.getByTestId('list-search').fill(renamed);
    await tableRows(page).filter({ hasText: renamed }).waitFor();
  });
});

describe('partners', () => {
  const stamp = String(Date.now()).slice(-6);
  const name = `PT Mitra Uji ${stamp}`;

  it('should list, page, sort and search', async () => {
    await checkListScreen(page, {
      path: 'partners',
      apiPath: '/web/partner/',
      limit: 5,
      sort: { column: 'partner_code', by: 'partner_code' },
      search: { term: 'Maju', field: 'partner_name' },
      shotName: 'partners-list',
    });
  });

  it('should add, view and edit a partner', async () => {
    await page.goto(`${BASE_URL}/#/partners/new`);
    await field('Nama').fill(name);
    await field('Kode').fill(`PRT-U${stamp}`);
    await field('Narahubung').fill('Sari');
    await choose(page, 'Cabang', /Cabang Bekasi/);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    assert.equal((await detailValue('Cabang').innerText()).trim(), 'Cabang Bekasi');
    await shot(page, 'partner-detail');
    await page.getByRole('link', { name: 'Ubah' }).click();
    await field('Narahubung').fill('Sari Dewi');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await eventually(async () =>
      assert.equal((await detailValue('Narahubung').innerText()).trim(), 'Sari Dewi'),
    );
    await page.goto(`${BASE_URL}/#/partners?search=${encodeURIComponent(name)}`);
    await tableRows(page).filter({ hasText: 'Sari Dewi' }).waitFor();
  });
});
