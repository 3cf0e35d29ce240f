import { describe, expect, it } from 'vitest';
import { codesFromTable, codesFromText, parseCsv } from './customer-codes';

describe('customer codes for an injection', () => {
  it('should read pasted codes split by lines, commas, semicolons and spaces, without repeats', () => {
    expect(codesFromText(' BDG000123\nJKT000456, smg000789;BDG000123\t\n jkt000456 ')).toEqual([
      'BDG000123',
      'JKT000456',
      'smg000789',
    ]);
    expect(codesFromText('\n ,; ')).toEqual([]);
  });

  it('should take the column headed like a customer code, else the first column', () => {
    expect(
      codesFromTable([
        ['Nama', 'Kode', 'Poin'],
        ['Toko A', 'BDG000001', 10],
        ['Toko B', ' BDG000002 ', 10],
        ['Toko C', '', 5],
      ]),
    ).toEqual(['BDG000001', 'BDG000002']);
    expect(codesFromTable([[], ['customer_code'], ['X1'], ['x1'], ['X2']])).toEqual(['X1', 'X2']);
    expect(
      codesFromTable([
        ['JKT1', 'a'],
        ['JKT2', 'b'],
      ]),
    ).toEqual(['JKT1', 'JKT2']);
  });

  it('should parse CSV with quotes and guess the delimiter', () => {
    expect(parseCsv('\uFEFFkode;nama\r\n"BDG;1";"Toko ""A"""\r\nBDG2;B')).toEqual([
      ['kode', 'nama'],
      ['BDG;1', 'Toko "A"'],
      ['BDG2', 'B'],
    ]);
    expect(codesFromTable(parseCsv('customer_code,name\nC1,"X, Y"\nC2,Z\n'))).toEqual(['C1', 'C2']);
  });
});
