// Entry point, kept tiny (it imports nothing but the session and the styles) so it runs before the
// app's code has arrived. A visit without a session to /login, or to a screen that needs one (the
// router would send it to /login), gets the sign-in screen on its own (app/sign-in.tsx: React and
// Mantine, no router or i18next); any other visit starts the first screen's downloads (below),
// then loads the app (boot.tsx). index.html preloads the chunks both need (web/vite.config.ts),
// so they download alongside this file.
import '@mantine/core/styles.css';
import './app/global.css';
import { rememberFirstScreen, startFirstScreen } from './app/first-screen';
import { getSession } from './app/session';

const PUBLIC_SEGMENTS = new Set(['login', 'register', 'privacypolicy', '404', '500']);

/** The hash route: `#/customers?page=2` → ['/customers', 'customers', 'page=2']. */
function hashRoute(): [raw: string, path: string, search: string] {
  const [pathPart, search = ''] = window.location.hash.replace(/^#/, '').split('?');
  return [pathPart || '/', pathPart.replace(/^\/+|\/+$/g, ''), search];
}

/**
 * A signed-in user opening a screen directly (a reload, a bookmark) waits for the layout, the
 * screen's labels, its code and then its data. Start all of them now, side by side, instead of
 * one after another as the router discovers them: the layout and labels at once, and as soon as a
 * resource's description is in, its list request with the same query the list screen will send
 * (api-client hands that answer to the screen). Nothing here changes what is shown.
 */
function preloadFirstScreen(): void {
  const session = getSession();
  if (!session) return;
  const [, path, search] = hashRoute();
  if (PUBLIC_SEGMENTS.has(path.split('/')[0])) return;
  const route = `${path}?${search}`;
  startFirstScreen(String(session.user_id), session.token, route, storedLanguage());
  void import('./app/layout/app-layout').catch(() => {});
  // The screens' labels now, not once the i18n module (and the router it comes with) has arrived.
  void (storedLanguage() === 'en' ? import('./i18n/en.app') : import('./i18n/id.app')).catch(() => {});
  void import('./i18n').then((m) => m.ensureAppMessages()).catch(() => {});
  if (!path) return;
  void (async () => {
    const [{ screenEntries }, { isPageEntry }, { listQueryOf, readListState }, { buildQuery, prefetchGet }] =
      await Promise.all([
        import('./features/registry'),
        import('./components/resource/types'),
        import('./components/resource/list-state'),
        import('./app/api-client'),
      ]);
    const entry = screenEntries
      .filter((e) => path === e.path || path.startsWith(`${e.path}/`))
      .sort((a, b) => b.path.length - a.path.length)[0];
    if (!entry) return;
    if (isPageEntry(entry)) {
      await entry.load();
      return;
    }
    const { resource } = await entry.load();
    const list = resource.contract.paths.list;
    if (path !== entry.path || !list || resource.screens?.list) return;
    const query = listQueryOf(readListState(new URLSearchParams(search), resource), resource, session);
    prefetchGet(list, query);
    rememberFirstScreen(String(session.user_id), route, `${list}${buildQuery(query)}`);
  })().catch(() => {
    /* the router loads (and reports) the same modules again */
  });
}

/** The chosen language (i18n/core.ts `storedLanguage`, read here without loading the shell). */
function storedLanguage(): string | null {
  try {
    return localStorage.getItem('lbo_lang');
  } catch {
    return null; // storage unavailable: the default language
  }
}

/**
 * Both the sign-in screen and the app start with the chosen language's core messages: fetch them
 * now, alongside the shell, not after it (i18n/core.ts loads the same module, then at once).
 */
function preloadCoreMessages(): void {
  void (storedLanguage() === 'en' ? import('./i18n/en') : import('./i18n/id')).catch(() => {});
}

preloadCoreMessages();

/** Loads the app and mounts it at the current address. */
async function startApp(): Promise<void> {
  preloadFirstScreen();
  const { mountApp } = await import('./boot');
  await mountApp();
}

const [raw, path, search] = hashRoute();
if (!getSession() && (path === 'login' || !PUBLIC_SEGMENTS.has(path.split('/')[0]))) {
  if (path !== 'login') {
    // As the router's requireSession (app/router.tsx): sign in, then come back here.
    const next = search ? `${raw}?${search}` : raw;
    window.history.replaceState(
      null,
      '',
      next !== '/' ? `#/login?next=${encodeURIComponent(next)}` : '#/login',
    );
  }
  const { mountSignIn } = await import('./app/sign-in');
  await mountSignIn(startApp);
} else {
  await startApp();
}
