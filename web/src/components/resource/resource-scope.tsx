// Which resource the screens below are showing, and where it lives in the URL and the menu.
import { createContext, type ReactNode, useContext } from 'react';
import type { AnyResource, ResourceEntry } from './types';

type Scope = { resource: AnyResource; entry: ResourceEntry };
const ScopeContext = createContext<Scope | null>(null);

export function ResourceScope({ resource, entry, children }: Scope & { children: ReactNode }) {
  return <ScopeContext.Provider value={{ resource, entry }}>{children}</ScopeContext.Provider>;
}

export function useResourceScope(): Scope {
  const s = useContext(ScopeContext);
  if (!s) throw new Error('useResourceScope outside ResourceScope');
  return s;
}
