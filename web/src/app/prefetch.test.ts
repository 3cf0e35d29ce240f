// The first screen's list request, started by main.tsx before the screen exists: the
// screen's identical call takes that answer instead of asking again, once; anything else asks.
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, signIn, stubApi } from '../testing/test-utils';
import { api, prefetchGet } from './api-client';
import { clearSession } from './session';

beforeEach(() => {
  signIn();
});

describe('prefetchGet', () => {
  it('should hand its answer to the same call once, then ask the server again', async () => {
    const { calls } = stubApi(() => ok([{ id: 1 }]));
    prefetchGet('/web/customer/', { page: 1, limit: 10, by: 'id', sort: 'desc' });
    expect(calls).toHaveLength(1);
    const first = await api.get('/web/customer/', { page: 1, limit: 10, by: 'id', sort: 'desc' });
    expect(first.data).toEqual([{ id: 1 }]);
    expect(calls).toHaveLength(1);
    await api.get('/web/customer/', { page: 1, limit: 10, by: 'id', sort: 'desc' });
    expect(calls).toHaveLength(2);
  });

  it('should not answer a call with another query, or one made after sign-out', async () => {
    const { calls } = stubApi(() => ok([]));
    prefetchGet('/web/item/', { page: 1, limit: 10 });
    await api.get('/web/item/', { page: 2, limit: 10 });
    expect(calls).toHaveLength(2);
    expect(calls[1].url.searchParams.get('page')).toBe('2');
    clearSession('logout');
    signIn();
    prefetchGet('/web/item/', { page: 3 });
    clearSession('logout');
    await api.get('/web/item/', { page: 3 }).catch(() => undefined);
    expect(calls).toHaveLength(4);
  });

  it('should send nothing while the same call is on its way (the router asked first)', async () => {
    const { calls } = stubApi(() => ok([{ id: 2 }]));
    const asked = api.get('/web/customer/', { page: 1, limit: 10 });
    prefetchGet('/web/customer/', { page: 1, limit: 10 });
    expect((await asked).data).toEqual([{ id: 2 }]);
    expect(calls).toHaveLength(1);
    // Once it is back, a prefetch asks again.
    prefetchGet('/web/customer/', { page: 1, limit: 10 });
    expect(calls).toHaveLength(2);
  });

  it('should do nothing without a session', () => {
    clearSession('logout');
    const { calls } = stubApi(() => ok([]));
    prefetchGet('/web/customer/', { page: 1 });
    expect(calls).toHaveLength(0);
  });
});
