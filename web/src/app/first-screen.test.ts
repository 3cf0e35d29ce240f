// The learned first-screen preload (app/first-screen.ts): what a route's first visit
// loaded is preloaded and its list request sent at once on the next visit by the same user, and the
// screen's identical call takes that answer; another user, another route or a damaged record sends
// nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, signIn, stubApi } from '../testing/test-utils';
import { api, buildQuery } from './api-client';
import { rememberFirstScreen, startFirstScreen } from './first-screen';
import { clearSession, getSession } from './session';

const QUERY = { admin_user_id: 1, page: 1, limit: 10, by: 'id', sort: 'desc' };
const API = `/web/customer/${buildQuery(QUERY)}`;

beforeEach(() => {
  localStorage.clear();
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
  signIn();
});

const session = () => {
  const s = getSession();
  if (!s) throw new Error('no session');
  return s;
};

describe('the learned first screen', () => {
  it('should send the remembered list request at once and hand its answer to the screen', async () => {
    const s = session();
    rememberFirstScreen(String(s.user_id), 'customers?', API);
    const { calls } = stubApi(() => ok([{ id: 7 }]));
    startFirstScreen(String(s.user_id), s.token, 'customers?', 'en');
    expect(calls).toHaveLength(1);
    expect(calls[0].url.pathname).toBe('/v1/api/web/customer/');
    expect(calls[0].url.search).toBe(buildQuery(QUERY));
    expect(calls[0].headers).toMatchObject({
      Authorization: `Bearer ${s.token}`,
      'Accept-Language': 'en',
    });
    const answer = await api.get('/web/customer/', QUERY);
    expect(answer.data).toEqual([{ id: 7 }]);
    expect(calls).toHaveLength(1);
    // Once only: the next call asks the server.
    await api.get('/web/customer/', QUERY);
    expect(calls).toHaveLength(2);
  });

  it('should preload only this app’s script files that the route loaded', () => {
    const s = session();
    localStorage.setItem(
      'lbo_first_screen',
      JSON.stringify([
        {
          user: String(s.user_id),
          route: 'customers?',
          api: API,
          chunks: ['/assets/customer.resource-Ab12Cd34.js', 'https://evil.example/x.js', '/assets/../x.js?y'],
        },
      ]),
    );
    stubApi(() => ok([]));
    startFirstScreen(String(s.user_id), s.token, 'customers?', null);
    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) =>
      l.getAttribute('href'),
    );
    expect(links).toEqual(['/assets/customer.resource-Ab12Cd34.js']);
  });

  it('should send nothing for another user, another route, or a damaged record', () => {
    const s = session();
    rememberFirstScreen(String(s.user_id), 'customers?', API);
    const { calls } = stubApi(() => ok([]));
    startFirstScreen('999', s.token, 'customers?', null);
    startFirstScreen(String(s.user_id), s.token, 'customers?page=2', null);
    expect(calls).toHaveLength(0);
    for (const damaged of ['{', '[{"user":"1","route":"customers?","api":7}]', '[null]', '"x"']) {
      localStorage.setItem('lbo_first_screen', damaged);
      expect(() => startFirstScreen(String(s.user_id), s.token, 'customers?', null)).not.toThrow();
    }
    expect(calls).toHaveLength(0);
  });

  it('should forget what it learned at sign-out', () => {
    const s = session();
    rememberFirstScreen(String(s.user_id), 'customers?search=jaya', API);
    expect(localStorage.getItem('lbo_first_screen')).toContain('search=jaya');
    clearSession('logout');
    expect(localStorage.getItem('lbo_first_screen')).toBeNull();
  });
});
