// The signed-in session: token and user id in localStorage (SPEC.md section 4), the rest of the
// login answer beside them, and a cookie holding the login data. Kept free of zod and React so
// the login route stays small.
import type { LoginResult } from '@lbo/contract/auth';
import { FIRST_SCREEN_KEY } from './first-screen';

export const TOKEN_KEY = 'token';
export const USER_ID_KEY = 'user_id';
export const SESSION_KEY = 'lbo_session';
export const LOGIN_COOKIE = 'lbo_login';
const SIGNOUT_REASON_KEY = 'lbo_signout_reason';

export type Session = Omit<LoginResult, 'token'> & { token: string };
export type SignOutReason = 'logout' | 'expired';

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string; session: Session | null } | null = null;

function readRaw(): string {
  try {
    return `${localStorage.getItem(TOKEN_KEY) ?? ''}\u0000${localStorage.getItem(USER_ID_KEY) ?? ''}\u0000${
      localStorage.getItem(SESSION_KEY) ?? ''
    }`;
  } catch {
    return '';
  }
}

/** The current session, or null when any of its parts is missing or unreadable. */
export function getSession(): Session | null {
  const raw = readRaw();
  if (cached && cached.raw === raw) return cached.session;
  let session: Session | null = null;
  const [token, userId, json] = raw.split('\u0000');
  if (token && userId && json) {
    try {
      const rest = JSON.parse(json) as Omit<Session, 'token'>;
      if (String(rest.user_id) === userId) session = { ...rest, token };
    } catch {
      session = null;
    }
  }
  cached = { raw, session };
  return session;
}

function notify() {
  for (const l of listeners) l();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setCookie(value: string, maxAgeSeconds: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: the async Cookie Store API is not in every supported browser
  document.cookie = `${LOGIN_COOKIE}=${value}; path=/; max-age=${maxAgeSeconds}; SameSite=Strict`;
}

// A save in flight when the session ends: the signed-in screen stays (with what was typed) and a
// sign-in dialog asks for the password again, then the save is retried (components/feedback/sign-in-dialog).
let saving = 0;
let held: Session | null = null;

/** Marks a save in flight; call the returned function when it has finished. */
export function beginSave(): () => void {
  saving++;
  let done = false;
  return () => {
    if (!done) saving--;
    done = true;
  };
}

/** The session that ended while a save was in flight (the screen keeps showing it), else null. */
export function heldSession(): Session | null {
  return held;
}

/** Gives up a held session (the user chose to sign out instead of signing in again). */
export function releaseHeldSession(): void {
  if (!held) return;
  held = null;
  notify();
}

/** Stores a fresh login (or refresh) answer. */
export function saveSession(result: LoginResult): void {
  held = null;
  const { token, ...rest } = result;
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_ID_KEY, String(result.user_id));
  localStorage.setItem(SESSION_KEY, JSON.stringify(rest));
  // The cookie holds who is signed in (never the tokens: it travels with every request).
  const login = {
    user_id: result.user_id,
    name: result.name,
    email: result.email,
    role_group_id: result.role_group_id,
  };
  setCookie(encodeURIComponent(JSON.stringify(login)), 60 * 60 * 24 * 30);
  try {
    sessionStorage.removeItem(SIGNOUT_REASON_KEY);
  } catch {
    /* storage unavailable */
  }
  notify();
}

/** Clears token, user id, the login cookie and the stored login data. */
export function clearSession(reason: SignOutReason = 'logout'): void {
  const before = getSession();
  held = reason === 'expired' && saving > 0 ? (before ?? held) : null;
  for (const key of [TOKEN_KEY, USER_ID_KEY, SESSION_KEY, FIRST_SCREEN_KEY]) localStorage.removeItem(key);
  setCookie('', 0);
  try {
    if (reason === 'expired') sessionStorage.setItem(SIGNOUT_REASON_KEY, reason);
    else sessionStorage.removeItem(SIGNOUT_REASON_KEY);
  } catch {
    /* storage unavailable */
  }
  notify();
}

/** Why the last sign-out happened (read once by the login page). */
export function takeSignOutReason(): SignOutReason | null {
  try {
    const r = sessionStorage.getItem(SIGNOUT_REASON_KEY) as SignOutReason | null;
    sessionStorage.removeItem(SIGNOUT_REASON_KEY);
    return r;
  } catch {
    return null;
  }
}

export function readLoginCookie(): Record<string, unknown> | null {
  const m = new RegExp(`(?:^|; )${LOGIN_COOKIE}=([^;]*)`).exec(document.cookie);
  if (!m?.[1]) return null;
  try {
    return JSON.parse(decodeURIComponent(m[1])) as Record<string, unknown>;
  } catch {
    return null;
  }
}

// Another tab signing in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === TOKEN_KEY || e.key === SESSION_KEY || e.key === USER_ID_KEY) notify();
  });
}
