// The lottery report against a stubbed API: totals, the tables per branch and period, the region
// filter sent to /lottary/reportdata.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PageScope } from '../../components/page/page-scope';
import type { PageEntry } from '../../components/resource/types';
import { initTestI18n, ok, renderAt, signIn, stubApi } from '../../testing/test-utils';
import { lotteryScreens } from './lottery.entries';
import { LotteryReportPage } from './lottery-report.page';

const REPORT = {
  total: 1234,
  by_branch: [
    { branch_id: 1, branch_name: 'Cabang Bandung', region_id: 5, region_name: 'Bandung Raya', count: 1000 },
    { branch_id: 2, branch_name: 'Cabang Cimahi', region_id: 5, region_name: 'Bandung Raya', count: 234 },
  ],
  by_region: [{ region_id: 5, region_name: 'Bandung Raya', count: 1234 }],
  periods: [
    { period: '2026-Q2', count: 600 },
    { period: '2026-Q3', count: 634 },
  ],
};

beforeEach(async () => {
  await initTestI18n();
  signIn();
});

describe('lottery report', () => {
  it('should show the total, the branch table and the periods, and ask again with a region', async () => {
    const api = stubApi(({ url }) => {
      if (url.pathname.endsWith('/lottary/reportdata')) {
        const region = url.searchParams.get('region_id');
        return ok(region ? { ...REPORT, total: 7, by_branch: [], by_region: [], periods: [] } : REPORT);
      }
      if (url.pathname.endsWith('/web/region/select'))
        return ok([{ id: 5, region_id: 5, name: 'Bandung Raya' }]);
      return ok([]);
    });
    const entry = lotteryScreens.find((e) => e.name === 'lottery_report') as PageEntry;
    renderAt(
      <PageScope entry={entry}>
        <LotteryReportPage />
      </PageScope>,
      { path: '/lottery-report', route: '/lottery-report' },
    );
    expect(await screen.findByTestId('lottery-total')).toHaveTextContent('1,234 lottery coupons');
    const table = screen.getByTestId('lottery-by-branch');
    expect(within(table).getByText('Cabang Cimahi')).toBeInTheDocument();
    expect(within(table).getByText('1,000')).toBeInTheDocument();
    expect(screen.getByText('2026-Q3')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.pathname.endsWith('/lottary/reportdata'))).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(screen.getByPlaceholderText('Region'));
    await user.click(await screen.findByRole('option', { name: 'Bandung Raya' }));
    expect(await screen.findByText('7 lottery coupons')).toBeInTheDocument();
    const last = api.calls.filter((c) => c.url.pathname.endsWith('/lottary/reportdata')).at(-1);
    expect(last?.url.searchParams.get('region_id')).toBe('5');
  });
});
