// The app rendered into its container, taking over what index.html's inline script may have written
// there (the header and the balance, from the answer it asked for): the first render shows the same
// balance, so React replaces that markup with its own equal markup in one commit, without a wait in
// between, and from then on the inline script leaves the container alone.
import { createRoot, type Root } from 'react-dom/client';
import { App } from './App';
import { early } from './lib/api';
import { seedFromEarly } from './lib/data';

export function startApp(container: HTMLElement): Root {
  const state = early();
  if (state) state.taken = true;
  seedFromEarly();
  const root = createRoot(container);
  root.render(<App />);
  return root;
}

/**
 * How long the app waits for index.html's balance before rendering without it. On a slow phone the
 * app's script often arrives before the balance: rendering then (a wait, then the balance) would
 * keep the main thread busy when the balance comes, and on a 4x slower CPU that costs seconds. The
 * limit keeps a call that never answers from holding the app back.
 */
export const EARLY_WAIT_MS = 3000;

/** Renders the app once index.html's inline script has written the balance (or gave up), bounded. */
export async function startWhenReady(container: HTMLElement, waitMs = EARLY_WAIT_MS): Promise<Root> {
  const ready = early()?.ready;
  if (ready) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      ready.catch(() => {}),
      new Promise((r) => {
        timer = setTimeout(r, waitMs);
      }),
    ]);
    clearTimeout(timer);
  }
  return startApp(container);
}
