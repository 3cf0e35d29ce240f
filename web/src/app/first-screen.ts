// A learned preload of the first screen. A signed-in user who opens a screen directly
// (a reload, a bookmark) would otherwise wait for the app's chunks, then for the screen's own chunks (found
// once the app knew the route), then for its list request: three dependent round trips, each slow
// while the browser is busy loading. main.tsx remembers, per route and user, which chunks that
// screen loaded and which list request it sent (rememberFirstScreen); on the next visit to the same
// route it preloads those chunks and sends that request at once, alongside the app's own chunks
// (startFirstScreen). api-client hands the answer to the screen when it asks for the same URL with
// the same token within a few seconds; otherwise it is left unused. Nothing here changes what is
// shown. Kept free of imports: it runs before anything else has loaded.
/** Cleared at sign-out (session.ts): the routes and searches a user opened are theirs. */
export const FIRST_SCREEN_KEY = 'lbo_first_screen';
const KEY = FIRST_SCREEN_KEY;
/** Remembered routes (most recent first): a user moves between a few screens. */
const KEEP = 8;
/** The answer handed over: api-client reads it from this global. */
export const EARLY_GET = '__lboEarlyGet';
/** The request sent: its token, API path and query, when, and its answer. */
export type EarlyGet = { token: string; api: string; at: number; res: Promise<Response> };

type Learned = { user: string; route: string; api: string; chunks: string[] };

function read(): Learned[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** Called once the first screen's list request is known (main.tsx preloadFirstScreen). */
export function rememberFirstScreen(user: string, route: string, api: string): void {
  try {
    const chunks = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => /\/assets\/[^/]+\.js$/.test(p));
    const rest = read().filter((l) => !(l.user === user && l.route === route));
    localStorage.setItem(KEY, JSON.stringify([{ user, route, api, chunks }, ...rest].slice(0, KEEP)));
  } catch {
    /* storage unavailable or full: no learning */
  }
}

/** Preloads what `route` needed last time for this user, and sends its list request. */
export function startFirstScreen(user: string, token: string, route: string, lang: string | null): void {
  try {
    const learned = read().find((l) => l?.user === user && l.route === route);
    // What was stored is checked again: only this app's script files and a path of its API.
    if (typeof learned?.api !== 'string' || !learned.api.startsWith('/') || !Array.isArray(learned.chunks))
      return;
    for (const href of learned.chunks) {
      if (typeof href !== 'string' || !/^(\/[^?#:]*)?\/assets\/[\w.-]+\.js$/.test(href)) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
    const res = fetch(`/v1/api${learned.api}`, {
      headers: {
        Accept: 'application/json',
        'Accept-Language': lang === 'en' ? 'en' : 'id, en;q=0.5',
        Authorization: `Bearer ${token}`,
      },
    });
    res.catch(() => {});
    const early: EarlyGet = { token, api: learned.api, at: Date.now(), res };
    (globalThis as Record<string, unknown>)[EARLY_GET] = early;
  } catch {
    /* nothing learned can stop the app from starting */
  }
}
