// Routes inside the signed-in layout: home, then each registered screen under its segment (a
// resource's four screens, or a free page). A page nested in a resource's URL (its `new`) wins
// over the resource's own routes because its path is more specific.
import { lazy, Suspense } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { lazyPage } from '../../components/page/page-routes';
import { lazyResource } from '../../components/resource/resource-routes';
import { isPageEntry } from '../../components/resource/types';
import { resourceEntries, screenEntries } from '../../features/registry';

const HomePage = lazy(() => import('../pages/home.page').then((m) => ({ default: m.HomePage })));

const routes = [
  { index: true, element: <HomePage /> },
  ...screenEntries.map((entry) => {
    if (isPageEntry(entry)) {
      const parent = entry.parent ? resourceEntries.find((r) => r.name === entry.parent) : undefined;
      const Page = lazyPage(entry, parent);
      return { path: `${entry.path}/*`, element: <Page /> };
    }
    const Screen = lazyResource(entry);
    return { path: `${entry.path}/*`, element: <Screen /> };
  }),
  { path: '*', element: <Navigate to="/404" replace /> },
];

export function AppRoutes() {
  const element = useRoutes(routes);
  return <Suspense fallback={<PageSpinner />}>{element}</Suspense>;
}
