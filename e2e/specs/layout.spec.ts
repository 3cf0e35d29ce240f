// The signed-in layout: sidebar by role, hiding and showing it, header, breadcrumbs, language,
// laptop and tablet widths.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, BASE_URL, eventually, launch, newPage, shot, signIn, TABLET, tableRows } from '../support';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** SPEC.md section 1's groups, as the Indonesian sidebar shows them. */
const SPEC_GROUPS_ID = [
  'DASBOR',
  'DATA MASTER',
  'LOYALITAS',
  'PROMOSI & KONTEN',
  'TARGET',
  'PESANAN & FAKTUR',
  'UNGGAHAN',
  'LAPORAN',
  'STAF & AKSES',
];

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe('layout', () => {
  it('should show the menu groups the role allows, with the sidebar visible at start', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    const nav = page.getByRole('navigation', { name: 'Menu utama' });
    await nav.waitFor();
    // Groups appear in SPEC.md's order (more join them as later areas are registered).
    const headings = await nav.getByRole('heading').allInnerTexts();
    const order = SPEC_GROUPS_ID.filter((g) => headings.includes(g));
    assert.deepEqual(headings, order, `menu groups out of order: ${headings.join(', ')}`);
    for (const g of ['DATA MASTER', 'STAF & AKSES']) assert.ok(headings.includes(g), `missing group ${g}`);
    const links = (await nav.getByRole('link').allInnerTexts()).map((l) => l.trim());
    assert.equal(links[0], 'Beranda');
    for (const l of ['Cabang', 'Salesman', 'Mitra', 'Pengguna staf', 'Peran', 'Grup peran']) {
      assert.ok(links.includes(l), `missing menu entry ${l}`);
    }
    assert.ok(links.indexOf('Mitra') < links.indexOf('Pengguna staf'), 'master data comes before staff');
    await nav.getByRole('link', { name: 'Salesman' }).click();
    await tableRows(page).first().waitFor();
    const crumbs = await page.getByLabel('Posisi Anda').innerText();
    assert.match(crumbs.replace(/\s+/g, ' '), /Beranda \/ Data master \/ Salesman/);
    assert.ok(await noHorizontalScroll(page));
    await context.close();
  });

  it('should hide and show the sidebar', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    const sidebar = page.getByTestId('sidebar');
    await page.goto(`${BASE_URL}/#/branches`);
    await tableRows(page).first().waitFor();
    assert.equal(await sidebar.isVisible(), true);
    const mainLeft = () =>
      page.locator('main').evaluate((m) => (m.firstElementChild as HTMLElement).getBoundingClientRect().left);
    const withSidebar = await mainLeft();
    await shot(page, 'layout-sidebar-shown');
    await page.getByRole('button', { name: 'Sembunyikan menu' }).click();
    await eventually(async () => assert.equal(await sidebar.isVisible(), false));
    await eventually(async () => assert.ok((await mainLeft()) < withSidebar - 100));
    await shot(page, 'layout-sidebar-hidden');
    await page.getByRole('button', { name: 'Tampilkan menu' }).click();
    await eventually(async () => assert.equal(await sidebar.isVisible(), true));
    await eventually(async () => assert.equal(await mainLeft(), withSidebar));
    await context.close();
  });

  it('should change the labels when the language is switched, and keep the choice', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/branches`);
    await tableRows(page).first().waitFor();
    await page
      .getByRole('columnheader', { name: 'Nama' })
      .or(page.locator('th', { hasText: 'Nama' }))
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('heading', { name: 'Branches', level: 1 }).waitFor();
    await page.locator('th', { hasText: 'Region group' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const headings = await nav.getByRole('heading').allInnerTexts();
    assert.ok(headings.includes('MASTER DATA') && headings.includes('STAFF & ACCESS'), headings.join(', '));
    assert.equal(await page.getByRole('button', { name: 'Sign out' }).count(), 1);
    await shot(page, 'branches-list-en');
    await page.reload();
    await page.getByRole('heading', { name: 'Branches', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'ID', exact: true }).click();
    await page.getByRole('heading', { name: 'Cabang', level: 1 }).waitFor();
    await context.close();
  });

  it('should work on a tablet', async () => {
    const { context, page } = await newPage(browser, { viewport: TABLET });
    await signIn(page, ADMIN);
    await shot(page, 'tablet-home');
    assert.equal(await page.getByTestId('sidebar').isVisible(), true);
    for (const path of ['salesmen', 'staff-users']) {
      await page.goto(`${BASE_URL}/#/${path}`);
      await tableRows(page).first().waitFor();
      assert.ok(await noHorizontalScroll(page), `${path} scrolls sideways on a tablet`);
      await shot(page, `tablet-${path}`);
    }
    await page.goto(`${BASE_URL}/#/salesmen/new`);
    await page.getByRole('button', { name: 'Simpan' }).waitFor();
    assert.ok(await noHorizontalScroll(page));
    await shot(page, 'tablet-salesman-form');
    await context.close();
  });
});
