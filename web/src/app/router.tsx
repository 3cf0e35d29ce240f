// Hash routes (SPEC.md section 2): the public pages, and every other path inside the signed-in
// layout. Each page's code loads on demand; a failed load shows a retry screen.
import {
  createHashRouter,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
  useNavigate,
  useSearchParams,
} from 'react-router';
import { PageSpinner } from '../components/feedback/page-spinner';
import { ensureAppMessages } from '../i18n';
import { LoginPage, safeNext } from './pages/login.page';
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

/**
 * The sign-in screen inside the app (after a sign-out, or a visit the router sent here); its code
 * is the standalone sign-in screen's (app/sign-in.tsx), already loaded with the shell.
 */
export function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <LoginPage next={safeNext(params.get('next'))} onSignedIn={(next) => navigate(next, { replace: true })} />
  );
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
        Component: LoginRoute,
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

/** The app's router, made when the app mounts (boot.tsx): it reads the location it starts at. */
export function createAppRouter() {
  return createHashRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
