// A free page under its URL: the permission check (area and action, as the menu applies it),
// its code loaded on demand, and for a workflow of a resource that resource's scope around it.
import type { ComponentType } from 'react';
import { usePermissions } from '../../app/use-session';
import { NoAccess } from '../resource/no-access';
import { ResourceScope } from '../resource/resource-scope';
import { type AnyResource, entryAction, type PageEntry, type ResourceEntry } from '../resource/types';
import { PageScope } from './page-scope';
import { type Preloadable, preloadable } from './preloadable';

function PageScreen({
  entry,
  parent,
  Page,
}: {
  entry: PageEntry;
  parent?: { entry: ResourceEntry; resource: AnyResource };
  Page: ComponentType;
}) {
  const perms = usePermissions(entry.area);
  if (!perms[entryAction(entry)]) return <NoAccess />;
  const page = (
    <PageScope entry={entry} parent={parent?.entry}>
      <Page />
    </PageScope>
  );
  return parent ? (
    <ResourceScope resource={parent.resource} entry={parent.entry}>
      {page}
    </ResourceScope>
  ) : (
    page
  );
}

const cache = new Map<string, Preloadable>();

/** A lazily loaded page (one chunk per page, with its parent resource's description when it has one). */
export function lazyPage(entry: PageEntry, parentEntry?: ResourceEntry): Preloadable {
  let c = cache.get(entry.name);
  if (!c) {
    c = preloadable(async () => {
      const [{ page }, parentLoaded] = await Promise.all([entry.load(), parentEntry?.load()]);
      const parent =
        parentEntry && parentLoaded ? { entry: parentEntry, resource: parentLoaded.resource } : undefined;
      return () => <PageScreen entry={entry} parent={parent} Page={page} />;
    });
    cache.set(entry.name, c);
  }
  return c;
}
