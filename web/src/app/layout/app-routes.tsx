// Routes inside the signed-in layout: home, then each registered screen under its segment (a
// resource's four screens, or a free page). A page nested in a resource's URL (its `new`) wins
// over the resource's own routes because its path is more specific.
import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { lazyPage } from '../../components/page/page-routes';
import { type Preloadable, preloadable } from '../../components/page/preloadable';
import { lazyResource } from '../../components/resource/resource-routes';
import { isPageEntry } from '../../components/resource/types';
import { resourceEntries, screenEntries } from '../../features/registry';

const HomePage = preloadable(() => import('../pages/home.page').then((m) => m.HomePage));

type ScreenRoute = RouteObject & { screen?: Preloadable };

const screen = (path: string | undefined, Screen: Preloadable): ScreenRoute => ({
  ...(path ? { path } : { index: true }),
  element: <Screen />,
  screen: Screen,
});

const routes: ScreenRoute[] = [
  screen(undefined, HomePage),
  ...screenEntries.map((entry) => {
    if (isPageEntry(entry)) {
      const parent = entry.parent ? resourceEntries.find((r) => r.name === entry.parent) : undefined;
      return screen(`${entry.path}/*`, lazyPage(entry, parent));
    }
    return screen(`${entry.path}/*`, lazyResource(entry));
  }),
  { path: '*', element: <Navigate to="/404" replace /> },
];

/**
 * How long the first render waits for the first screen's data before it renders without it: a
 * list's page is usually there by the time its code is (its request left first); a slow one (a
 * large report) shows the layout and its loading table after this, not a blank page until it comes.
 */
const DATA_WAIT_MS = 300;

/**
 * Loads the code of the screen at `pathname` (the router's loader, before the layout renders), so
 * that it renders at once rather than behind a Suspense fallback (components/page/preloadable.tsx);
 * with `data`, also what the screen shows first (a list's page) into the query cache, waited for up
 * to DATA_WAIT_MS: the screen's first render then has its rows, instead of a render without them and
 * another when they come. A slower answer lands in the same cache entry, which the screen then waits on.
 */
export async function preloadScreen(
  pathname: string,
  data?: { search: URLSearchParams; client: QueryClient },
): Promise<void> {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const screen = (match?.route as ScreenRoute | undefined)?.screen;
  if (!screen) return;
  const prefetch = data && screen.prefetch?.(data.client, match?.params['*'] ?? '', data.search);
  await Promise.all([
    screen.preload(),
    prefetch &&
      Promise.race([prefetch.catch(() => undefined), new Promise((r) => setTimeout(r, DATA_WAIT_MS))]),
  ]);
}

export function AppRoutes() {
  const element = useRoutes(routes);
  return <Suspense fallback={<PageSpinner />}>{element}</Suspense>;
}
