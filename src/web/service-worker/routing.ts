import { normalizedPath } from '../../contracts/page-routes';

/** Where the service worker's answer to a request comes from (src/web/service-worker/worker.ts). */
export type WorkerRoute =
  /** Not answered by the worker: the browser goes to the network as it would without one. */
  | { kind: 'network' }
  /** A page: from the network, never stored; when the network fails, `fallback` from the cache. */
  | { kind: 'page'; fallback: string }
  /** A static build file: from the cache, else from the network, and then stored when `store`. */
  | { kind: 'static'; store: boolean };

export interface WorkerPlan {
  /** The same-origin paths precached at install: the shell, the offline page, icons, manifest, chunks. */
  precache: readonly string[];
  /** The paths of OFFLINE_PAGES: a navigation to one falls back to the shell. */
  offlinePagePaths: readonly string[];
  /** The app shell (the built index.html), served for an offline page when the network fails. */
  shellUrl: string;
  /** The offline page, served for any other navigation when the network fails. */
  offlineUrl: string;
}

/** A file Vite wrote with a content hash in its name (`analyzer-B3x_k9Qa.js`): its contents never change. */
const HASHED_ASSET = /^\/assets\/[\w.-]+-[\w-]{8}\.(?:js|css|woff2?|png|svg|webp|jpe?g)$/;

function isApiPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Decides how the worker answers a request. Only GET requests to this origin are answered at all; API paths
 * never (their answers are private and live: no API answer is ever stored or served from the cache). A
 * navigation goes to the network; a static file (precached, or a hashed build asset) comes from the cache.
 */
export function routeRequest(
  request: { url: string; method: string; mode: string },
  origin: string,
  plan: WorkerPlan,
): WorkerRoute {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== origin || isApiPath(url.pathname)) {
    return { kind: 'network' };
  }
  if (request.mode === 'navigate') {
    const isOfflinePage = plan.offlinePagePaths.includes(normalizedPath(url.pathname));
    return { kind: 'page', fallback: isOfflinePage ? plan.shellUrl : plan.offlineUrl };
  }
  if (url.search !== '') return { kind: 'network' };
  if (plan.precache.includes(url.pathname)) return { kind: 'static', store: false };
  if (HASHED_ASSET.test(url.pathname)) return { kind: 'static', store: true };
  return { kind: 'network' };
}
