// The sidebar: home, then every area of SPEC.md section 1 in its group, only what role_list allows.
import { NavLink, ScrollArea, Text } from '@mantine/core';
import { IconChevronRight, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MENU_GROUPS, type MenuGroup, type ResourceEntry } from '../../components/resource/types';
import { resourceEntries } from '../../features/registry';
import type { Session } from '../session';
import { permissionsOf } from '../use-session';

export function visibleEntries(session: Session | null): ResourceEntry[] {
  return resourceEntries.filter((e) => permissionsOf(session, e.area).view);
}

export function menuGroups(entries: ResourceEntry[]): { group: MenuGroup; entries: ResourceEntry[] }[] {
  return MENU_GROUPS.map((group) => ({ group, entries: entries.filter((e) => e.group === group) })).filter(
    (g) => g.entries.length > 0,
  );
}

export function Navbar({ session, onNavigate }: { session: Session; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const groups = menuGroups(visibleEntries(session));
  const isActive = (path: string) => pathname === `/${path}` || pathname.startsWith(`/${path}/`);
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
                  label={t(`resources.${e.name}.title`)}
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
