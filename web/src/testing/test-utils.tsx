// Test helpers: providers, i18n in English, a signed-in session and a fetch stub that answers
// like the API (envelope and error envelope).
import type { LoginResult } from '@lbo/contract/auth';
import {
  ACTIONS,
  type ErrDetail,
  PERMISSION_AREAS,
  type PermissionArea,
  type RoleGrant,
} from '@lbo/contract/common';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { saveSession } from '../app/session';
import { theme } from '../app/theme';
import { AppLinks } from '../components/layout/app-links';
import { i18n, initI18nWith } from '../i18n';
import { messages as core } from '../i18n/en';
import { messages as app } from '../i18n/en.app';

export function initTestI18n() {
  return initI18nWith('en', { ...core, ...app, privacy: { ...core.privacy, ...app.privacy } });
}

export function grants(
  areas: readonly PermissionArea[],
  actions: readonly (typeof ACTIONS)[number][] = ACTIONS,
): RoleGrant[] {
  return areas.map((area, i) => ({
    id_role: i + 1,
    name: `${area} role`,
    area,
    can_view: actions.includes('view'),
    can_create: actions.includes('create'),
    can_update: actions.includes('update'),
    can_delete: actions.includes('delete'),
  }));
}

/** What POST /web/auth answers for the branch user (sign-in screen tests). */
export const branchLoginResult: LoginResult = {
  user_id: 3,
  name: 'Branch User',
  email: 'branch@example.com',
  token: 't',
  expired_date: '2030-01-01T00:00:00Z',
  role_list: [],
  refresh_token: 'r'.repeat(20),
  role_group_id: 2,
  branch_scope: [1, 2],
};

export function signIn(overrides: Partial<LoginResult> = {}) {
  const result: LoginResult = {
    user_id: 1,
    name: 'Test Admin',
    email: 'admin@example.com',
    token: 'token-1',
    expired_date: new Date(Date.now() + 3600_000).toISOString(),
    role_list: grants(PERMISSION_AREAS),
    refresh_token: 'refresh-token-1',
    role_group_id: 1,
    branch_scope: 'all',
    ...overrides,
  };
  saveSession(result);
  return result;
}

export type Call = { method: string; url: URL; body: unknown; headers: Record<string, string> };
export type Handler = (call: Call) => { status?: number; body: unknown } | undefined;

/** Stubs fetch; `handler` answers each call, recorded in `calls`. */
export function stubApi(handler: Handler) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null);
    const call = { method: init?.method ?? 'GET', url, body, headers };
    calls.push(call);
    const res = handler(call) ?? {
      status: 404,
      body: { data: null, err_code: 'NOT_FOUND', err_msg: ['no stub'] },
    };
    return new Response(JSON.stringify(res.body), {
      status: res.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

export const ok = (data: unknown, meta?: unknown) => ({
  status: 200,
  body: meta ? { data, meta } : { data },
});
export const fail = (status: number, err_code: string, err_msg: string[], err_detail?: ErrDetail[]) => ({
  status,
  body: { data: null, err_code, err_msg, ...(err_detail ? { err_detail } : {}) },
});

/** A query cache as the tests' providers make one (no retries). */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Mantine and a query cache (`client`, or a new one). */
export function Providers({ children, client: given }: { children: ReactNode; client?: QueryClient }) {
  const [client] = useState(() => given ?? testQueryClient());
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders `element` at `path` inside a memory router (hash routing is not needed in tests). */
export function renderAt(
  element: ReactElement,
  { path = '/', route = '/', client }: { path?: string; route?: string; client?: QueryClient } = {},
) {
  const router = createMemoryRouter(
    [
      { path: route, element: <AppLinks>{element}</AppLinks> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router };
}

export { i18n };
