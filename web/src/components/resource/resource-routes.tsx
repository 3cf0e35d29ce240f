// The four screens of a resource under its URL segment, loaded on demand per resource.
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router';
import { getSession } from '../../app/session';
import { permissionsOf, usePermissions } from '../../app/use-session';
import { type Preloadable, preloadable } from '../page/preloadable';
import { listQueryOf, readListState } from './list-state';
import { NoAccess } from './no-access';
import { ResourceDetailPage } from './resource-detail.page';
import { ResourceFormPage } from './resource-form.page';
import { ResourceListPage } from './resource-list.page';
import { ResourceScope } from './resource-scope';
import type { AnyResource, ResourceEntry } from './types';
import { listQueryOptions } from './use-resource';

export function ResourceScreens({ resource, entry }: { resource: AnyResource; entry: ResourceEntry }) {
  const perms = usePermissions(entry.area);
  if (!perms.view) return <NoAccess />;
  // A description may replace any of the four screens (resource.screens).
  const { list: List, create: Create, detail: Detail, edit: Edit } = resource.screens ?? {};
  return (
    <ResourceScope resource={resource} entry={entry}>
      <Routes>
        <Route index element={List ? <List /> : <ResourceListPage />} />
        <Route path="new" element={Create ? <Create /> : <ResourceFormPage mode="create" />} />
        <Route path=":id" element={Detail ? <Detail /> : <ResourceDetailPage />} />
        <Route path=":id/edit" element={Edit ? <Edit /> : <ResourceFormPage mode="edit" />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </ResourceScope>
  );
}

const cache = new Map<string, Preloadable>();

/** A lazily loaded component showing the entry's resource (one chunk per resource file). */
export function lazyResource(entry: ResourceEntry): Preloadable {
  let c = cache.get(entry.name);
  if (!c) {
    c = Object.assign(
      preloadable(async () => {
        const { resource } = await entry.load();
        return () => <ResourceScreens resource={resource} entry={entry} />;
      }),
      {
        // The list's page the user asked for, as the list screen will ask for it (its query key).
        prefetch: async (client: QueryClient, rest: string, search: URLSearchParams) => {
          const session = getSession();
          if (rest !== '' || !permissionsOf(session, entry.area).view) return;
          const { resource } = await entry.load();
          if (resource.screens?.list || !resource.contract.paths.list) return;
          const query = listQueryOf(readListState(search, resource), resource, session);
          await client.prefetchQuery(listQueryOptions(resource, query));
        },
      },
    );
    cache.set(entry.name, c);
  }
  return c;
}
