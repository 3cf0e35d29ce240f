// Promotions and content against the real server (embedded database, demo data): a promo created
// with an image, a rule added with its products, the products of a category added to it and a bonus
// item; news created with a photo, seen in the phone preview beside the form and on its page; a
// broadcast's edit form with its preview; a broadcast to one branch executed with its confirmation
// and the delivered count seen in the list.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, BASE_URL, eventually, launch, newPage, shot, signIn, tableRows } from '../support';

const API = `${BASE_URL}/v1/api`;
let browser: Browser;
let page: Page;
let token = '';

before(async () => {
  browser = await launch();
  ({ page } = await newPage(browser));
  const res = await page.request.post(`${API}/web/auth`, { data: ADMIN });
  token = ((await res.json()) as { data: { token: string } }).data.token;
  await signIn(page, ADMIN);
});
after(async () => {
  await browser?.close();
});

async function api<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${API}${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.ok(res.ok(), `${method} ${path} answered ${res.status()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A small solid-colour PNG. */
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
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), ...Array.from({ length: w }, () => Buffer.from(rgb))]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A select or multiselect by its label (a textbox or a combobox, depending on the widget). */
const picker = (scope: ReturnType<Page['getByRole']>, name: string) =>
  scope
    .getByRole('textbox', { name, exact: true })
    .or(scope.getByRole('combobox', { name, exact: true }))
    .first();

describe('promos', () => {
  it('should create a promo with an image, add a rule, the products of a category and a bonus item', async () => {
    const name = `Promo E2E ${Date.now()}`;
    await page.goto(`${BASE_URL}/#/promos`);
    await page.getByRole('heading', { name: 'Promo', level: 1 }).waitFor();
    await tableRows(page).first().waitFor();
    await shot(page, 'content-promo-list');
    await page.getByRole('main').getByRole('link', { name: 'Tambah' }).click();
    // The list (whose filter box is also named 'Nama') stays until the form has rendered.
    await page.getByRole('heading', { name: /^Tambah /, level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Nama', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Keterangan', exact: true }).fill('Diskon uji end-to-end');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: png(40, 24, [220, 60, 40]) });
    await page.getByRole('img', { name: 'Pratinjau gambar' }).waitFor();
    await shot(page, 'content-promo-form');
    const post = page.waitForResponse(
      (r) => r.url().endsWith('/v1/api/web/promo') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Simpan' }).click();
    const res = await post;
    assert.equal(res.status(), 201);
    assert.match(String(res.request().headers()['content-type']), /^multipart\/form-data/);
    const promo = ((await res.json()) as { data: { promo_id: number; image: string } }).data;
    assert.match(promo.image, /\/uploads\/promo\/.+\.png$/);

    // The detail screen with its rules.
    await page.goto(`${BASE_URL}/#/promos/${promo.promo_id}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const rules = page.getByTestId('children-promo_line');
    await rules
      .getByRole('button', { name: /Tambah/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Aturan', exact: true }).fill('Beli 3 dus diskon 2%');
    await dialog.getByRole('textbox', { name: 'Diskon %' }).fill('2');
    await picker(dialog, 'Produk').click();
    await page.getByRole('option').first().click();
    // Close the options by moving on to another field (Escape would close the dialog).
    await dialog.getByRole('textbox', { name: 'Aturan', exact: true }).click();
    const addLine = page.waitForResponse((r) => r.url().includes('/apps/promo_line/add'));
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    assert.equal((await addLine).status(), 201);
    const line = (
      await api<{ list_promo_line: { id: number; item_count: number }[] }>(
        'GET',
        `/apps/promo_line/?promo_id=${promo.promo_id}`,
      )
    ).list_promo_line[0];
    assert.equal(line.item_count, 1);

    // Every product of a category, added from the rule's row.
    await rules.getByRole('button', { name: 'Tambah kategori ke Beli 3 dus diskon 2%' }).click();
    const catDialog = page.getByRole('dialog');
    await picker(catDialog, 'Kategori produk').click();
    await page.getByRole('option').first().click();
    await shot(page, 'content-promo-add-category');
    const byCat = page.waitForResponse((r) => r.url().includes('/web/promo_item_line/add/by/category'));
    await catDialog.getByRole('button', { name: 'Tambah produk' }).click();
    const added = await byCat;
    assert.equal(added.status(), 201);
    const newLines = ((await added.json()) as { data: unknown[] }).data;
    assert.ok(newLines.length > 0, 'the category added products');
    await eventually(async () => {
      const l = (
        await api<{ list_promo_line: { item_count: number }[] }>(
          'GET',
          `/apps/promo_line/?promo_id=${promo.promo_id}`,
        )
      ).list_promo_line[0];
      assert.ok(l.item_count >= newLines.length);
    });

    // A bonus item, in place under the rule.
    await rules.getByRole('button', { name: 'Tampilkan baris di bawahnya' }).first().click();
    const bonus = page.getByTestId('children-promo_bonus_item_line').first();
    await bonus
      .getByRole('button', { name: /Tambah/ })
      .first()
      .click();
    const bonusDialog = page.getByRole('dialog');
    await picker(bonusDialog, 'Produk bonus').click();
    await page.getByRole('option').nth(2).click();
    const addBonus = page.waitForResponse((r) => r.url().includes('/web/promo_bonus_item_line/add'));
    await bonusDialog.getByRole('button', { name: 'Simpan' }).click();
    assert.equal((await addBonus).status(), 201);
    await bonus.locator('tbody tr').first().waitFor();
    await shot(page, 'content-promo-detail');
    const bonuses = await api<unknown[]>('GET', `/web/promo_bonus_item_line/select?promo_line_id=${line.id}`);
    assert.equal(bonuses.length, 1);
  });
});

describe('news', () => {
  it('should create news with a photo and show it in the phone preview', async () => {
    const title = `Berita E2E ${Date.now()}`;
    await page.goto(`${BASE_URL}/#/news`);
    await page.getByRole('heading', { name: 'Berita & info', level: 1 }).waitFor();
    await tableRows(page).first().waitFor();
    await shot(page, 'content-news-list');
    await page.getByRole('main').getByRole('link', { name: 'Tambah' }).click();
    // The list stays on screen until the form has rendered, and its filter box is also named
    // 'Judul': typing before the form's heading is there types into the list's filter (what the
    // a failure that looks like the news preview's).
    await page.getByRole('heading', { name: /^Tambah /, level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Judul', exact: true }).fill(title);
    await page
      .getByRole('textbox', { name: 'Isi', exact: true })
      .fill('Gudang tutup pada hari libur nasional.');
    const upload = page.waitForResponse((r) => r.url().endsWith('/apps/news/photo'));
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'berita.png', mimeType: 'image/png', buffer: png(60, 40, [30, 120, 200]) });
    const uploaded = await upload;
    assert.equal(uploaded.status(), 201);
    const photoUrl = ((await uploaded.json()) as { data: { url: string } }).data.url;
    // The phone preview beside the form follows what is typed, with the uploaded photo.
    const formPreview = page.getByTestId('phone-preview');
    await formPreview.getByTestId('preview-title').getByText(title).waitFor();
    await formPreview.getByText('Gudang tutup pada hari libur nasional.').waitFor();
    await formPreview.locator(`img[src="${photoUrl}"]`).waitFor();
    await page.getByRole('textbox', { name: 'Judul', exact: true }).fill(`${title} !`);
    await formPreview.getByTestId('preview-title').getByText(`${title} !`).waitFor();
    await page.getByRole('textbox', { name: 'Judul', exact: true }).fill(title);
    await shot(page, 'content-news-form-preview');
    const post = page.waitForResponse((r) => r.url().endsWith('/apps/news/add'));
    await page.getByRole('button', { name: 'Simpan' }).click();
    const res = await post;
    assert.equal(res.status(), 201);
    const news = ((await res.json()) as { data: { id: number; photo: string } }).data;
    await page.goto(`${BASE_URL}/#/news/${news.id}`);
    const preview = page.getByTestId('phone-preview');
    await preview.getByTestId('preview-title').getByText(title).waitFor();
    await preview.locator(`img[src="${news.photo}"]`).waitFor();
    await preview.scrollIntoViewIfNeeded();
    await shot(page, 'content-news-preview');
  });
});

