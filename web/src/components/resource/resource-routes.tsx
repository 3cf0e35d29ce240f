// The four screens of a resource under its URL segment, loaded on demand per resource.
import { type ComponentType, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { usePermissions } from '../../app/use-session';
import { NoAccess } from './no-access';
import { ResourceDetailPage } from './resource-detail.page';
import { ResourceFormPage } from './resource-form.page';
import { ResourceListPage } from './resource-list.page';
import { ResourceScope } from './resource-scope';
import type { AnyResource, ResourceEntry } from './types';

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

const cache = new Map<string, ComponentType>();

/** A lazily loaded component showing the entry's resource (one chunk per resource file). */
export function lazyResource(entry: ResourceEntry): ComponentType {
  let c = cache.get(entry.name);
  if (!c) {
    c = lazy(async () => {
      const { resource } = await entry.load();
      return { default: () => <ResourceScreens resource={resource} entry={entry} /> };
    });
    cache.set(entry.name, c);
  }
  return c;
}
