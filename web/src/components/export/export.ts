// Export of a list's current filter: every page is fetched from the server (up to a cap) and
// written as CSV or XLSX (exceljs, loaded only when someone exports).
import type { ResourceContract } from '@lbo/contract/resource';
import type { Query } from '../../app/api-client';
import { fetchList } from '../resource/resource-api';
import type { Row } from '../resource/types';

export const EXPORT_CAP = 10_000;
const PAGE = 100;
const PARALLEL = 4;

export type ExportCell = string | number | boolean | null;
export type ExportResult = { rows: Row[]; total: number; truncated: boolean };

/** Fetches all rows matching `query` (its page and limit are replaced), at most `cap`. */
export async function fetchAllRows(
  contract: ResourceContract,
  query: Query,
  opts: { cap?: number; onProgress?: (done: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<ExportResult> {
  const cap = opts.cap ?? EXPORT_CAP;
  const base = { ...query, limit: PAGE };
  const first = await fetchList(contract, { ...base, page: 1 }, opts.signal);
  const total = first.meta.total_data;
  const pages = Math.min(first.meta.total_page, Math.ceil(cap / PAGE));
  const byPage: Row[][] = [first.rows];
  opts.onProgress?.(Math.min(first.rows.length, cap), Math.min(total, cap));
  let next = 2;
  let done = first.rows.length;
  const worker = async () => {
    while (next <= pages) {
      const page = next++;
      const res = await fetchList(contract, { ...base, page }, opts.signal);
      byPage[page - 1] = res.rows;
      done += res.rows.length;
      opts.onProgress?.(Math.min(done, cap), Math.min(total, cap));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, Math.max(0, pages - 1)) }, worker));
  const rows = byPage.flat().slice(0, cap);
  return { rows, total, truncated: total > rows.length };
}

function csvCell(v: ExportCell): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\r\n;]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 CSV with a BOM so spreadsheet programs read UTF-8. */
export function toCsv(headers: string[], rows: ExportCell[][]): string {
  const lines = [headers, ...rows].map((r) => r.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
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
