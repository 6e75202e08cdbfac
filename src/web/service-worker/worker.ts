// The service worker, served at /sw.js: the app shell, its code, the offline page, icons and manifest are
// precached at install into a cache named after the build, so the installed app opens offline. API answers and
// pages are never stored: a page comes from the network, and only when the network fails does the shell (the
// pages of OFFLINE_PAGES) or the offline page answer. scripts/build-service-worker.mjs bundles this file into
// dist/web/sw.js with the build's precache list and cache name.
import { OFFLINE_PAGES } from './offline-pages';
import { routeRequest, type WorkerPlan } from './routing';

/** Written by the build: the precached paths, and a hash of their contents that names this build's cache. */
declare const __SERVICE_WORKER_BUILD__: { version: string; precache: string[] };

/** The parts of the service worker global scope this file uses (the DOM library has no WebWorker types). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const scope = globalThis as unknown as ServiceWorkerScope;
const { version, precache } = __SERVICE_WORKER_BUILD__;
/** Every cache this app names starts so; older builds' caches are deleted once this worker activates. */
const CACHE_PREFIX = 'foliowise-';
const cacheName = `${CACHE_PREFIX}${version}`;
const plan: WorkerPlan = {
  precache,
  offlinePagePaths: OFFLINE_PAGES.map((page) => page.path),
  shellUrl: '/index.html',
  offlineUrl: '/offline.html',
};

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      // Through the HTTP cache: hashed files already loaded come from it, the others are revalidated (no-cache).
      await cache.addAll(precache);
      await scope.skipWaiting();
    })(),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName)
          .map((name) => caches.delete(name)),
      );
      // The page that registered the worker is controlled at once, not from its next load.
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('fetch', (event) => {
  const route = routeRequest(event.request, scope.location.origin, plan);
  if (route.kind === 'page') event.respondWith(pageOrFallback(event.request, route.fallback));
  else if (route.kind === 'static') event.respondWith(staticFile(event.request, route.store));
});

async function pageOrFallback(request: Request, fallback: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    // Offline (or the server unreachable): an HTTP error answer is passed on as it is, above.
    const cached = await caches.match(fallback, { cacheName, ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

async function staticFile(request: Request, store: boolean): Promise<Response> {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (store && response.ok && response.type === 'basic') {
    // A full disk or quota costs the copy, never the answer.
    await cache.put(request, response.clone()).catch(() => undefined);
  }
  return response;
}
