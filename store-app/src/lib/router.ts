// Screens are paths under /app/ (the server answers index.html for any of them), moved between
// with the History API: a dozen lines instead of a router library in the home's script.
import { type MouseEvent, useSyncExternalStore } from 'react';

export const BASE = '/app';

const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  window.addEventListener('popstate', l);
  return () => {
    listeners.delete(l);
    window.removeEventListener('popstate', l);
  };
};

/** The screen's path inside the app: `/`, `/coupons`, ... */
export function currentPath(): string {
  const p = window.location.pathname;
  const inner = p.startsWith(BASE) ? p.slice(BASE.length) : p;
  return inner.replace(/\/+$/, '') || '/';
}

export function navigate(path: string, replace = false) {
  const url = `${BASE}${path === '/' ? '/' : path}`;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.scrollTo?.(0, 0);
  for (const l of listeners) l();
}

export const usePath = () => useSyncExternalStore(subscribe, currentPath);

/** An `<a>` click that stays in the app (a plain click; a long press or new tab keeps the link). */
export function linkClick(path: string) {
  return (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(path);
  };
}

export const href = (path: string) => `${BASE}${path === '/' ? '/' : path}`;