describe('broadcasts', () => {
  it('should execute a broadcast to one branch, answer queued and show the delivered count once sent', async () => {
    const branch = (await api<{ id: number; name: string }[]>('GET', '/web/branch/select')).find((b) =>
      /Bandung/.test(b.name),
    )!;
    const title = `Siaran E2E ${Date.now()}`;
    const created = await api<{ id: number }>('POST', '/broadcast/add', {
      title,
      message: 'Pengiriman mundur satu hari.',
      audience: 'branch',
      branch_ids: [branch.id],
    });
    const { count } = await api<{ count: number }>('GET', `/broadcast/execute/${created.id}/preview`);
    assert.ok(count > 0);
    // The edit form shows the message in the phone preview beside it, as typed.
    await page.goto(`${BASE_URL}/#/broadcasts/${created.id}/edit`);
    const formPreview = page.getByTestId('phone-preview');
    await formPreview.getByTestId('preview-title').getByText(title).waitFor();
    await page.getByRole('textbox', { name: 'Judul', exact: true }).fill(`${title} (ubah)`);
    await formPreview.getByTestId('preview-title').getByText(`${title} (ubah)`).waitFor();
    await shot(page, 'content-broadcast-form-preview');
    // Back to what was saved, so leaving does not ask about unsaved changes.
    await page.getByRole('textbox', { name: 'Judul', exact: true }).fill(title);
    await page.goto(`${BASE_URL}/#/broadcasts/${created.id}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Kirim' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`masuk ke kotak masuk ${count} toko`).waitFor();
    await shot(page, 'content-broadcast-confirm');
    const exec = page.waitForResponse((r) => r.url().includes(`/broadcast/execute/${created.id}?`));
    await dialog.getByRole('button', { name: `Kirim ke ${count} toko` }).click();
    const res = await exec;
    assert.equal(res.status(), 200);
    // Queued: the delivery is a job the server runs right after.
    const answer = (await res.json()) as { data: { status: string; audience_count: number } };
    assert.deepEqual([answer.data.status, answer.data.audience_count], ['queued', count]);
    await eventually(async () => {
      const b = await api<{ status: string; delivered_count: number }>('GET', `/broadcast/id/${created.id}`);
      assert.deepEqual([b.status, b.delivered_count], ['sent', count]);
    });

    await page.goto(`${BASE_URL}/#/broadcasts`);
    const row = tableRows(page).filter({ hasText: title }).first();
    await row.getByText('Terkirim').waitFor();
    assert.match(await row.innerText(), new RegExp(`\\b${new Intl.NumberFormat('id-ID').format(count)}\\b`));
    await shot(page, 'content-broadcast-list');
  });
});
