// The router's loader loads the app's first screen before the layout renders: its code, and for a
// list its page, into the cache under the key the list screen asks with. Later
// navigations wait for code only: a filter typed into a list's URL never waits on the network.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, signIn, stubApi } from '../../testing/test-utils';
import { preloadScreen } from './app-routes';

const customerRow = (i: number) => ({ id: i, customer_id: i, customer_name: `Toko ${i}` });

function stubCustomers() {
  return stubApi(({ url }) =>
    url.pathname.endsWith('/web/customer/')
      ? ok({ list_customer: [customerRow(1)] }, { page: 1, limit: 10, total_data: 1, total_page: 1 })
      : undefined,
  );
}

const listCalls = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname.endsWith('/web/customer/'));

afterEach(() => {
  vi.useRealTimers();
});

describe("the first screen's data", () => {
  it("should put a list's page, as its URL asks for it, into the cache before the layout renders", async () => {
    signIn();
    const { calls } = stubCustomers();
    const client = new QueryClient();
    await preloadScreen('/customers'); // the screen's code, loaded beforehand
    // The 0.3 s limit never runs out here: the page must be in the cache because it came, not because
    // a loaded machine answered within the limit.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await preloadScreen('/customers', { search: new URLSearchParams('page=3&search=toko'), client });
    expect(listCalls(calls)).toHaveLength(1);
    expect(Object.fromEntries(listCalls(calls)[0].url.searchParams)).toMatchObject({
      page: '3',
      search: 'toko',
    });
    const [cached] = client.getQueryCache().getAll();
    expect(cached.state.status).toBe('success');
    expect(cached.queryKey).toContain('customer');
  });

  it('should not hold the first render more than 0.3 s for a slow list', async () => {
    signIn();
    await preloadScreen('/customers'); // the screen's code, loaded beforehand
    // The list never answers.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    vi.useFakeTimers();
    let done = false;
    void preloadScreen('/customers', { search: new URLSearchParams(), client: new QueryClient() }).then(
      () => {
        done = true;
      },
    );
    await vi.advanceTimersByTimeAsync(250);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(done).toBe(true);
  });

  it('should load code only for a later navigation, a record or an unknown path', async () => {
    signIn();
    const { calls } = stubCustomers();
    const client = new QueryClient();
    await preloadScreen('/customers');
    await preloadScreen('/customers/7', { search: new URLSearchParams(), client });
    await preloadScreen('/no-such-screen', { search: new URLSearchParams(), client });
    expect(listCalls(calls)).toHaveLength(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
