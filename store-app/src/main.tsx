// Entry: the app, and the service worker that keeps the shell and the last answers for offline use
// (production builds only: under `vite dev` it would serve stale modules).
import { load, PATHS } from './lib/data';
import { getSession } from './lib/session';
import { startWhenReady } from './start';
import './styles.css';

const root = document.getElementById('root');
if (root) void startWhenReady(root);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // The worker's script is revalidated on every open (no-cache): a new build installs in the
  // background and serves from the next open on.
  void navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch(() => {});
  // On the first visit the home's answers arrive before the worker is in charge, so it has not
  // kept them: ask again once it is, and the app opens offline from the first visit on.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (getSession()) for (const path of [PATHS.me, PATHS.feed, PATHS.inbox]) void load(path);
  });
}
