// Daily use in a real browser: server messages in Indonesian next to their field, numbers
// kept as typed, the unsaved-changes warning, signing in again at save time, tables that fit
// (sticky actions at 1280 px, cards at 390 px), the phone header with sign-out, the menu groups and
// the command palette, an axe accessibility check of the main screens, and screenshots in both
// languages at 1366 and 390 px (copied to /work/notes/screens/ when that folder exists).
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, BASE_URL, eventually, launch, newPage, SHOTS, shot, signIn, tableRows } from '../support';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const NOTES_SCREENS = '/work/notes/screens';

/** A screenshot in test-output, and a copy for the notes when that folder can be made. */
async function keep(page: Page, name: string) {
  await shot(page, name);
  try {
    mkdirSync(NOTES_SCREENS, { recursive: true });
    copyFileSync(join(SHOTS, `${name}.png`), join(NOTES_SCREENS, `${name}.png`));
  } catch {
    /* only test-output then */
  }
}

const fieldError = (page: Page, label: string) =>
  page.evaluate((name) => {
    const input = [...document.querySelectorAll('input')].find((i) => {
      const id = i.getAttribute('id');
      const lab = id ? document.querySelector(`label[for="${id}"]`) : null;
      return lab?.textContent?.replace(/\s*\*$/, '').trim() === name;
    });
    const err = input
      ?.getAttribute('aria-describedby')
      ?.split(' ')
      .find((x) => x.endsWith('-error'));
    return err ? (document.getElementById(err)?.textContent ?? null) : null;
  }, label);

async function apiToken(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('token') ?? '');
}

describe('messages in the user language', () => {
  it('should show the server refusal in Indonesian next to its field, once', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    const token = await apiToken(page);
    const res = await page.request.get(`${BASE_URL}/v1/api/web/salesman/?limit=2&by=id&sort=asc`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const salesmen = ((await res.json()) as { data: { id: number; salesman_code: string }[] }).data;
    const [first, second] = salesmen;
    await page.goto(`${BASE_URL}/#/salesmen/${first.id}/edit`);
    const code = page.getByRole('textbox', { name: 'Kode', exact: true });
    await code.waitFor();
    await code.fill(second.salesman_code);
    const put = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/web/salesman/'),
    );
    await page.getByRole('button', { name: 'Simpan' }).click();
    const answer = await put;
    assert.equal(answer.status(), 409);
    assert.match(String(answer.request().headers()['accept-language']), /^id\b/);
    const expected = `Kode salesman '${second.salesman_code}' sudah dipakai`;
    await eventually(async () => assert.equal(await fieldError(page, 'Kode'), expected));
    assert.equal(await page.getByText(expected, { exact: true }).count(), 1, 'said once');
    await page.getByText('Periksa kolom yang ditandai merah.').waitFor();
    await keep(page, 'daily-use-error-id-1366');
    await context.close();
  });
});

