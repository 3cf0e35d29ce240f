// A screen whose code loads on demand and can be loaded ahead of its first render.
//
// React.lazy suspends on its first render even when the code is already there, and a Suspense
// fallback that was shown holds back the screen that replaces it: React reveals it no sooner than
// 300 ms after the fallback appeared. On a first visit that was most of the wait for the first row
// of a list. The router loads the screen before it renders the layout (app-routes.tsx,
// `preloadScreen`), so a screen loaded ahead renders at once, without a fallback; one that was not
// (a load that failed, a test rendering it directly) still goes through React.lazy.
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, useState } from 'react';

export type Preloadable = ComponentType & {
  /** Loads the screen's code; resolves when it is there, and never rejects (the render retries). */
  preload(): Promise<void>;
  /**
   * Loads what the screen at `rest` (the path under the screen's own, '' for its index) with
   * `search` shows first into `client` (a list's first page), so that its first render has it.
   */
  prefetch?(client: QueryClient, rest: string, search: URLSearchParams): Promise<void>;
};

export function preloadable(load: () => Promise<ComponentType>): Preloadable {
  let ready: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const get = () => {
    pending ??= load().then(
      (c) => {
        ready = c;
        return c;
      },
      (error: unknown) => {
        // A failed load (a chunk the server no longer has, a dropped connection) is tried again.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => get().then((c) => ({ default: c })));
  function Screen() {
    // Decided once per mount: switching from the lazy wrapper to the component itself would remount
    // the screen and lose what it holds.
    const [Ready] = useState(() => ready);
    return Ready ? <Ready /> : <Lazy />;
  }
  return Object.assign(Screen, {
    preload: () =>
      get().then(
        () => undefined,
        () => undefined,
      ),
  });
}
