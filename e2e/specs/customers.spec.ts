// Customer screens against the real server: the list filtered by branch and search, a customer's
// targets and achievements, a bulk class_mekar edit of three selected customers (checked through
// the API and the customer log, then undone), the edit form with a photo, the maximum-point view,
// the customer report with its export, the customer log and the last-seen list, in both languages.
// Each test finds its own customers (by a branch no other spec names and stable sorting) and puts
// back what it changes, so the order of tests and spec files is free.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN,
  BASE_URL,
  choose,
  eventually,
  launch,
  newPage,
  nextList,
  rowsOf,
  shot,
  signIn,
  tableRows,
} from '../support';

const API = `${BASE_URL}/v1/api`;
let browser: Browser;
let page: Page;
let token = '';

type Customer = {
  customer_id: number;
  customer_code: string;
  customer_name: string;
  branch_id: number;
  branch_name: string;
  owner_name: string;
  phone_number: string;
  note: string;
  photo_url: string;
  class_mekar: boolean;
  monthly_max_point: number | null;
};
type Detail = {
  customer: Customer;
  customer_target: { month: number; target_amount: number }[];
  customer_achievement: { month: number; target_amount: number | null; actual_amount: number }[];
  salesman_visit: { id: number }[];
};

before(async () => {
  browser = await launch();
  page = (await newPage(browser)).page;
  await signIn(page, ADMIN);
  token = String(await page.evaluate(() => localStorage.getItem('token')));
});
after(async () => {
  await browser?.close();
});

