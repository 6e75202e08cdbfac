// Build step after `vite build`: renders the public pages (src/web/prerender.tsx) into
// dist/web/.prerendered/<page>.html, each the built index.html with the page's markup in #root, its own
// <title>, meta and canonical tags, and modulepreload links for its route chunk; the pages of FIRST_VIEW_PAGES
// the same way with their first view, #root marked data-first-view. Every other page gets the built index.html
// with only those preload links (#root stays empty: it renders in the browser). The server answers those paths
// with them (src/server/app.ts); the browser hydrates, replaces or renders them (src/web/main.tsx).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const WEB_ROOT = path.resolve('dist/web');
// Inside the project, so that the bundle's bare imports (react, wouter, ...) resolve from node_modules.
const SSR_OUT_DIR = path.resolve('dist/.prerender');
const MANIFEST = path.join(WEB_ROOT, '.vite', 'manifest.json');

// React's production server build, as in the browser bundle.
process.env.NODE_ENV = 'production';

/** Replaces exactly one match of `pattern` in `text`, or fails: the template is ours, a miss is a bug. */
function replaceOnce(text, pattern, replacement, what) {
  const matches = text.match(new RegExp(pattern, 'g')) ?? [];
  if (matches.length !== 1)
    throw new Error(`dist/web/index.html: expected one ${what}, found ${matches.length}`);
  return text.replace(pattern, () => replacement);
}

/** The chunks (JS) and stylesheets a manifest entry loads statically, itself included. */
function staticClosure(manifest, key, found = { files: new Set(), css: new Set() }) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
  if (found.files.has(chunk.file)) return found;
  found.files.add(chunk.file);
  for (const css of chunk.css ?? []) found.css.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, found);
  return found;
}

const template = await readFile(path.join(WEB_ROOT, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(MANIFEST, 'utf8'));
const shell = staticClosure(manifest, 'index.html');

await build({
  logLevel: 'warn',
  build: {
    ssr: path.resolve('src/web/prerender.tsx'),
    outDir: SSR_OUT_DIR,
    emptyOutDir: true,
    copyPublicDir: false,
    manifest: false,
  },
});

/**
 * `html` with links in its head that load the page module's chunks and stylesheets beyond the entry's: they
 * would otherwise be requested only once the entry has run, one import level after another.
 */
function withRoutePreloads(html, module) {
  const route = staticClosure(manifest, module);
  const preloads = [
    ...[...route.files]
      .filter((file) => !shell.files.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...route.css]
      .filter((file) => !shell.css.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  const headEnd = `${preloads.map((link) => `\n    ${link}`).join('')}\n  </head>`;
  return replaceOnce(html, /\s*<\/head>/, headEnd, '</head>');
}

try {
  const {
    FIRST_VIEW_PAGES,
    PAGE_MODULES,
    PRERENDERED_PAGES,
    PRERENDERED_PAGES_DIR,
    pageFileName,
    renderPage,
  } = await import(pathToFileURL(path.join(SSR_OUT_DIR, 'prerender.js')).href);
  const outDir = path.join(WEB_ROOT, PRERENDERED_PAGES_DIR);
  await mkdir(outDir, { recursive: true });
  for (const page of [...PRERENDERED_PAGES, ...FIRST_VIEW_PAGES]) {
    const { body, head } = await renderPage(page.path, page.view);
    const root = page.view ? '<div id="root" data-first-view>' : '<div id="root">';
    let html = replaceOnce(template, /\s*<meta\s+name="description"[^>]*>/, '', 'description meta');
    html = replaceOnce(html, /<title>[^<]*<\/title>/, head, '<title>');
    html = withRoutePreloads(html, page.module);
    html = replaceOnce(html, /<div id="root"><\/div>/, `${root}${body}</div>`, 'empty #root');
    await writeFile(path.join(outDir, page.fileName), html);
  }
  const prerendered = new Set([...PRERENDERED_PAGES, ...FIRST_VIEW_PAGES].map((page) => page.path));
  const shellPages = Object.entries(PAGE_MODULES).filter(([pagePath]) => !prerendered.has(pagePath));
  for (const [pagePath, module] of shellPages) {
    await writeFile(path.join(outDir, pageFileName(pagePath)), withRoutePreloads(template, module));
  }
  console.log(
    `prerendered ${PRERENDERED_PAGES.length} pages and the first view of ${FIRST_VIEW_PAGES.length}, preloaded the chunks of ${shellPages.length} more ` +
      `into dist/web/${PRERENDERED_PAGES_DIR}/`,
  );
} finally {
  // Neither is served: the SSR bundle was only needed for this step, the manifest only to name chunks.
  await rm(SSR_OUT_DIR, { recursive: true, force: true });
  await rm(path.dirname(MANIFEST), { recursive: true, force: true });
}
