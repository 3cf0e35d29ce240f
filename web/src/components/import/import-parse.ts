// Reading an import file in the browser: CSV (papaparse) or XLSX (exceljs) into rows keyed by the
// import's template columns. Runs inside the import Web Worker (import.worker.ts), so a 50,000-row
// file never blocks the page; the same functions run on the main thread where no Worker exists
// (component tests).
//
// Column mapping: the first non-empty line is the header. Each template column takes the file column
// whose header matches it ignoring case, spaces, `_`, `-` and `.` ("Customer Code" = customer_code),
// or one of its aliases. A file without a matching header for a one-column import (a plain list of
// codes) is read as that column from its first line on.
import type { ImportTemplate } from '@lbo/contract/import';

export type Cell = string | number;
export type ImportRow = Record<string, Cell>;

export type ColumnMapping = {
  /** Template column -> index of the file column read for it. */
  index: Record<string, number>;
  /** Required template columns the file does not have. */
  missing: string[];
  /** File headers no template column uses (ignored). */
  ignored: string[];
  /** False when the file has no header line (a one-column list). */
  hasHeader: boolean;
};

export type ParsedImport = {
  headers: string[];
  mapping: ColumnMapping;
  rows: ImportRow[];
  /** For each row, its line in the file (1-based, header included), for messages. */
  lines: number[];
};

export type ParseProgress = { phase: 'reading' | 'parsing'; done: number; total: number };
export type OnProgress = (p: ParseProgress) => void;

/** The template of an import, as the parser needs it (plain data, so it crosses to the worker). */
export type ParseTemplate = Pick<ImportTemplate, 'columns' | 'required'> & {
  numbers?: readonly string[];
  aliases?: Readonly<Record<string, readonly string[]>>;
};

export const normalizeHeader = (s: string) => s.toLowerCase().replace(/[\s_\-.]+/g, '');

/** Maps a file's header line to the template's columns. */
export function mapColumns(headers: readonly string[], t: ParseTemplate): ColumnMapping {
  const norm = headers.map((h) => normalizeHeader(String(h ?? '')));
  const index: Record<string, number> = {};
  for (const col of t.columns) {
    const names = [col, ...(t.aliases?.[col] ?? [])].map(normalizeHeader);
    const at = norm.findIndex((h) => h !== '' && names.includes(h));
    if (at >= 0) index[col] = at;
  }
  const used = new Set(Object.values(index));
  if (used.size === 0 && t.columns.length === 1) {
    // No header: a plain list, read from the first line as the only column.
    return { index: { [t.columns[0]]: 0 }, missing: [], ignored: [], hasHeader: false };
  }
  return {
    index,
    missing: t.required.filter((c) => index[c] === undefined),
    ignored: headers.filter((h, i) => !used.has(i) && String(h ?? '').trim() !== '').map(String),
    hasHeader: true,
  };
}

const isBlank = (c: unknown) => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

/** A cell as sent: trimmed text, numbers for the template's number columns (when they read as one). */
function toCell(v: unknown, asNumber: boolean): Cell | undefined {
  if (isBlank(v)) return undefined;
  if (asNumber) {
    if (typeof v === 'number') return v;
    const s = String(v).trim().replace(/\s/g, '');
    // 1.234.567 and 1,5 as typed in Indonesia; 1234567 and 1.5 otherwise.
    const n = Number(
      /^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s) ? s.replace(/\./g, '').replace(',', '.') : s.replace(',', '.'),
    );
    return Number.isFinite(n) ? n : String(v).trim();
  }
  return typeof v === 'number' ? String(v) : String(v).trim();
}

/** Rows of a table (header line first, if any) keyed by the template's columns; empty lines skipped. */
export function tableToImport(
  table: readonly (readonly unknown[])[],
  t: ParseTemplate,
  onProgress?: OnProgress,
) {
  const first = table.findIndex((r) => r.some((c) => !isBlank(c)));
  const headers = first < 0 ? [] : table[first].map((c) => (isBlank(c) ? '' : String(c).trim()));
  const mapping = mapColumns(headers, t);
  const numbers = new Set(t.numbers ?? []);
  const rows: ImportRow[] = [];
  const lines: number[] = [];
  const start = first < 0 ? table.length : mapping.hasHeader ? first + 1 : first;
  const cols = Object.entries(mapping.index);
  for (let i = start; i < table.length; i++) {
    if (onProgress && i % 5000 === 0) onProgress({ phase: 'parsing', done: i, total: table.length });
    const line = table[i];
    const row: ImportRow = {};
    for (const [col, at] of cols) {
      const cell = toCell(line[at], numbers.has(col));
      if (cell !== undefined) row[col] = cell;
    }
    if (Object.keys(row).length === 0) continue;
    rows.push(row);
    lines.push(i + 1);
  }
  return { headers: mapping.hasHeader ? headers : [], mapping, rows, lines } satisfies ParsedImport;
}

