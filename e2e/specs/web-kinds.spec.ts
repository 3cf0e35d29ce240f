// The shared web pieces against the real server: the child-records editor on the product detail
// (an old price added in place and listed there; a refused save keeps the dialog filled), a
// default filter (point rules start with active ones; removing the filter survives a reload; reset
// brings it back), and the page kind (the point injection in the menu only for who may inject).
// Only data no other spec uses is changed (a new old price on the 2nd of the month).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  ADMIN,
  apiGetter,
  BASE_URL,
  BRANCH_USER,
  eventually,
  jakartaToday,
  LAPTOP,
  launch,
  newPage,
  nextList,
  productWithoutOldPrice,
  rowsOf,
  shot,
  signIn,
} from '../support';

let browser: Browser;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

type Item = { item_id: number; item_code: string; item_name: string };

describe('child records on a detail screen', () => {
  it('should add an old price in place on the product detail and list it there', async () => {
    const { context, page } = await newPage(browser, { viewport: LAPTOP });
    await signIn(page, ADMIN);
    const token = String(await page.evaluate(() => localStorage.getItem('token')));
    const apiGet = apiGetter(page, token);
    // The date picker below chooses the 2nd of the current month: a product without a price then.
    const second = `${jakartaToday().slice(0, 8)}02`;
    const item = await productWithoutOldPrice<Item>(apiGet, second, 'desc');
    assert.ok(item, 'a product without an old price on the 2nd of the month');

    // The detail lists the product's old prices, asked for by its id.
    const listed = await nextList(page, '/item_old_price/', { item_id: String(item.item_id) }, () =>
      page.goto(`${BASE_URL}/#/products/${item.item_id}`),
    );
    const before = rowsOf(listed.body).length;
    const section = page.getByTestId('children-item_old_price');
    await section.getByRole('heading', { name: 'Harga lama' }).waitFor();
    await page.getByTestId('children-item_uom_line').getByRole('table').waitFor();

    const price = 2000 + (Date.now() % 7000);
    const note = `Harga anak e2e ${Date.now() % 100000}`;
    const fill = async () => {
      const dialog = page.getByRole('dialog', { name: 'Tambah harga lama' });
      await dialog.waitFor();
      await dialog.getByRole('textbox', { name: 'Harga' }).fill(String(price));
      // A typed date (the field takes DD/MM/YYYY): the second of this month.
      const now = new Date();
      const typed = `02/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
      await dialog.getByRole('textbox', { name: 'Berlaku sejak' }).fill(typed);
      await dialog.getByRole('textbox', { name: 'Berlaku sejak' }).press('Tab');
      await dialog.getByRole('textbox', { name: 'Catatan' }).fill(note);
      return dialog;
    };
    await section.getByRole('button', { name: 'Tambah' }).click();
    const dialog = await fill();
    await shot(page, 'child-editor-dialog');
    const post = page.waitForResponse((r) => r.url().endsWith('/v1/api/item_old_price/add'));
    const relist = page.waitForResponse(
      (r) => r.url().includes('/v1/api/item_old_price/?') && r.request().method() === 'GET',
    );
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    const res = await post;
    assert.equal(res.status(), 201, await res.text());
    // The parent's id was filled in.
    assert.equal((res.request().postDataJSON() as { item_id: number }).item_id, item.item_id);
    const created = ((await res.json()) as { data: { id: number; effective_date: string } }).data;
    assert.equal(created.effective_date, second);
    await relist;
    await dialog.waitFor({ state: 'hidden' });
    await section.locator('tr', { hasText: note }).waitFor();
    await eventually(async () =>
      assert.equal(await section.locator('tbody tr').count(), Math.min(before + 1, 10)),
    );
    await page
      .getByText(/berhasil ditambahkan/)
      .first()
      .waitFor();
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'product-detail-children');

    // The same date again: the server refuses; the dialog stays open with what was typed.
    await section.getByRole('button', { name: 'Tambah' }).click();
    const again = await fill();
    const refused = page.waitForResponse((r) => r.url().endsWith('/v1/api/item_old_price/add'));
    await again.getByRole('button', { name: 'Simpan' }).click();
    assert.equal((await refused).status(), 409);
    await again
      .getByText(/sudah (dipakai|ada)/)
      .first()
      .waitFor();
    assert.equal(await again.getByRole('textbox', { name: 'Catatan' }).inputValue(), note);
    await shot(page, 'child-editor-conflict');
    await context.close();
  });
});

describe('filter defaults', () => {
  it('should list point rules active by default, let the filter go for good, and reset to it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    const first = await nextList(page, '/point_rules/', {}, () => page.goto(`${BASE_URL}/#/point-rules`));
    assert.equal(first.url.searchParams.get('active'), 'true');
    for (const r of rowsOf(first.body) as { active: boolean }[]) assert.equal(r.active, true);
    const status = page
      .getByRole('textbox', { name: 'Status', exact: true })
      .or(page.getByRole('combobox', { name: 'Status', exact: true }))
      .first();
    await eventually(async () => assert.equal(await status.inputValue(), 'Aktif'));
    await shot(page, 'filter-default');

    // Removed with the filter's own clear button: every rule, and the URL remembers it.
    const all = await nextList(page, '/point_rules/', {}, () =>
      status.locator('xpath=..').locator('button').click(),
    );
    assert.equal(all.url.searchParams.has('active'), false);
    assert.match(page.url(), /[?&]active=(&|$)/);
    await eventually(async () => assert.equal(await status.inputValue(), ''));
    const reloaded = await nextList(page, '/point_rules/', {}, () => page.reload());
    assert.equal(reloaded.url.searchParams.has('active'), false);
    await eventually(async () => assert.equal(await status.inputValue(), ''));

    // Reset goes back to where the list starts.
    const reset = await nextList(page, '/point_rules/', { active: 'true' }, () =>
      page.getByRole('button', { name: 'Kembali ke filter awal' }).click(),
    );
    assert.equal(reset.url.searchParams.get('active'), 'true');
    await eventually(async () => assert.equal(await status.inputValue(), 'Aktif'));
    await context.close();
  });
});

describe('pages', () => {
  it('should list the point injection page in the menu for who may inject, and refuse it to others', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN);
    const sidebar = admin.page.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: 'Injeksi poin', exact: true }).click();
    await admin.page.waitForURL(/#\/injected-points\/new$/);
    await admin.page.getByRole('tab').first().waitFor();
    // Crumbs run through the injected points list; the page, not the list, is marked in the menu.
    await admin.page
      .getByRole('main')
      .getByRole('link', { name: 'Riwayat injeksi poin', exact: true })
      .waitFor();
    assert.equal(
      await sidebar.getByRole('link', { name: 'Injeksi poin', exact: true }).getAttribute('data-active'),
      'true',
    );
    assert.equal(
      await sidebar
        .getByRole('link', { name: 'Riwayat injeksi poin', exact: true })
        .getAttribute('data-active'),
      null,
    );
    await shot(admin.page, 'page-kind-inject');
    await admin.context.close();

    const branch = await newPage(browser);
    await signIn(branch.page, BRANCH_USER);
    await branch.page
      .getByTestId('sidebar')
      .getByRole('link', { name: 'Riwayat injeksi poin', exact: true })
      .waitFor();
    assert.equal(
      await branch.page
        .getByTestId('sidebar')
        .getByRole('link', { name: 'Injeksi poin', exact: true })
        .count(),
      0,
    );
    await branch.page.goto(`${BASE_URL}/#/injected-points/new`);
    await branch.page.getByRole('heading', { name: 'Tidak ada akses' }).waitFor();
    await branch.context.close();
  });
});
