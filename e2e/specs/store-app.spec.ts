// The stores' web app (/app/) in Chromium at 390 px, against the real server: a store signs in with
// the code from the server log, redeems a coupon and the back office's redemption report shows it;
// staff execute a broadcast and the store sees it in its inbox, unread then read; the store takes a
// photo into a folder and staff see it in the folder's group view; the app opens offline after one
// visit with the last balance and its notice; the installability pieces (manifest, service worker,
// icons). Screenshots of every screen in Indonesian and English.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ADMIN,
  BASE_URL,
  eventually,
  jakartaToday,
  launch,
  newPage,
  otpFromLog,
  serverLogSize,
  shot,
  signIn,
  tableRows,
} from '../support';

const API = `${BASE_URL}/v1/api`;
const APP = `${BASE_URL}/app/`;
const PHONE_VIEWPORT = { width: 390, height: 844 };
const dir = mkdtempSync(join(tmpdir(), 'lbo-e2e-store-app-'));

let browser: Browser;
let staff = '';
/** The store's phone: one context, as one phone, for the whole file (a code per sign-in is rationed). */
let phone: { context: BrowserContext; page: Page };
let store: { customer_id: number; customer_code: string; customer_name: string; phone_number: string };
let coupon: { id: number; name: string; points_required: number };

const staffHeaders = () => ({ Authorization: `Bearer ${staff}` });

