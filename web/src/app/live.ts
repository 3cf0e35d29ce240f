// Live updates from the server (GET /web/events): "records of kind X changed". One stream per tab,
// opened by the signed-in layout. Events carry no data: they invalidate cached queries through the
// key factory, or (lists) count changes for a notice, so the table never reshuffles under the user.
// Read with fetch, not EventSource: the access token goes in the Authorization header as on every
// call (an EventSource cannot send headers, and a token in the URL would land in proxy logs, and the
// API takes no cookies, so there is no cross-site request to guard against).
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { API_BASE, refreshSession } from './api-client';
import { dashboardKeys, resourceKeys } from './query-keys';
import { getSession } from './session';

export type LiveEvent = { entity: string; ids?: number[]; own?: true };

const RETRY_MS = 3_000;
const DETAIL_EVERY_MS = 500;
const staleDetails = new Set<string>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;
/** Writes that move the home figures and the dashboards: the ERP feed's imports, point postings. */
const DASHBOARD_ENTITIES = new Set(['sales_invoice', 'customer_order', 'point_ledger', 'point_injection']);

// Changes to each entity by other users since its list was last loaded: ids, or a count without ids.
const pending = new Map<string, { ids: Set<number>; other: number }>();
const watchers = new Set<() => void>();
const notify = () => {
  for (const w of watchers) w();
};

/** How many rows of `entity` other users changed since the list last loaded (0: none). */
export function pendingChanges(entity: string): number {
  const p = pending.get(entity);
  return p ? p.ids.size + p.other : 0;
}

export function clearPending(entity: string): void {
  if (pending.delete(entity)) notify();
}

const subscribe = (cb: () => void) => {
  watchers.add(cb);
  return () => {
    watchers.delete(cb);
  };
};

export function usePendingChanges(entity: string): number {
  return useSyncExternalStore(subscribe, () => pendingChanges(entity));
}

/** What one event does to the cache (exported for tests). */
export function applyEvent(qc: QueryClient, e: LiveEvent): void {
  if (DASHBOARD_ENTITIES.has(e.entity)) void qc.invalidateQueries({ queryKey: dashboardKeys.all });
  // A record's own screen follows (a broadcast's delivery figures while it sends), at most twice a
  // second: a delivery moves its figures after every slice of stores.
  if (e.ids) for (const id of e.ids) staleDetails.add(JSON.stringify([e.entity, id]));
  if (e.ids && !flushTimer) {
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      for (const key of staleDetails) {
        const [entity, id] = JSON.parse(key) as [string, number];
        void qc.invalidateQueries({ queryKey: resourceKeys(entity).detail(id) });
      }
      staleDetails.clear();
    }, DETAIL_EVERY_MS);
  }
  // The user's own writes refresh their lists already (use-resource's mutations).
  if (e.own) return;
  const p = pending.get(e.entity) ?? { ids: new Set<number>(), other: 0 };
  if (e.ids) for (const id of e.ids) p.ids.add(id);
  else p.other += 1;
  pending.set(e.entity, p);
  notify();
}

/** Parses `event: change` blocks out of a stream's text; returns what is left of an unfinished block. */
export function parseEvents(buffer: string, onEvent: (e: LiveEvent) => void): string {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    if (!/^event: change$/m.test(block)) continue;
    const data = block
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => l.slice(6))
      .join('\n');
    try {
      onEvent(JSON.parse(data) as LiveEvent);
    } catch {
      /* not ours */
    }
  }
  return rest;
}

/** Opens the stream and keeps it open (reconnecting) until the returned function is called. */
export function startLiveUpdates(qc: QueryClient): () => void {
  let stopped = false;
  const abort = new AbortController();
  const run = async () => {
    while (!stopped) {
      try {
        const token = getSession()?.token;
        if (!token) return;
        const res = await fetch(`${API_BASE}/web/events`, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          signal: abort.signal,
        });
        if (res.status === 401 && !(await refreshSession())) return;
        if (res.ok && res.body) {
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            buffer = parseEvents(buffer + value, (e) => applyEvent(qc, e));
          }
          // The server ends a stream when its token expires: reconnect at once with the current one.
          continue;
        }
      } catch {
        if (stopped) return;
      }
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  };
  void run();
  return () => {
    stopped = true;
    abort.abort();
  };
}
