// The store app's service worker, hand-written and small. The build (vite.config.ts) writes it to
// /app/sw.js with VERSION (the build's hash) and SHELL (every file of the build) filled in: a new
// build is a new worker, which the browser finds on the next open and installs in the background.
//
// - The shell (index.html, scripts, styles, manifest, icons) is cached at install: the app opens
//   without a network. Pages are asked from the network first (a new version shows on the next
//   open), the cached shell when it does not answer in time or at all.
// - The last answers of the store's balance (/store/me), inbox (first page) and feed are kept: when
//   the network fails they are answered from here with the header x-lbo-saved-at (when they were
//   received), and the app says they are from the last connection.
const VERSION = 'dev';
const SHELL = [];
const SHELL_CACHE = `lbo-store-shell-${VERSION}`;
const DATA_CACHE = 'lbo-store-data';
const SAVED_AT = 'x-lbo-saved-at';
const APP = '/app/';
/** How long a page waits for the network before the cached shell is shown (a slow line). */
const NAVIGATION_WAIT_MS = 3500;

const KEPT_PATHS = ['/v1/api/store/me', '/v1/api/store/feed', '/v1/api/store/inbox'];

const kept = (url) =>
  KEPT_PATHS.includes(url.pathname) &&
  (url.pathname !== '/v1/api/store/inbox' || (url.searchParams.get('page') ?? '1') === '1');

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith('lbo-store-shell-') && k !== SHELL_CACHE)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function page(request) {
  const cached = await caches.match(APP, { cacheName: SHELL_CACHE });
  const network = fetch(request);
  if (!cached) return network;
  const timeout = new Promise((resolve) => setTimeout(() => resolve(cached), NAVIGATION_WAIT_MS));
  return Promise.race([network.catch(() => cached), timeout]);
}

async function shellFile(request) {
  const cached = await caches.match(request, { ignoreSearch: true });
  return cached ?? fetch(request);
}

async function keptAnswer(request) {
  try {
    const res = await fetch(request);
    if (res.ok) {
      const headers = new Headers(res.headers);
      headers.set(SAVED_AT, new Date().toISOString());
      const copy = new Response(await res.clone().arrayBuffer(), { status: res.status, headers });
      const cache = await caches.open(DATA_CACHE);
      await cache.put(request.url, copy);
    }
    return res;
  } catch (err) {
    const cached = await caches.match(request.url, { cacheName: DATA_CACHE });
    if (cached) return cached;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith(APP)) event.respondWith(page(request));
  else if (url.pathname.startsWith(APP)) event.respondWith(shellFile(request));
  else if (kept(url)) event.respondWith(keptAnswer(request));
});
