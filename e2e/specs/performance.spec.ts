// First load (issue 15 target 4, issue 14 "Also") in the real browser against the real server:
// scripts arrive compressed and cached as immutable, index.html is revalidated, and a signed-in
// user opening the customer list directly gets its rows from one list request (started by main.tsx
// while the screen's code loads, then handed to the screen) with the same query the screen asks.
// No timings here: bench/areas/first-load.ts measures them.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { BASE_URL, launch, newPage, signIn, tableRows } from '../support';

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
