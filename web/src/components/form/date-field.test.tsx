import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, initTestI18n, renderAt } from '../../testing/test-utils';
import { DateRangeField, parseTypedDate, rangePresets } from './date-field';

beforeEach(() => {
  initTestI18n();
});

describe('typed dates', () => {
  it('should read the ways people type a date, day first', () => {
    expect(parseTypedDate('31/03/2026')).toBe('2026-03-31');
    expect(parseTypedDate('1-3-2026')).toBe('2026-03-01');
    expect(parseTypedDate('01.03.26')).toBe('2026-03-01');
    expect(parseTypedDate('2026-03-31')).toBe('2026-03-31');
    expect(parseTypedDate('31032026')).toBe('2026-03-31');
  });

  it('should refuse what is not a real date', () => {
    for (const bad of ['31/02/2026', '13/13/2026', 'besok', '', '2026-3', '00/01/2026'])
      expect(parseTypedDate(bad), bad).toBeNull();
  });

  it('should offer today, this month, last month, this quarter and the year to date', () => {
    const p = rangePresets(i18n.t, dayjs('2026-05-14'));
    expect(p.map((x) => x.label)).toEqual([
      'Today',
      'This month',
      'Last month',
      'This quarter',
      'Year to date',
    ]);
    expect(p.map((x) => x.value)).toEqual([
      ['2026-05-14', '2026-05-14'],
      ['2026-05-01', '2026-05-31'],
      ['2026-04-01', '2026-04-30'],
      ['2026-04-01', '2026-06-30'],
      ['2026-01-01', '2026-05-14'],
    ]);
  });
});

function Range({ onChange }: { onChange(v: [string | null, string | null]): void }) {
  const [v, setV] = useState<[string | null, string | null]>([null, null]);
  return (
    <DateRangeField
      label="Period"
      value={v}
      onChange={(x) => {
        setV(x);
        onChange(x);
      }}
    />
  );
}

describe('DateRangeField', () => {
  it('should apply a typed range on Enter and say when it is not a date', async () => {
    const seen: [string | null, string | null][] = [];
    const user = userEvent.setup();
    renderAt(<Range onChange={(x) => seen.push(x)} />);
    const box = screen.getByRole('textbox', { name: 'Period' });
    await user.type(box, '31/03/2026 - 01/03/2026{Enter}');
    await waitFor(() => expect(seen.at(-1)).toEqual(['2026-03-01', '2026-03-31']));
    expect(box).toHaveValue('01/03/2026 - 31/03/2026');
    await user.clear(box);
    await user.type(box, '32/03/2026{Enter}');
    expect(await screen.findByText('Not a date: use DD/MM/YYYY')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
  });
});
