import './lib/zod-csp';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, loadPage } from './app';
import { queryClient } from './lib/query-client';
import { sessionQueryOptions } from './lib/session';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The first render of every page is a transition: React renders it in slices of a few milliseconds, yielding to
// the browser in between, instead of in one task that blocks a phone's main thread for the length of the
// whole page (Lighthouse's Total Blocking Time, issue 25 item 21). What is on screen meanwhile stays.
//
// The public pages arrive prerendered (scripts/prerender.mjs): React adopts their HTML. A page prerendered as a
// first view (data-first-view: /app, whose content is the person's) is replaced by the page once its code has
// loaded, so that the loading fallback never shows over it, and once the session is known, so that the page is
// not rendered for a visitor and then, all of it again at once, for the person signed in. Every other path gets
// the empty shell and renders in the browser.
if (container.hasAttribute('data-first-view')) {
  const root = createRoot(container);
  void Promise.all([
    loadPage(window.location.pathname).catch(() => undefined),
    queryClient.prefetchQuery(sessionQueryOptions),
  ]).then(() => startTransition(() => root.render(app)));
} else if (container.hasChildNodes()) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

registerServiceWorker();
