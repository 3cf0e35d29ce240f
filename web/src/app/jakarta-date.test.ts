// jakartaDate (contract/common) computes the business date from WIB's fixed UTC+7 offset instead of
// an Intl formatter with a time zone (costly on a screen's first render): it must agree with the
// time zone database at every hour, across the day boundary, for the years the product covers.
import { jakartaDate } from '@lbo/contract/common';
import { afterEach, describe, expect, it, vi } from 'vitest';

const viaTimeZone = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' });

describe('jakartaDate', () => {
  afterEach(() => vi.useRealTimers());

  it('matches Asia/Jakarta from the time zone database, hour by hour and across days', () => {
    vi.useFakeTimers();
    const checked: string[] = [];
    for (const start of [
      '2000-01-01T00:00:00Z',
      '2026-03-29T00:00:00Z',
      '2026-12-31T12:00:00Z',
      '2099-06-30T00:00:00Z',
    ]) {
      for (let h = 0; h < 48; h++) {
        const now = Date.parse(start) + h * 3_600_000 + 59 * 60_000;
        vi.setSystemTime(now);
        for (const days of [0, -1, 31]) {
          expect(jakartaDate(days), `${new Date(now).toISOString()} ${days}`).toBe(
            viaTimeZone.format(new Date(now + days * 86_400_000)),
          );
        }
        checked.push(jakartaDate());
      }
    }
    // 17:00 UTC is midnight in Jakarta: the date turns there, not at UTC midnight.
    vi.setSystemTime(Date.parse('2026-11-23T16:59:59Z'));
    expect(jakartaDate()).toBe('2026-11-23');
    vi.setSystemTime(Date.parse('2026-11-23T17:00:00Z'));
    expect(jakartaDate()).toBe('2026-11-24');
    expect(new Set(checked).size).toBeGreaterThan(4);
  });
});
