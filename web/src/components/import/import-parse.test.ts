// Reading import files: column mapping by header name, CSV and XLSX tables, pasted lists, number
// columns, line numbers, and the server's `row N:` messages read back onto rows.
import { describe, expect, it } from 'vitest';
import {
  cellValue,
  csvTable,
  mapColumns,
  normalizeHeader,
  type ParseTemplate,
  tableToImport,
  textToImport,
  xlsxTable,
} from './import-parse';
import { parseImport } from './parse-file';

const targets: ParseTemplate = {
  columns: ['customer_code', 'year', 'month', 'target_amount'],
  required: ['customer_code', 'year', 'month', 'target_amount'],
  numbers: ['year', 'month', 'target_amount'],
};
const codes: ParseTemplate = {
  columns: ['customer_code'],
  required: ['customer_code'],
  aliases: { customer_code: ['kode toko'] },
};

describe('mapColumns', () => {
  it('should match headers ignoring case, spaces, underscores, dashes and dots', () => {
    expect(normalizeHeader(' Customer_Code ')).toBe(normalizeHeader('customer-code'));
    const m = mapColumns(['Target Amount', 'MONTH', 'Customer Code', 'note', 'Year.'], targets);
    expect(m).toEqual({
      index: { customer_code: 2, year: 4, month: 1, target_amount: 0 },
      missing: [],
      ignored: ['note'],
      hasHeader: true,
    });
  });

  it('should name the required columns a file lacks', () => {
    expect(mapColumns(['customer_code', 'year'], targets).missing).toEqual(['month', 'target_amount']);
  });

  it('should use aliases, and read a header-less one-column list from its first line', () => {
    expect(mapColumns(['Kode Toko'], codes).index).toEqual({ customer_code: 0 });
    expect(mapColumns(['BDG000123'], codes)).toEqual({
      index: { customer_code: 0 },
      missing: [],
      ignored: [],
      hasHeader: false,
    });
  });
});

describe('tableToImport', () => {
  it('should key rows by template column, skip empty lines and keep each row’s file line', () => {
    const parsed = tableToImport(
      [
        [],
        ['customer_code', 'year', 'month', 'target_amount', 'note'],
        [' C001 ', '2025', '1', '1.234.567', 'x'],
        ['', '', '', '', ''],
        [123, 2025, 2, '1,5', ''],
        ['C003', 'twenty', '', '', ''],
      ],
      targets,
    );
    expect(parsed.rows).toEqual([
      { customer_code: 'C001', year: 2025, month: 1, target_amount: 1_234_567 },
      // A number in a text column (Excel turns codes into numbers) is sent as text.
      { customer_code: '123', year: 2025, month: 2, target_amount: 1.5 },
      // What does not read as a number stays text, for the server to name.
      { customer_code: 'C003', year: 'twenty' },
    ]);
    expect(parsed.lines).toEqual([3, 5, 6]);
    expect(parsed.mapping.ignored).toEqual(['note']);
  });

  it('should read a list without header from its first line', () => {
    const parsed = tableToImport([['BDG1'], ['BDG2'], [''], ['BDG3']], codes);
    expect(parsed.rows.map((r) => r.customer_code)).toEqual(['BDG1', 'BDG2', 'BDG3']);
    expect(parsed.lines).toEqual([1, 2, 4]);
  });

  // Its time is measured by `npm run bench -- --only import-parse` (target under 2 s).
  it('should read 50,000 rows and report progress', () => {
    const table = [['customer_code'], ...Array.from({ length: 50_000 }, (_, i) => [`C${i}`])];
    const progress: number[] = [];
    const parsed = tableToImport(table, codes, (p) => progress.push(p.done));
    expect(parsed.rows).toHaveLength(50_000);
    expect(parsed.lines[49_999]).toBe(50_001);
    expect(progress.length).toBeGreaterThanOrEqual(10);
  });
});

describe('CSV, XLSX and pasted text', () => {
  it('should guess the delimiter and handle quotes and a BOM', async () => {
    const table = await csvTable('\uFEFFkode toko;nama\r\n"BDG;001";"Toko ""A"""\r\nBDG002;B\r\n');
    expect(table.slice(0, 3)).toEqual([
      ['kode toko', 'nama'],
      ['BDG;001', 'Toko "A"'],
      ['BDG002', 'B'],
    ]);
    expect(tableToImport(table, codes).rows).toEqual([
      { customer_code: 'BDG;001' },
      { customer_code: 'BDG002' },
    ]);
  });

  it('should read the first worksheet of an XLSX file, formulas and rich text included', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Targets');
    ws.addRow(['Customer Code', 'Year', 'Month', 'Target amount']);
    ws.addRow(['C001', 2025, 1, 1500000]);
    ws.addRow([{ richText: [{ text: 'C0' }, { text: '02' }] }, 2025, { formula: '1+1', result: 2 }, 10]);
    const buffer = (await wb.xlsx.writeBuffer()) as ArrayBuffer;
    const parsed = tableToImport(await xlsxTable(buffer), targets);
    expect(parsed.rows).toEqual([
      { customer_code: 'C001', year: 2025, month: 1, target_amount: 1_500_000 },
      { customer_code: 'C002', year: 2025, month: 2, target_amount: 10 },
    ]);
    expect(cellValue(new Date('2025-03-04T00:00:00Z'))).toBe('2025-03-04');
  });

  it('should split a pasted list and drop a header-like first value', () => {
    const parsed = textToImport('customer_code\nBDG1, BDG2;BDG3\n\n  BDG4  ', codes);
    expect(parsed.rows.map((r) => r.customer_code)).toEqual(['BDG1', 'BDG2', 'BDG3', 'BDG4']);
  });

  it('should parse a File on the main thread where there is no Worker', async () => {
    const file = new File(['customer_code\nA1\nA2\n'], 'codes.csv', { type: 'text/csv' });
    const parsed = await parseImport(file, codes);
    expect(parsed.rows).toEqual([{ customer_code: 'A1' }, { customer_code: 'A2' }]);
  });
});
