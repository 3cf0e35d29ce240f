// Typed HTTP client for `/v1/api`: adds the bearer token, refreshes an expired token once
// (single flight), and turns CONTRACT.md's error envelope into an ApiError with readable
// messages. No zod here: the login route loads this module.
import type { LoginResult } from '@lbo/contract/auth';
import { ERR_STATUS } from '@lbo/contract/codes';
import type { ErrDetail, PageMeta } from '@lbo/contract/common';
import { EARLY_GET, type EarlyGet } from './first-screen';
import { clearSession, getSession, saveSession } from './session';

export const API_BASE = '/v1/api';

/** err_code from the server, or a client-side code for failures that never got an answer. */
export type ApiErrorCode = string;

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly messages: string[];
  /** Per message: its stable code, the field it concerns and parameters (the server's err_detail). */
  readonly details: ErrDetail[];
  constructor(status: number, code: ApiErrorCode, messages: string[], details: ErrDetail[] = []) {
    super(messages.join('; ') || code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.messages = messages;
    this.details = details;
  }
}

/** The language the user chose (the document's, set by i18n), sent as Accept-Language. */
export function uiLanguage(): 'id' | 'en' {
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  return lang === 'en' ? 'en' : 'id';
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export type Envelope<T> = { data: T; meta?: PageMeta };
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

/** Builds `?a=1&b=x`, leaving out undefined, null and empty values; arrays become comma lists. */
export function buildQuery(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
      continue;
    }
    params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Send the bearer token and refresh it on 401 (default true). */
  auth?: boolean;
};

async function parseError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (body && typeof body === 'object' && 'err_msg' in body) {
    const b = body as { err_code?: unknown; err_msg?: unknown; err_detail?: unknown };
    const messages = Array.isArray(b.err_msg) ? b.err_msg.map(String).filter(Boolean) : [String(b.err_msg)];
    const code = typeof b.err_code === 'string' ? b.err_code : `HTTP_${res.status}`;
    const details = Array.isArray(b.err_detail)
      ? (b.err_detail as ErrDetail[]).filter((d) => d && typeof d.message === 'string')
      : [];
    return new ApiError(res.status, code, messages, details);
  }
  // No envelope (a proxy's page, an empty body): the code the contract gives that status.
  const known = Object.entries(ERR_STATUS).find(
    ([code, status]) => status === res.status && code !== 'VALIDATION_ERROR',
  );
  return new ApiError(res.status, known?.[0] ?? (res.status >= 500 ? 'INTERNAL' : `HTTP_${res.status}`), []);
}

/**
 * GET answers started before the screen asked for them (main.tsx starts the first screen's list
 * request while its code loads): each is taken once, by the same call with the same token, within
 * a few seconds; anything else goes to the network as usual.
 */
const prefetched = new Map<string, { at: number; res: Promise<Response> }>();
const PREFETCH_FRESH_MS = 10_000;

/** A prefetched answer is for the same token and the same path and query only. */
const prefetchKey = (token: string, pathAndQuery: string) => `${token}\u0000${pathAndQuery}`;

/** The list request main.tsx sent before this module loaded (app/first-screen.ts), if any. */
function adoptEarlyGet(): void {
  const g = globalThis as Record<string, unknown>;
  const early = g[EARLY_GET] as EarlyGet | undefined;
  if (!early) return;
  delete g[EARLY_GET];
  const key = prefetchKey(early.token, early.api);
  const res = early.res.catch(() => {
    throw new ApiError(0, 'NETWORK', []);
  });
  res.catch(() => prefetched.delete(key));
  prefetched.set(key, { at: early.at, res });
}

/**
 * GETs on their way (key: prefetchKey): a prefetch of one of them sends nothing. The first screen's
 * list is asked for by main.tsx and by the router's loader (app/router.tsx), whichever is first.
 */
const inFlight = new Set<string>();

export function prefetchGet(path: string, query?: Query): void {
  adoptEarlyGet();
  const token = getSession()?.token;
  if (!token) return;
  const key = prefetchKey(token, `${path}${buildQuery(query)}`);
  if (prefetched.has(key) || inFlight.has(key)) return;
  const res = send('GET', path, { query }, token);
  res.catch(() => prefetched.delete(key));
  prefetched.set(key, { at: Date.now(), res });
}

