// The store's HTTP client for /v1/api/store: the bearer token (refreshed once, single flight, when
// it has expired), Accept-Language in the app's language so the server words its errors for the
// store, a time limit on every call (no spinner that never ends), and the error envelope turned
// into an ApiError whose details name the field each message belongs to.
import type { ErrDetail, PageMeta } from '@lbo/contract/common';
import type { StoreLoginResult } from '@lbo/contract/store';
import type { Lang } from './i18n';
import { clearSession, getSession, saveSession } from './session';

export const API_BASE = '/v1/api';
/** The header the service worker puts on an answer it kept from the last connection (sw.js). */
export const SAVED_AT_HEADER = 'x-lbo-saved-at';
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
const TIMEOUT_MS = 20_000;

export class ApiError extends Error {
  readonly status: number;
  /** err_code from the server, or NETWORK / TIMEOUT for a call that got no answer. */
  readonly code: string;
  readonly messages: string[];
  readonly details: ErrDetail[];
  /** The rest of the error body (the 409 of a number owning several stores lists `stores`). */
  readonly body: Record<string, unknown>;
  constructor(status: number, code: string, messages: string[], details: ErrDetail[] = [], body = {}) {
    super(messages.join('; ') || code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.messages = messages;
    this.details = details;
    this.body = body;
  }
  /** No answer came back: the request may or may not have reached the server. */
  get unanswered(): boolean {
    return this.status === 0;
  }
  /** The messages about `field` (from err_detail). */
  forField(field: string): string[] {
    return this.details.filter((d) => d.field === field).map((d) => d.message);
  }
  /** The messages that name no field of `fields`: shown above the form. */
  general(fields: string[] = []): string[] {
    if (this.details.length === 0) return this.messages;
    return this.details.filter((d) => !d.field || !fields.includes(d.field)).map((d) => d.message);
  }
}

let language: Lang = 'id';
/** Set by the language switch: every call asks the server for answers in it. */
export function setApiLanguage(lang: Lang) {
  language = lang;
}

export type Answer<T, M = PageMeta> = {
  data: T;
  meta?: M;
  /** When the answer is the one the service worker kept from the last connection: its time. */
  savedAt?: string;
};

export type CallOptions = {
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** Send the bearer token and refresh it on a 401 (default true). */
  auth?: boolean;
  timeoutMs?: number;
};

async function errorOf(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> | null = null;
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    body = null;
  }
  if (body && 'err_msg' in body) {
    const messages = Array.isArray(body.err_msg) ? body.err_msg.map(String) : [String(body.err_msg)];
    const details = Array.isArray(body.err_detail)
      ? (body.err_detail as ErrDetail[]).filter((d) => d && typeof d.message === 'string')
      : [];
    return new ApiError(res.status, String(body.err_code ?? `HTTP_${res.status}`), messages, details, body);
  }
  return new ApiError(res.status, res.status >= 500 ? 'INTERNAL' : `HTTP_${res.status}`, []);
}

async function send(method: string, path: string, opts: CallOptions, token: string | null) {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language === 'en' ? 'en' : 'id',
    'X-App-Version': APP_VERSION,
    ...opts.headers,
  };
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), opts.timeoutMs ?? TIMEOUT_MS);
  try {
    return await fetch(`${API_BASE}${path}`, { method, headers, body, signal: abort.signal });
  } catch {
    throw new ApiError(0, abort.signal.aborted ? 'TIMEOUT' : 'NETWORK', []);
  } finally {
    clearTimeout(timer);
  }
}

let refreshing: Promise<boolean> | null = null;

/** A new token pair for the stored refresh token, once for every call that asks at the same time. */
export function refresh(): Promise<boolean> {
  if (refreshing) return refreshing;
  refreshing = (async () => {
    const session = getSession();
    if (!session) return false;
    const res = await send(
      'POST',
      '/store/auth/refresh',
      { body: { refresh_token: session.refresh_token } },
      null,
    );
    if (!res.ok) {
      // Refused (used, expired, store deactivated): the store signs in again.
      if (res.status === 400 || res.status === 401) clearSession();
      return false;
    }
    saveSession(((await res.json()) as { data: StoreLoginResult }).data);
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** What index.html's inline script leaves for the app (`window.__lboEarly`). */
export type Early = {
  token: string;
  answers: Record<string, Promise<Response> | undefined>;
  /** The balance's answer, once it came and index.html has written it into the page. */
  me?: Answer<unknown>;
  /** Set when the app renders: from then on the inline script leaves the page to it. */
  taken?: boolean;
  /** Settles when the balance is written into the page, or will not be (no answer, an error). */
  ready?: Promise<unknown>;
};

export function early(): Early | undefined {
  return (globalThis as { __lboEarly?: Early }).__lboEarly;
}

/**
 * The answer index.html started for `path` before this script arrived (the home's calls), once,
 * when it was asked with the token still in use; anything else goes out as usual.
 */
async function takeEarly(path: string, token: string | null): Promise<Response | null> {
  const early = (globalThis as { __lboEarly?: Early }).__lboEarly;
  const answer = early?.answers[path];
  if (!early || !answer) return null;
  early.answers[path] = undefined;
  if (!token || early.token !== token) return null;
  try {
    return await answer;
  } catch {
    return null;
  }
}

export async function call<T, M = PageMeta>(
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<Answer<T, M>> {
  const auth = opts.auth !== false;
  const token = auth ? (getSession()?.token ?? null) : null;
  const plain = method === 'GET' && auth && !opts.headers && !opts.body && !opts.form;
  let res = (plain ? await takeEarly(path, token) : null) ?? (await send(method, path, opts, token));
  if (res.status === 401 && auth && getSession()) {
    if (await refresh()) res = await send(method, path, opts, getSession()?.token ?? null);
    else if (!getSession()) throw await errorOf(res);
  }
  if (!res.ok) throw await errorOf(res);
  if (res.status === 204) return { data: null as T };
  const json = (await res.json()) as { data: T; meta?: M };
  const savedAt = res.headers.get(SAVED_AT_HEADER) ?? undefined;
  return { data: json.data, meta: json.meta, savedAt };
}

/** A redemption's retry key: the same for every retry of one confirmed redemption. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}
