// The streamed export asks the server for what the list shows: its columns, their labels and kinds
// (dates, yes/no, active), in the user's language; the file comes back with progress.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamExport } from './stream-export';

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = '';
});

describe('streamExport', () => {
  it('should send the columns, labels, kinds and language, and read the file with progress', async () => {
    document.documentElement.lang = 'en';
    const body = '\uFEFFCode,Status\r\nA-1,Active\r\nA-2,Inactive\r\n';
    const fetchMock = vi.fn(
      async () =>
        new Response(body, { status: 200, headers: { 'Content-Type': 'text/csv', 'X-Total-Count': '2' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const progress: { rows: number; total: number | null }[] = [];
    const blob = await streamExport(
      'customer',
      { page: 3, limit: 25, search: 'toko', active: true, by: 'customer_name', sort: 'asc' },
      {
        format: 'csv',
        columns: ['customer_code', 'active', 'note'],
        labels: ['Code', 'Status', 'A|B'],
        kinds: ['', 'active', ''],
        onProgress: (p) => progress.push(p),
      },
    );
    expect(blob?.size).toBe(new TextEncoder().encode(body).byteLength);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const q = new URL(url, 'http://x').searchParams;
    expect(q.get('columns')).toBe('customer_code,active,note');
    expect(q.get('labels')).toBe('Code|Status|A/B');
    expect(q.get('kinds')).toBe(',active,');
    expect(q.get('search')).toBe('toko');
    expect(q.has('page')).toBe(false);
    expect(q.has('limit')).toBe(false);
    // A report's file comes in the list's order.
    expect([q.get('by'), q.get('sort')]).toEqual(['customer_name', 'asc']);
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('en');
    expect(progress.at(-1)).toMatchObject({ rows: 2, total: 2 });
  });

  it('should resolve null for a list without a server export, whatever language the refusal is in', async () => {
    // The route's absence is read from the refusal's code, not from its (Indonesian) wording.
    const noRoute = {
      data: null,
      err_code: 'NOT_FOUND',
      err_msg: ['Tidak ada rute GET /v1/api/export/customer_report'],
      err_detail: [
        {
          code: 'no_route',
          params: { method: 'GET', path: '/v1/api/export/customer_report' },
          message: 'Tidak ada rute GET /v1/api/export/customer_report',
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(noRoute), { status: 404 })),
    );
    const opts = { format: 'csv' as const, columns: ['name'], labels: ['Nama'], kinds: [''] };
    expect(await streamExport('customer_report', {}, opts)).toBeNull();
    // A record that is not there is still an error to show.
    const missing = {
      ...noRoute,
      err_msg: ['Tidak ditemukan'],
      err_detail: [{ code: 'not_found', message: 'Tidak ditemukan' }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(missing), { status: 404 })),
    );
    await expect(streamExport('customer_report', {}, opts)).rejects.toMatchObject({ status: 404 });
  });

  it('should leave kinds out when no column has one', async () => {
    const fetchMock = vi.fn(async () => new Response('x\r\n', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await streamExport('branch', {}, { format: 'csv', columns: ['name'], labels: ['Nama'], kinds: [''] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(url, 'http://x').searchParams.has('kinds')).toBe(false);
    expect((init.headers as Record<string, string>)['Accept-Language']).toMatch(/^id\b/);
  });
});
