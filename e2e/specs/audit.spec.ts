// The change history and saved views, against the real server: a salesman renamed in this test shows
// on its History with the name before and after; a list's saved view, saved in one browser, opens
// after signing in again in another.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, BASE_URL, choose, eventually, launch, newPage, shot, signIn, tableRows } from '../support';

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

const stamp = String(Date.now()).slice(-6);
const field = (p: Page, label: string) => p.getByRole('textbox', { name: label, exact: true });

describe('change history', () => {
  const name = `Sales Riwayat ${stamp}`;
  const renamed = `Sales Riwayat Baru ${stamp}`;

  it('shows a change made just now with its before and after', async () => {
    await page.goto(`${BASE_URL}/#/salesmen/new`);
    await field(page, 'Nama').fill(name);
    await field(page, 'Kode').fill(`SLS-AUD-${stamp}`);
    await choose(page, 'Cabang', /Cabang Bandung/);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name }).waitFor();
    await page.getByRole('link', { name: 'Ubah', exact: true }).click();
    await field(page, 'Nama').fill(renamed);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name: renamed }).waitFor();

    await page.getByRole('link', { name: 'Riwayat', exact: true }).click();
    await page.waitForURL(/audit-log\?entity=salesman&entity_id=\d+/);
    const rows = tableRows(page);
    await rows.first().waitFor();
    assert.equal(await rows.count(), 2);
    assert.match(await rows.nth(0).innerText(), /Diubah/);
    assert.match(await rows.nth(0).innerText(), /salesman_name/);
    assert.match(await rows.nth(1).innerText(), /Dibuat/);
    await shot(page, 'audit-list-id');

    await rows.nth(0).getByRole('link').first().click();
    const changes = page.getByTestId('audit-changes');
    await changes.waitFor();
    const text = await changes.innerText();
    assert.match(text, new RegExp(`Sebelum[\\s\\S]*${name}`));
    assert.match(text, new RegExp(renamed));
    // Changed fields only: the code stayed, so it is not listed.
    assert.doesNotMatch(text, /salesman_code/);
    await shot(page, 'audit-detail-id');
  });

  it('reads in English too', async () => {
    const { page: en, context } = await newPage(browser, { lang: 'en' });
    await signIn(en, ADMIN, 'en');
    await en.goto(`${BASE_URL}/#/audit-log?entity=salesman`);
    await tableRows(en).first().waitFor();
    await en.getByRole('heading', { name: 'Change history' }).waitFor();
    await shot(en, 'audit-list-en');
    await tableRows(en).first().getByRole('link').first().click();
    await en.getByTestId('audit-changes').waitFor();
    assert.match(await en.getByTestId('audit-changes').innerText(), /Before[\s\S]*After/);
    await shot(en, 'audit-detail-en');
    await context.close();
  });
});

describe('saved views', () => {
  const view = `Bandung ${stamp}`;

  it('opens a view saved in another browser after signing in again', async () => {
    await page.goto(`${BASE_URL}/#/salesmen?by=salesman_code&sort=desc`);
    await page.getByTestId('list-search').fill('Budi');
    await page.waitForURL(/search=Budi/);
    await page.getByRole('button', { name: 'Tampilan' }).click();
    await page.getByRole('menuitem', { name: 'Simpan tampilan ini…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Nama' }).fill(view);
    await shot(page, 'saved-view-save-id');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const { page: other, context } = await newPage(browser);
    await signIn(other, ADMIN);
    await other.goto(`${BASE_URL}/#/salesmen`);
    await tableRows(other).first().waitFor();
    assert.doesNotMatch(other.url(), /search=/);
    await other.getByRole('button', { name: 'Tampilan' }).click();
    await other.getByRole('menuitem', { name: view }).waitFor();
    await shot(other, 'saved-view-menu-id');
    await other.getByRole('menuitem', { name: view }).click();
    await other.waitForURL(/search=Budi/);
    assert.match(other.url(), /by=salesman_code/);
    assert.match(other.url(), /sort=desc/);
    await eventually(async () => assert.equal(await other.getByTestId('list-search').inputValue(), 'Budi'));
    await tableRows(other).filter({ hasText: 'Budi' }).first().waitFor();
    await context.close();

    const { page: en, context: enContext } = await newPage(browser, { lang: 'en' });
    await signIn(en, ADMIN, 'en');
    await en.goto(`${BASE_URL}/#/salesmen`);
    await en.getByRole('button', { name: 'Views' }).click();
    await en.getByRole('menuitem', { name: view }).waitFor();
    await shot(en, 'saved-view-menu-en');
    await enContext.close();
  });
});
