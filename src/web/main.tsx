import './lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The public pages arrive prerendered (scripts/prerender.mjs): React adopts their HTML. Every other path gets
// the empty shell and renders in the browser.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);

registerServiceWorker();
