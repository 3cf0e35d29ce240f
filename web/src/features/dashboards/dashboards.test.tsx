// The dashboard screens against a stubbed API: rupiah formatting and range presets, the drill-down
// from region group to region to branch to store (each level asks the next call with the clicked key),
// and the turnover screen sending the category filter and switching levels.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { PageScope } from '../../components/page/page-scope';
import type { PageEntry } from '../../components/resource/types';
import { initTestI18n, ok, renderAt, signIn, stubApi } from '../../testing/test-utils';
import { DashboardOverviewPage, DashboardRegionsPage } from './dashboard-overview.page';
import { presetRange, rupiah } from './dashboard-shared';
import { dashboardsScreens } from './dashboards.entries';
import { OmzetPage } from './omzet.page';

const fig = {
  stores: 10,
  registered_stores: 4,
  activated_stores: 1,
  invoice_count: 3,
  invoice_amount: 900,
  points_earned: 5,
  points_redeemed: 0,
};
const GROUPS = [{ region_group_id: 7, region_group_name: 'Jawa Barat', turnover: 1234567, ...fig }];
const REGIONS = [
  {
    region_id: 8,
    region_name: 'Bandung Raya',
    region_group_id: 7,
    region_group_name: 'Jawa Barat',
    turnover: 1000,
    ...fig,
  },
];
const BRANCHES = [
  {
    branch_id_detail: 9,
    branch_id: 9,
    branch_code: 'BDG',
    branch_name: 'Cabang Bandung',
    region_id: 8,
    region_name: 'Bandung Raya',
    region_group_id: 7,
    region_group_name: 'Jawa Barat',
    turnover: 1000,
    ...fig,
  },
];
const CUSTOMERS = [
  {
    customer_id: 11,
    customer_code: 'C-11',
    customer_name: 'Toko Sebelas',
    branch_id: 9,
    branch_name: 'Cabang Bandung',
    customer_type_id: null,
    customer_type_name: null,
    salesman_id: null,
    salesman_name: 'Budi',
    active: true,
    registered_at: null,
    registered: false,
    activated: false,
    status: 'not_registered',
    turnover: 1000,
    invoice_count: 1,
    invoice_amount: 1000,
    points_earned: 1,
    points_redeemed: 0,
    point_balance: 3,
  },
];

const entry = (name: string) => dashboardsScreens.find((e) => e.name === name) as PageEntry;

beforeEach(async () => {
  await initTestI18n();
  signIn();
});

describe('formatting', () => {
  it('should write rupiah as Rp 1.234.567 (Rp 1,234,567 in English) and compute the presets', () => {
    expect(rupiah(1234567)).toBe('Rp 1.234.567');
    expect(rupiah(1500.5)).toBe('Rp 1.500,5');
    expect(rupiah(1234567, 'en')).toBe('Rp 1,234,567');
    const today = dayjs('2025-05-20');
    expect(presetRange('last_month', today)).toEqual({ start_date: '2025-04-01', end_date: '2025-04-30' });
    expect(presetRange('this_quarter', today)).toEqual({ start_date: '2025-04-01', end_date: '2025-05-20' });
    expect(presetRange('year_to_date', today)).toEqual({ start_date: '2025-01-01', end_date: '2025-05-20' });
  });
});

describe('dashboard drill-down', () => {
  it('should walk region group -> region -> branch -> store by clicking rows', async () => {
    const api = stubApi(({ url }) => {
      const p = url.pathname;
      if (p.endsWith('/web/dashboard/group')) return ok(url.searchParams.get('group_id') ? REGIONS : GROUPS);
      if (p.endsWith('/web/dashboard/detail')) return ok(BRANCHES);
      if (p.endsWith('/web/dashboard/select/customer'))
        return ok(CUSTOMERS, { page: 1, limit: 20, total_data: 1, total_page: 1 });
      return ok([]);
    });
    const user = userEvent.setup();
    renderAt(
      <PageScope entry={entry('dashboard_overview')}>
        <DashboardOverviewPage />
      </PageScope>,
      { path: '/dashboard?start_date=2025-01-01&end_date=2025-03-31', route: '/dashboard' },
    );
    const groups = await screen.findByTestId('drill-table-group');
    expect(within(groups).getAllByText('Rp 1,234,567').length).toBeGreaterThan(0);
    await user.click(within(groups).getByText('Jawa Barat'));
    const regions = await screen.findByTestId('drill-table-region');
    const groupCall = api.calls.find((c) => c.url.searchParams.get('group_id') === '7');
    expect(groupCall?.url.searchParams.get('start_date')).toBe('2025-01-01');
    await user.click(within(regions).getByText('Bandung Raya'));
    const branches = await screen.findByTestId('drill-table-branch');
    expect(
      api.calls.some(
        (c) => c.url.pathname.endsWith('/detail') && c.url.searchParams.get('region_id') === '8',
      ),
    ).toBe(true);
    await user.click(within(branches).getByText('Cabang Bandung'));
    const stores = await screen.findByTestId('drill-table-customer');
    expect(within(stores).getByText(/Toko Sebelas/)).toBeTruthy();
    expect(
      api.calls.some(
        (c) => c.url.pathname.endsWith('/select/customer') && c.url.searchParams.get('branch_id') === '9',
      ),
    ).toBe(true);
    // The trail leads back up.
    await user.click(within(screen.getByTestId('drill-trail')).getByText('All region groups'));
    expect(await screen.findByTestId('drill-table-group')).toBeTruthy();
  });
});

