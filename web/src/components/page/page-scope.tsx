// Which free page (a registry PageEntry: dashboard, report, workflow) is showing, with its title
// and breadcrumbs, so that every page heads itself the way the resource screens do.
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { Crumb } from '../layout/page-header';
import { entryText, type PageEntry, type ResourceEntry } from '../resource/types';

type Scope = { entry: PageEntry; parent?: ResourceEntry };
const PageContext = createContext<Scope | null>(null);

export function PageScope({ entry, parent, children }: Scope & { children: ReactNode }) {
  return <PageContext.Provider value={{ entry, parent }}>{children}</PageContext.Provider>;
}

/** The page's entry, its title and crumbs (menu group, then the parent resource's list if any). */
export function usePageScope(): Scope & { title: string; crumbs: Crumb[] } {
  const s = useContext(PageContext);
  const { t } = useTranslation();
  if (!s) throw new Error('usePageScope outside PageScope');
  const title = t(entryText(s.entry, 'title'));
  const crumbs: Crumb[] = [
    { label: t(`nav.groups.${s.entry.group}`) },
    ...(s.parent ? [{ label: t(entryText(s.parent, 'title')), to: `/${s.parent.path}` }] : []),
    { label: title },
  ];
  return { ...s, title, crumbs };
}
