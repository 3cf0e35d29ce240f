// The signed-in store: the sign-in answer kept in localStorage so the app opens signed in (and
// offline). No React here: the API client reads it on every call.
import type { StoreLoginResult } from '@lbo/contract/store';

export const SESSION_KEY = 'lbo_store_session';

export type StoreSession = Pick<
  StoreLoginResult,
  'token' | 'refresh_token' | 'expired_date' | 'customer_id' | 'customer_name' | 'customer_code'
>;

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; session: StoreSession | null } | null = null;

export function getSession(): StoreSession | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(SESSION_KEY);
  } catch {
    raw = null;
  }
  if (cached && cached.raw === raw) return cached.session;
  let session: StoreSession | null = null;
  if (raw) {
    try {
      const s = JSON.parse(raw) as StoreSession;
      if (typeof s.token === 'string' && typeof s.customer_id === 'number') session = s;
    } catch {
      session = null;
    }
  }
  cached = { raw, session };
  return session;
}

export function saveSession(result: StoreLoginResult): void {
  const session: StoreSession = {
    token: result.token,
    refresh_token: result.refresh_token,
    expired_date: result.expired_date,
    customer_id: result.customer_id,
    customer_name: result.customer_name,
    customer_code: result.customer_code,
  };
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  for (const l of listeners) l();
}

/** The service worker's cache of the last answers (sw/sw.js DATA_CACHE). */
export const DATA_CACHE = 'lbo-store-data';

/**
 * Forgets the session and what the service worker kept of this store's answers: whoever signs in
 * next on this phone never sees them, not even offline.
 */
export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  try {
    if (typeof caches !== 'undefined') void caches.delete(DATA_CACHE).catch(() => {});
  } catch {
    // No cache storage (an old browser, a private window): nothing was kept.
  }
  for (const l of listeners) l();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
