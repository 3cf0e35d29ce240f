// CSV as every export writes it (the server's streamed `GET /export/<resource>` and the web app's own
// exports of reports): RFC 4180, comma-separated, CRLF lines, a BOM so spreadsheet programs read UTF-8.
//
// Text that a spreadsheet would run as a formula (OWASP "CSV injection": a cell starting with `=`,
// `+`, `-`, `@`, a tab or a carriage return) is written behind a single quote, quoted, so it shows
// as the text it is. Whether a cell is text is its column's type, never the look of the value: a
// negative number in a number column stays a number.

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export type CsvValue = string | number | boolean | Date | null | undefined;
/** A column's type: `number` columns are written as they are, anything else is text. */
export type CsvType = 'text' | 'number';

const FORMULA_LEAD = /^[=+\-@\t\r]/;

/** One cell of a column of type `type`. */
export function csvCell(v: CsvValue, type: CsvType = 'text'): string {
  if (v === null || v === undefined) return '';
  let s = v instanceof Date ? v.toISOString() : String(v);
  // A number column's value is a number (the database types it); anything else in it is text.
  const text = typeof v === 'string' && (type === 'text' || !Number.isFinite(Number(s)) || s.trim() === '');
  const formula = text && FORMULA_LEAD.test(s);
  if (formula) s = `'${s}`;
  return formula || /[",\r\n;]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line (with its CRLF); `types[i]` is the type of column i (default text). */
export function csvLine(cells: readonly CsvValue[], types?: readonly CsvType[]): string {
  return `${cells.map((c, i) => csvCell(c, types?.[i])).join(',')}\r\n`;
}

/** A whole file: the headers (text), then the rows. */
export function toCsv(
  headers: readonly string[],
  rows: readonly (readonly CsvValue[])[],
  types?: readonly CsvType[],
): string {
  return `${CSV_BOM}${csvLine(headers)}${rows.map((r) => csvLine(r, types)).join('')}`;
}
