// Running an import against its pipeline route (CONTRACT.md section 7), shared by the import dialog
// and the pages with their own preview (the points injection): sends the body with upload progress,
// keeps only the answer of the latest run, and sorts a refusal into the rows it names (from the
// answer's err_detail: each problem's row number, whatever the language and whether the rows are
// refused as invalid, 400, or outside the user's branches, 403) or one error for an alert.
import { useCallback, useRef, useState } from 'react';
import { isApiError } from '../../app/api-client';
import { sendImport } from './import-upload';

export type RowErrors = {
  /** 0-based row index -> the messages naming it (without the row's own label). */
  byRow: Map<number, string[]>;
  /** Messages naming no row (e.g. "... and 12 more"). */
  general: string[];
};

/**
 * The rows an import answer refuses, by the row numbers of its details; null when the answer names
 * no row (a conflict of the whole import, a network failure): that one goes to an alert.
 */
export function rowErrorsOf(error: unknown): RowErrors | null {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 403)) return null;
  if (!error.details.some((d) => typeof d.row === 'number')) return null;
  const byRow = new Map<number, string[]>();
  const general: string[] = [];
  for (const d of error.details) {
    if (typeof d.row !== 'number') {
      if (!general.includes(d.message)) general.push(d.message);
      continue;
    }
    // The message begins with the row's label in the user's language ("baris 7: ", "row 7: "), which
    // the table shows beside it already.
    const text = d.message.replace(new RegExp(`^\\S+ ${d.row}: `), '');
    const i = d.row - 1;
    byRow.set(i, [...(byRow.get(i) ?? []), text]);
  }
  return { byRow, general };
}

export type ImportOutcome<R> =
  | { state: 'ok'; data: R }
  /** Rows refused (400 or 403): `rows` names them. */
  | { state: 'refused'; rows: RowErrors; error: unknown }
  | { state: 'failed'; error: unknown }
  /** A newer run started meanwhile: this answer is not shown. */
  | { state: 'stale' };

export function useImportRun<R>(path: string) {
  const [busy, setBusy] = useState(false);
  /** Upload percent of a run sent with progress, else null. */
  const [upload, setUpload] = useState<number | null>(null);
  const [rowErrors, setRowErrors] = useState<RowErrors | null>(null);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(0);

  const run = useCallback(
    async (body: unknown, opts: { progress?: boolean } = {}): Promise<ImportOutcome<R>> => {
      const mine = ++latest.current;
      const current = () => mine === latest.current;
      setBusy(true);
      setError(null);
      setUpload(opts.progress ? 0 : null);
      try {
        const data = await sendImport<R>(
          path,
          body,
          opts.progress
            ? (loaded, total) => {
                if (current()) setUpload(total > 0 ? Math.round((loaded / total) * 100) : 100);
              }
            : undefined,
        );
        if (!current()) return { state: 'stale' };
        setRowErrors(null);
        return { state: 'ok', data };
      } catch (e) {
        if (!current()) return { state: 'stale' };
        const rows = rowErrorsOf(e);
        if (rows) {
          setRowErrors(rows);
          return { state: 'refused', rows, error: e };
        }
        setError(e);
        return { state: 'failed', error: e };
      } finally {
        if (current()) {
          setBusy(false);
          setUpload(null);
        }
      }
    },
    [path],
  );

  /** Forgets the last answer (and any run on its way). */
  const reset = useCallback(() => {
    latest.current++;
    setBusy(false);
    setUpload(null);
    setRowErrors(null);
    setError(null);
  }, []);

  return { run, busy, upload, rowErrors, setRowErrors, error, reset };
}
