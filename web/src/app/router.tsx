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

/** Whether the layout's loader has run yet: the app's first screen (a visit, a reload). */
let firstScreen = true;

/**
 * Paths inside the layout: the session check, then the code of the screen asked for, loaded before
 * the layout renders (app-routes.tsx, preloadScreen), so that the screen shows without a Suspense
 * fallback and React's 300 ms hold on the screen that replaces one; for the app's first screen also
 * its first data, so that its first render shows it. Later navigations (a filter typed
 * into a list's URL among them) do not wait for data. A screen whose code fails to load renders
 * through React.lazy and its retry screen.
 */
export async function layoutLoader(args: LoaderFunctionArgs) {
  const away = requireSession(args);
  if (away) return away;
  const url = new URL(args.request.url);
  const first = firstScreen;
  firstScreen = false;
  const { preloadScreen, queryClient } = await import('./layout/app-layout');
  await preloadScreen(url.pathname, first ? { search: url.searchParams, client: queryClient } : undefined);
  return null;
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
        loader: layoutLoader,
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
