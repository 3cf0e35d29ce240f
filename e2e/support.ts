// Shared helpers for the end-to-end specs: Debian's Chromium through playwright-core (no browser
// download), signing in, list-screen checks and screenshots under test-output/screenshots/.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page, type Response } from 'playwright-core';

export const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SHOTS = join(root, 'test-output', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

export const ADMIN = { email: 'admin@example.com', password: 'admin123' };
export const BRANCH_USER = { email: 'branch@example.com', password: 'branch123' };

export const LAPTOP = { width: 1366, height: 800 };
export const TABLET = { width: 820, height: 1180 };

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export async function newPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; lang?: 'id' | 'en' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? LAPTOP,
    locale: 'id-ID',
    acceptDownloads: true,
  });
  if (opts.lang) {
    await context.addInitScript((lng) => {
      if (!localStorage.getItem('lbo_lang')) localStorage.setItem('lbo_lang', lng);
    }, opts.lang);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => console.error(`[pageerror] ${e.message}`));
  return { context, page };
}

export async function shot(page: Page, name: string) {
  await page.waitForTimeout(250); // let transitions settle
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

/** Signs in through the login page (Indonesian labels unless `lang` is 'en'). */
export async function signIn(page: Page, who = ADMIN, lang: 'id' | 'en' = 'id') {
  await page.goto(`${BASE_URL}/#/login`);
  const L =
    lang === 'id'
      ? { email: 'E-mail', password: 'Kata sandi', submit: 'Masuk' }
      : { email: 'E-mail', password: 'Password', submit: 'Sign in' };
  await page.getByRole('textbox', { name: L.email, exact: true }).fill(who.email);
  await page.getByRole('textbox', { name: L.password, exact: true }).fill(who.password);
  await page.getByRole('button', { name: L.submit, exact: true }).click();
  await page.getByTestId('user-name').waitFor();
}

/** Waits for the next list call to `apiPath` matching `params`, returns its JSON. */
export async function nextList(
  page: Page,
  apiPath: string,
  params: Record<string, string> = {},
  action?: () => Promise<unknown>,
): Promise<{ response: Response; url: URL; body: ListBody }> {
  const wait = page.waitForResponse((r) => {
    const u = new URL(r.url());
    if (u.pathname !== `/v1/api${apiPath}` || r.request().method() !== 'GET') return false;
    return Object.entries(params).every(([k, v]) => u.searchParams.get(k) === v);
  });
  if (action) await action();
  const response = await wait;
  assert.equal(response.status(), 200, `${apiPath} answered ${response.status()}`);
  return { response, url: new URL(response.url()), body: (await response.json()) as ListBody };
}

export type ListBody = {
  data: unknown;
  meta: { page: number; limit: number; total_data: number; total_page: number };
};

export const rowsOf = (body: ListBody, key?: string): Record<string, unknown>[] =>
  (key ? (body.data as Record<string, unknown[]>)[key] : body.data) as Record<string, unknown>[];

/** Data rows of the list table (mantine-datatable keeps a one-cell placeholder row while loading). */
export const tableRows = (page: Page) => page.locator('table tbody tr:has(td + td)');

export async function firstRowText(page: Page): Promise<string> {
  return (await tableRows(page).first().innerText()).trim();
}

/** Polls until `check` passes (or throws its last error after `timeout`). */
export async function eventually(check: () => Promise<void> | void, timeout = 10_000) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      await check();
      return;
    } catch (e) {
      if (Date.now() > end) throw e;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

/** Picks an option of a Mantine Select by its label. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  await page
    .getByRole('textbox', { name: label, exact: true })
    .or(page.getByRole('combobox', { name: label, exact: true }))
    .first()
    .click();
  await page.getByRole('option', { name: option }).first().click();
}

export type ListCheck = {
  /** Screen path after `/#/`. */
  path: string;
  apiPath: string;
  listKey?: string;
  /** A page size small enough that the seed has more than one page. */
  limit?: number;
  /** A column accessor that sorts, and the `by` value it sends. */
  sort: { column: string; by: string };
  /** A search term, and the field whose value shows in the first column (checked after sorting). */
  search: { term: string; field: string };
  shotName: string;
};

