// The server's live-update stream (GET /store/events): "a broadcast reached your inbox". Read with
// fetch, not EventSource, so the token travels in the Authorization header as on every call (an
// EventSource cannot send headers, and a token in the URL would land in proxy and server logs).
// Loaded with the inbox screen only, so the first load does not carry it.
import { API_BASE, refresh } from './api';
import { getSession } from './session';

const RETRY_MS = 5_000;

/** Calls `onInbox` on each inbox event until the returned function is called; reconnects on its own. */
export function watchInbox(onInbox: () => void): () => void {
  let stopped = false;
  const abort = new AbortController();
  const run = async () => {
    while (!stopped) {
      try {
        const token = getSession()?.token;
        if (!token) return;
        const res = await fetch(`${API_BASE}/store/events`, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          signal: abort.signal,
        });
        if (res.status === 401 && !(await refresh())) return;
        if (res.ok && res.body) {
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            buffer += value;
            const blocks = buffer.split('\n\n');
            buffer = blocks.pop() ?? '';
            // Every store of an audience hears the same event at once: spread the refetches.
            if (blocks.some((b) => b.includes('event: change'))) setTimeout(onInbox, Math.random() * 5_000);
          }
          // The server ends a stream when its token expires: reconnect at once with a fresh one.
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
