// Routes inside the signed-in layout: home, then each registered resource under its segment.
import { lazy, Suspense } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { lazyResource } from '../../components/resource/resource-routes';
import { resourceEntries } from '../../features/registry';

const HomePage = lazy(() => import('../pages/home.page').then((m) => ({ default: m.HomePage })));

const routes = [
  { index: true, element: <HomePage /> },
  ...resourceEntries.map((entry) => {
    const Screen = lazyResource(entry);
    return { path: `${entry.path}/*`, element: <Screen /> };
  }),
  { path: '*', element: <Navigate to="/404" replace /> },
];

export function AppRoutes() {
  const element = useRoutes(routes);
  return <Suspense fallback={<PageSpinner />}>{element}</Suspense>;
}