async function send(
  method: string,
  path: string,
  opts: RequestOptions,
  token: string | null,
): Promise<Response> {
  adoptEarlyGet();
  const pathAndQuery = `${path}${buildQuery(opts.query)}`;
  // A GET is known by its token, path and query: for answers prefetched and for calls on their way.
  const key = method === 'GET' && token ? prefetchKey(token, pathAndQuery) : undefined;
  if (key && prefetched.size > 0) {
    const hit = prefetched.get(key);
    if (hit) {
      prefetched.delete(key);
      if (Date.now() - hit.at < PREFETCH_FRESH_MS) return hit.res;
    }
  }
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': uiLanguage() === 'en' ? 'en' : 'id, en;q=0.5',
  };
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) inFlight.add(key);
  try {
    return await fetch(`${API_BASE}${pathAndQuery}`, {
      method,
      headers,
      body,
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', []);
  } finally {
    if (key) inFlight.delete(key);
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Exchanges the stored refresh token for a new pair, once even when many calls ask at the same
 * time. A refused refresh signs the user out ('expired'); a network failure keeps the session.
 */
export function refreshSession(): Promise<boolean> {
  if (refreshing) return refreshing;
  refreshing = (async () => {
    const session = getSession();
    if (!session?.refresh_token) {
      clearSession('expired');
      return false;
    }
    const res = await send(
      'POST',
      '/web/auth/refresh',
      { body: { refresh_token: session.refresh_token } },
      null,
    );
    if (!res.ok) {
      if (res.status === 400 || res.status === 401 || res.status === 403) {
        clearSession('expired');
        return false;
      }
      throw await parseError(res);
    }
    const json = (await res.json()) as Envelope<LoginResult>;
    saveSession(json.data);
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** One API call; resolves with the envelope, rejects with ApiError. */
export async function request<T>(
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<Envelope<T>> {
  const auth = opts.auth !== false;
  const token = auth ? (getSession()?.token ?? null) : null;
  let res = await send(method, path, opts, token);
  if (res.status === 401 && auth && token) {
    // Another call may already have refreshed the token: only refresh when ours is current.
    const current = getSession()?.token ?? null;
    const ok = current && current !== token ? true : await refreshSession();
    if (!ok) throw new ApiError(401, 'SESSION_EXPIRED', []);
    res = await send(method, path, opts, getSession()?.token ?? null);
    if (res.status === 401) {
      clearSession('expired');
      throw new ApiError(401, 'SESSION_EXPIRED', []);
    }
  }
  if (!res.ok) throw await parseError(res);
  if (res.status === 204) return { data: undefined as T };
  try {
    return (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(res.status, 'BAD_RESPONSE', []);
  }
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  del: <T>(path: string) => request<T>('DELETE', path),
  upload: <T>(path: string, form: FormData, method: 'POST' | 'PUT' = 'POST') =>
    request<T>(method, path, { form }),
};

/** Signs in; on success the session is stored. Rejects with the server's message on failure. */
export async function login(email: string, password: string): Promise<LoginResult> {
  const { data } = await request<LoginResult>('POST', '/web/auth', {
    body: { email, password },
    auth: false,
  });
  saveSession(data);
  return data;
}

/** Revokes the refresh token (best effort) and clears the local session either way. */
export async function logout(): Promise<void> {
  try {
    let session = getSession();
    if (session) {
      const body = () => ({ body: { refresh_token: session?.refresh_token } });
      let res = await send('POST', '/web/auth/logout', body(), session.token);
      // An expired token: refresh once so the (rotated) refresh token really gets revoked.
      if (res.status === 401 && (await refreshSession().catch(() => false))) {
        session = getSession();
        if (session) res = await send('POST', '/web/auth/logout', body(), session.token);
      }
    }
  } catch {
    /* the local sign-out below still happens */
  } finally {
    clearSession('logout');
  }
}
