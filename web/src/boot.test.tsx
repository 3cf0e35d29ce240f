// The app's first render waits for the router's first navigation (its loaders), so React never
// renders a spinner before the first screen (boot.tsx).
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { firstNavigation } from './boot';

describe('firstNavigation', () => {
  it('should resolve only once the first screen’s loader has finished', async () => {
    let finish: () => void = () => {};
    const loaded = new Promise<null>((resolve) => {
      finish = () => resolve(null);
    });
    let asked: () => void = () => {};
    const loaderAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          asked();
          return loaded;
        },
        Component: () => null,
      },
    ]);
    let done = false;
    const waiting = firstNavigation(router).then(() => {
      done = true;
    });
    // The navigation is under way (its loader was asked) and whatever it queued has run.
    await loaderAsked;
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toBe(false);
    expect(router.state.initialized).toBe(false);
    finish();
    await waiting;
    expect(router.state.initialized).toBe(true);
  });

  it('should resolve at once for a router already initialised', async () => {
    const router = createMemoryRouter([{ path: '/', Component: () => null }]);
    expect(router.state.initialized).toBe(true);
    await firstNavigation(router);
  });
});
