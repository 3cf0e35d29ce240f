// Hash routes (SPEC.md section 2): the public pages, and every other path inside the signed-in
// layout. Each page's code loads on demand; a failed load shows a retry screen.
import { createHashRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { PageSpinner } from '../components/feedback/page-spinner';
import { ensureAppMessages } from '../i18n';
import { RootShell } from './root-shell';
import { RouteErrorPage } from './route-error';
import { getSession } from './session';

/** Paths inside the layout need a session: otherwise go to /login and come back afterwards. */
export function requireSession({ request }: LoaderFunctionArgs) {
  if (getSession()) return null;
  const url = new URL(request.url);
  const next = url.pathname + url.search;
  return redirect(next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login');
}

/** Signed-in users have no business on /login or /register. */
export function redirectIfSignedIn() {
  return getSession() ? redirect('/') : null;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        path: 'login',
        loader: redirectIfSignedIn,
        lazy: () => import('./pages/login.page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'register',
        loader: redirectIfSignedIn,
        lazy: () => import('./pages/register.page').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: 'privacypolicy',
        lazy: async () => {
          const [m] = await Promise.all([import('./pages/privacy-policy.page'), ensureAppMessages()]);
          return { Component: m.PrivacyPolicyPage };
        },
      },
      { path: '404', lazy: () => import('./pages/status.page').then((m) => ({ Component: m.NotFoundPage })) },
      {
        path: '500',
        lazy: () => import('./pages/status.page').then((m) => ({ Component: m.ServerErrorPage })),
      },
      {
        path: '*',
        loader: requireSession,
        lazy: async () => {
          const [m] = await Promise.all([import('./layout/app-layout'), ensureAppMessages()]);
          return { Component: m.AppLayout };
        },
      },
    ],
  },
];

export const router = createHashRouter(routes);
