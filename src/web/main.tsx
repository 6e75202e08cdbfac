import './lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, loadPage } from './app';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The public pages arrive prerendered (scripts/prerender.mjs): React adopts their HTML. A page prerendered as a
// first view (data-first-view: /app, whose content is the person's) is replaced by the page once its code has
// loaded, so that the loading fallback never shows over it. Every other path gets the empty shell and renders in
// the browser.
if (container.hasAttribute('data-first-view')) {
  const root = createRoot(container);
  void loadPage(window.location.pathname)
    .catch(() => undefined)
    .then(() => root.render(app));
} else if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);

registerServiceWorker();
