/* global self, caches, BUILD_ID, PRECACHE */
/**
 * Stride's service worker (spec §7 offline persistence), written by hand. The build
 * (web/pwa-plugin.ts) puts two constants in front of this file: BUILD_ID, the build's id, and
 * PRECACHE, the app shell (index.html, every script and style, the manifest and icons).
 *
 * - Pages (navigations): the network first, so a new build shows at once; without a connection,
 *   the cached index.html, and the app opens on the data kept on the device.
 * - Hashed files under /assets/: the cache first (a name never changes content), stored as fetched.
 * - /api/*: never cached here; the network only. The data shown offline comes from the app's own
 *   copy (web/src/lib/query-persistence.ts), which knows whose data it is.
 * - Other files of the app (manifest, icons): the network first, the cache without a connection.
 * The cache is named after the build; activating a new build deletes the caches of older ones.
 */
const CACHE_PREFIX = 'stride-shell-';
const CACHE = `${CACHE_PREFIX}${BUILD_ID}`;
const INDEX = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
      await cache.put(INDEX, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await cache.match(INDEX);
    if (cached) {
      return cached;
    }
    throw error;
  }
}

async function hashedAsset(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) {
    return cached;
  }
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
  }
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) {
      return cached;
    }
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) {
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(hashedAsset(request));
  } else if (PRECACHE.includes(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});