/** Lists, pages, sorts and searches a resource screen against the real server. */
export async function checkListScreen(page: Page, c: ListCheck) {
  const q = c.limit ? `?limit=${c.limit}` : '';
  const first = await nextList(page, c.apiPath, { page: '1' }, () =>
    page.goto(`${BASE_URL}/#/${c.path}${q}`),
  );
  const rows = rowsOf(first.body, c.listKey);
  assert.ok(rows.length > 0, `${c.path}: no rows`);
  await eventually(async () => assert.equal(await tableRows(page).count(), rows.length));
  assert.ok(first.body.meta.total_page > 1, `${c.path}: needs more than one page to test paging`);
  await shot(page, c.shotName);

  // Paging on the server.
  const before = await firstRowText(page);
  const second = await nextList(page, c.apiPath, { page: '2' }, () =>
    page.getByRole('button', { name: /Halaman berikutnya|Next page/ }).click(),
  );
  assert.equal(second.body.meta.page, 2);
  await eventually(async () => assert.notEqual(await firstRowText(page), before));

  // Sorting on the server (a new column starts ascending, a second click descends).
  const header = page.locator(`th[data-accessor="${c.sort.column}"]`);
  const asc = await nextList(page, c.apiPath, { by: c.sort.by, sort: 'asc', page: '1' }, () =>
    header.click(),
  );
  const desc = await nextList(page, c.apiPath, { by: c.sort.by, sort: 'desc', page: '1' }, () =>
    header.click(),
  );
  const ascFirst = rowsOf(asc.body, c.listKey)[0];
  const descFirst = rowsOf(desc.body, c.listKey)[0];
  assert.notDeepEqual(ascFirst, descFirst, `${c.path}: sorting changed nothing`);
  await eventually(async () =>
    assert.ok((await firstRowText(page)).includes(String(descFirst[c.search.field] ?? ''))),
  );

  // Searching on the server.
  const found = await nextList(page, c.apiPath, { search: c.search.term, page: '1' }, () =>
    page.getByTestId('list-search').fill(c.search.term),
  );
  const hits = rowsOf(found.body, c.listKey);
  assert.ok(hits.length > 0, `${c.path}: search found nothing`);
  // The server searches several text columns: every hit holds the term in one of them.
  for (const h of hits) assert.match(JSON.stringify(Object.values(h)), new RegExp(c.search.term, 'i'));
  await eventually(async () => assert.equal(await tableRows(page).count(), hits.length));
}

/** Today in Jakarta (UTC+7, the business day the server uses), as YYYY-MM-DD. */
export const jakartaToday = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

export type ApiGet = <T>(path: string) => Promise<T>;

/** Reads `/v1/api<path>` through `page` with `token`, asserting a 200; the answer's data. */
export const apiGetter =
  (page: Page, token: string): ApiGet =>
  async <T>(path: string): Promise<T> => {
    const res = await page.request.get(`${BASE_URL}/v1/api${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    assert.equal(res.status(), 200, `${path} answered ${res.status()}`);
    return ((await res.json()) as { data: T }).data;
  };

/** The first of 50 products (by code, in `sort` order) without an old price on `date`. */
export async function productWithoutOldPrice<T extends { item_id: number }>(
  apiGet: ApiGet,
  date: string,
  sort: 'asc' | 'desc',
): Promise<T | undefined> {
  const items = (await apiGet<{ list_item: T[] }>(`/web/item/?by=item_code&sort=${sort}&limit=50`)).list_item;
  for (const candidate of items) {
    const prices = await apiGet<{ effective_date: string }[]>(
      `/item_old_price/select?item_id=${candidate.item_id}`,
    );
    if (!prices.some((p) => p.effective_date === date)) return candidate;
  }
  return undefined;
}

/** The server's log of this run (e2e/run.mjs writes it): the store sign-in codes are in it. */
export const SERVER_LOG = join(root, 'test-output', 'e2e-server.log');

/** How far the server log has been written: read only what comes after with `otpFromLog`. */
export const serverLogSize = () => (existsSync(SERVER_LOG) ? statSync(SERVER_LOG).size : 0);

/**
 * The sign-in code the server wrote for `phone` (OTP_ADAPTER=log: `otp: <phone> <code>`) after
 * the log was `from` bytes long: the last one, waiting for it to be written.
 */
export async function otpFromLog(phone: string, from: number, timeout = 15_000): Promise<string> {
  const end = Date.now() + timeout;
  const line = new RegExp(`otp: ${phone} (\\d{6})`, 'g');
  for (;;) {
    const text = readFileSync(SERVER_LOG).subarray(from).toString('utf8');
    const codes = [...text.matchAll(line)].map((m) => m[1]);
    if (codes.length > 0) return codes[codes.length - 1];
    if (Date.now() > end) throw new Error(`no sign-in code for ${phone} in ${SERVER_LOG}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
