// An active coupon past its end date reads "Berakhir" (ended), in the list and in its export value.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/test-utils';
import { PeriodStatusBadge, periodStatusText } from './period-status';

afterEach(() => {
  document.documentElement.lang = '';
});

describe('PeriodStatusBadge', () => {
  it('should say ended for an active record past its end date, in the chosen language', async () => {
    const ended = { active: true, start_date: '2020-01-01', end_date: '2020-12-31' };
    renderAt(<PeriodStatusBadge row={ended} />);
    expect(await screen.findByText('Berakhir')).toBeTruthy();
    expect(periodStatusText({ active: true, start_date: '2099-01-01', end_date: '2099-12-31' })).toBe(
      'Belum mulai',
    );
    expect(periodStatusText({ active: false, start_date: '2020-01-01', end_date: '2099-12-31' })).toBe(
      'Nonaktif',
    );
    document.documentElement.lang = 'en';
    expect(periodStatusText(ended)).toBe('Ended');
    expect(periodStatusText({ active: true, start_date: '2020-01-01', end_date: '2099-12-31' })).toBe(
      'Active',
    );
  });
});