describe('number fields', () => {
  it('should keep a negative rupiah per point as typed, refuse it and send nothing', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/point-rules/new`);
    const amount = page.getByRole('textbox', { name: 'Rupiah per poin' });
    await amount.waitFor();
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/point_rules')) posted++;
    });
    await amount.fill('-5');
    await amount.press('Tab');
    assert.equal(await amount.inputValue(), '-5', 'not flipped or clamped on blur');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await eventually(async () => assert.match(String(await fieldError(page, 'Rupiah per poin')), /1/));
    assert.equal(await amount.inputValue(), '-5');
    await amount.fill('0,5');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await eventually(async () => assert.ok(await fieldError(page, 'Rupiah per poin')));
    assert.equal(posted, 0, 'nothing sent');
    await context.close();
  });
});

describe('nothing typed is lost', () => {
  it('should ask before leaving a changed form through the menu', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/salesmen/new`);
    const name = page.getByRole('textbox', { name: 'Nama', exact: true });
    await name.waitFor();
    await name.fill('Setengah diisi');
    await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Cabang' }).click();
    const dialog = page.getByRole('dialog', { name: 'Keluar tanpa menyimpan?' });
    await dialog.waitFor();
    await keep(page, 'daily-use-unsaved-id-1366');
    await dialog.getByRole('button', { name: 'Tetap di sini' }).click();
    assert.match(page.url(), /#\/salesmen\/new$/);
    assert.equal(await name.inputValue(), 'Setengah diisi');
    await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Cabang' }).click();
    await page
      .getByRole('dialog', { name: 'Keluar tanpa menyimpan?' })
      .getByRole('button', { name: /Keluar/ })
      .click();
    await page.waitForURL(/#\/branches$/);
    await context.close();
  });

  it('should sign in again in a dialog when the session ended, then save what was typed', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/role-groups/new`);
    const stamp = String(Date.now()).slice(-7);
    const name = page.getByRole('textbox', { name: 'Nama', exact: true });
    await name.waitFor();
    await name.fill(`Grup ulang masuk ${stamp}`);
    // The session ends while the form is open: a dead token and a refused refresh token.
    await page.evaluate(() => {
      localStorage.setItem('token', 'expired.or.forged.token');
      const s = JSON.parse(localStorage.getItem('lbo_session') ?? '{}');
      localStorage.setItem(
        'lbo_session',
        JSON.stringify({ ...s, refresh_token: 'revoked-refresh-token-0000' }),
      );
    });
    await page.getByRole('button', { name: 'Simpan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Masuk lagi' });
    await dialog.waitFor();
    assert.equal(await name.inputValue(), `Grup ulang masuk ${stamp}`, 'the form and what was typed stay');
    await keep(page, 'daily-use-sign-in-again-id-1366');
    await dialog.getByLabel('Kata sandi').fill(ADMIN.password);
    const post = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/web/role_group') && r.status() === 201,
    );
    await dialog.getByRole('button', { name: 'Masuk dan simpan' }).click();
    const saved = await post;
    const body = saved.request().postDataJSON() as { name: string };
    assert.equal(body.name, `Grup ulang masuk ${stamp}`);
    await page.getByRole('heading', { name: `Grup ulang masuk ${stamp}`, level: 1 }).waitFor();
    await context.close();
  });
});

describe('tables that fit', () => {
  it('should keep the row actions in view at 1280 px (sticky column)', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await signIn(page, ADMIN);
    for (const path of ['point-rules', 'point-max-customers', 'point-promos', 'customers']) {
      // A full load each time: after a hash change the previous list's rows stay until the new ones come.
      await page.goto('about:blank');
      await page.goto(`${BASE_URL}/#/${path}`);
      await tableRows(page).first().waitFor();
      const box = await page.evaluate(() => {
        const cell = document.querySelector('table tbody tr td[data-pinned="right"]');
        const wrap = cell?.closest('.lbo-table-scroll');
        if (!cell || !wrap) return null;
        const c = cell.getBoundingClientRect();
        const w = wrap.getBoundingClientRect();
        return { cellRight: c.right, cellLeft: c.left, wrapRight: w.right, viewport: window.innerWidth };
      });
      assert.ok(box, `${path}: a pinned actions cell`);
      assert.ok(
        box.cellRight <= box.wrapRight + 1,
        `${path}: actions inside the table (${JSON.stringify(box)})`,
      );
      assert.ok(box.cellLeft >= 0 && box.cellRight <= box.viewport, `${path}: actions on screen`);
      const buttons = page
        .locator('table tbody tr')
        .first()
        .locator('td[data-pinned="right"] a, td[data-pinned="right"] button');
      assert.ok((await buttons.count()) > 0, `${path}: row buttons`);
      await buttons.first().hover({ trial: true });
    }
    await context.close();
  });

  it('should remember the columns chosen for a list', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/customers`);
    await tableRows(page).first().waitFor();
    const headers = async () => (await page.locator('table thead th').allInnerTexts()).map((s) => s.trim());
    assert.ok((await headers()).includes('Cabang'));
    await page.getByTestId('column-chooser').click();
    await page.getByRole('checkbox', { name: 'Cabang', exact: true }).uncheck();
    await page.keyboard.press('Escape');
    await eventually(async () => assert.ok(!(await headers()).includes('Cabang')));
    await page.reload();
    await tableRows(page).first().waitFor();
    assert.ok(!(await headers()).includes('Cabang'), 'remembered after a reload');
    await page.getByTestId('column-chooser').click();
    await page.getByRole('menuitem', { name: 'Tampilkan semua kolom' }).click();
    await eventually(async () => assert.ok((await headers()).includes('Cabang')));
    await context.close();
  });

  it('should label sortable headers with aria-sort in the chosen language', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/branches?by=name&sort=asc`);
    await tableRows(page).first().waitFor();
    const sorted = page.locator('table thead th[aria-sort="ascending"]');
    await sorted.waitFor();
    // A column header to assistive technology (a <th scope="col">), its sort state in aria-sort.
    assert.equal(
      await page.getByRole('columnheader', { name: 'Nama', exact: true }).getAttribute('aria-sort'),
      'ascending',
    );
    assert.match(String(await sorted.getAttribute('title')), /Urut naik/);
    assert.ok((await page.locator('table thead th[aria-sort="none"]').count()) > 0);
    await context.close();
  });

  it('should show lists as cards at 390 px, without sideways scrolling', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.setViewportSize(PHONE);
    await page.goto(`${BASE_URL}/#/customers`);
    await page.getByTestId('record-card').first().waitFor();
    assert.equal(await page.locator('table tbody tr').count(), 0, 'no table on a phone');
    assert.ok((await page.getByTestId('record-card').count()) >= 2);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
    assert.ok(fits, 'no sideways scroll');
    const card = page.getByTestId('record-card').first();
    const link = card.getByRole('link').first();
    await link.click();
    await page.waitForURL(/#\/customers\/\d+$/);
    await context.close();
  });
});

