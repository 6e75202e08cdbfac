// The server-side entry of the build's prerender step (scripts/prerender.mjs bundles it with Vite for Node):
// renders each public page to HTML, and its <head> tags, so the page paints before its JavaScript arrives.
import { text } from 'node:stream/consumers';
import { StrictMode, type ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { PagePath } from '../contracts/page-routes';
import { PRERENDER_ORIGIN, PRERENDERED_PAGES_DIR } from '../contracts/prerendered-pages';
import { App } from './app';
import { pageMetaTags, type ResolvedPageMeta } from './components/layout/page-meta';
import { PAGE_MODULES } from './page-modules';
import { AnalyzerFirstView } from './pages/analyzer-first-view';

export { PAGE_MODULES, PRERENDERED_PAGES_DIR };

export interface PrerenderedPage {
  path: string;
  /** The page's file in the web root's prerendered folder. */
  fileName: string;
  /** The page component's module, as Vite's manifest names it: its chunk is preloaded. */
  module: string;
}

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

/**
 * Pages whose content is the person's, prerendered as a first view: what is the same for everyone (frame,
 * title, introduction) and a loading indicator. The browser renders the page over it (main.tsx) instead of
 * hydrating it, so that the largest text paints before the app's JavaScript has run (issue 25 item 21).
 */
export const FIRST_VIEW_PAGES: readonly (PrerenderedPage & { view: ComponentType })[] = [
  { path: '/app', fileName: pageFileName('/app'), module: PAGE_MODULES['/app'], view: AnalyzerFirstView },
];

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

/**
 * The HTML of `path`'s #root and its head tags (of its first view `view`, if given); fails on any render error
 * rather than ship a broken page.
 */
export async function renderPage(
  path: string,
  view?: ComponentType,
): Promise<{ body: string; head: string }> {
  const metas: ResolvedPageMeta[] = [];
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App ssrPath={path} onPageMeta={(pageMeta) => metas.push(pageMeta)} firstView={view} />
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
