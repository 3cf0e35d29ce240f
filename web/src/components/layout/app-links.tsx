// Plain links to the app's screens, for the places with many of them: the menu's sixty entries, a
// list's row buttons and record links. react-router's Link resolves its path and location with
// several hooks in every render; the menu's links alone were about a third of the menu's rendering
// time on the first screen. A plain link is an <a> with the router's href (useAppHref)
// and the path in `data-app-link`; one listener (AppLinks) turns a plain left click on it into the
// router's navigation, as Link does: the unsaved-changes guard (useBlocker) applies, and a click
// with a modifier key or another button opens the href in a new tab or window, as any link.
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { useHref, useNavigate } from 'react-router';

export const APP_LINK = 'data-app-link';

/** The router's href of '/' without its slash: '#' under the app's hash router, '' in memory. */
const LinkBase = createContext('#');

/** The href of an app path for a plain link: `/customers` → `#/customers`. */
export function useAppHref(): (to: string) => string {
  const base = useContext(LinkBase);
  return (to) => `${base}${to}`;
}

/** Navigates on plain clicks of plain links (see above); mounted once inside the router. */
export function AppLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const base = useHref('/').replace(/\/$/, '');
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>(`a[${APP_LINK}]`) : null;
      const to = link?.getAttribute(APP_LINK);
      if (!link || !to || (link.target && link.target !== '_self')) return;
      e.preventDefault();
      navigate(to);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
  return <LinkBase.Provider value={base}>{children}</LinkBase.Provider>;
}