async function staffGet<T>(path: string): Promise<T> {
  const res = await phone.context.request.get(`${API}${path}`, { headers: staffHeaders() });
  assert.equal(res.status(), 200, `${path} answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

async function staffSend<T>(method: 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await phone.context.request.fetch(`${API}${path}`, { method, headers: staffHeaders(), data });
  assert.ok(res.status() < 300, `${method} ${path} answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A number as the Indonesian screens show it (12.345). */
const idNum = (n: number) => new Intl.NumberFormat('id-ID').format(n);

/** Switches the app's language with the header's button (its label names the other language). */
async function switchLanguage(page: Page, to: 'id' | 'en') {
  const label = to === 'en' ? 'Ganti bahasa ke English' : 'Switch language to Bahasa Indonesia';
  await page.getByRole('button', { name: label }).click();
  await eventually(async () => assert.equal(await page.evaluate(() => document.documentElement.lang), to));
}

/** A screenshot in Indonesian and one in English of what the page shows now. */
async function shotBoth(page: Page, name: string) {
  await shot(page, `store-app-${name}-id`);
  await switchLanguage(page, 'en');
  await shot(page, `store-app-${name}-en`);
  await switchLanguage(page, 'id');
}

const nav = (page: Page, name: RegExp) => page.getByRole('navigation').last().getByRole('link', { name });

before(async () => {
  browser = await launch();
  phone = await newPage(browser, { viewport: PHONE_VIEWPORT });
  const res = await phone.context.request.post(`${API}/web/auth`, { data: ADMIN });
  assert.equal(res.status(), 200);
  staff = ((await res.json()) as { data: { token: string } }).data.token;

  // A store that may use the app, with points, not excluded from them, with a phone number of its own.
  type Balance = {
    customer_id: number;
    customer_code: string;
    show_in_app: boolean;
    exclude_all_point: boolean;
    point_balance: number;
  };
  type Customer = {
    customer_id: number;
    customer_code: string;
    customer_name: string;
    phone_number: string;
    active: boolean;
  };
  const balances = await staffGet<Balance[]>(
    '/point/report/customer_balance?limit=100&by=point_balance&sort=desc',
  );
  for (const b of balances) {
    if (!b.show_in_app || b.exclude_all_point || b.point_balance < 100) continue;
    const found = await staffGet<{ list_customer: Customer[] }>(
      `/web/customer/?limit=1&search=${b.customer_code}`,
    );
    const c = found.list_customer.find((x) => x.customer_code === b.customer_code);
    if (!c?.active || !/^0\d{8,14}$/.test(c.phone_number)) continue;
    store = c;
    break;
  }
  assert.ok(store, 'a demo store that can sign in, with points');

  // A coupon offered to every store, cheap enough for it.
  const start = `${jakartaToday().slice(0, 8)}01`;
  const end = `${Number(jakartaToday().slice(0, 4)) + 1}-12-31`;
  const name = `Kupon Aplikasi ${Date.now().toString(36)}`;
  coupon = await staffSend('POST', '/coupon/', {
    name,
    points_required: 25,
    stock: 5,
    start_date: start,
    end_date: end,
  });
});

after(async () => {
  await phone?.context.close();
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('store web app', () => {
  it('should sign a store in with the code from the server log', async () => {
    const { page } = phone;
    await page.goto(APP);
    await page.getByRole('heading', { name: 'Masuk ke toko Anda' }).waitFor();
    await shotBoth(page, 'signin');
    await page.getByLabel('Nomor HP').fill(store.phone_number);
    const from = serverLogSize();
    await page.getByRole('button', { name: 'Kirim kode' }).click();
    const code = await otpFromLog(store.phone_number, from);
    await page.getByLabel('Kode 6 angka').fill(code);
    await shotBoth(page, 'signin-code');
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    // A number that several stores share asks which one.
    const choice = page.getByRole('button', { name: `${store.customer_name} (${store.customer_code})` });
    await page.getByTestId('balance').or(choice).waitFor();
    if (await choice.isVisible()) await choice.click();
    await page.getByTestId('balance').waitFor();
    assert.equal(await page.getByTestId('store-name').innerText(), store.customer_name);
    const me = await staffGet<{ point_balance: number }>(`/point/balance/customer_id/${store.customer_id}`);
    await eventually(async () =>
      assert.match(await page.getByTestId('balance').innerText(), new RegExp(`^${idNum(me.point_balance)}`)),
    );
    assert.equal(new URL(page.url()).pathname, '/app/');
    // The current popups, each once: closed, it does not come back on the next open.
    const feed = await page.evaluate(async () => {
      const { token } = JSON.parse(localStorage.getItem('lbo_store_session') ?? '{}') as { token: string };
      const res = await fetch('/v1/api/store/feed', { headers: { Authorization: `Bearer ${token}` } });
      return ((await res.json()) as { data: { popups: { title: string }[] } }).data;
    });
    const popup = page.getByRole('dialog');
    if (feed.popups.length > 0) {
      await page.getByRole('dialog', { name: feed.popups[0].title }).waitFor();
      await shot(page, 'store-app-popup-id');
      for (const p of feed.popups) {
        await page.getByRole('dialog', { name: p.title }).getByRole('button', { name: 'Tutup' }).click();
      }
      await page.reload();
      await page.getByTestId('balance').waitFor();
      await page.getByRole('heading', { name: 'Berita', exact: true }).waitFor();
      assert.equal(await popup.count(), 0, 'a popup seen once is not shown again');
    }
    await shotBoth(page, 'home');
  });

  it("should redeem a coupon after a confirmation naming the points, and show it in the back office's report", async () => {
    const { page } = phone;
    const before = (
      await staffGet<{ point_balance: number }>(`/point/balance/customer_id/${store.customer_id}`)
    ).point_balance;
    await nav(page, /^Kupon/).click();
    const redeem = page.getByRole('button', { name: `Tukar ${coupon.name}` });
    await redeem.waitFor();
    await redeem.scrollIntoViewIfNeeded();
    await shotBoth(page, 'coupons');
    await redeem.click();
    const dialog = page.getByRole('dialog', { name: 'Tukar kupon?' });
    await dialog
      .getByText(`${coupon.name} ditukar dengan 25 poin. Sisa saldo Anda menjadi ${idNum(before - 25)} poin.`)
      .waitFor();
    await shot(page, 'store-app-redeem-confirm-id');
    const answer = page.waitForResponse((r) => r.url().endsWith(`/store/coupons/${coupon.id}/redeem`));
    await dialog.getByRole('button', { name: 'Ya, tukar 25 poin' }).click();
    const res = await answer;
    assert.equal(res.status(), 201);
    assert.ok(res.request().headers()['idempotency-key'], 'the redemption carries an Idempotency-Key');
    await page
      .getByText(`${coupon.name} berhasil ditukar. Saldo Anda sekarang ${idNum(before - 25)} poin.`)
      .waitFor();
    await shot(page, 'store-app-redeemed-id');
    const after = (
      await staffGet<{ point_balance: number }>(`/point/balance/customer_id/${store.customer_id}`)
    ).point_balance;
    assert.equal(after, before - 25, 'one debit');

    await page.getByRole('tab', { name: 'Penukaran saya' }).click();
    const mine = page.getByTestId('redemption').filter({ hasText: coupon.name });
    await mine.waitFor();
    assert.match(await mine.innerText(), /Ditukar/);
    await shotBoth(page, 'redemptions');

    // The back office's redemption report, on a laptop.
    const office = await newPage(browser);
    await signIn(office.page, ADMIN);
    await office.page.goto(`${BASE_URL}/#/coupon-redemptions?coupon_id=${coupon.id}`);
    const row = tableRows(office.page).filter({ hasText: store.customer_name }).first();
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(coupon.name));
    await shot(office.page, 'store-app-redemption-in-back-office');
    await office.context.close();
  });

  it("should show a broadcast staff executed in the store's inbox, unread, then read once opened", async () => {
    const { page } = phone;
    const title = `Pesan E2E ${Date.now().toString(36)}`;
    const b = await staffSend<{ id: number }>('POST', '/broadcast/add', {
      title,
      message: 'Stok baru sudah datang. Hubungi salesman Anda untuk pesanan minggu ini.',
      audience: 'customers',
      customer_codes: [store.customer_code],
    });
    const preview = await staffGet<{ count: number }>(`/broadcast/execute/${b.id}/preview`);
    assert.equal(preview.count, 1);
    await staffSend('POST', `/broadcast/execute/${b.id}?confirm_count=1`);
    // The delivery is a job the server runs right after the answer.
    await eventually(async () =>
      assert.equal((await staffGet<{ status: string }>(`/broadcast/id/${b.id}`)).status, 'sent'),
    );

    // The badge counts it on the next load of the app.
    await page.goto(APP);
    const badge = page.getByTestId('unread-badge');
    await badge.waitFor();
    const unreadBefore = Number((await badge.locator('[aria-hidden]').innerText()).replace('+', ''));
    assert.ok(unreadBefore >= 1);
    await nav(page, /^Pesan/).click();
    const message = page.getByTestId('message').filter({ hasText: title });
    await message.waitFor();
    assert.match(await message.innerText(), /Baru/);
    await shotBoth(page, 'inbox');
    const read = page.waitForResponse((r) => /\/store\/inbox\/\d+\/read$/.test(r.url()));
    await message.getByRole('button').click();
    assert.equal((await read).status(), 200);
    await message.getByText('Stok baru sudah datang.', { exact: false }).waitFor();
    await eventually(async () => assert.doesNotMatch(await message.innerText(), /\bBaru\b/));
    await eventually(async () => {
      const left = unreadBefore - 1;
      if (left === 0) assert.equal(await badge.count(), 0);
      else assert.equal(await badge.locator('[aria-hidden]').innerText(), String(left));
    });
    await shotBoth(page, 'inbox-read');
    const detail = await staffGet<{ delivery_counts: { read: number } }>(`/broadcast/id/${b.id}`);
    assert.equal(detail.delivery_counts.read, 1, "the back office's broadcast view counts the read");
  });

  it("should take a photo into a folder, and staff see it in the folder's group view", async () => {
    const { page } = phone;
    const name = `Foto Rak ${Date.now().toString(36)}`;
    const folder = await staffSend<{ id: number }>('POST', '/upload-folder/', {
      name,
      description: 'Foto rak minuman di depan kasir',
    });
    // A small real PNG, as the phone's camera hands it to the file input.
    const png = join(dir, 'rak.png');
    const data = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 480;
      c.height = 360;
      const g = c.getContext('2d') as CanvasRenderingContext2D;
      g.fillStyle = '#2b8a3e';
      g.fillRect(0, 0, 480, 360);
      g.fillStyle = '#fff';
      g.fillRect(40, 140, 400, 80);
      return c.toDataURL('image/png').split(',')[1];
    });
    writeFileSync(png, Buffer.from(data, 'base64'));

    await nav(page, /^Foto/).click();
    const card = page.getByTestId('folder').filter({ hasText: name });
    await card.waitFor();
    const input = card.locator('input[type=file]');
    assert.equal(await input.getAttribute('capture'), 'environment');
    await shotBoth(page, 'photos');
    const stored = page.waitForResponse((r) => r.url().endsWith('/v1/api/store/uploads'));
    await input.setInputFiles(png);
    assert.equal((await stored).status(), 201);
    await card.getByText('Foto terkirim.').waitFor();
    await card.getByText('1 foto terkirim').waitFor();
    const sent = card.getByTestId('sent-photo').first().locator('img');
    await eventually(async () =>
      assert.ok(
        await sent.evaluate((el) => (el as HTMLImageElement).naturalWidth > 0),
        'the sent photo shows',
      ),
    );
    await shotBoth(page, 'photos-sent');

    // Staff see it in the folder's group view.
    const office = await newPage(browser);
    await signIn(office.page, ADMIN);
    await office.page.goto(`${BASE_URL}/#/upload-folders/${folder.id}`);
    const store_ = office.page.getByTestId('upload-store').filter({ hasText: store.customer_code });
    await store_.waitFor();
    const img = store_.locator('img').first();
    await eventually(async () =>
      assert.ok(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth > 0), 'the thumbnail loads'),
    );
    await store_.scrollIntoViewIfNeeded();
    await shot(office.page, 'store-app-photo-in-back-office');
    await office.context.close();
  });

  it('should send a profile change and say it waits for the back office', async () => {
    const { page } = phone;
    await nav(page, /^Akun/).click();
    await page.getByRole('link', { name: 'Ubah profil' }).click();
    const owner = page.getByLabel('Nama pemilik');
    await owner.waitFor();
    await owner.fill('Ibu Sari Wulandari');
    await page.getByRole('button', { name: 'Kirim perubahan' }).click();
    await page
      .getByText('Perubahan dikirim. Perubahan menunggu validasi back office sebelum tampil.')
      .waitFor();
    const pending = page.getByTestId('pending-change');
    await pending.waitFor();
    assert.match(await pending.innerText(), /Menunggu validasi back office/);
    assert.match(await pending.innerText(), /Nama pemilik: Ibu Sari Wulandari/);
    await shotBoth(page, 'profile-pending');
    // The store's record is unchanged until staff approve it.
    const found = await staffGet<{ list_customer: { customer_code: string; owner_name: string }[] }>(
      `/web/customer/?limit=1&search=${store.customer_code}`,
    );
    assert.notEqual(found.list_customer[0].owner_name, 'Ibu Sari Wulandari');
  });

  it('should show the account with its menu, and the other screens', async () => {
    const { page } = phone;
    await nav(page, /^Akun/).click();
    await page.getByRole('heading', { name: store.customer_name }).waitFor();
    await shotBoth(page, 'account');
    for (const [link, heading, name] of [
      ['Promo', 'Promo', 'promos'],
      ['Target', 'Target', 'targets'],
    ] as const) {
      await nav(page, /^Akun/).click();
      await page
        .getByRole('navigation', { name: 'Akun' })
        .getByRole('link', { name: link, exact: true })
        .click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.locator('.loading').waitFor({ state: 'detached' });
      await shotBoth(page, name);
    }
  });

  it('should open offline after one visit, with the last balance and a notice that it is from the last connection', async () => {
    const { page, context } = phone;
    await page.goto(APP);
    await page.getByTestId('balance').waitFor();
    const online = await page.getByTestId('balance').innerText();
    // The worker is in charge of the page and has kept the home's answers.
    await eventually(async () =>
      assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null)),
    );
    await eventually(async () =>
      assert.ok(
        await page.evaluate(async () => {
          const cache = await caches.open('lbo-store-data');
          return (await cache.keys()).some((r) => r.url.endsWith('/v1/api/store/me'));
        }),
      ),
    );
    await context.setOffline(true);
    try {
      await page.reload();
      const notice = page.getByTestId('offline-notice');
      await notice.waitFor();
      assert.match(await notice.innerText(), /Anda sedang offline\. Data ini dari koneksi terakhir/);
      assert.equal(await page.getByTestId('balance').innerText(), online);
      await shotBoth(page, 'offline');
      // A screen never opened before says it needs the network, in words, and does not spin.
    } finally {
      await context.setOffline(false);
    }
    await page.reload();
    await page.getByTestId('balance').waitFor();
    assert.equal(await page.getByTestId('offline-notice').count(), 0);
  });

  it('should be installable: manifest, service worker, icons', async () => {
    const { page, context } = phone;
    await page.goto(APP);
    const manifestHref = await page.locator('link[rel=manifest]').getAttribute('href');
    assert.equal(manifestHref, '/app/manifest.webmanifest');
    const res = await context.request.get(`${BASE_URL}${manifestHref}`);
    assert.equal(res.status(), 200);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    assert.ok(manifest.name.length > 0);
    assert.ok(manifest.short_name.length > 0 && manifest.short_name.length <= 12);
    assert.equal(manifest.start_url, '/app/');
    assert.equal(manifest.scope, '/app/');
    assert.ok(['standalone', 'fullscreen', 'minimal-ui'].includes(manifest.display));
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png');
      assert.ok(icon, `a ${size} px PNG icon`);
      const png = await context.request.get(`${BASE_URL}${icon.src}`);
      assert.equal(png.status(), 200);
      assert.match(png.headers()['content-type'], /image\/png/);
      const body = await png.body();
      assert.equal(body.subarray(1, 4).toString('ascii'), 'PNG');
      assert.equal(body.readUInt32BE(16), size, 'width');
      assert.equal(body.readUInt32BE(20), size, 'height');
    }
    assert.ok(
      manifest.icons.some((i) => i.purpose?.includes('maskable')),
      'a maskable icon',
    );
    const sw = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration('/app/');
      return {
        script: reg?.active?.scriptURL ?? '',
        scope: reg?.scope ?? '',
        controlled: navigator.serviceWorker.controller !== null,
      };
    });
    assert.equal(sw.script, `${BASE_URL}/app/sw.js`);
    assert.equal(sw.scope, `${BASE_URL}/app/`);
    assert.ok(sw.controlled, 'the service worker controls the page');
    assert.equal(await page.locator('meta[name=theme-color]').count(), 1);
    assert.equal(await page.locator('meta[name=viewport]').count(), 1);
  });

  it('should sign out and forget what it kept', async () => {
    const { page } = phone;
    await page.goto(`${APP}account`);
    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.getByRole('heading', { name: 'Masuk ke toko Anda' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/app/');
    await eventually(async () =>
      assert.equal(await page.evaluate(async () => (await caches.keys()).includes('lbo-store-data')), false),
    );
    assert.equal(await page.evaluate(() => localStorage.getItem('lbo_store_session')), null);
  });
});
