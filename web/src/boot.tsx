// The app itself: language, then the router (main.tsx loads this after starting the first
// screen's downloads, or app/sign-in.tsx once the user has signed in). Everything past /login
// loads on demand.
import { StrictMode } from 'react';
import { App } from './app/app';
import { appRoot } from './app/root';
import { type AppRouter, createAppRouter } from './app/router';
import { initI18n } from './i18n';

/**
 * Resolves once the router has finished its first navigation (its loaders: the session check, the
 * screen's code and, on the app's first screen, its first data; app/router.tsx).
 */
export function firstNavigation(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Renders the app into the page's root at the current address (replacing the sign-in screen, or
 * index.html's loading indicator). The first render waits for the router's first navigation: until
 * then the page keeps what it shows, rather than React rendering a spinner (the router's
 * HydrateFallback) and then the screen, two renders of the providers where one does.
 */
export async function mountApp(): Promise<void> {
  await initI18n();
  const router = createAppRouter();
  await firstNavigation(router);
  appRoot().render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
