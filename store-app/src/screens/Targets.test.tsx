// Targets: the year, its semesters and quarters, each with a progress bar against its target and
// the achievement; a period without a target says so; another year is asked for by its number.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../App';
import { saveSession } from '../lib/session';
import { homeAnswers, json, ok, session, stubFetch } from '../testing/fetch';

const period = (over: Record<string, unknown>) => ({
  customer_id: 7,
  customer_code: 'C-007',
  customer_name: 'Toko Maju Jaya',
  year: 2026,
  quarter: null,
  semester: null,
  months: [],
  target_amount: 0,
  actual_amount: 0,
  invoice_count: 0,
  achievement_pct: null,
  ...over,
});

const targets = (year: number) => ({
  year,
  full_year: period({ year, target_amount: 12_000_000, actual_amount: 9_000_000, achievement_pct: 75 }),
  semesters: [
    period({ year, semester: 1, target_amount: 6_000_000, actual_amount: 6_600_000, achievement_pct: 110 }),
    period({ year, semester: 2, target_amount: 6_000_000, actual_amount: 2_400_000, achievement_pct: 40 }),
  ],
  quarters: [1, 2, 3, 4].map((q) =>
    q === 4
      ? period({ year, quarter: q, actual_amount: 150_000 })
      : period({
          year,
          quarter: q,
          target_amount: 3_000_000,
          actual_amount: 3_000_000,
          achievement_pct: 100,
        }),
  ),
});

beforeEach(() => {
  saveSession(session);
  window.history.replaceState(null, '', '/app/targets');
});

describe('targets', () => {
  it('should show a progress bar against the target of the year, each semester and each quarter', async () => {
    const calls = stubFetch((c) => {
      const m = /^\/store\/targets\?year=(\d{4})$/.exec(c.path);
      if (m) return ok(targets(Number(m[1])));
      return homeAnswers(c) ?? json(404, {});
    });
    const user = userEvent.setup();
    render(<App />);
    const year = await screen.findByRole('region', { name: /^Setahun \d{4}$/ });
    expect(within(year).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '9000000');
    expect(within(year).getByRole('progressbar')).toHaveAttribute('aria-valuemax', '12000000');
    expect(year).toHaveTextContent('75%');
    expect(year).toHaveTextContent(/Rp\s?12\.000\.000/);
    const s1 = screen.getByRole('region', { name: 'Semester 1' });
    expect(s1).toHaveTextContent('110%');
    // Over the target: the bar is full, not past its end.
    expect(within(s1).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '6000000');
    for (const q of [1, 2, 3]) {
      expect(
        within(screen.getByRole('region', { name: `Kuartal ${q}` })).getByRole('progressbar'),
      ).toBeInTheDocument();
    }
    const q4 = screen.getByRole('region', { name: 'Kuartal 4' });
    expect(within(q4).queryByRole('progressbar')).toBeNull();
    expect(q4).toHaveTextContent('Belum ada target untuk periode ini.');

    const thisYear = Number(calls.find((c) => c.path.startsWith('/store/targets'))?.path.slice(-4));
    await user.click(screen.getByRole('button', { name: 'Tahun sebelumnya' }));
    expect(await screen.findByRole('region', { name: `Setahun ${thisYear - 1}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tahun berikutnya' })).toBeEnabled();
  });
});
