// The signed-in layout: header (sidebar toggle, user, language, sign-out), sidebar, breadcrumbs
// and page. The sidebar starts visible (SPEC.md section 4) and can be hidden.
import { ActionIcon, AppShell, Burger, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLogout, IconSearch, IconUserCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { SignInAgainDialog } from '../../components/feedback/sign-in-dialog';
import { AppLinks } from '../../components/layout/app-links';
import { ROW_TIP } from '../../components/resource/row-tip';
import { logout } from '../api-client';
import { LanguageSwitch } from '../language-switch';
import { startLiveUpdates } from '../live';
import { Brand } from '../pages/public-frame';
import { useSession } from '../use-session';
import { AppRoutes } from './app-routes';
import { CommandPalette } from './command-palette';
import { PageErrorBoundary } from './error-boundary';
import { Navbar } from './navbar';
import { AppProviders, queryClient } from './providers';

// For the router's loader (app/router.tsx), which loads the first screen before the layout renders.
export { preloadScreen } from './app-routes';
export { queryClient };

export function AppLayout() {
  // Also a session that ended during a save: the screen stays (what was typed too) under the dialog.
  const session = useSession();
  const location = useLocation();
  useEffect(() => {
    // A new user must never see the previous user's cached rows.
    if (!session) queryClient.clear();
  }, [session]);
  // One live-update stream per signed-in user (a token refresh keeps it; the stream reconnects).
  const signedIn = session?.email;
  useEffect(() => (signedIn ? startLiveUpdates(queryClient) : undefined), [signedIn]);
  if (!session) {
    const next = location.pathname + location.search;
    return (
      <Navigate to={next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login'} replace />
    );
  }
  return (
    <AppProviders>
      <Shell name={session.name} email={session.email} />
      <SignInAgainDialog />
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
  const [paletteOpen, palette] = useDisclosure(false);
  const signOut = useCallback(async () => {
    setSigningOut(true);
    await logout();
  }, []);
  const open = wide ? desktopOpen : mobileOpen;
  const toggle = wide ? desktop.toggle : mobile.toggle;
  const toggleLabel = open ? t('nav.hideSidebar') : t('nav.showSidebar');
  // A new screen opens at its top (not where the previous one was scrolled to).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of screen
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <AppLinks>
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
          <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Burger
                opened={open}
                onClick={toggle}
                size="sm"
                aria-label={toggleLabel}
                aria-expanded={open}
                data-testid="sidebar-toggle"
                {...{ [ROW_TIP]: toggleLabel }}
              />
              <Brand compact={!wide} />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <ActionIcon
                variant="default"
                size="md"
                onClick={palette.open}
                aria-label={t('palette.title')}
                data-testid="palette-button"
                {...{ [ROW_TIP]: t('palette.hint') }}
              >
                <IconSearch size={16} />
              </ActionIcon>
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
                onClick={signOut}
                visibleFrom="sm"
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
          <Navbar
            session={session}
            pathname={location.pathname}
            onNavigate={wide ? undefined : mobile.close}
            onSignOut={signOut}
          />
        </AppShell.Navbar>
        <AppShell.Main>
          <PageErrorBoundary resetKey={location.pathname}>
            <AppRoutes />
          </PageErrorBoundary>
        </AppShell.Main>
        <CommandPalette
          session={session}
          opened={paletteOpen}
          onOpen={palette.open}
          onClose={palette.close}
        />
      </AppShell>
    </AppLinks>
  );
}
