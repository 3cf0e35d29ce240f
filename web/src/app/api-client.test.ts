import { beforeEach, describe, expect, it } from 'vitest';
import { fail, initTestI18n, ok, signIn, stubApi } from '../testing/test-utils';
import { ApiError, api, buildQuery, login, logout } from './api-client';
import { readableError } from './errors';
import { getSession, LOGIN_COOKIE, takeSignOutReason } from './session';

beforeEach(() => {
  initTestI18n();
});

describe('buildQuery', () => {
  it('should leave out blank values and join arrays', () => {
    expect(buildQuery({ page: 2, search: '', x: null, y: undefined, ids: [1, 2], flag: false })).toBe(
      '?page=2&ids=1%2C2&flag=false',
    );
    expect(buildQuery({})).toBe('');
  });
});

describe('request', () => {
  it('should send the bearer token when signed in', async () => {
    signIn();
    const { calls } = stubApi(() => ok([]));
    await api.get('/web/branch/', { page: 1 });
    expect(calls[0].headers.Authorization).toBe('Bearer token-1');
    expect(calls[0].url.pathname).toBe('/v1/api/web/branch/');
    expect(calls[0].url.searchParams.get('page')).toBe('1');
  });

  it('should turn the error envelope into an ApiError with every message', async () => {
    signIn();
    stubApi(() => fail(400, 'VALIDATION_ERROR', ['name: is required', 'limit: must be at most 100']));
    const err = await api.get('/x').catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.messages).toEqual(['name: is required', 'limit: must be at most 100']);
    const readable = readableError(err, initTestI18n().t);
    expect(readable.title).toBe('Some data is not valid');
    expect(readable.messages).toEqual(['name: is required', 'limit: must be at most 100']);
  });

  it('should hide a 500 behind a readable message', async () => {
    stubApi(() => fail(500, 'INTERNAL', ['Internal server error']));
    const err = await api.get('/x').catch((e) => e);
    const readable = readableError(err, initTestI18n().t);
    expect(readable.title).toBe('Server error');
    expect(readable.messages[0]).toMatch(/Something went wrong on the server/);
  });

  it('should report a network failure as such', async () => {
    stubApi(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = await api.get('/x').catch((e) => e);
    expect(err.code).toBe('NETWORK');
    expect(readableError(err, initTestI18n().t).title).toBe('No connection to the server');
  });

  it('should refresh an expired token once and retry the call', async () => {
    signIn();
    let refreshes = 0;
    const { calls } = stubApi(({ url, headers }) => {
      if (url.pathname.endsWith('/web/auth/refresh')) {
        refreshes++;
        return ok({ ...getSession(), token: 'token-2', refresh_token: 'refresh-token-2' });
      }
      return headers.Authorization === 'Bearer token-2'
        ? ok(['fresh'])
        : fail(401, 'UNAUTHENTICATED', ['expired']);
    });
    const [a, b] = await Promise.all([api.get<string[]>('/a'), api.get<string[]>('/b')]);
    expect(a.data).toEqual(['fresh']);
    expect(b.data).toEqual(['fresh']);
    expect(refreshes).toBe(1);
    expect(getSession()?.token).toBe('token-2');
    expect(getSession()?.refresh_token).toBe('refresh-token-2');
    expect(calls.filter((c) => c.url.pathname.endsWith('/refresh'))[0].body).toEqual({
      refresh_token: 'refresh-token-1',
    });
  });

  it('should sign out with a reason when the refresh is refused', async () => {
    signIn();
    stubApi(({ url }) =>
      url.pathname.endsWith('/refresh')
        ? fail(401, 'UNAUTHENTICATED', ['refresh token revoked'])
        : fail(401, 'UNAUTHENTICATED', ['expired']),
    );
    const err = await api.get('/a').catch((e) => e);
    expect(err.code).toBe('SESSION_EXPIRED');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(takeSignOutReason()).toBe('expired');
  });
});

describe('login and logout', () => {
  it('should store token, user id and the login cookie, and clear all three on logout', async () => {
    const session = signIn();
    const { calls } = stubApi(({ url }) => {
      if (url.pathname.endsWith('/web/auth')) return ok({ ...session, user_id: 7, token: 'tok-7' });
      return ok({ ok: true });
    });
    await login('a@example.com', 'secret');
    expect(localStorage.getItem('token')).toBe('tok-7');
    expect(localStorage.getItem('user_id')).toBe('7');
    expect(document.cookie).toContain(`${LOGIN_COOKIE}=`);
    await logout();
    const out = calls.find((c) => c.url.pathname.endsWith('/logout'));
    expect(out?.body).toEqual({ refresh_token: session.refresh_token });
    expect(out?.headers.Authorization).toBe('Bearer tok-7');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(document.cookie).not.toContain(`${LOGIN_COOKIE}=%7B`);
  });

  it('should reject a failed sign-in with the server message and store nothing', async () => {
    stubApi(() => fail(401, 'UNAUTHENTICATED', ['Wrong e-mail or password']));
    const err = await login('a@example.com', 'bad').catch((e) => e);
    expect(err.messages).toEqual(['Wrong e-mail or password']);
    expect(getSession()).toBeNull();
  });
});