describe('dashboard by region', () => {
  it('should list every region from GET /web/dashboard and drill down to its branches', async () => {
    const api = stubApi(({ url }) => {
      const p = url.pathname;
      if (p.endsWith('/web/dashboard')) return ok(REGIONS);
      if (p.endsWith('/web/dashboard/detail')) return ok(BRANCHES);
      return ok([]);
    });
    expect(entry('dashboard_regions')).toMatchObject({ path: 'dashboard-regions', group: 'dashboards' });
    const user = userEvent.setup();
    renderAt(
      <PageScope entry={entry('dashboard_regions')}>
        <DashboardRegionsPage />
      </PageScope>,
      { path: '/dashboard-regions?start_date=2025-01-01&end_date=2025-03-31', route: '/dashboard-regions' },
    );
    const regions = await screen.findByTestId('drill-table-region');
    const call = api.calls.find((c) => c.url.pathname.endsWith('/web/dashboard'));
    expect(call?.url.searchParams.get('start_date')).toBe('2025-01-01');
    expect(call?.url.searchParams.has('group_id')).toBe(false);
    await user.click(within(regions).getByText('Bandung Raya'));
    await screen.findByTestId('drill-table-branch');
    await user.click(within(screen.getByTestId('drill-trail')).getByText('All regions'));
    expect(await screen.findByTestId('drill-table-region')).toBeTruthy();
  });
});

describe('branch report', () => {
  it("should filter a branch's stores by salesman and status through the branch report call", async () => {
    const api = stubApi(({ url }) => {
      const p = url.pathname;
      if (p.endsWith('/web/dashboard/select/customer') || p.endsWith('/web/dashboard/branch/select/report'))
        return ok(CUSTOMERS, { page: 1, limit: 20, total_data: 1, total_page: 1 });
      return ok([]);
    });
    renderAt(
      <PageScope entry={entry('dashboard_overview')}>
        <DashboardOverviewPage />
      </PageScope>,
      {
        path: '/dashboard?start_date=2025-01-01&end_date=2025-03-31&branch_id=9&region_id=8&group_id=7&salesman_id=4&status=activated',
        route: '/dashboard',
      },
    );
    await screen.findByTestId('drill-table-customer');
    const call = api.calls.find((c) => c.url.pathname.endsWith('/web/dashboard/branch/select/report'));
    expect(call?.url.searchParams.get('branch_id')).toBe('9');
    expect(call?.url.searchParams.get('salesman_id')).toBe('4');
    expect(call?.url.searchParams.get('status')).toBe('activated');
    expect(screen.getAllByLabelText('Salesman').length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText('Store status').length).toBeGreaterThan(0);
  });
});

describe('turnover', () => {
  it('should send the category filter and the chosen level', async () => {
    const api = stubApi(({ url }) => {
      const p = url.pathname;
      if (p.endsWith('/omzet/group'))
        return ok([{ region_group_id: 7, region_group_name: 'Jawa Barat', turnover: 5000, qty: 2 }]);
      if (p.endsWith('/omzet/branch')) return ok([{ ...BRANCHES[0], turnover: 5000, qty: 2 }]);
      if (p.endsWith('/item_category/select') || p.includes('category')) return ok([{ id: 3, name: 'Mie' }]);
      return ok([]);
    });
    const user = userEvent.setup();
    renderAt(
      <PageScope entry={entry('dashboard_omzet')}>
        <OmzetPage />
      </PageScope>,
      { path: '/omzet?item_category_ids=3', route: '/omzet' },
    );
    const table = await screen.findByTestId('omzet-table');
    expect(within(table).getAllByText('Rp 5,000').length).toBeGreaterThan(0);
    expect(
      api.calls.some(
        (c) => c.url.pathname.endsWith('/omzet/group') && c.url.searchParams.get('item_category_ids') === '3',
      ),
    ).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Branch' }));
    await screen.findByText('Cabang Bandung');
    expect(
      api.calls.some(
        (c) =>
          c.url.pathname.endsWith('/omzet/branch') && c.url.searchParams.get('item_category_ids') === '3',
      ),
    ).toBe(true);
  });
});
