// Dashboards against the real server and the demo data: the home figures, the dashboard drilled from a
// region group down to a store (rows and bars), a different date range through the presets, an XLSX
// export read back, the turnover screen with a category filter and the yearly graph; screenshots at
// laptop and phone sizes in both languages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, eventually, launch, newPage, shot, signIn } from '../support';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Waits for the next GET of `/v1/api<path>` matching `params` while `action` runs. */
async function nextCall(
  page: Page,
  path: string,
  params: Record<string, string>,
  action: () => Promise<unknown>,
) {
  const wait = page.waitForResponse((r) => {
    const u = new URL(r.url());
    return (
      u.pathname === `/v1/api${path}` &&
      r.request().method() === 'GET' &&
      Object.entries(params).every(([k, v]) => u.searchParams.get(k) === v)
    );
  });
  await action();
  const res = await wait;
  assert.equal(res.status(), 200, `${path} answered ${res.status()}`);
  return {
    url: new URL(res.url()),
    body: (await res.json()) as { data: Record<string, unknown>[]; meta?: { total_data: number } },
  };
}

describe('dashboards', () => {
  it('should drill from a region group down to a store, change the range and export', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    // Home: this month against last month.
    await page.getByTestId('home-figures').waitFor();
    assert.match(await page.getByTestId('home-turnover').innerText(), /^Rp [\d.]+/);
    await shot(page, 'dashboards-home');

    const groups = await nextCall(page, '/web/dashboard/group', {}, () =>
      page.goto(`${BASE_URL}/#/dashboard`),
    );
    assert.ok(groups.body.data.length > 0, 'no region groups');
    const group = groups.body.data.find((g) => Number(g.turnover) > 0) ?? groups.body.data[0];
    const table = page.getByTestId('drill-table-group');
    await table.waitFor();
    await shot(page, 'dashboards-groups');

    // Group -> its regions (a row click).
    const regions = await nextCall(
      page,
      '/web/dashboard/group',
      { group_id: String(group.region_group_id) },
      () => table.getByText(String(group.region_group_name), { exact: true }).click(),
    );
    assert.ok(regions.body.data.length > 0, 'no regions');
    const region = regions.body.data[0];
    const sumRegions = regions.body.data.reduce((s, r) => s + Number(r.turnover), 0);
    assert.ok(
      Math.abs(sumRegions - Number(group.turnover)) < 0.01,
      'the regions do not add up to their group',
    );

    // Region -> branches (a bar click on the chart, else the row).
    await page.getByTestId('drill-table-region').waitFor();
    const branches = await nextCall(
      page,
      '/web/dashboard/detail',
      { region_id: String(region.region_id) },
      async () => {
        const bar = page.locator('.recharts-bar-rectangle').first();
        if ((await bar.count()) > 0 && Number(region.turnover) > 0) await bar.click();
        else
          await page
            .getByTestId('drill-table-region')
            .getByText(String(region.region_name), { exact: true })
            .click();
      },
    );
    assert.ok(branches.body.data.length > 0, 'no branches');
    assert.ok('branch_id_detail' in branches.body.data[0]);
    const branch = branches.body.data[0];

    // Branch -> its stores.
    await page.getByTestId('drill-table-branch').waitFor();
    const stores = await nextCall(
      page,
      '/web/dashboard/select/customer',
      { branch_id: String(branch.branch_id_detail) },
      () =>
        page.getByTestId('drill-table-branch').getByText(String(branch.branch_name), { exact: true }).click(),
    );
    assert.ok((stores.body.meta?.total_data ?? 0) > 0, 'no stores');
    const storeTable = page.getByTestId('drill-table-customer');
    await storeTable.waitFor();
    await eventually(async () =>
      assert.ok((await storeTable.innerText()).includes(String(stores.body.data[0].customer_name))),
    );
    await shot(page, 'dashboards-stores');

    // Another range: last month (the preset), the same branch.
    const lastMonth = await nextCall(
      page,
      '/web/dashboard/select/customer',
      { branch_id: String(branch.branch_id_detail) },
      () => page.getByTestId('range-presets').getByText('Bulan lalu').click(),
    );
    const start = lastMonth.url.searchParams.get('start_date') ?? '';
    assert.match(start, /^\d{4}-\d{2}-01$/);
    assert.notEqual(start, stores.url.searchParams.get('start_date'));

    // Export what the table shows (every page) and read it back.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-dashboard-customer').click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^dashboard-customer-.*\.xlsx$/);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    const ws = wb.worksheets[0];
    assert.equal(ws.getRow(1).getCell(1).value, 'Toko');
    assert.equal(
      ws.rowCount - 1,
      lastMonth.body.meta?.total_data,
      'the export holds every store of the range',
    );

    // Back up the trail to the region groups.
    await page.getByTestId('drill-trail').getByText('Semua grup wilayah').click();
    await page.getByTestId('drill-table-group').waitFor();
    await context.close();
  });

  it('should show turnover with a category filter and the yearly graph with last year', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    const year = new Date().getFullYear();
    const graph = await nextCall(page, '/web/dashboard/omzet/graph', { year: String(year) }, () =>
      page.goto(`${BASE_URL}/#/omzet-graph`),
    );
    assert.equal(graph.body.data.length, 12);
    assert.ok(
      graph.body.data.some((m) => Number(m.last_year_turnover) > 0),
      'no turnover last year',
    );
    await page.getByTestId('omzet-graph').locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByTestId('omzet-graph').locator('.recharts-line').first().waitFor();
    await shot(page, 'dashboards-graph');

    const all = await nextCall(page, '/web/dashboard/omzet/group', {}, () =>
      page.goto(`${BASE_URL}/#/omzet?level=group`),
    );
    const total = all.body.data.reduce((s, r) => s + Number(r.turnover), 0);
    await page.getByTestId('filter-categories').click();
    const filtered = await nextCall(page, '/web/dashboard/omzet/group', {}, () =>
      page.getByRole('option').first().click(),
    );
    assert.ok(filtered.url.searchParams.get('item_category_ids'), 'the category was not sent');
    const part = filtered.body.data.reduce((s, r) => s + Number(r.turnover), 0);
    assert.ok(part <= total, 'one category turned over more than all of them');
    await page.keyboard.press('Escape');
    await page.getByTestId('omzet-table').waitFor();
    await shot(page, 'dashboards-omzet');

    // Phone size.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${BASE_URL}/#/dashboard`);
    await page.getByTestId('drill-table-group').waitFor();
    await shot(page, 'dashboards-phone');
    await context.close();
  });

  it('should show invoice tracking, VA payments, registered stores and the master stores report in English', async () => {
    const { context, page } = await newPage(browser, { lang: 'en' });
    await signIn(page, undefined, 'en');
    const tracking = await nextCall(page, '/web/dashboard/tracking/invoice', {}, () =>
      page.goto(`${BASE_URL}/#/invoice-tracking?start_date=2025-01-01&end_date=2026-12-31`),
    );
    assert.ok(
      tracking.body.data.some((r) => Number(r.invoice_count) > 0),
      'no invoices tracked',
    );
    await page.getByTestId('tracking-table').waitFor();
    await shot(page, 'dashboards-tracking');
    await nextCall(page, '/web/dashboard/virtual_account', {}, () =>
      page.goto(`${BASE_URL}/#/virtual-account`),
    );
    await page.getByTestId('va-table').waitFor();
    await shot(page, 'dashboards-va');
    const stores = await nextCall(page, '/web/dashboard/report/activation', {}, () =>
      page.goto(`${BASE_URL}/#/registered-stores?start_date=2024-01-01&end_date=2026-12-31`),
    );
    assert.ok((stores.body.meta?.total_data ?? 0) > 0, 'no activated stores');
    assert.ok('customer_id_detail' in stores.body.data[0]);
    await page.getByTestId('stores-table').waitFor();
    await shot(page, 'dashboards-registered');
    const master = await nextCall(page, '/web/dashboard/report/master_store', {}, () =>
      page.goto(`${BASE_URL}/#/master-stores`),
    );
    assert.ok((master.body.meta?.total_data ?? 0) > 0);
    await page.getByTestId('master-stores-table').waitFor();
    await shot(page, 'dashboards-master-stores');
    await context.close();
  });
});
