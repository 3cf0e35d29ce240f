// Product, order and invoice screens against the real server: a product's image replaced through
// the edit form (a PNG made by the test, sent as multipart), an old price added, the product lines
// and categories, the order list (search, dates, status, sorting) and an order's lines, the invoice
// list (the current month by default) and the lookup of an invoice by a number containing `/`.
// Only data no other spec uses is changed (one product's image, a new old price).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN,
  type ApiGet,
  apiGetter,
  BASE_URL,
  choose,
  eventually,
  jakartaToday,
  launch,
  newPage,
  nextList,
  productWithoutOldPrice,
  rowsOf,
  shot,
  signIn,
  tableRows,
} from '../support';

let browser: Browser;
let page: Page;
let token = '';

before(async () => {
  browser = await launch();
  page = (await newPage(browser)).page;
  await signIn(page, ADMIN);
  token = String(await page.evaluate(() => localStorage.getItem('token')));
});
after(async () => {
  await browser?.close();
});

// The token is read once signed in (before), so the reader is made per call.
const apiGet: ApiGet = <T>(path: string) => apiGetter(page, token)<T>(path);

/** A small solid-colour PNG, made here so the test needs no fixture file. */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = table[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(td));
    return Buffer.concat([head, td, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: h }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const rowOf = (text: string) => tableRows(page).filter({ hasText: text }).first();
/** Today in Asia/Jakarta, as YYYY-MM-DD. */

type Item = {
  item_id: number;
  item_code: string;
  item_name: string;
  image: string;
  item_category_id: number;
};

describe('products', () => {
  it('should replace a product image through the edit form', async () => {
    // The last product by code: no other spec touches it.
    const [item] = (await apiGet<{ list_item: Item[] }>('/web/item/?by=item_code&sort=desc&limit=1'))
      .list_item;
    await nextList(page, '/web/item/', { search: item.item_code }, () =>
      page.goto(`${BASE_URL}/#/products?search=${item.item_code}`),
    );
    await rowOf(item.item_code)
      .getByRole('link', { name: `Ubah: ${item.item_name}` })
      .click();
    await page.getByRole('heading', { name: `Ubah ${item.item_name}` }).waitFor();

    await page.locator('input[type=file]').setInputFiles({
      name: 'produk.png',
      mimeType: 'image/png',
      buffer: png(32, 32, [230, 120, 20]),
    });
    const preview = page.getByRole('img', { name: 'Pratinjau gambar' });
    await eventually(async () => assert.match(String(await preview.getAttribute('src')), /^blob:/));
    await shot(page, 'product-edit-image');

    const put = page.waitForResponse(
      (r) => r.url().endsWith(`/v1/api/web/item/id/${item.item_id}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Simpan' }).click();
    const res = await put;
    assert.equal(res.status(), 200);
    assert.match(String(res.request().headers()['content-type']), /^multipart\/form-data/);
    const saved = await apiGet<Item>(`/web/item/id/${item.item_id}`);
    assert.notEqual(saved.image, item.image);
    assert.match(saved.image, /\/uploads\/item\/.+\.png$/);
    await page.getByRole('heading', { name: item.item_name, level: 1 }).waitFor();
    await page.locator(`dd img[src="${saved.image}"]`).waitFor();
    const file = await page.request.get(`${BASE_URL}${saved.image}`);
    assert.equal(file.status(), 200);
    assert.equal(file.headers()['content-type'], 'image/png');
    // The product's units and old prices sit under its fields.
    await page.getByTestId('children-item_uom_line').getByRole('table').waitFor();
    await shot(page, 'product-detail');

    // The list shows the new image as the row's thumbnail.
    await nextList(page, '/web/item/', { search: item.item_code }, () =>
      page.goto(`${BASE_URL}/#/products?search=${item.item_code}`),
    );
    await rowOf(item.item_code).locator(`img[src="${saved.image}"]`).waitFor();
  });

  it('should list products by category, search them and show the product screens', async () => {
    const categories = await apiGet<{ id: number; name: string }[]>('/apps/item_category/select');
    const cat = categories[0];
    await nextList(page, '/web/item/', { page: '1' }, () => page.goto(`${BASE_URL}/#/products`));
    await tableRows(page).first().waitFor();
    await shot(page, 'products');
    const byCat = await nextList(page, '/web/item/', { item_category_id: String(cat.id) }, () =>
      choose(page, 'Kategori', cat.name),
    );
    const rows = rowsOf(byCat.body, 'list_item') as Item[];
    assert.ok(rows.length > 0);
    for (const r of rows) assert.equal(r.item_category_id, cat.id);

    await nextList(page, '/apps/item_category/', { page: '1' }, () =>
      page.goto(`${BASE_URL}/#/product-categories`),
    );
    await tableRows(page).first().waitFor();
    await shot(page, 'product-categories');

    const lines = await nextList(page, '/web/item-uom-line/', { item_id: String(rows[0].item_id) }, () =>
      page.goto(`${BASE_URL}/#/product-lines?item_id=${rows[0].item_id}`),
    );
    const uoms = rowsOf(lines.body, 'list_item_uom_line');
    assert.ok(uoms.length >= 1);
    await eventually(async () => assert.equal(await tableRows(page).count(), uoms.length));
    await shot(page, 'product-lines');
  });

  it('should add an old price, list it under its product, and keep the form on a conflict', async () => {
    // The picker below chooses the first day of the current month: find a product without a price then.
    const firstOfMonth = `${jakartaToday().slice(0, 8)}01`;
    const item = await productWithoutOldPrice<Item>(apiGet, firstOfMonth, 'asc');
    assert.ok(item, 'a product without an old price on the first of the month');
    const price = 1000 + (Date.now() % 9000);
    await page.goto(`${BASE_URL}/#/old-prices`);
    await tableRows(page).first().waitFor();
    await shot(page, 'old-prices');

    const fill = async () => {
      await page.getByRole('heading', { name: 'Tambah harga lama' }).waitFor();
      await choose(page, 'Produk', new RegExp(item.item_code));
      await page.getByRole('textbox', { name: 'Harga' }).fill(String(price));
      // A typed date (the field takes DD/MM/YYYY): the first of this month.
      const now = new Date();
      const typed = `01/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
      await page.getByRole('textbox', { name: 'Berlaku sejak' }).fill(typed);
      await page.getByRole('textbox', { name: 'Berlaku sejak' }).press('Tab');
      await page.getByRole('textbox', { name: 'Catatan' }).fill('Harga uji e2e');
    };
    await page.getByRole('link', { name: 'Tambah' }).click();
    await fill();
    await shot(page, 'old-price-form');
    const post = page.waitForResponse((r) => r.url().endsWith('/v1/api/item_old_price/add'));
    await page.getByRole('button', { name: 'Simpan' }).click();
    const res = await post;
    assert.equal(res.status(), 201, await res.text());
    const created = (
      (await res.json()) as { data: { id: number; item_id: number; price: number; effective_date: string } }
    ).data;
    assert.equal(created.item_id, item.item_id);
    assert.equal(created.price, price);
    assert.equal(created.effective_date, firstOfMonth);
    await page.getByText(/berhasil ditambahkan/).waitFor();

    const list = await nextList(page, '/item_old_price/', { item_id: String(item.item_id) }, () =>
      page.goto(`${BASE_URL}/#/old-prices?item_id=${item.item_id}`),
    );
    assert.ok((rowsOf(list.body) as { id: number }[]).some((r) => r.id === created.id));
    await rowOf('Harga uji e2e').waitFor();

    // The same product and date again: the server refuses, the form stays filled.
    await page.getByRole('link', { name: 'Tambah' }).click();
    await fill();
    const again = page.waitForResponse((r) => r.url().endsWith('/v1/api/item_old_price/add'));
    await page.getByRole('button', { name: 'Simpan' }).click();
    assert.equal((await again).status(), 409);
    await page
      .getByText(/sudah (dipakai|ada)/)
      .first()
      .waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Catatan' }).inputValue(), 'Harga uji e2e');
    assert.match(page.url(), /#\/old-prices\/new$/);
    await shot(page, 'old-price-conflict');
  });
});

type Order = {
  id_customer_order_header: number;
  document_no: string;
  customer_name: string;
  net_amount: number;
};
type Invoice = { invoice_id: number; document_no: string; invoice_date: string; lines?: unknown[] };

describe('orders', () => {
  it('should search, filter by dates and status, sort, and open an order with its lines', async () => {
    await nextList(page, '/web/customerorder/', { page: '1' }, () => page.goto(`${BASE_URL}/#/orders`));
    await tableRows(page).first().waitFor();
    await shot(page, 'orders');

    const ranged = await nextList(
      page,
      '/web/customerorder/',
      { start_date: '2026-10-01', end_date: '2026-10-31', status: 'delivered' },
      () => page.goto(`${BASE_URL}/#/orders?start_date=2026-10-01&end_date=2026-10-31&status=delivered`),
    );
    const rows = rowsOf(ranged.body) as (Order & { transaction_date: string; status: string })[];
    assert.ok(rows.length > 0, 'delivered orders in October');
    for (const r of rows) {
      assert.equal(r.status, 'delivered');
      assert.ok(r.transaction_date >= '2026-10-01' && r.transaction_date <= '2026-10-31');
    }
    // The chosen range is shown, typed-date style, in the range field.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('input')].some((i) => i.value === '01/10/2026 - 31/10/2026'),
    );

    // Sort by net amount (a new column starts ascending, the second click descends).
    const header = page.locator('th[data-accessor="net_amount"]');
    const asc = await nextList(page, '/web/customerorder/', { by: 'net_amount', sort: 'asc' }, () =>
      header.click(),
    );
    const amounts = (rowsOf(asc.body) as Order[]).map((r) => r.net_amount);
    assert.deepEqual(
      amounts,
      [...amounts].sort((a, b) => a - b),
    );
    const desc = await nextList(page, '/web/customerorder/', { by: 'net_amount', sort: 'desc' }, () =>
      header.click(),
    );
    const top = (rowsOf(desc.body) as Order[])[0];

    // Search by customer name, keeping the other filters.
    const found = await nextList(
      page,
      '/web/customerorder/',
      { search: top.customer_name, status: 'delivered' },
      () => page.getByTestId('list-search').fill(top.customer_name),
    );
    const hits = rowsOf(found.body) as Order[];
    assert.ok(hits.some((h) => h.document_no === top.document_no));

    await rowOf(top.document_no).getByRole('link', { name: top.document_no, exact: true }).click();
    await page.getByRole('heading', { name: top.document_no, level: 1 }).waitFor();
    const detail = await apiGet<{ lines: unknown[] }>(
      `/web/customerorder/id/${top.id_customer_order_header}`,
    );
    await eventually(async () =>
      assert.equal(await page.getByTestId('document-lines').locator('tbody tr').count(), detail.lines.length),
    );
    await shot(page, 'order-detail');
  });
});

describe('invoices', () => {
  it('should list the current month by default', async () => {
    const first = await nextList(page, '/apps/sales_invoice/', { page: '1' }, () =>
      page.goto(`${BASE_URL}/#/invoices`),
    );
    assert.equal(first.url.searchParams.get('start_date'), null, 'the server applies the current month');
    const month = jakartaToday().slice(0, 7);
    const rows = rowsOf(first.body) as Invoice[];
    assert.ok(rows.length > 0);
    for (const r of rows) assert.equal(r.invoice_date.slice(0, 7), month);
    await page.getByPlaceholder('Bulan ini').first().waitFor();
    await tableRows(page).first().waitFor();
    await shot(page, 'invoices');

    const ranged = await nextList(
      page,
      '/apps/sales_invoice/',
      { start_date: '2026-09-01', end_date: '2026-09-30' },
      () => page.goto(`${BASE_URL}/#/invoices?start_date=2026-09-01&end_date=2026-09-30`),
    );
    for (const r of rowsOf(ranged.body) as Invoice[]) assert.equal(r.invoice_date.slice(0, 7), '2026-09');
  });

  it('should find an invoice by a document number containing / (sent with &)', async () => {
    const [invoice] = await apiGet<Invoice[]>(
      '/apps/sales_invoice/?start_date=2026-08-01&end_date=2026-08-31&limit=1',
    );
    assert.match(invoice.document_no, /\//);
    await page.goto(`${BASE_URL}/#/invoices`);
    const box = page.getByTestId('document-lookup');
    await box.waitFor();

    // An unknown number says so, and the box keeps it.
    await box.fill('INV/XXX/0000/0000000');
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    await page.getByText('Tidak ada dokumen bernomor INV/XXX/0000/0000000.').waitFor();
    assert.equal(await box.inputValue(), 'INV/XXX/0000/0000000');
    await shot(page, 'invoice-lookup-not-found');

    await box.fill(invoice.document_no);
    const lookup = page.waitForResponse((r) => r.url().includes('/v1/api/apps/sales_invoice/document_no/'));
    await box.press('Enter');
    const res = await lookup;
    assert.equal(res.status(), 200);
    const path = new URL(res.url()).pathname;
    assert.equal(path, `/v1/api/apps/sales_invoice/document_no/${invoice.document_no.replace(/\//g, '&')}`);
    await page.getByRole('heading', { name: invoice.document_no, level: 1 }).waitFor();
    assert.match(page.url(), new RegExp(`#/invoices/${invoice.invoice_id}$`));
    const detail = await apiGet<Invoice>(`/apps/sales_invoice/id/${invoice.invoice_id}`);
    await eventually(async () =>
      assert.equal(
        await page.getByTestId('document-lines').locator('tbody tr').count(),
        detail.lines?.length,
      ),
    );
    await shot(page, 'invoice-detail');
  });

  it('should show the product, order and invoice screens in English', async () => {
    const en = await newPage(browser, { lang: 'en' });
    await signIn(en.page, ADMIN, 'en');
    for (const [path, heading, name] of [
      ['products', 'Products', 'products-en'],
      ['product-lines', 'Product lines', 'product-lines-en'],
      ['old-prices', 'Old prices', 'old-prices-en'],
      ['orders', 'Customer orders', 'orders-en'],
      ['invoices', 'Sales invoices', 'invoices-en'],
    ] as const) {
      await en.page.goto(`${BASE_URL}/#/${path}`);
      await en.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await tableRows(en.page).first().waitFor();
      await shot(en.page, name);
    }
    await en.context.close();
  });
});