async function api<T>(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<T> {
  const res = await page.request.fetch(`${API}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  assert.equal(res.status(), 200, `${method} ${path} answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

async function branchId(name: string): Promise<number> {
  const branches = await api<{ branch_id: number; name: string }[]>('GET', '/web/branch/select');
  const b = branches.find((x) => x.name === name);
  assert.ok(b, `branch ${name}`);
  return b.branch_id;
}

/** A small PNG (solid colour), made here so the test needs no fixture file. */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const idNum = (n: number) => new Intl.NumberFormat('id-ID').format(n);
const rowOf = (code: string) => tableRows(page).filter({ hasText: code }).first();

describe('customer list', () => {
  it('should filter by branch and search, and by an exact phone number', async () => {
    const bandung = await branchId('Cabang Bandung');
    await nextList(page, '/web/customer/', { page: '1' }, () => page.goto(`${BASE_URL}/#/customers`));
    await tableRows(page).first().waitFor();
    await shot(page, 'customers-list');

    const byBranch = await nextList(page, '/web/customer/', { branch_id: String(bandung) }, () =>
      choose(page, 'Cabang', /Cabang Bandung/),
    );
    const inBranch = rowsOf(byBranch.body, 'list_customer') as Customer[];
    assert.ok(inBranch.length > 0);
    for (const r of inBranch) assert.equal(r.branch_id, bandung);
    assert.ok(byBranch.body.meta.total_data < 2000, 'the branch narrows the list');

    const found = await nextList(
      page,
      '/web/customer/',
      { branch_id: String(bandung), search: 'warung' },
      () => page.getByTestId('list-search').fill('warung'),
    );
    const hits = rowsOf(found.body, 'list_customer') as Customer[];
    assert.ok(hits.length > 0, 'search found nothing');
    for (const h of hits) {
      assert.equal(h.branch_id, bandung);
      assert.match(`${h.customer_name} ${h.customer_code} ${h.owner_name}`, /warung/i);
    }
    await eventually(async () => assert.equal(await tableRows(page).count(), hits.length));
    for (const text of await tableRows(page).allInnerTexts()) assert.match(text, /Cabang Bandung/);
    assert.match(page.url(), /branch_id=\d+/);
    assert.match(page.url(), /search=warung/);
    await shot(page, 'customers-filtered');

    // The secondary filters open on demand; the phone number matches exactly.
    await page.getByRole('button', { name: /Filter lainnya/ }).click();
    const phone = hits[0].phone_number;
    const byPhone = await nextList(page, '/web/customer/', { phone_number: phone }, async () => {
      await page.getByRole('textbox', { name: 'Telepon', exact: true }).fill(phone);
      await page.keyboard.press('Enter');
    });
    const phoneRows = rowsOf(byPhone.body, 'list_customer') as Customer[];
    assert.ok(phoneRows.length >= 1);
    for (const r of phoneRows) assert.equal(r.phone_number, phone);
    await shot(page, 'customers-more-filters');
  });
});

describe('customer detail', () => {
  it('should show the targets and achievements per month with a chart, and the visits', async () => {
    const list = await api<{ list_customer: Customer[] }>(
      'GET',
      '/web/customer/?limit=30&by=customer_code&sort=asc',
    );
    let picked: Detail | null = null;
    for (const c of list.list_customer) {
      const d = await api<Detail>('GET', `/web/customer/id/${c.customer_id}`);
      if (d.customer_target.length > 0 && d.customer_achievement.some((a) => a.actual_amount > 0)) {
        picked = d;
        break;
      }
    }
    assert.ok(picked, 'a demo customer with targets and turnover');
    const { customer } = picked;

    // From the list to the detail through the row link.
    await nextList(page, '/web/customer/', { search: customer.customer_code }, () =>
      page.goto(`${BASE_URL}/#/customers?search=${customer.customer_code}`),
    );
    await rowOf(customer.customer_code).getByRole('link').first().click();
    await page.getByRole('heading', { name: customer.customer_name, level: 1 }).waitFor();

    const table = page.getByTestId('achievement-table');
    await table.waitFor();
    assert.equal(await table.locator('tbody tr').count(), 12, 'one row per month');
    const withTarget = picked.customer_achievement.find((a) => a.target_amount !== null)!;
    const rowText = await table
      .locator('tbody tr')
      .nth(withTarget.month - 1)
      .innerText();
    assert.ok(rowText.includes(idNum(withTarget.target_amount!)), `target in ${rowText}`);
    const withTurnover = picked.customer_achievement.find((a) => a.actual_amount > 0)!;
    const turnoverRow = await table
      .locator('tbody tr')
      .nth(withTurnover.month - 1)
      .innerText();
    assert.ok(
      turnoverRow.includes(idNum(Math.round(withTurnover.actual_amount))),
      `actual in ${turnoverRow}`,
    );
    // The chart draws the achieved bars and the target line.
    const chart = page.getByTestId('achievement-chart');
    await eventually(async () => assert.ok((await chart.locator('.recharts-bar-rectangle').count()) > 0));
    assert.ok((await chart.locator('.recharts-line').count()) > 0);
    const top = () => page.getByText('Target dan pencapaian').evaluate((el) => el.scrollIntoView());
    await top();
    await shot(page, 'customer-detail-targets');

    await page.getByRole('tab', { name: /Kunjungan salesman/ }).click();
    if (picked.salesman_visit.length > 0) {
      await eventually(async () =>
        assert.equal(
          await page.getByTestId('visit-table').locator('tbody tr').count(),
          picked.salesman_visit.length,
        ),
      );
    } else {
      await page.getByText('Belum ada kunjungan salesman tahun ini.').waitFor();
    }
    await top();
    await shot(page, 'customer-detail-visits');
    await page.getByRole('tab', { name: 'Aktivitas aplikasi' }).click();
    await page.waitForTimeout(300);
    await top();
    await shot(page, 'customer-detail-activity');

    // The same screen in English.
    const en = await newPage(browser, { lang: 'en' });
    await signIn(en.page, ADMIN, 'en');
    await en.page.goto(`${BASE_URL}/#/customers/${customer.customer_id}`);
    await en.page.getByRole('heading', { name: 'Targets and achievements' }).waitFor();
    await en.page.getByTestId('achievement-table').getByText('Achieved').waitFor();
    await en.page.getByText('Targets and achievements').evaluate((el) => el.scrollIntoView());
    await shot(en.page, 'customer-detail-en');
    await en.context.close();
  });
});

describe('bulk edits', () => {
  it('should set class_mekar on three selected customers, log it, and show it', async () => {
    const malang = await branchId('Cabang Malang');
    const url = `${BASE_URL}/#/customers?branch_id=${malang}&class_mekar=false&by=customer_code&sort=asc`;
    const first = await nextList(
      page,
      '/web/customer/',
      { branch_id: String(malang), class_mekar: 'false' },
      () => page.goto(url),
    );
    const three = (rowsOf(first.body, 'list_customer') as Customer[]).slice(0, 3);
    assert.equal(three.length, 3);
    const ids = three.map((c) => c.customer_id);
    try {
      await rowOf(three[0].customer_code).waitFor();
      for (const c of three) await rowOf(c.customer_code).getByRole('checkbox').check();
      await page.getByTestId('bulk-bar').getByText('3 baris dipilih').waitFor();
      await shot(page, 'customers-selected');

      await page.getByTestId('bulk-bar').getByRole('button', { name: 'Kelas Mekar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tanda Kelas Mekar' });
      await dialog.waitFor();
      await shot(page, 'customers-bulk-class-mekar');
      const put = page.waitForResponse(
        (r) =>
          r.url().endsWith('/v1/api/web/customer/edit/bulk/class_mekar') && r.request().method() === 'PUT',
      );
      // The list reloads after the edit (the three no longer match class_mekar=false).
      const reload = page.waitForResponse(
        (r) => r.url().includes('/v1/api/web/customer/?') && r.request().method() === 'GET',
      );
      await dialog.getByRole('button', { name: 'Terapkan ke 3 pelanggan' }).click();
      const res = await put;
      assert.equal(res.status(), 200);
      assert.deepEqual(res.request().postDataJSON(), { customer_ids: ids, class_mekar: true });
      assert.deepEqual(
        ((await res.json()) as { data: { customer_ids: number[] } }).data.customer_ids.sort(),
        [...ids].sort(),
      );
      await page.getByText('3 pelanggan diperbarui.').waitFor();
      await reload;
      await dialog.waitFor({ state: 'hidden' });
      for (const c of three) await rowOf(c.customer_code).waitFor({ state: 'detached' });
      // The selection stays for the next bulk edit, until it is cleared.
      await page.getByTestId('bulk-bar').getByText('3 baris dipilih').waitFor();
      await page.getByTestId('bulk-bar').getByRole('button', { name: 'Batalkan pilihan' }).click();
      await page.getByTestId('bulk-bar').getByText('Centang baris untuk aksi massal:').waitFor();

      // Through the API, and in the detail screen.
      for (const id of ids) {
        const d = await api<Detail>('GET', `/web/customer/id/${id}`);
        assert.equal(d.customer.class_mekar, true, `customer ${id}`);
      }
      await page.goto(`${BASE_URL}/#/customers/${ids[0]}`);
      await page.locator('dd').getByText('Mekar', { exact: true }).waitFor();

      // The customer log names each change.
      const log = await nextList(page, '/customer_log/', { action: 'bulk_class_mekar' }, () =>
        page.goto(`${BASE_URL}/#/customer-log?action=bulk_class_mekar`),
      );
      const logged = rowsOf(log.body) as { customer_id: number }[];
      for (const id of ids)
        assert.ok(
          logged.some((l) => l.customer_id === id),
          `log of ${id}`,
        );
      await tableRows(page).filter({ hasText: three[0].customer_code }).first().waitFor();
      await shot(page, 'customer-log');
    } finally {
      await api('PUT', '/web/customer/edit/bulk/class_mekar', { customer_ids: ids, class_mekar: false });
    }
  });

  it('should keep the dialog and what was typed while the input is not acceptable', async () => {
    const malang = await branchId('Cabang Malang');
    await nextList(page, '/web/customer/', { branch_id: String(malang) }, () =>
      page.goto(`${BASE_URL}/#/customers?branch_id=${malang}&by=customer_code&sort=desc`),
    );
    await tableRows(page).nth(1).getByRole('checkbox').check();
    await tableRows(page).nth(2).getByRole('checkbox').check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Catatan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Catatan untuk pelanggan terpilih' });
    const box = dialog.getByRole('textbox', { name: 'Catatan' });
    await box.fill('x'.repeat(1001));
    await dialog.getByText('Maksimal 1000 karakter').first().waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Terapkan ke 2 pelanggan' }).isDisabled(), true);
    await shot(page, 'customers-bulk-note-invalid');
    // Cancelling sends nothing and keeps the selection.
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await page.getByTestId('bulk-bar').getByText('2 baris dipilih').waitFor();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Batalkan pilihan' }).click();
    await page.getByTestId('bulk-bar').getByText('Centang baris untuk aksi massal:').waitFor();
  });
});

describe('customer edit', () => {
  it('should save the form with a new photo sent as multipart, and show both', async () => {
    const sda = await branchId('Cabang Sidoarjo');
    const list = await api<{ list_customer: Customer[] }>(
      'GET',
      `/web/customer/?branch_id=${sda}&by=customer_code&sort=desc&limit=1`,
    );
    const c = list.list_customer[0];
    const note = `Catatan uji e2e ${Date.now()}`;
    try {
      await page.goto(`${BASE_URL}/#/customers/${c.customer_id}/edit`);
      await page.getByRole('heading', { name: `Ubah ${c.customer_name}` }).waitFor();
      await page.getByRole('textbox', { name: 'Catatan', exact: true }).fill(note);
      await page.locator('input[type=file]').setInputFiles({
        name: 'toko.png',
        mimeType: 'image/png',
        buffer: png(24, 16, [32, 160, 90]),
      });
      await page.getByRole('img', { name: 'Pratinjau gambar' }).waitFor();
      assert.match(
        String(await page.getByRole('img', { name: 'Pratinjau gambar' }).getAttribute('src')),
        /^blob:/,
      );
      await shot(page, 'customer-edit-photo');
      const put = page.waitForResponse(
        (r) => r.url().endsWith(`/v1/api/web/customer/id/${c.customer_id}`) && r.request().method() === 'PUT',
      );
      await page.getByRole('button', { name: 'Simpan' }).click();
      const res = await put;
      assert.equal(res.status(), 200);
      assert.match(String(res.request().headers()['content-type']), /^multipart\/form-data/);
      await page.getByRole('heading', { name: c.customer_name, level: 1 }).waitFor();
      await page.locator('dd').getByText(note).waitFor();
      const saved = (await api<Detail>('GET', `/web/customer/id/${c.customer_id}`)).customer;
      assert.equal(saved.note, note);
      assert.match(saved.photo_url, /\/uploads\/customer\/.+\.png$/);
      const img = page.locator(`dd img[src="${saved.photo_url}"]`);
      await img.waitFor();
      const file = await page.request.get(`${BASE_URL}${saved.photo_url}`);
      assert.equal(file.status(), 200);
      await shot(page, 'customer-detail-photo');
    } finally {
      await api('PUT', '/web/customer/edit/note', { customer_ids: [c.customer_id], note: c.note });
    }
  });
});

describe('customer views and reports', () => {
  it('should list only customers with a monthly point cap in the maximum-point view', async () => {
    const res = await nextList(page, '/web/customer/', { monthly_max_point: '1' }, () =>
      page.goto(`${BASE_URL}/#/customers-max-point`),
    );
    const rows = rowsOf(res.body, 'list_customer') as Customer[];
    assert.ok(rows.length > 0);
    for (const r of rows) assert.notEqual(r.monthly_max_point, null);
    await eventually(async () => assert.equal(await tableRows(page).count(), rows.length));
    const sorted = await nextList(
      page,
      '/web/customer/',
      { monthly_max_point: '1', by: 'monthly_max_point' },
      () => page.locator('th[data-accessor="monthly_max_point"]').click(),
    );
    const caps = (rowsOf(sorted.body, 'list_customer') as Customer[]).map(
      (r) => r.monthly_max_point as number,
    );
    assert.deepEqual(
      caps,
      [...caps].sort((a, b) => a - b),
    );
    await shot(page, 'customers-max-point');
  });

  it('should show the customer report for the current month by default, for a chosen range, and export it', async () => {
    const first = await nextList(page, '/web/customer/report', { page: '1' }, () =>
      page.goto(`${BASE_URL}/#/customer-report`),
    );
    assert.equal(first.url.searchParams.get('start_date'), null, 'the server picks the current month');
    // The report's data is the array; the period it covers is in meta.
    assert.ok(Array.isArray(first.body.data));
    const period = first.body.meta as unknown as { start_date: string; end_date: string };
    assert.match(period.start_date, /^\d{4}-\d{2}-01$/);
    // No dates chosen: the range field says the server's default period.
    await page.getByPlaceholder('Bulan ini').first().waitFor();
    await tableRows(page).first().waitFor();
    await shot(page, 'customer-report');

    const ranged = await nextList(
      page,
      '/web/customer/report',
      { start_date: '2026-01-01', end_date: '2026-06-30' },
      () =>
        page.goto(
          `${BASE_URL}/#/customer-report?start_date=2026-01-01&end_date=2026-06-30&by=customer_code&sort=asc`,
        ),
    );
    const rows = rowsOf(ranged.body) as (Customer & {
      invoice_count: number;
      turnover: number;
    })[];
    assert.equal((ranged.body.meta as unknown as { start_date: string }).start_date, '2026-01-01');
    await rowOf(rows[0].customer_code).waitFor();
    const text = await rowOf(rows[0].customer_code).innerText();
    assert.ok(text.includes(idNum(rows[0].invoice_count)), text);

    // Export of the current filter.
    await page.getByRole('button', { name: 'Ekspor' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /CSV/ }).click();
    const file = await download;
    const csv = readFileSync(String(await file.path()), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    assert.match(lines[0], /Omzet/);
    assert.equal(lines.length - 1, ranged.body.meta.total_data);
    await page.getByText(/baris diekspor/).waitFor();
  });

  it('should list customers by when they were last seen in the app', async () => {
    const res = await nextList(page, '/customer_activities/', { page: '1' }, () =>
      page.goto(`${BASE_URL}/#/customer-last-seen`),
    );
    const rows = rowsOf(res.body) as { last_seen_at: string; customer_code: string }[];
    assert.ok(rows.length > 1);
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].last_seen_at >= rows[i].last_seen_at);
    await rowOf(rows[0].customer_code).waitFor();
    // The table shows its loading state while the next page is on its way.
    const next = nextList(page, '/customer_activities/', { page: '2' });
    await page.getByRole('button', { name: 'Halaman berikutnya' }).click();
    await next;
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'customer-last-seen');
  });

  it('should show the customer screens in English', async () => {
    const en = await newPage(browser, { lang: 'en' });
    await signIn(en.page, ADMIN, 'en');
    for (const [path, heading, name] of [
      ['customers', 'Customers', 'customers-en'],
      ['customer-report', 'Customer report', 'customer-report-en'],
      ['customer-log', 'Customer log', 'customer-log-en'],
      ['customer-last-seen', 'Last seen in the app', 'customer-last-seen-en'],
      ['customers-max-point', 'Standing monthly point caps', 'customers-max-point-en'],
      ['customer-types', 'Customer types', 'customer-types-en'],
    ] as const) {
      await en.page.goto(`${BASE_URL}/#/${path}`);
      await en.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await tableRows(en.page).first().waitFor();
      await shot(en.page, name);
    }
    await en.context.close();
  });
});
