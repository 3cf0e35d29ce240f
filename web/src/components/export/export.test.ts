import { describe, expect, it } from 'vitest';
import { gadgetContract, gadgetRow } from '../../testing/fake-resource';
import { ok, stubApi } from '../../testing/test-utils';
import { fetchAllRows, toCsv } from './export';

describe('export', () => {
  it('should write RFC 4180 CSV with a BOM', () => {
    const csv = toCsv(
      ['Name', 'Note'],
      [
        ['Toko "Maju", Jaya', 'a\nb'],
        ['Plain', null],
      ],
    );
    expect(csv).toBe('\uFEFFName,Note\r\n"Toko ""Maju"", Jaya","a\nb"\r\nPlain,\r\n');
  });

  it('should fetch every page of the current filter, 100 rows at a time, up to the cap', async () => {
    const total = 250;
    const { calls } = stubApi(({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const rows = Array.from({ length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) }, (_, i) =>
        gadgetRow((page - 1) * limit + i + 1),
      );
      return ok(
        { list_gadget: rows },
        { page, limit, total_data: total, total_page: Math.ceil(total / limit) },
      );
    });
    const all = await fetchAllRows(gadgetContract, {
      page: 4,
      limit: 10,
      search: 'g',
      by: 'name',
      sort: 'asc',
    });
    expect(all.rows).toHaveLength(250);
    expect(all.rows[249].gadget_id).toBe(250);
    expect(all.truncated).toBe(false);
    expect(calls).toHaveLength(3);
    for (const c of calls) {
      expect(c.url.searchParams.get('search')).toBe('g');
      expect(c.url.searchParams.get('limit')).toBe('100');
    }
    const capped = await fetchAllRows(gadgetContract, {}, { cap: 150 });
    expect(capped.rows).toHaveLength(150);
    expect(capped.truncated).toBe(true);
    expect(capped.total).toBe(250);
  });
});
