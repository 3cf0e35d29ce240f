// A fake server for component tests: each call to fetch goes to `handler` with its method, path
// (after /v1/api), headers and JSON body; every call is recorded.
import { vi } from 'vitest';

export type Call = { method: string; path: string; headers: Record<string, string>; body: unknown };
export type Handler = (c: Call) => Response | Promise<Response>;

export function stubFetch(handler: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const headers = Object.fromEntries(
        Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
      );
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const c: Call = {
        method: init.method ?? 'GET',
        path: String(input).replace(/^\/v1\/api/, ''),
        headers,
        body,
      };
      calls.push(c);
      return handler(c);
    }),
  );
  return calls;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const ok = (data: unknown, meta?: unknown, headers: Record<string, string> = {}) =>
  json(200, meta === undefined ? { data } : { data, meta }, headers);

export const problem = (status: number, code: string, messages: { message: string; field?: string }[]) =>
  json(status, {
    data: null,
    err_code: code,
    err_msg: messages.map((m) => m.message),
    err_detail: messages.map((m) => ({ code: 'x', ...m })),
  });

export const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

export const me = {
  customer_id: 7,
  customer_code: 'C-007',
  customer_name: 'Toko Maju Jaya',
  owner_name: 'Bu Sari',
  phone_number: '081234567890',
  address: 'Jl. Melati 3',
  city: 'Bandung',
  photo_url: '',
  branch_id: 1,
  branch_name: 'Bandung',
  salesman_name: 'Andi',
  salesman_phone: '0811111111',
  customer_type_id: 1,
  customer_type_name: 'Toko',
  point_balance: 1250,
  monthly_max_point: 1000,
  points_this_month: 300,
  admin_validate: true,
  registered_at: '2026-01-02T03:04:05.000Z',
};

export const feed = { news: [], popups: [], promo_videos: [] };
export const inboxMeta = { page: 1, limit: 30, total_data: 0, total_page: 0, unread: 0 };

export const session = {
  token: 'tok-1',
  refresh_token: 'refresh-token-1',
  expired_date: '2099-01-01T00:00:00.000Z',
  customer_id: 7,
  customer_name: 'Toko Maju Jaya',
  customer_code: 'C-007',
  stores: [{ customer_id: 7, customer_name: 'Toko Maju Jaya', customer_code: 'C-007' }],
};

/** Answers the home's reads (me, feed, inbox) as a signed-in store sees them. */
export function homeAnswers(c: Call): Response | undefined {
  if (c.path === '/store/me') return ok(me);
  if (c.path === '/store/feed') return ok(feed);
  if (c.path.startsWith('/store/inbox')) return ok([], inboxMeta);
  return undefined;
}
