// Customer codes from what a user pastes or imports (CSV or XLSX) for a points injection: one per
// line or separated by commas, semicolons or tabs; in a table, the column headed like
// "customer_code" / "kode" (else the first one). Repeats are dropped, case-insensitively.

const HEADER = /^(customer[_ ]?code|kode([_ ]?(pelanggan|toko|customer))?|code|kode_customer)$/i;

const clean = (s: string) =>
  s
    .trim()
    .replace(/^["']|["']$/g, '')
    .trim();

/** Drops empties and repeats (case-insensitive), keeping the first spelling and the order. */
export function uniqueCodes(codes: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of codes) {
    const c = clean(raw);
    if (!c || HEADER.test(c)) continue;
    const k = c.toUpperCase();
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(c);
  }
  return out;
}

/** Codes from pasted text. */
export function codesFromText(text: string): string[] {
  return uniqueCodes(text.split(/[\s,;]+/));
}

/** The code column of a table (header row optional). */
export function codesFromTable(rows: readonly (readonly unknown[])[]): string[] {
  const cells = rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c).trim())));
  const first = cells.findIndex((r) => r.some((c) => c !== ''));
  if (first < 0) return [];
  const header = cells[first].findIndex((c) => HEADER.test(c));
  const col = header >= 0 ? header : 0;
  const body = header >= 0 ? cells.slice(first + 1) : cells.slice(first);
  return uniqueCodes(body.map((r) => r[col] ?? ''));
}

/** Splits CSV text into rows (quotes, doubled quotes; the delimiter is guessed from the first line). */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.split(/\r?\n/, 1)[0] ?? '';
  const delim = [';', '\t', ','].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delim) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Codes from an uploaded .csv, .txt or .xlsx file (exceljs is loaded only for spreadsheets). */
export async function codesFromFile(file: File): Promise<string[]> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xlsx')) {
    const mod = (await import('exceljs')) as unknown as {
      default?: typeof import('exceljs');
    } & typeof import('exceljs');
    const ExcelJS = mod.default ?? mod;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const ws = wb.worksheets[0];
    if (!ws) return [];
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: false }, (r) => {
      const values = Array.isArray(r.values) ? r.values.slice(1) : [];
      rows.push(values.map(cellText));
    });
    return codesFromTable(rows);
  }
  return codesFromTable(parseCsv(await file.text()));
}

/** Text of an exceljs cell value (rich text, formulas and hyperlinks included). */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'object') return String(v);
  const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
  if (Array.isArray(o.richText)) return o.richText.map((p) => p.text).join('');
  if (o.text !== undefined) return String(o.text);
  if (o.result !== undefined) return String(o.result);
  return '';
}
