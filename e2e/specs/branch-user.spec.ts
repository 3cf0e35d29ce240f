// The branch user (two branches, view-only except customers, no deletes) sees only its branches
// and no add, edit or delete buttons on these screens.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  BASE_URL,
  BRANCH_USER,
  launch,
  newPage,
  nextList,
  rowsOf,
  shot,
  signIn,
  tableRows,
} from '../support';

let browser: Browser;
let page: Page;
before(async () => {
  browser = await launch();
  page = (await newPage(browser)).page;
  await signIn(page, BRANCH_USER);
});
after(async () => {
  await browser?.close();
});

const actionButtons = () => page.getByRole('button', { name: /^Hapus: / });

describe('branch user', () => {
  it('should see its two branches only', async () => {
    await page.getByText('2 cabang', { exact: false }).waitFor();
    await shot(page, 'branch-user-home');
    const { body } = await nextList(page, '/web/branch/', {}, () => page.goto(`${BASE_URL}/#/branches`));
    assert.equal(body.meta.total_data, 2);
    await tableRows(page).nth(1).waitFor();
    const names = (await tableRows(page).allInnerTexts()).map((t) => t.split('\t')[0].trim()).sort();
    assert.deepEqual(names, ['Cabang Bandung', 'Cabang Bekasi']);
    assert.equal(await page.getByRole('link', { name: /^Ubah: / }).count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Tambah' }).count(), 0);
    await shot(page, 'branch-user-branches');
  });

  it('should see only salesmen of its branches, without add, edit or delete', async () => {
    const { body } = await nextList(page, '/web/salesman/', { page: '1' }, () =>
      page.goto(`${BASE_URL}/#/salesmen?limit=100`),
    );
    const branches = new Set(rowsOf(body).map((r) => r.branch_name));
    assert.deepEqual([...branches].sort(), ['Cabang Bandung', 'Cabang Bekasi']);
    await tableRows(page).first().waitFor();
    assert.equal(await page.getByRole('link', { name: /^Ubah: / }).count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Tambah' }).count(), 0);
    assert.equal(await actionButtons().count(), 0);
    await page.goto(`${BASE_URL}/#/salesmen/new`);
    await page.getByRole('heading', { name: 'Tidak ada akses' }).waitFor();
  });

  it('should have no delete buttons on the staff screens', async () => {
    for (const path of ['staff-users', 'roles', 'role-groups', 'partners']) {
      await page.goto(`${BASE_URL}/#/${path}`);
      await tableRows(page).first().waitFor();
      assert.equal(await actionButtons().count(), 0, `${path} shows a delete button`);
      assert.equal(await page.getByRole('link', { name: 'Tambah' }).count(), 0, `${path} shows Add`);
      await page
        .getByRole('link', { name: /^Lihat: / })
        .first()
        .click();
      await page.getByRole('link', { name: 'Kembali ke daftar' }).waitFor();
      assert.equal(
        await page.getByRole('button', { name: 'Hapus' }).count(),
        0,
        `${path} detail shows Delete`,
      );
      assert.equal(await page.getByRole('link', { name: 'Ubah' }).count(), 0, `${path} detail shows Edit`);
    }
    await shot(page, 'branch-user-detail');
  });
});
