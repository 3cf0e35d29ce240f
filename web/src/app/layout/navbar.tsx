// The sidebar: home, then every screen of SPEC.md section 1 in its group (resources and pages
// alike), only what role_list allows.
import { Box, NavLink, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconHome, IconLogout } from '@tabler/icons-react';
import { memo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppHref } from '../../components/layout/app-links';
import {
  entryAction,
  entryText,
  MENU_GROUPS,
  type MenuGroup,
  type ScreenEntry,
} from '../../components/resource/types';
import { screenEntries } from '../../features/registry';
import type { Session } from '../session';
import { permissionsOf } from '../use-session';

/** The screens the user's roles allow (a page may need more than `view`), in menu order. */
export function visibleEntries(session: Session | null, all: ScreenEntry[] = screenEntries): ScreenEntry[] {
  return all.filter(
    (e) => !('hideInMenu' in e && e.hideInMenu) && permissionsOf(session, e.area)[entryAction(e)],
  );
}

/** The entry whose path holds the current URL: the longest match (a page nested under a list). */
export function activeEntryPath(pathname: string, entries: ScreenEntry[]): string | undefined {
  return entries
    .map((e) => e.path)
    .filter((p) => pathname === `/${p}` || pathname.startsWith(`/${p}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * One menu entry: a plain link styled as Mantine's light NavLink (layout.css, `lbo-nav-link`). With
 * some sixty entries as NavLinks the menu was about 750 component renders of the first screen's
 * 3,800; as react-router Links, about 350; as plain links (components/layout/app-links.tsx), about
 * 200. `data-active` and `aria-current` mark the current screen.
 */
function NavItem({
  to,
  href,
  label,
  icon,
  active,
  onClick,
}: {
  to: string;
  href: (to: string) => string;
  label: string;
  icon: ReactNode;
  active: boolean;
  onClick?: () => void;
}) {
  return (
    <a
      href={href(to)}
      data-app-link={to}
      className="lbo-nav-link"
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
    >
      <span className="lbo-nav-link-icon">{icon}</span>
      <span className="lbo-nav-link-label">{label}</span>
      {active ? <IconChevronRight size={14} className="lbo-nav-link-mark" /> : null}
    </a>
  );
}

export function menuGroups(entries: ScreenEntry[]): { group: MenuGroup; entries: ScreenEntry[] }[] {
  return MENU_GROUPS.map((group) => ({ group, entries: entries.filter((e) => e.group === group) })).filter(
    (g) => g.entries.length > 0,
  );
}

const COLLAPSED_KEY = 'lbo_nav_collapsed';

function readCollapsed(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(COLLAPSED_KEY) ?? '[]');
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * Memoised, and given the path rather than reading the location: a list's paging, sorting and
 * filters change the URL's query many times while a screen opens, and re-rendering some sixty menu
 * links for each of them took most of the first screen's rendering time.
 */
export const Navbar = memo(function Navbar({
  session,
  pathname,
  onNavigate,
  onSignOut,
}: {
  session: Session;
  /** The current screen's path (the location's pathname). */
  pathname: string;
  onNavigate?: () => void;
  /** Shown at the end of the menu on a phone, where the header has no room for it. */
  onSignOut?: () => void;
}) {
  const { t } = useTranslation();
  const href = useAppHref();
  const visible = visibleEntries(session);
  const groups = menuGroups(visible);
  const activePath = activeEntryPath(pathname, visible);
  const isActive = (path: string) => path === activePath;
  // Groups fold away (remembered in this browser); the group of the current screen stays open.
  const [collapsed, setCollapsed] = useState<string[]>(readCollapsed);
  const toggle = (group: string) =>
    setCollapsed((c) => {
      const next = c.includes(group) ? c.filter((g) => g !== group) : [...c, group];
      try {
        localStorage.setItem(COLLAPSED_KEY, JSON.stringify(next));
      } catch {
        /* storage unavailable */
      }
      return next;
    });
  return (
    // The browser's own scrolling: Mantine's ScrollArea reads its scroll position in a layout
    // effect, which forced a layout while the first screen was being built.
    <Box className="lbo-nav-scroll" p="xs">
      <nav aria-label={t('nav.main')}>
        <NavItem
          to="/"
          href={href}
          label={t('nav.home')}
          icon={<IconHome size={18} stroke={1.6} />}
          active={pathname === '/'}
          onClick={onNavigate}
        />
        {groups.map(({ group, entries }) => {
          const holdsActive = entries.some((e) => isActive(e.path));
          const open = holdsActive || !collapsed.includes(group);
          const listId = `nav-group-${group}`;
          return (
            <div key={group}>
              {/* The accordion pattern: a heading holding the button that folds its entries. Plain
                  elements (layout.css): as Mantine's Text, UnstyledButton, Group and Collapse the nine
                  groups were some sixty component renders of every first screen, and each Collapse
                  rendered again after mounting. */}
              <h2 className="lbo-nav-group">
                <button
                  type="button"
                  className="lbo-nav-group-button"
                  onClick={() => toggle(group)}
                  aria-expanded={open}
                  aria-controls={listId}
                  disabled={holdsActive}
                  data-testid={`nav-group-${group}`}
                >
                  <span>{t(`nav.groups.${group}`)}</span>
                  <IconChevronDown size={14} aria-hidden className="lbo-nav-group-chevron" />
                </button>
              </h2>
              <div id={listId} className="lbo-nav-group-list" data-closed={open ? undefined : true}>
                <div>
                  {entries.map((e) => {
                    const Icon = e.icon;
                    return (
                      <NavItem
                        key={e.name}
                        to={`/${e.path}`}
                        href={href}
                        label={t(entryText(e, 'title'))}
                        icon={<Icon size={18} stroke={1.6} />}
                        active={isActive(e.path)}
                        onClick={onNavigate}
                      />
                    );
                  })}
                </div>
              </div>
            </div>
          );
        })}
        {groups.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {t('nav.nothing')}
          </Text>
        ) : null}
        {onSignOut ? (
          <NavLink
            component="button"
            mt="md"
            label={t('nav.logout')}
            leftSection={<IconLogout size={18} stroke={1.6} />}
            onClick={onSignOut}
            hiddenFrom="sm"
            style={{ borderRadius: 8 }}
            data-testid="nav-logout"
          />
        ) : null}
      </nav>
    </Box>
  );
});
