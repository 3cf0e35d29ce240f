// Whole numbers are grouped without Intl (format.tsx): they must read exactly as Intl writes them,
// in both languages, for negatives, zero, and the largest exact integers; fractions and money still
// come from Intl.
import { describe, expect, it } from 'vitest';
import { formatNumber } from './format';

const intl = (lang: string) => new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'id-ID');

describe('formatNumber', () => {
  it('should write whole numbers exactly as Intl does, in Indonesian and English', () => {
    const values = [
      0,
      7,
      -7,
      999,
      1000,
      -1000,
      12_345,
      999_999,
      1_000_000,
      -4_072_155,
      2 ** 31,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
    ];
    for (let n = 1; n < 1e15; n = n * 7 + 3) values.push(n, -n);
    for (const lang of ['id', 'en']) {
      for (const v of values) expect(formatNumber(v, lang), `${lang} ${v}`).toBe(intl(lang).format(v));
    }
    expect(formatNumber(4072, 'id')).toBe('4.072');
    expect(formatNumber(4072, 'en')).toBe('4,072');
    // Numbers sent as text (PostgreSQL's bigint and numeric) too.
    expect(formatNumber('-1234567', 'id')).toBe('-1.234.567');
  });

  it('should leave fractions, money and the empty value to their own rules', () => {
    expect(formatNumber(1234.5, 'id')).toBe(intl('id').format(1234.5));
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(2500, 'id', true)).toMatch(/^Rp\s?2\.500$/);
    expect(formatNumber(null, 'id')).toBe('—');
    expect(formatNumber('abc', 'id')).toBe('abc');
  });
});
