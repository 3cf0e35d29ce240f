// Sign-in, sign-out, token refresh, access requests and the public pages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN, BASE_URL, eventually, launch, newPage, shot, signIn, tableRows } from '../support';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const stored = (page: import('playwright-core').Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('token'),
    userId: localStorage.getItem('user_id'),
    session: JSON.parse(localStorage.getItem('lbo_session') ?? 'null') as { refresh_token: string } | null,
    cookie: document.cookie,
  }));

describe('sign-in', () => {
  it('should sign in and keep the token, the user id and a login cookie', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${BASE_URL}/#/login`);
    await page.getByRole('heading', { name: 'Masuk' }).waitFor();
    await shot(page, 'login-id');
    await signIn(page, ADMIN);
    assert.equal(await page.getByTestId('user-name').innerText(), 'Administrator');
    const s = await stored(page);
    assert.ok(s.token && s.token.length > 20);
    assert.equal(s.userId, '1');
    assert.match(s.cookie, /lbo_login=/);
    await page.getByRole('heading', { name: /Selamat datang/ }).waitFor();
    await shot(page, 'home-admin');
    await context.close();
  });

  it('should show the server message on a failed sign-in and leave the button usable', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${BASE_URL}/#/login`);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Kata sandi', exact: true }).fill('definitely-wrong');
    const button = page.getByRole('button', { name: 'Masuk', exact: true });
    await button.click();
    const alert = page.getByTestId('login-error');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Gagal masuk/);
    assert.ok((await alert.innerText()).length > 'Gagal masuk'.length + 3, 'the server message is shown');
    await shot(page, 'login-failed');
    assert.equal(await button.isEnabled(), true);
    assert.equal(await button.getAttribute('data-loading'), null);
    // The same button signs in once the password is right.
    await page.getByRole('textbox', { name: 'Kata sandi', exact: true }).fill(ADMIN.password);
    await button.click();
    await page.getByTestId('user-name').waitFor();
    await context.close();
  });

  it('should sign out: clear token, user id and cookie, and revoke the refresh token', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    const before = await stored(page);
    assert.ok(before.session?.refresh_token);
    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.getByRole('heading', { name: 'Masuk' }).waitFor();
    const s = await stored(page);
    assert.equal(s.token, null);
    assert.equal(s.userId, null);
    assert.equal(s.session, null);
    assert.doesNotMatch(s.cookie, /lbo_login=%7B/);
    const res = await page.request.post(`${BASE_URL}/v1/api/web/auth/refresh`, {
      data: { refresh_token: before.session?.refresh_token },
    });
    assert.equal(res.status(), 401, 'the revoked refresh token is refused');
    // A signed-out visit to an inner screen goes to the sign-in page.
    await page.goto(`${BASE_URL}/#/salesmen`);
    await page.getByRole('heading', { name: 'Masuk' }).waitFor();
    assert.match(page.url(), /#\/login\?next=%2Fsalesmen/);
    await context.close();
  });

  it('should send a signed-out visit to an inner screen to sign in, then to that screen', async () => {
    // A fresh tab: the standalone sign-in screen (app/sign-in.tsx), without the router, hands the
    // page to the app at the address the visit asked for.
    const { context, page } = await newPage(browser);
    await page.goto(`${BASE_URL}/#/branches?page=1`);
    await page.getByRole('heading', { name: 'Masuk' }).waitFor();
    assert.match(page.url(), /#\/login\?next=%2Fbranches%3Fpage%3D1$/);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Kata sandi', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.getByTestId('user-name').waitFor();
    await tableRows(page).first().waitFor();
    assert.match(page.url(), /#\/branches\?page=1$/);
    await context.close();
  });

  it('should refresh an expired token once, transparently', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    const first = await stored(page);
    await page.evaluate(() => localStorage.setItem('token', 'expired.or.forged.token'));
    let refreshes = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/api/web/auth/refresh')) refreshes++;
    });
    await page.goto(`${BASE_URL}/#/branches`);
    await tableRows(page).first().waitFor();
    const s = await stored(page);
    assert.equal(refreshes, 1);
    assert.ok(s.token && s.token !== 'expired.or.forged.token', `token after refresh: ${s.token}`);
    assert.notEqual(s.session?.refresh_token, first.session?.refresh_token, 'the refresh token rotated');
    await context.close();
  });

  it('should sign out with a message when the refresh is refused', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.evaluate(() => {
      localStorage.setItem('token', 'expired.or.forged.token');
      const s = JSON.parse(localStorage.getItem('lbo_session') ?? '{}');
      localStorage.setItem(
        'lbo_session',
        JSON.stringify({ ...s, refresh_token: 'revoked-refresh-token-0000' }),
      );
    });
    await page.goto(`${BASE_URL}/#/salesmen`);
    await page.getByText('Sesi Anda telah berakhir').waitFor();
    assert.match(page.url(), /#\/login/);
    assert.equal((await stored(page)).token, null);
    await shot(page, 'login-session-expired');
    await context.close();
  });
});

