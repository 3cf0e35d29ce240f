// Entry point, kept tiny so it runs before the app's code has arrived: it starts the first
// screen's downloads (below), then loads the app (boot.tsx). index.html preloads boot's chunks
// (web/vite.config.ts), so they download alongside this file.
import { getSession } from './app/session';

const PUBLIC_SEGMENTS = new Set(['login', 'register', 'privacypolicy', '404', '500']);

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
  const [pathPart, search = ''] = window.location.hash.replace(/^#/, '').split('?');
  const path = pathPart.replace(/^\/+|\/+$/g, '');
  if (PUBLIC_SEGMENTS.has(path.split('/')[0])) return;
  void import('./app/layout/app-layout').catch(() => {});
  void import('./i18n').then((m) => m.ensureAppMessages()).catch(() => {});
  if (!path) return;
  void (async () => {
    const [{ screenEntries }, { isPageEntry }, { readListState, toApiQuery }, { prefetchGet }] =
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
    const state = readListState(new URLSearchParams(search), resource);
    prefetchGet(list, toApiQuery(state, resource.listParams?.(session)));
  })().catch(() => {
    /* the router loads (and reports) the same modules again */
  });
}

preloadFirstScreen();
await import('./boot');
