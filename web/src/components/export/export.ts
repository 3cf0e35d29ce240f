// Export of a list's current filter: every page is fetched from the server (up to a cap) and
// written as CSV or XLSX (exceljs, loaded only when someone exports).
import { type CsvType, toCsv } from '@lbo/contract/csv';
import type { ResourceContract } from '@lbo/contract/resource';
import type { Query } from '../../app/api-client';
import { fetchList } from '../resource/resource-api';
import type { Row } from '../resource/types';

export const EXPORT_CAP = 10_000;
const PAGE = 100;
const PARALLEL = 4;

export type ExportCell = string | number | boolean | null;
export type ExportResult = { rows: Row[]; total: number; truncated: boolean };

/**
 * Fetches all rows matching `query` (its page and limit are replaced), at most `cap`. When the total
 * is an estimate (`meta.total_estimated`: a large list or report), pages are fetched until one comes
 * back short or the cap is reached, whatever the estimate says: it may be too low or too high.
 */
export async function fetchAllRows(
  contract: ResourceContract,
  query: Query,
  opts: { cap?: number; onProgress?: (done: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<ExportResult> {
  const cap = opts.cap ?? EXPORT_CAP;
  const base = { ...query, limit: PAGE };
  const first = await fetchList(contract, { ...base, page: 1 }, opts.signal);
  const estimated = first.meta.total_estimated === true;
  const capPages = Math.ceil(cap / PAGE);
  // The last page to fetch: known from the count, or learnt from the first short page.
  let last = estimated ? capPages : Math.min(first.meta.total_page, capPages);
  if (estimated && first.rows.length < PAGE) last = 1;
  const shown = () => (estimated ? Math.max(first.meta.total_data, done) : first.meta.total_data);
  const byPage: Row[][] = [first.rows];
  let next = 2;
  let done = first.rows.length;
  opts.onProgress?.(Math.min(done, cap), Math.min(shown(), cap));
  const worker = async () => {
    while (next <= last) {
      const page = next++;
      const res = await fetchList(contract, { ...base, page }, opts.signal);
      byPage[page - 1] = res.rows;
      done += res.rows.length;
      if (estimated && res.rows.length < PAGE) last = Math.min(last, page);
      opts.onProgress?.(Math.min(done, cap), Math.min(shown(), cap));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, Math.max(0, last - 1)) }, worker));
  const all = byPage.slice(0, last).flat();
  const rows = all.slice(0, cap);
  if (!estimated)
    return { rows, total: first.meta.total_data, truncated: first.meta.total_data > rows.length };
  // Estimated: everything was read when a page came back short (or the rows fit the cap exactly).
  const complete = (byPage[last - 1]?.length ?? 0) < PAGE && all.length <= cap;
  return {
    rows,
    total: complete ? all.length : Math.max(first.meta.total_data, all.length),
    truncated: !complete,
  };
}

export { toCsv };

/**
 * The file of an export: CSV (the contract's writer: text cells never run as formulas; `types` says
 * which columns are numbers) or XLSX (cells keep their type: text stays text).
 */
export async function exportFile(
  format: 'csv' | 'xlsx',
  sheetName: string,
  headers: string[],
  rows: ExportCell[][],
  types?: readonly CsvType[],
): Promise<Blob> {
  return format === 'csv'
    ? new Blob([toCsv(headers, rows, types)], { type: 'text/csv;charset=utf-8' })
    : toXlsx(sheetName, headers, rows);
}

export async function toXlsx(sheetName: string, headers: string[], rows: ExportCell[][]): Promise<Blob> {
  const mod = (await import('exceljs')) as unknown as {
    default?: typeof import('exceljs');
  } & typeof import('exceljs');
  const ExcelJS = mod.default ?? mod;
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName.slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow(headers);
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r.map((c) => (c === null ? '' : c)));
  ws.columns.forEach((col, i) => {
    const longest = Math.max(
      headers[i]?.length ?? 0,
      ...rows.slice(0, 500).map((r) => String(r[i] ?? '').length),
    );
    col.width = Math.min(60, Math.max(10, longest + 2));
  });
  const buffer = await wb.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export function downloadBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
