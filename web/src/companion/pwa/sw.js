// The companion's service worker, written to dist/companion-sw.js by the Vite build
// (src/companion/pwa/build.ts fills in VERSION and PRECACHE below from the build's output).
//
// The companion page registers it with the scope /companion, so it controls only pages opened
// at /companion: the lobby and the game pages (they need the network) never see it. It
//   - precaches the companion's page (index.html, as the server answers /companion), every
//     emitted asset, the web manifest and the icons, in a cache named after the build;
//   - answers a navigation to /companion and a request for a precached file from that cache
//     first (the network only if the cache lacks it), so the app starts with no network;
//   - lets everything else (the API, other pages, other files) go to the network untouched;
//   - on activation deletes the caches of older builds.
// A new build changes this file (its VERSION and list), so the browser installs the new worker
// on the next visit; it takes over at once and the next load of /companion is the new build.
/* eslint-env serviceworker */

const VERSION = /*VERSION*/ 'dev';
const PRECACHE = /*PRECACHE*/ ['/companion'];

const PREFIX = 'arbiter-companion-';
const CACHE = PREFIX + VERSION;
const PAGE = '/companion';
const ROUTE = /^\/companion\/?$/;
const FILES = new Set(PRECACHE.filter((p) => p !== PAGE));

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // no-cache: revalidate with the server (ETag → 304) rather than trust the HTTP cache.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'no-cache' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** The cache key for a request this worker answers, or null to leave it to the network. */
function keyFor(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  if (request.mode === 'navigate') return ROUTE.test(url.pathname) ? PAGE : null;
  return FILES.has(url.pathname) ? url.pathname : null;
}

self.addEventListener('fetch', (event) => {
  const key = keyFor(event.request);
  if (!key) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(key);
      return hit ?? fetch(event.request);
    })(),
  );
});
