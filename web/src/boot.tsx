// The app itself: language, then the router (main.tsx loads this after starting the first
// screen's downloads, or app/sign-in.tsx once the user has signed in). Everything past /login
// loads on demand.
import { StrictMode } from 'react';
import { App } from './app/app';
import { appRoot } from './app/root';
import { createAppRouter } from './app/router';
import { initI18n } from './i18n';

/** Renders the app into the page's root at the current address (replacing the sign-in screen). */
export async function mountApp(): Promise<void> {
  await initI18n();
  const router = createAppRouter();
  appRoot().render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
