// First load in the real browser against the real server:
// scripts arrive compressed and cached as immutable, index.html is revalidated, /login runs the
// standalone sign-in screen's code only (under 100 KB gzipped: no router, i18next or signed-in
// screens), and a signed-in user opening the customer list directly gets its rows from one list
// request (started by main.tsx while the screen's code loads, then handed to the screen) with the
// same query the screen asks. No timings here: bench/areas/first-load.ts measures them.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { ADMIN, BASE_URL, launch, newPage, signIn, tableRows } from '../support';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');
let browser: Browser;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe('first load', () => {
  it('should get scripts compressed and cached as immutable, and index.html revalidated', async () => {
    const { context, page } = await newPage(browser);
    const scripts: { url: string; encoding?: string; cache?: string }[] = [];
    let index: Record<string, string> | undefined;
    page.on('response', (r) => {
      const url = new URL(r.url());
      const h = r.headers();
      if (url.pathname.endsWith('.js'))
        scripts.push({ url: url.pathname, encoding: h['content-encoding'], cache: h['cache-control'] });
      if (url.pathname === '/' || url.pathname === '/index.html') index = h;
    });
    await page.goto(`${BASE_URL}/#/login`);
    await page.getByRole('button', { name: 'Masuk', exact: true }).waitFor();
    assert.ok(scripts.length > 0, 'no script loaded');
    // The build compresses every file over 1 KB (web/vite.config.ts); smaller ones go as they are.
    const compressed = scripts.filter((s) => existsSync(join(DIST, `${s.url}.br`)));
    assert.ok(compressed.length > 0, 'no compressed script');
    for (const s of scripts) {
      if (compressed.includes(s)) assert.equal(s.encoding, 'br', `${s.url} arrived as ${s.encoding}`);
      assert.equal(s.cache, 'public, max-age=31536000, immutable', s.url);
    }
    assert.equal(index?.['cache-control'], 'no-cache');
    await context.close();
  });

  it('should open /login with the sign-in screen only, under 100 KB of script gzipped', async () => {
    const { context, page } = await newPage(browser);
    const scripts: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('.js')) scripts.push(path);
    });
    await page.goto(`${BASE_URL}/#/login`);
    await page.getByRole('button', { name: 'Masuk', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const gzipped = scripts.reduce(
      (sum, s) => sum + gzipSync(readFileSync(join(DIST, s)), { level: 9 }).length,
      0,
    );
    assert.ok(
      gzipped / 1024 < 100,
      `/login loads ${(gzipped / 1024).toFixed(1)} KB gzipped: ${scripts.join(' ')}`,
    );
    // The app's own chunks (web/vite.config.ts) come only once the user signs in.
    const appChunks = scripts.filter((s) => /\/(router|vendor|app|boot)-[^/]+\.js$/.test(s));
    assert.deepEqual(appChunks, [], 'the router, i18next and the signed-in screens wait for sign-in');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Kata sandi', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.getByRole('heading', { name: /Selamat datang/ }).waitFor();
    assert.ok(
      scripts.some((s) => /\/router-[^/]+\.js$/.test(s)),
      'the app loaded after sign-in',
    );
    await context.close();
  });

  it('should show the customer list opened directly, with one list request', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    const lists: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/v1/api/web/customer/' && r.method() === 'GET') lists.push(url.search);
    });
    await page.goto(`${BASE_URL}/#/customers`);
    await tableRows(page).first().waitFor();
    // A reload on the list: main.tsx starts the list request before the screen exists, and the
    // screen takes that answer instead of asking again.
    lists.length = 0;
    await page.reload();
    await tableRows(page).first().waitFor();
    assert.ok((await tableRows(page).count()) > 0, 'no rows');
    await page.waitForTimeout(1000); // a late duplicate would show up by now
    assert.equal(lists.length, 1, `the list was asked ${lists.length} times: ${lists.join(' | ')}`);
    await context.close();
  });
});
