// The server's streamed export of a whole list (`GET /export/<resource>`): every row matching the
// list's filters, read as it arrives with progress (rows for CSV, bytes for XLSX), then saved.
import type { ErrDetail } from '@lbo/contract/common';
import type { Query } from '../../app/api-client';
import { API_BASE, ApiError, buildQuery, refreshSession, uiLanguage } from '../../app/api-client';
import { getSession } from '../../app/session';

export type StreamProgress = { rows: number; total: number | null; bytes: number };

/** Resolves with the file, or null when the server has no export for this list (the caller falls back). */
export async function streamExport(
  name: string,
  query: Query,
  opts: {
    format: 'csv' | 'xlsx';
    columns: string[];
    labels: string[];
    /** How the screen shows each column (its kind: date, datetime, boolean, active, number…), '' for text. */
    kinds?: string[];
    onProgress?(p: StreamProgress): void;
    signal?: AbortSignal;
  },
): Promise<Blob | null> {
  // The list's sort goes along: a report's file comes in the order its screen shows.
  const { page: _p, limit: _l, ...filters } = query;
  const q: Query = {
    ...filters,
    format: opts.format,
    columns: opts.columns.join(','),
    labels: opts.labels.map((l) => l.replace(/\|/g, '/')).join('|'),
    ...(opts.kinds?.some(Boolean) ? { kinds: opts.kinds.join(',') } : {}),
    unknown: 'skip',
  };
  const url = `${API_BASE}/export/${name}${buildQuery(q)}`;
  const send = (token: string | null) =>
    fetch(url, {
      headers: {
        Accept: '*/*',
        'Accept-Language': uiLanguage() === 'en' ? 'en' : 'id, en;q=0.5',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      signal: opts.signal,
    });
  const token = getSession()?.token ?? null;
  let res = await send(token);
  if (res.status === 401 && token && (await refreshSession())) res = await send(getSession()?.token ?? null);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as {
      err_code?: string;
      err_msg?: string[];
      err_detail?: ErrDetail[];
    } | null;
    // No export route for this list (a screen over a custom route): the caller pages it itself. Told
    // by the refusal's code: its wording follows the user's language.
    if (res.status === 404 && body?.err_detail?.some((d) => d.code === 'no_route')) return null;
    throw new ApiError(
      res.status,
      body?.err_code ?? `HTTP_${res.status}`,
      body?.err_msg ?? [],
      body?.err_detail ?? [],
    );
  }
  const totalHeader = res.headers.get('X-Total-Count');
  const total = totalHeader === null ? null : Number(totalHeader);
  const type = res.headers.get('Content-Type') ?? 'application/octet-stream';
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    if (opts.format === 'csv') for (const b of value) if (b === 10) lines++;
    opts.onProgress?.({ rows: Math.max(0, lines - 1), total, bytes });
  }
  return new Blob(parts as BlobPart[], { type });
}