/** A pasted list: one value per line, or separated by commas, semicolons or tabs; for one-column imports. */
export function textToImport(text: string, t: ParseTemplate): ParsedImport {
  const values = text
    .split(/[\r\n,;\t]+/)
    .map((s) => s.trim().replace(/^["']|["']$/g, ''))
    .filter(Boolean);
  const col = t.columns[0];
  const headerLike = values.length > 0 && normalizeHeader(values[0]) === normalizeHeader(col);
  const body = headerLike ? values.slice(1) : values;
  return {
    headers: [],
    mapping: { index: { [col]: 0 }, missing: [], ignored: [], hasHeader: false },
    rows: body.map((v) => ({ [col]: v })),
    lines: body.map((_, i) => i + 1 + (headerLike ? 1 : 0)),
  };
}

/** CSV text to a table: the delimiter (`,` `;` tab) is guessed, quotes and a BOM handled. */
export async function csvTable(text: string, onProgress?: OnProgress): Promise<string[][]> {
  const Papa = (await import('papaparse')).default;
  const src = text.replace(/^\uFEFF/, '');
  const out: string[][] = [];
  // The delimiter is the one the header line uses most (papaparse's own guess trips over quotes).
  const head = src.slice(0, src.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, d) =>
    head.split(d).length > head.split(best).length ? d : best,
  );
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(src, {
      skipEmptyLines: false,
      delimiter,
      chunkSize: 256 * 1024,
      chunk: (res: { data: string[][]; meta: { cursor: number } }) => {
        for (const r of res.data) out.push(r);
        onProgress?.({ phase: 'reading', done: res.meta.cursor, total: src.length });
      },
      complete: () => resolve(),
      error: (e: Error) => reject(e),
    });
  });
  return out;
}

/** The first worksheet of an XLSX file as a table of cell texts and numbers. */
export async function xlsxTable(data: ArrayBuffer, onProgress?: OnProgress): Promise<unknown[][]> {
  const mod = (await import('exceljs')) as unknown as {
    default?: typeof import('exceljs');
  } & typeof import('exceljs');
  const ExcelJS = mod.default ?? mod;
  onProgress?.({ phase: 'reading', done: 0, total: 1 });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data);
  onProgress?.({ phase: 'reading', done: 1, total: 1 });
  const ws = wb.worksheets[0];
  const table: unknown[][] = [];
  if (!ws) return table;
  ws.eachRow({ includeEmpty: true }, (r, n) => {
    const values = Array.isArray(r.values) ? r.values.slice(1) : [];
    table[n - 1] = values.map(cellValue);
  });
  for (let i = 0; i < table.length; i++) table[i] ??= [];
  return table;
}

/** The value of an exceljs cell: rich text, formula results, hyperlinks, dates as YYYY-MM-DD. */
export function cellValue(v: unknown): unknown {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v !== 'object') return v;
  const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
  if (Array.isArray(o.richText)) return o.richText.map((p) => p.text).join('');
  if (o.result !== undefined) return cellValue(o.result);
  if (o.text !== undefined) return cellValue(o.text);
  return '';
}

export type ParseInput = { kind: 'file'; name: string; data: ArrayBuffer } | { kind: 'text'; text: string };

export const isXlsx = (name: string) => /\.xlsx$/i.test(name);

/** Everything the worker does: read, map, progress. */
export async function parseImportInput(
  input: ParseInput,
  t: ParseTemplate,
  onProgress?: OnProgress,
): Promise<ParsedImport> {
  if (input.kind === 'text') return textToImport(input.text, t);
  const table = isXlsx(input.name)
    ? await xlsxTable(input.data, onProgress)
    : await csvTable(new TextDecoder('utf-8').decode(input.data), onProgress);
  const parsed = tableToImport(table, t, onProgress);
  onProgress?.({ phase: 'parsing', done: table.length, total: table.length });
  return parsed;
}