describe('phone, menu and navigation', () => {
  it('should fit the header in 390 px and sign out from the menu', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.setViewportSize(PHONE);
    await page.goto(`${BASE_URL}/#/`);
    const header = await page.locator('header').evaluate((h) => ({ w: h.scrollWidth, c: h.clientWidth }));
    assert.ok(header.w <= 390, `header ${header.w}px wide`);
    await page.getByTestId('sidebar-toggle').click();
    const logout = page.getByTestId('nav-logout');
    await logout.waitFor();
    await keep(page, 'daily-use-menu-id-390');
    await logout.click();
    await page.waitForURL(/#\/login/);
    await context.close();
  });

  it('should fold menu groups and jump anywhere with Ctrl+K', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    const nav = page.getByRole('navigation', { name: 'Menu utama' });
    const group = page.getByTestId('nav-group-staff');
    await group.click();
    assert.equal(await group.getAttribute('aria-expanded'), 'false');
    await eventually(async () =>
      assert.equal(await nav.getByRole('link', { name: 'Grup peran' }).isVisible(), false),
    );
    await group.click();
    await nav.getByRole('link', { name: 'Grup peran' }).waitFor();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Buka' });
    await palette.waitFor();
    await palette.getByRole('combobox').fill('grup per');
    await keep(page, 'daily-use-palette-id-1366');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/role-groups/);
    // Records too: a customer by name.
    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill('toko');
    // A record's hint names its kind and its code ("Pelanggan · BDG…"); screens found by their
    // summary name their menu group.
    const option = palette
      .getByRole('option')
      .filter({ hasText: /pelanggan · /i })
      .first();
    await option.waitFor();
    await option.click();
    await page.waitForURL(/#\/customers\/\d+$/);
    await context.close();
  });

  it('should open a detail page at its top and show a missing record without a retry', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/customers`);
    await tableRows(page).first().waitFor();
    await page.mouse.wheel(0, 2000);
    await tableRows(page).first().getByRole('link').first().click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await eventually(async () => assert.equal(await page.evaluate(() => window.scrollY), 0));
    await page.getByTestId('customer-related').waitFor();
    await page.goto(`${BASE_URL}/#/customers/99999999`);
    await page.getByText('Pelanggan tidak ditemukan; mungkin sudah dihapus').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Coba lagi' }).count(), 0);
    await context.close();
  });

  it('should lead from a customer to its point movements, filtered to it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.goto(`${BASE_URL}/#/customers`);
    await tableRows(page).first().waitFor();
    await tableRows(page).first().getByRole('link').first().click();
    const related = page.getByTestId('customer-related');
    await related.waitFor();
    const list = page.waitForResponse(
      (r) => r.url().includes('/v1/api/point/?') && r.url().includes('customer_id='),
    );
    await related.getByRole('link', { name: /Mutasi poin/ }).click();
    const res = await list;
    assert.equal(res.status(), 200);
    await page.getByTestId('linked-filter').waitFor();
    await context.close();
  });
});

