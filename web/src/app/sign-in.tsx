// The sign-in screen on its own, for a visit that starts at /login without a session: React,
// Mantine's few components and the core messages (i18n/core.ts), without the router, i18next or
// anything else (the /login route's script stays small). Once signed in, or when the
// visitor follows a link away from /login (access request, privacy policy), the app itself loads
// (main.tsx `startApp`) and takes over the page at that address.
import { MantineProvider } from '@mantine/core';
import { StrictMode, useSyncExternalStore } from 'react';
import { coreText, loadCoreLanguage } from '../i18n/core';
import { isChunkLoadError } from './chunk-error';
import { LoginPage, safeNext } from './pages/login.page';
import { appRoot } from './root';
import { cssVariablesResolver, theme } from './theme';

/** `#/login?next=…` → ['login', URLSearchParams]. */
function hashRoute(): [string, URLSearchParams] {
  const [path, search = ''] = window.location.hash.replace(/^#/, '').split('?');
  return [path.replace(/^\/+|\/+$/g, ''), new URLSearchParams(search)];
}

export const isSignInRoute = () => hashRoute()[0] === 'login';

const subscribeHash = (listener: () => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};
const nextOf = () => safeNext(hashRoute()[1].get('next'));

function SignInScreen({ signedIn }: { signedIn: (next: string) => Promise<void> }) {
  const next = useSyncExternalStore(subscribeHash, nextOf, nextOf);
  return (
    <LoginPage
      next={next}
      onSignedIn={signedIn}
      // The app's code downloads while the server checks the password.
      onSubmit={() => {
        void import('../boot').catch(() => {});
      }}
    />
  );
}

/**
 * Shows the sign-in screen; `startApp` loads and mounts the app (the same root), called once the
 * user has signed in (at `next`, replacing /login as the router would) or has left /login.
 */
export async function mountSignIn(startApp: () => Promise<void>): Promise<void> {
  await loadCoreLanguage();
  let started: Promise<void> | null = null;
  const start = () => {
    started ??= startApp().catch((error: unknown) => {
      started = null;
      window.addEventListener('hashchange', onHashChange);
      throw isChunkLoadError(error) ? new Error(coreText('errors.chunkText')) : error;
    });
    window.removeEventListener('hashchange', onHashChange);
    return started;
  };
  function onHashChange() {
    if (!isSignInRoute()) void start().catch(() => window.location.reload());
  }
  window.addEventListener('hashchange', onHashChange);
  const signedIn = async (next: string) => {
    const signInAddress = window.location.hash;
    window.history.replaceState(null, '', `#${next}`);
    try {
      await start();
    } catch (error) {
      // Still on the sign-in screen: its address (and `next`) again, for the next attempt.
      window.history.replaceState(null, '', signInAddress);
      throw error;
    }
  };
  appRoot().render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <SignInScreen signedIn={signedIn} />
      </MantineProvider>
    </StrictMode>,
  );
}
