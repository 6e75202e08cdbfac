// The server-side entry of the build's prerender step (scripts/prerender.mjs bundles it with Vite for Node):
// renders each public page to HTML, and its <head> tags, so the page paints before its JavaScript arrives.
import { text } from 'node:stream/consumers';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { PagePath } from '../contracts/page-routes';
import { PRERENDER_ORIGIN, PRERENDERED_PAGES_DIR } from '../contracts/prerendered-pages';
import { App } from './app';
import { pageMetaTags, type ResolvedPageMeta } from './components/layout/page-meta';

export { PRERENDERED_PAGES_DIR };

export interface PrerenderedPage {
  path: string;
  /** The page's file in the web root's prerendered folder. */
  fileName: string;
  /** The page component's module, as Vite's manifest names it: its chunk is preloaded. */
  module: string;
}

/**
 * Each page's component module, as Vite's manifest names it (app.tsx lazy-loads it): the build preloads its
 * chunks from the page's HTML, so that they load beside the entry rather than after it has run.
 */
export const PAGE_MODULES: Readonly<Record<PagePath, string>> = {
  '/': 'pages/landing.tsx',
  '/app': 'pages/analyzer.tsx',
  '/terminal': 'pages/terminal.tsx',
  '/clients': 'pages/clients.tsx',
  '/financial-advisor': 'pages/financial-advisor.tsx',
  '/login': 'pages/login.tsx',
  '/signup': 'pages/signup.tsx',
  '/profit-calculator': 'pages/profit-calculator.tsx',
  '/paper-trading': 'pages/paper-trading.tsx',
  '/api-settings': 'pages/api-settings.tsx',
  '/api-docs': 'pages/api-docs.tsx',
  '/features': 'pages/features.tsx',
  '/about': 'pages/about.tsx',
  '/resources': 'pages/resources.tsx',
  '/unbiased': 'pages/unbiased.tsx',
  '/robinhood-guide': 'pages/robinhood-guide.tsx',
  '/compliance': 'pages/compliance.tsx',
  '/terms': 'pages/terms.tsx',
  '/privacy': 'pages/privacy.tsx',
  '/gamification': 'pages/gamification.tsx',
  '/verify-email': 'pages/verify-email.tsx',
  '/forgot-password': 'pages/forgot-password.tsx',
  '/reset-password': 'pages/reset-password.tsx',
  '/account': 'pages/account.tsx',
  '/pricing': 'pages/pricing.tsx',
  '/subscribe': 'pages/subscribe.tsx',
  '/subscribe-stripe': 'pages/subscribe-stripe.tsx',
  '/subscribe-demo': 'pages/subscribe-demo.tsx',
  '/checkout': 'pages/checkout.tsx',
  '/success': 'pages/success.tsx',
  '/test-stripe': 'pages/test-stripe.tsx',
  '/contact': 'pages/contact.tsx',
  '/admin': 'pages/admin.tsx',
  '/activity': 'pages/activity.tsx',
  '/performance': 'pages/performance.tsx',
};

/** The file of a page in the web root's prerendered folder: `index.html` for /, `<name>.html` for /<name>. */
export function pageFileName(path: PagePath): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/**
 * The landing, marketing and sign-in pages. /profit-calculator renders in the browser only: it restores its
 * inputs from localStorage while rendering.
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = (
  [
    '/',
    '/features',
    '/about',
    '/resources',
    '/unbiased',
    '/robinhood-guide',
    '/compliance',
    '/terms',
    '/privacy',
    '/login',
    '/signup',
    '/pricing',
    '/contact',
  ] as const satisfies readonly PagePath[]
).map((path) => ({ path, fileName: pageFileName(path), module: PAGE_MODULES[path] }));

function escapeHtml(value: string): string {
  return value.replace(/[<>&"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The same title, meta tags and canonical link the browser sets (page-meta.tsx), with the origin left to the server. */
function headHtml(meta: ResolvedPageMeta): string {
  const url = `${PRERENDER_ORIGIN}${meta.path}`;
  const tags = pageMetaTags(meta, url).flatMap(([attribute, key, content]) =>
    content === undefined ? [] : [`<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`],
  );
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    ...tags,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
  ].join('\n    ');
}

/** The HTML of `path`'s #root and its head tags; fails on any render error rather than ship a broken page. */
export async function renderPage(path: string): Promise<{ body: string; head: string }> {
  const metas: ResolvedPageMeta[] = [];
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App ssrPath={path} onPageMeta={(pageMeta) => metas.push(pageMeta)} />
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Never outline a large Suspense boundary: revealing it later takes an inline script, which the CSP blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const body = await text(prelude);
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${path} failed`);
  if (body.includes('<script'))
    throw new Error(`prerendering ${path}: inline script in the HTML (the CSP blocks it)`);
  const meta = metas.at(-1);
  if (!meta) throw new Error(`prerendering ${path}: the page set no meta (is it wrapped in PageLayout?)`);
  return { body, head: headHtml(meta) };
}