describe('accessibility (axe) of the main screens', () => {
  const require = createRequire(import.meta.url);
  const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const screens = [
    '',
    'customers',
    'customers/new',
    'point-rules',
    'point-ledger',
    'products',
    'branches',
    'staff-users',
  ];

  /** Serious and critical violations on the page as it is now, one line each. */
  async function axeProblems(page: Page, label: string): Promise<string[]> {
    // Evaluated through the DevTools protocol: the app's CSP (rightly) refuses inline scripts.
    await page.evaluate(axeSource);
    const result = (await page.evaluate(async () => {
      const axe = (window as any).axe;
      // Every rule, colour contrast included (the theme's readable shades 7-9, gray 7 for dimmed).
      const r = await axe.run(document, { resultTypes: ['violations'] });
      type Node = { target: string[]; any: { message: string }[] };
      return r.violations.map((v: { id: string; impact: string; nodes: Node[] }) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} (${n.any[0]?.message ?? ''})`),
      }));
    })) as { id: string; impact: string; targets: string[] }[];
    return result
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${label}: ${v.id} (${v.impact}) at ${v.targets.join(', ')}`);
  }

  it('should find no serious or critical violations', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN);
    const problems: string[] = [];
    for (const path of screens) {
      await page.goto(`${BASE_URL}/#/${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      if (path && !path.endsWith('/new')) await tableRows(page).first().waitFor();
      await page.waitForTimeout(400);
      problems.push(...(await axeProblems(page, `/${path}`)));
    }
    // A customer's page, and a form showing its field errors (red text on white). A full load: after
    // a hash change the previous list's rows stay until the new ones come.
    await page.goto('about:blank');
    await page.goto(`${BASE_URL}/#/customers`);
    await tableRows(page).first().getByRole('link').first().click();
    await page.getByTestId('customer-related').waitFor();
    problems.push(...(await axeProblems(page, 'customer detail')));
    await page.goto(`${BASE_URL}/#/salesmen/new`);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.locator('.mantine-InputWrapper-error').first().waitFor();
    problems.push(...(await axeProblems(page, 'form with errors')));
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('screenshots in both languages', () => {
  /** Screen path, file name, and what shows once it is ready. */
  const views: [string, string, string][] = [
    ['', 'home', 'main h1'],
    ['customers', 'customers', 'table tbody tr, [data-testid="record-card"]'],
    ['point-rules', 'point-rules', 'table tbody tr, [data-testid="record-card"]'],
    ['dashboard', 'dashboard', 'main h1'],
  ];
  const sizes = [
    { width: 1366, height: 800 },
    { width: PHONE.width, height: PHONE.height },
  ];
  for (const lang of ['id', 'en'] as const) {
    it(`should look right at 1366 and 390 px in ${lang}`, async () => {
      const { context, page } = await newPage(browser, { lang });
      await signIn(page, ADMIN, lang);
      const saved: string[] = [];
      const save = async (name: string, width: number) => {
        await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
        await keep(page, `daily-use-${name}-${lang}-${width}`);
        saved.push(`daily-use-${name}-${lang}-${width}.png`);
      };
      for (const size of sizes) {
        await page.setViewportSize(size);
        for (const [path, name, ready] of views) {
          // A full load each time: after a hash change the previous screen's rows stay a moment.
          await page.goto(`${BASE_URL}/#/${path}`);
          await page.reload();
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.locator(ready).first().waitFor();
          await save(name, size.width);
        }
        // A customer's page, through its link in the list (a card on a phone).
        await page.goto(`${BASE_URL}/#/customers`);
        await page.reload();
        await page.locator('table tbody tr:has(td + td) a, [data-testid="record-card"] a').first().click();
        await page.getByTestId('customer-related').waitFor();
        await save('customer-detail', size.width);
        // A form refused by its own checks: each error next to its field, in the chosen language.
        await page.goto(`${BASE_URL}/#/point-rules/new`);
        const amount = page.getByRole('textbox', {
          name: lang === 'id' ? 'Rupiah per poin' : 'Rupiah per point',
        });
        await amount.fill('-5');
        await page.getByRole('button', { name: lang === 'id' ? 'Simpan' : 'Save', exact: true }).click();
        await page.locator('.mantine-InputWrapper-error').first().waitFor();
        await save('form-error', size.width);
      }
      for (const f of saved) assert.ok(existsSync(join(SHOTS, f)), f);
      await context.close();
    });
  }
});