describe('access request', () => {
  it('should create an inactive staff user an administrator must activate', async () => {
    const { context, page } = await newPage(browser);
    const email = `new.staff.${Date.now()}@example.com`;
    await page.goto(`${BASE_URL}/#/login`);
    await page.getByRole('link', { name: 'Minta akses' }).click();
    await page.getByRole('heading', { name: 'Minta akses' }).waitFor();
    await page.getByRole('button', { name: 'Kirim permintaan' }).click();
    await page.getByText('Kolom ini wajib diisi').first().waitFor();
    await page.getByLabel('Nama lengkap').fill('Staf Baru Uji');
    await page.getByLabel('E-mail kantor').fill(email);
    await page.getByLabel('Nomor telepon').fill('0812 3456 7890');
    await page.getByRole('textbox', { name: 'Kata sandi', exact: true }).fill('rahasia123');
    await page.getByLabel('Ulangi kata sandi').fill('rahasia124');
    await page.getByRole('button', { name: 'Kirim permintaan' }).click();
    await page.getByText('Kata sandi tidak sama').waitFor();
    await page.getByLabel('Ulangi kata sandi').fill('rahasia123');
    await shot(page, 'register-form');
    await page.getByRole('button', { name: 'Kirim permintaan' }).click();
    await page.getByRole('heading', { name: 'Permintaan terkirim' }).waitFor();
    await shot(page, 'register-done');
    // The new account cannot sign in until it is activated.
    const res = await page.request.post(`${BASE_URL}/v1/api/web/auth`, {
      data: { email, password: 'rahasia123' },
    });
    assert.ok([401, 403].includes(res.status()), `inactive user signed in: ${res.status()}`);
    // The administrator sees it, inactive.
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/staff-users`);
    await page.getByTestId('list-search').fill(email);
    const row = tableRows(page).filter({ hasText: email });
    await row.waitFor();
    assert.match(await row.innerText(), /NONAKTIF|Nonaktif/i);
    await context.close();
  });
});

describe('public pages', () => {
  it('should show the privacy policy with its seven sections without signing in', async () => {
    const { context, page } = await newPage(browser, { lang: 'en' });
    await page.goto(`${BASE_URL}/#/privacypolicy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    const sections = [
      'Log Files',
      'Our Advertising Partners',
      'Privacy Policies',
      'Third Party Privacy Policies',
      'Childrens Information',
      'Online Privacy Policy Only',
      'Consent',
    ];
    const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    assert.deepEqual(headings, sections);
    assert.match(await page.locator('body').innerText(), /under the age of 13/);
    await shot(page, 'privacy-en');
    await page.getByRole('button', { name: 'ID' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kebijakan Privasi' }).waitFor();
    assert.equal((await page.getByRole('heading', { level: 2 }).allInnerTexts()).length, 7);
    await shot(page, 'privacy-id');
    await context.close();
  });

  it('should show the 404 page for an unknown route, signed in or not', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${BASE_URL}/#/404`);
    await page.getByRole('heading', { name: 'Halaman tidak ditemukan' }).waitFor();
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/no/such/screen`);
    await page.getByRole('heading', { name: 'Halaman tidak ditemukan' }).waitFor();
    assert.match(page.url(), /#\/404$/);
    await shot(page, 'not-found');
    await page.goto(`${BASE_URL}/#/salesmen/999999`);
    await page.getByRole('alert').waitFor();
    await page.goto(`${BASE_URL}/#/500`);
    await page.getByRole('heading', { name: 'Kesalahan server' }).waitFor();
    await context.close();
  });

  it('should switch the labels between Indonesian and English, and remember the choice', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${BASE_URL}/#/login`);
    await page.getByRole('heading', { name: 'Masuk' }).waitFor();
    await page.getByRole('button', { name: 'EN' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Password', exact: true }).count(), 1);
    await shot(page, 'login-en');
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'ID' }).click();
    await page.getByRole('heading', { name: 'Masuk' }).waitFor();
    await context.close();
  });

  it('should show a retry screen, not a blank page, when a page chunk fails to load', async () => {
    const { context, page } = await newPage(browser);
    await page.route(/\/assets\/privacy-policy\.page-[^/]+\.js$/, (r) => r.abort());
    await page.goto(`${BASE_URL}/#/privacypolicy`);
    await page.getByRole('heading', { name: 'Halaman ini tidak dapat dimuat' }).waitFor();
    await shot(page, 'chunk-error');
    await page.unroute(/\/assets\/privacy-policy\.page-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Coba lagi' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kebijakan Privasi' }).waitFor();
    await eventually(async () => assert.equal(await page.getByRole('heading', { level: 2 }).count(), 7));
    await context.close();
  });
});
