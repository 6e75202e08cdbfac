import type { PagePath } from '../../contracts/page-routes';

/**
 * The pages that open without a connection: the app shell (index.html) and their code are precached, so the
 * installed app's start URL (/app) and the profit calculator render offline; a person's data still comes only
 * from the network. `module`: the page's module as Vite's manifest names it (scripts/build-service-worker.mjs
 * precaches its chunks). Every other page shows the offline page when the network fails.
 */
export const OFFLINE_PAGES: readonly { path: PagePath; module: string }[] = [
  { path: '/app', module: 'pages/analyzer.tsx' },
  { path: '/profit-calculator', module: 'pages/profit-calculator.tsx' },
];
