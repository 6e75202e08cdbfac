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
// The public pages arrive prerendered (scripts/prerender.mjs): React adopts their HTML. Every other page (the empty
// shell, or a first view prerendered for /app, data-first-view) is rendered once its code has loaded, so that the
// loading fallback never shows over a first view, and once the session is known, so that the page is not rendered
// for a visitor (or with a session spinner) and then, all of it again at once, for the person signed in: that was
// a long task, and the part of the page below a sign-in prompt moved when it came (Lighthouse's Total Blocking Time
// and layout shift). /api/auth/me is asked beside the page's code.
if (container.hasChildNodes() && !container.hasAttribute('data-first-view')) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  const root = createRoot(container);
  void Promise.all([
    loadPage(window.location.pathname).catch(() => undefined),
    queryClient.prefetchQuery(sessionQueryOptions),
  ]).then(() => startTransition(() => root.render(app)));
}

registerServiceWorker();
