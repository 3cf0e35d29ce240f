// A small shared cache of GET answers, keyed by path: the navigation's unread badge and the inbox
// read one request, a screen shown again shows what it had at once while it reloads, and a write
// (a redemption, a message read) updates what every screen shows.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { type Answer, ApiError, call, early } from './api';
import { getSession, subscribeSession } from './session';

export type Entry<T, M> = {
  answer?: Answer<T, M>;
  error?: ApiError;
  loading: boolean;
};

const entries = new Map<string, Entry<unknown, unknown>>();

/**
 * The balance index.html's inline script already received (and wrote into the page): the home's
 * first render shows it as it stands instead of a wait, so the app replaces that markup with the same.
 * Called as the app starts; the home's load still takes the same answer (no second request).
 */
export function seedFromEarly() {
  const e = early();
  if (e?.me && e.token === getSession()?.token && !entries.has(PATHS.me)) {
    entries.set(PATHS.me, { answer: e.me, loading: false });
  }
}
const inFlight = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
const EMPTY: Entry<unknown, unknown> = { loading: false };

function set(path: string, entry: Entry<unknown, unknown>) {
  entries.set(path, entry);
  for (const l of listeners) l();
}

export function load(path: string): Promise<void> {
  const running = inFlight.get(path);
  if (running) return running;
  const prev = entries.get(path) ?? EMPTY;
  set(path, { ...prev, loading: true, error: undefined });
  const p = call<unknown, unknown>('GET', path)
    .then((answer) => set(path, { answer, loading: false }))
    .catch((e: unknown) => {
      const error = e instanceof ApiError ? e : new ApiError(0, 'NETWORK', []);
      set(path, { answer: prev.answer, error, loading: false });
    })
    .finally(() => inFlight.delete(path));
  inFlight.set(path, p);
  return p;
}

/** Changes what is kept for `path` (after a write whose answer says what changed). */
export function update<T, M>(path: string, fn: (a: Answer<T, M>) => Answer<T, M>) {
  const e = entries.get(path) as Entry<T, M> | undefined;
  if (e?.answer) set(path, { ...e, answer: fn(e.answer) } as Entry<unknown, unknown>);
}

/** Forgets everything (sign-out: the next store sees none of it). */
export function clearData() {
  entries.clear();
  for (const l of listeners) l();
}

// Signed out (here or by a refused refresh): the next store to sign in starts from nothing.
subscribeSession(() => {
  if (!getSession() && entries.size > 0) clearData();
});

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The answer for `path`, loaded when the screen first shows it (null: nothing to load). */
export function useResource<T, M = unknown>(path: string | null) {
  const entry = useSyncExternalStore(
    subscribe,
    () => (path ? (entries.get(path) ?? EMPTY) : EMPTY) as Entry<T, M>,
  );
  useEffect(() => {
    if (path) void load(path);
  }, [path]);
  const reload = useCallback(() => (path ? load(path) : Promise.resolve()), [path]);
  return { ...entry, data: entry.answer?.data, meta: entry.answer?.meta, reload };
}

/** The paths the app reads; the service worker keeps the first three for offline use (sw.js). */
export const PATHS = {
  me: '/store/me',
  feed: '/store/feed',
  inbox: '/store/inbox?page=1&limit=30',
  coupons: '/store/coupons',
  redemptions: '/store/redemptions?page=1&limit=30',
};
