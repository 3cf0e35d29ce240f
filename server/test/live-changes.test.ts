// Live updates end to end: a committed write reaches an open event stream, a rolled-back one never
// does, and a branch user hears only their branches' changes. Runs on the embedded database and, with
// TEST_DATABASE_URL, on the PostgreSQL server (its own LISTEN connection).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../src/http/audit';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';

type Stream = { events: Record<string, unknown>[]; raw: () => string; close: () => void };

/** Opens GET `path` as an event stream and collects its `change` events. */
async function openStream(base: string, path: string, token: string): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: Record<string, unknown>[] = [];
  let text = '';
  let buffer = '';
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const s = decoder.decode(chunk, { stream: true });
        text += s;
        buffer += s;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (/^event: change$/m.test(block) && data) events.push(JSON.parse(data));
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return { events, raw: () => text, close: () => abort.abort() };
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
}

describe('live updates (GET /web/events)', () => {
  let h: Harness;
  let base: string;
  let admin: string;
  let branchUser: string;
  const streams: Stream[] = [];

  beforeAll(async () => {
    h = await createHarness();
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await h.login();
    branchUser = await h.login(BRANCH_USER);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await h.close();
  });

  it('should refuse a stream without a token', async () => {
    const res = await fetch(`${base}/v1/api/web/events`);
    expect(res.status).toBe(401);
    const store = await fetch(`${base}/v1/api/store/events`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(store.status).toBe(401);
  });

  it('should deliver a committed write within a second, and nothing of a rolled-back one', async () => {
    const s = await openStream(base, '/v1/api/web/events', admin);
    streams.push(s);
    await h.database.db
      .transaction(async (tx) => {
        await writeAudit(tx, null, { action: 'update', entity: 'rolled_back_thing', entityId: 1 });
        throw new Error('roll back');
      })
      .catch(() => {});
    const s1 = h.fixture.salesmen[0];
    const started = Date.now();
    const res = await h.call(admin, 'PUT', `/web/salesman/id/${s1.id}`, { salesman_name: 'Live renamed' });
    expect(res.status).toBe(200);
    expect(await waitFor(() => s.events.some((e) => e.entity === 'salesman'), 1000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(s.events.find((e) => e.entity === 'salesman')).toEqual({
      entity: 'salesman',
      ids: [s1.id],
      own: true,
    });
    expect(s.events.some((e) => e.entity === 'rolled_back_thing')).toBe(false);
    expect(s.raw()).toMatch(/^retry: \d+\n\n/);
  });

  it("should not tell a branch user of another branch's change, and tell them of their own", async () => {
    const s = await openStream(base, '/v1/api/web/events', branchUser);
    streams.push(s);
    const { b3 } = h.fixture.branches;
    const foreign = h.fixture.salesmen.find((x) => x.branch_id === b3.id);
    const own = h.fixture.salesmen[0];
    expect(foreign).toBeDefined();
    const r1 = await h.call(admin, 'PUT', `/web/salesman/id/${foreign?.id}`, { salesman_name: 'Elsewhere' });
    expect(r1.status).toBe(200);
    const r2 = await h.call(admin, 'PUT', `/web/salesman/id/${own.id}`, { salesman_name: 'Mine renamed' });
    expect(r2.status).toBe(200);
    expect(await waitFor(() => s.events.some((e) => e.entity === 'salesman'), 1000)).toBe(true);
    // Notifications arrive in commit order: the foreign change, had it been sent, would be here first.
    // Another user's change: no `own` flag.
    expect(s.events.filter((e) => e.entity === 'salesman')).toEqual([{ entity: 'salesman', ids: [own.id] }]);
  });

  it('should end open streams when the server closes', async () => {
    const s = await openStream(base, '/v1/api/web/events', admin);
    expect(h.app.changes.openStreams).toBeGreaterThan(0);
    h.app.changes.endStreams();
    expect(await waitFor(() => h.app.changes.openStreams === 0, 1000)).toBe(true);
    s.close();
  });
});
