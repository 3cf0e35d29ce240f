// Staff users, roles and role groups: list, search, page, sort, add, edit, view, delete.
import assert from 'node:assert/strict';
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
const stamp = String(Date.now()).slice(-6);

describe('staff users', () => {
  it('should list, page, sort and search', async () => {
    await checkListScreen(page, {
      path: 'staff-users',
      apiPath: '/web/_user/',
      listKey: 'list_role_group',
      limit: 2,
      sort: { column: 'email', by: 'email' },
      search: { term: 'Cabang', field: 'name' },
      shotName: 'staff-users-list',
    });
  });

  it('should add a staff user with a role group and branches, then give every branch', async () => {
    const name = `Pengguna Uji ${stamp}`;
    await page.goto(`${BASE_URL}/#/staff-users/new`);
    await field('Nama').fill(name);
    await field('E-mail').fill(`pengguna.${stamp}@example.com`);
    await page.getByRole('textbox', { name: 'Kata sandi', exact: true }).fill('rahasia123');
    await choose(page, 'Grup peran', 'Branch Staff');
    await page.getByRole('combobox', { name: 'Cabang', exact: true }).click();
    await page.getByRole('option', { name: /Cabang Bandung/ }).click();
    await page.getByRole('option', { name: /Cabang Malang/ }).click();
    await page.keyboard.press('Escape');
    await shot(page, 'staff-user-form');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await eventually(async () =>
      assert.match(
        await detailValue('Cabang').innerText(),
        /Cabang Bandung.*Cabang Malang|Cabang Malang.*Cabang Bandung/s,
      ),
    );
    assert.equal((await detailValue('Grup peran').innerText()).trim(), 'Branch Staff');
    await shot(page, 'staff-user-detail');
    await page.getByRole('link', { name: 'Ubah' }).click();
    await page.getByRole('switch', { name: 'Akses ke semua cabang' }).check({ force: true });
    assert.equal(
      await page.getByRole('textbox', { name: 'Cabang' }).count(),
      0,
      'the branch list hides with every branch',
    );
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await eventually(async () =>
      assert.equal((await detailValue('Akses ke semua cabang').innerText()).trim().toLowerCase(), 'ya'),
    );
  });
});

describe('roles', () => {
  it('should list, page, sort and search', async () => {
    await checkListScreen(page, {
      path: 'roles',
      apiPath: '/web/user_role/',
      listKey: 'list_role_group',
      sort: { column: 'name', by: 'name' },
      search: { term: 'Coupon', field: 'name' },
      shotName: 'roles-list',
    });
  });

  it('should add and edit a role', async () => {
    const name = `Peran Uji ${stamp}`;
    await page.goto(`${BASE_URL}/#/roles/new`);
    await field('Nama').fill(name);
    await choose(page, 'Area', 'Kupon');
    await page.getByRole('switch', { name: 'Boleh menambah' }).check({ force: true });
    await shot(page, 'role-form');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    assert.equal((await detailValue('Area').innerText()).trim(), 'Kupon');
    await page.getByRole('link', { name: 'Ubah' }).click();
    await page.getByRole('switch', { name: 'Boleh mengubah' }).check({ force: true });
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await eventually(async () =>
      assert.match(await detailValue('Izin').innerText(), /Lihat.*Tambah.*Ubah/is),
    );
    await shot(page, 'role-detail');
  });
});

describe('role groups', () => {
  const name = `Grup Uji ${stamp}`;

  it('should list, page, sort and search', async () => {
    await checkListScreen(page, {
      path: 'role-groups',
      apiPath: '/web/role_group/',
      listKey: 'list_role_group',
      limit: 1,
      sort: { column: 'name', by: 'name' },
      search: { term: 'Admin', field: 'name' },
      shotName: 'role-groups-list',
    });
  });

  it('should add a role group from a checklist of roles, then edit it', async () => {
    await page.goto(`${BASE_URL}/#/role-groups/new`);
    await field('Nama').fill(name);
    await page.getByRole('textbox', { name: 'Keterangan' }).fill('Dibuat oleh uji end-to-end');
    await page
      .getByRole('checkbox', { name: /^Coupon – view/ })
      .first()
      .check();
    await page
      .getByRole('checkbox', { name: /^Customer – edit/ })
      .first()
      .check();
    await page.getByText('2 dari').waitFor();
    await shot(page, 'role-group-form');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await eventually(async () => assert.match(await detailValue('Peran').innerText(), /Coupon – view/));
    await shot(page, 'role-group-detail');
    await page.getByRole('link', { name: 'Ubah' }).click();
    await page
      .getByRole('checkbox', { name: /^Customer – edit/ })
      .first()
      .uncheck();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await eventually(async () =>
      assert.doesNotMatch(await detailValue('Peran').innerText(), /Customer – edit/),
    );
  });

  it('should delete the role group only after confirming', async () => {
    await page.goto(`${BASE_URL}/#/role-groups?search=${encodeURIComponent(name)}`);
    const row = tableRows(page).filter({ hasText: name });
    await row.waitFor();
    await row.getByRole('button', { name: `Hapus: ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`“${name}” akan dihapus.`, { exact: false }).waitFor();
    await shot(page, 'role-group-delete-confirm');
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await row.count(), 1, 'cancelling keeps the row');
    await row.getByRole('button', { name: `Hapus: ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await page.getByText(`“${name}” berhasil dihapus.`).waitFor();
    await eventually(async () => assert.equal(await tableRows(page).filter({ hasText: name }).count(), 0));
    await page.getByText('Tidak ada data yang cocok').waitFor();
    await shot(page, 'role-groups-empty-search');
  });
});
