// The sidebar: home, then every screen of SPEC.md section 1 in its group (resources and pages
// alike), only what role_list allows.
import { NavLink, ScrollArea, Text } from '@mantine/core';
import { IconChevronRight, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
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

export function menuGroups(entries: ScreenEntry[]): { group: MenuGroup; entries: ScreenEntry[] }[] {
  return MENU_GROUPS.map((group) => ({ group, entries: entries.filter((e) => e.group === group) })).filter(
    (g) => g.entries.length > 0,
  );
}

export function Navbar({ session, onNavigate }: { session: Session; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const visible = visibleEntries(session);
  const groups = menuGroups(visible);
  const activePath = activeEntryPath(pathname, visible);
  const isActive = (path: string) => path === activePath;
  return (
    <ScrollArea type="scroll" style={{ flex: 1 }} p="xs">
      <nav aria-label={t('nav.main')}>
        <NavLink
          component={Link}
          to="/"
          label={t('nav.home')}
          leftSection={<IconHome size={18} stroke={1.6} />}
          active={pathname === '/'}
          onClick={onNavigate}
          variant="light"
          style={{ borderRadius: 8 }}
        />
        {groups.map(({ group, entries }) => (
          <div key={group}>
            <Text
              size="xs"
              fw={700}
              c="dimmed"
              tt="uppercase"
              px="sm"
              pt="md"
              pb={4}
              role="heading"
              aria-level={2}
            >
              {t(`nav.groups.${group}`)}
            </Text>
            {entries.map((e) => {
              const Icon = e.icon;
              return (
                <NavLink
                  key={e.name}
                  component={Link}
                  to={`/${e.path}`}
                  label={t(entryText(e, 'title'))}
                  leftSection={<Icon size={18} stroke={1.6} />}
                  rightSection={isActive(e.path) ? <IconChevronRight size={14} /> : null}
                  active={isActive(e.path)}
                  onClick={onNavigate}
                  variant="light"
                  style={{ borderRadius: 8 }}
                />
              );
            })}
          </div>
        ))}
        {groups.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {t('nav.nothing')}
          </Text>
        ) : null}
      </nav>
    </ScrollArea>
  );
}
