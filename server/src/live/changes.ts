// Live updates: "entity X changed, refetch" from PostgreSQL NOTIFY to browsers by server-sent events.
// Publishing is the database's: triggers (migration 0022_live_changes) NOTIFY on every audit row (so
// every staff write, in its own transaction: nothing on rollback) and on a broadcast's delivery
// figures. Each process LISTENs once (ChangeHub) and fans the messages out to its open streams, each
// cut to what its caller's branches may see. Events never carry data: clients refetch through the
// API, where every rule applies as usual.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BranchScope } from '../http/auth';

export const CHANGES_CHANNEL = 'lbo_changes';
/** Comment lines keep proxies and browsers from closing a quiet stream (nginx's default is 60 s). */
export const HEARTBEAT_MS = 25_000;
/** Above this many ids a message names none (the trigger does the same): "refetch the list". */
const MAX_IDS = 50;

export type Change = {
  entity: string;
  ids?: number[];
  /** The branches the changed rows are filed under. */
  branch_ids: number[];
  /** Some rows have no branch: data every user sees (items, roles), or work filed under none (an import). */
  unscoped: boolean;
  /** The staff users whose writes these are (never sent on: a client is told only whether it was its own). */
  user_ids: number[];
};

/** What a staff stream sends: the kind of record, its ids when few, and whether the caller made the change. */
export type StaffEvent = { entity: string; ids?: number[]; own?: true };

type Listener = (change: Change) => void;

function parseChange(payload: string): Change | null {
  try {
    const v = JSON.parse(payload) as Record<string, unknown>;
    if (typeof v.entity !== 'string') return null;
    const ids = Array.isArray(v.ids)
      ? v.ids.map(Number).filter((n) => Number.isInteger(n) && n > 0)
      : undefined;
    const branchIds = Array.isArray(v.branch_ids) ? v.branch_ids.map(Number).filter(Number.isInteger) : [];
    return {
      entity: v.entity,
      ids: ids && ids.length > 0 && ids.length <= MAX_IDS ? ids : undefined,
      branch_ids: branchIds,
      unscoped: v.unscoped === true,
      user_ids: Array.isArray(v.user_ids) ? v.user_ids.map(Number) : [],
    };
  } catch {
    return null;
  }
}

/**
 * What a staff user with branches `scope` is told of `change`, or null. A user of every branch gets it
 * all; a branch user gets changes filed under one of their branches or under none, and the ids only
 * when every branch the change touched is theirs (ids of another branch's records stay unnamed).
 */
export function staffView(change: Change, scope: BranchScope, userId: number): StaffEvent | null {
  if (change.entity === 'inbox') return null;
  const own = change.user_ids.length > 0 && change.user_ids.every((u) => u === userId);
  const event: StaffEvent = { entity: change.entity };
  if (own) event.own = true;
  if (scope !== 'all') {
    const mine = change.branch_ids.filter((b) => scope.includes(b));
    if (mine.length === 0 && !change.unscoped) return null;
    if (mine.length < change.branch_ids.length) return event;
  }
  if (change.ids) event.ids = change.ids;
  return event;
}

/** A store hears only that a delivery to its inbox ended (its branch, or an audience not cut by branch). */
export function storeView(change: Change, branchId: number): { entity: 'inbox' } | null {
  if (change.entity !== 'inbox') return null;
  return change.unscoped || change.branch_ids.includes(branchId) ? { entity: 'inbox' } : null;
}

type Listen = (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;

/** One LISTEN per process, shared by every open stream. */
export class ChangeHub {
  private readonly listeners = new Set<Listener>();
  private readonly streams = new Set<FastifyReply>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  async start(listen: Listen): Promise<void> {
    this.unlisten = await listen(CHANGES_CHANNEL, (payload) => {
      const change = parseChange(payload);
      if (!change) return;
      for (const l of this.listeners) {
        try {
          l(change);
        } catch (err) {
          this.log.warn({ err }, 'live update listener failed');
        }
      }
    });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /**
   * Answers `req` with an event stream of `view(change)` for each change until the client leaves,
   * `maxMs` passes (the access token's lifetime: the client reconnects with a fresh one, so a
   * signed-out session stops hearing) or the hub closes.
   */
  stream(req: FastifyRequest, reply: FastifyReply, view: (c: Change) => object | null, maxMs: number): void {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx: pass each event on at once (docs/deploy.md also sets proxy_buffering off).
      'x-accel-buffering': 'no',
    });
    // A client that lost the stream waits this long before reconnecting.
    raw.write('retry: 3000\n\n');
    const unsubscribe = this.subscribe((change) => {
      const seen = view(change);
      if (seen) raw.write(`event: change\ndata: ${JSON.stringify(seen)}\n\n`);
    });
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    const expiry = setTimeout(() => raw.end(), maxMs);
    this.streams.add(reply);
    const done = () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      this.streams.delete(reply);
    };
    req.raw.on('close', done);
    raw.on('close', done);
  }

  /** Ends every open stream (shutdown: the server's close waits for open connections). */
  endStreams(): void {
    for (const reply of this.streams) reply.raw.end();
    this.streams.clear();
  }

  async close(): Promise<void> {
    this.endStreams();
    this.listeners.clear();
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeHub;
  }
}

/** `GET /web/events` (staff) and `GET /store/events` (stores), under the API prefix. */
export function registerChangeRoutes(api: FastifyInstance, hub: ChangeHub, tokenTtlSeconds: number): void {
  const maxMs = tokenTtlSeconds * 1000;
  api.get(
    '/web/events',
    {
      config: { scope: 'branch' },
      schema: {
        tags: ['live'],
        summary: 'Server-sent events: which kind of record changed (refetch it); cut to your branches',
      },
    },
    (req, reply) => {
      const { branches, id } = req.user;
      hub.stream(req, reply, (c) => staffView(c, branches, id), maxMs);
    },
  );
  api.get(
    '/store/events',
    {
      config: { scope: 'store', audience: 'store' },
      schema: {
        tags: ['store'],
        summary:
          'Server-sent events: `inbox` when a broadcast to this store was delivered (refetch the inbox)',
      },
    },
    (req, reply) => {
      const branchId = req.store.branchId;
      hub.stream(req, reply, (c) => storeView(c, branchId), maxMs);
    },
  );
}
