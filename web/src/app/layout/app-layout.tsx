// The signed-in layout: header (sidebar toggle, user, language, sign-out), sidebar, breadcrumbs
// and page. The sidebar starts visible (SPEC.md section 4) and can be hidden.
import { AppShell, Burger, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { logout } from '../api-client';
import { LanguageSwitch } from '../language-switch';
import { Brand } from '../pages/public-frame';
import { useSession } from '../use-session';
import { AppRoutes } from './app-routes';
import { PageErrorBoundary } from './error-boundary';
import { Navbar } from './navbar';
import { AppProviders, queryClient } from './providers';

export function AppLayout() {
  const session = useSession();
  const location = useLocation();
  useEffect(() => {
    // A new user must never see the previous user's cached rows.
    if (!session) queryClient.clear();
  }, [session]);
  if (!session) {
    const next = location.pathname + location.search;
    return (
      <Navigate to={next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login'} replace />
    );
  }
  return (
    <AppProviders>
      <Shell name={session.name} email={session.email} />
    </AppProviders>
  );
}

function Shell({ name, email }: { name: string; email: string }) {
  const { t } = useTranslation();
  const session = useSession()!;
  const location = useLocation();
  const wide = useMediaQuery('(min-width: 48em)', true);
  const [desktopOpen, desktop] = useDisclosure(true);
  const [mobileOpen, mobile] = useDisclosure(false);
  const [signingOut, setSigningOut] = useState(false);
  const open = wide ? desktopOpen : mobileOpen;
  const toggle = wide ? desktop.toggle : mobile.toggle;
  const toggleLabel = open ? t('nav.hideSidebar') : t('nav.showSidebar');

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        // Narrower on a tablet so the lists keep their room.
        width: { base: 240, md: 260, lg: 280 },
        breakpoint: 'sm',
        collapsed: { desktop: !desktopOpen, mobile: !mobileOpen },
      }}
      padding={{ base: 'sm', sm: 'md', lg: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Tooltip label={toggleLabel}>
              <Burger
                opened={open}
                onClick={toggle}
                size="sm"
                aria-label={toggleLabel}
                aria-expanded={open}
                data-testid="sidebar-toggle"
              />
            </Tooltip>
            <Brand />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <Group gap={6} wrap="nowrap" visibleFrom="sm" title={email}>
              <IconUserCircle size={22} stroke={1.5} aria-hidden />
              <Text size="sm" fw={600} maw={200} truncate data-testid="user-name">
                {name}
              </Text>
            </Group>
            <VisuallyHidden hiddenFrom="sm">{name}</VisuallyHidden>
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              leftSection={<IconLogout size={16} />}
              loading={signingOut}
              onClick={async () => {
                setSigningOut(true);
                await logout();
              }}
            >
              {t('nav.logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        data-testid="sidebar"
        aria-hidden={!open}
        style={open ? undefined : { visibility: 'hidden', transition: 'visibility 0s linear 200ms' }}
      >
        <Navbar session={session} onNavigate={wide ? undefined : mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <PageErrorBoundary resetKey={location.pathname}>
          <AppRoutes />
        </PageErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
