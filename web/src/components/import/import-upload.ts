// Sending an import to its pipeline route with upload progress (XMLHttpRequest: fetch reports none),
// the same bearer token, single refresh on 401 and error envelope as the api client (CONTRACT.md
// section 7; use-import-run.ts reads a refusal back onto the rows it names).

import type { ErrDetail } from '@lbo/contract/common';
import { API_BASE, ApiError, api, refreshSession, uiLanguage } from '../../app/api-client';
import { clearSession, getSession } from '../../app/session';

export type UploadProgress = (loaded: number, total: number) => void;

function sendOnce<T>(path: string, body: string, token: string | null, onUpload?: UploadProgress) {
  return new Promise<{
    status: number;
    json: { data?: T; err_code?: string; err_msg?: unknown; err_detail?: ErrDetail[] } | null;
  }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', uiLanguage() === 'en' ? 'en' : 'id, en;q=0.5');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onUpload?.(e.loaded, e.lengthComputable ? e.total : body.length);
    xhr.onload = () => {
      let json = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      resolve({ status: xhr.status, json });
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', []));
    xhr.send(body);
  });
}

/** Bodies smaller than this go through the api client (fetch): their upload takes no visible time. */
const PROGRESS_FROM_BYTES = 64 * 1024;

/** POSTs an import body; resolves with `data`, rejects with ApiError (400 carries one message per bad row). */
export async function sendImport<T>(path: string, body: unknown, onUpload?: UploadProgress): Promise<T> {
  const text = JSON.stringify(body);
  if (text.length < PROGRESS_FROM_BYTES) {
    const { data } = await api.post<T>(path, body);
    onUpload?.(text.length, text.length);
    return data;
  }
  const token = getSession()?.token ?? null;
  let res = await sendOnce<T>(path, text, token, onUpload);
  if (res.status === 401 && token) {
    const current = getSession()?.token ?? null;
    const ok = current && current !== token ? true : await refreshSession();
    if (!ok) throw new ApiError(401, 'SESSION_EXPIRED', []);
    res = await sendOnce<T>(path, text, getSession()?.token ?? null, onUpload);
    if (res.status === 401) {
      clearSession('expired');
      throw new ApiError(401, 'SESSION_EXPIRED', []);
    }
  }
  if (res.status >= 200 && res.status < 300 && res.json) return res.json.data as T;
  const msgs = res.json?.err_msg;
  throw new ApiError(
    res.status,
    typeof res.json?.err_code === 'string'
      ? res.json.err_code
      : res.status >= 500
        ? 'INTERNAL'
        : `HTTP_${res.status}`,
    Array.isArray(msgs) ? msgs.map(String) : msgs ? [String(msgs)] : [],
    Array.isArray(res.json?.err_detail) ? res.json.err_detail : [],
  );
}
