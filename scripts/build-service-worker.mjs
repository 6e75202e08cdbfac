// Build step after `vite build` (and before scripts/prerender.mjs, which deletes Vite's manifest): bundles the
// service worker (src/web/service-worker/worker.ts) into <webRoot>/sw.js with what it precaches — the app shell
// (index.html), every file of src/web/public (offline page, icons, manifest) and the chunks and stylesheets the
// shell and the pages of OFFLINE_PAGES load — and a hash of those files' contents, which names its cache: a
// build that changes any of them installs a new worker and drops the old cache.
// `node scripts/build-service-worker.mjs [webRoot]` (default dist/web).
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const WORKER = 'src/web/service-worker/worker.ts';
const OFFLINE_PAGES = 'src/web/service-worker/offline-pages.ts';
const PUBLIC_DIR = 'src/web/public';

/** The JS chunks, stylesheets and other assets a manifest entry loads statically, itself included (as prerender.mjs). */
function staticClosure(manifest, key, found = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
  if (found.has(chunk.file)) return found;
  found.add(chunk.file);
  for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) found.add(file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, found);
  return found;
}

/**
 * The URL paths to precache, sorted: the shell, the public files (paths relative to the public folder), and the
 * static closure of Vite's `index.html` entry and of each of `pageModules`.
 */
function precacheList(manifest, { publicFiles, pageModules }) {
  const built = new Set();
  for (const key of ['index.html', ...pageModules]) staticClosure(manifest, key, built);
  const paths = [
    '/index.html',
    ...publicFiles.map((file) => `/${file}`),
    ...[...built].map((file) => `/${file}`),
  ];
  return [...new Set(paths)].sort();
}

/** A hash of the precached paths and their contents (`contentsOf(path)` gives the bytes): the cache's version. */
async function precacheVersion(paths, contentsOf) {
  const hash = createHash('sha256');
  for (const urlPath of paths) {
    hash.update(`${urlPath}\0`);
    hash.update(await contentsOf(urlPath));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function publicFiles() {
  const entries = await readdir(PUBLIC_DIR, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(PUBLIC_DIR, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    );
}

/** OFFLINE_PAGES from its TypeScript module (a type import only, bundled to nothing). */
async function offlinePages() {
  const { outputFiles } = await build({
    entryPoints: [OFFLINE_PAGES],
    bundle: true,
    format: 'esm',
    write: false,
  });
  const source = Buffer.from(outputFiles[0].contents).toString('base64');
  const { OFFLINE_PAGES: pages } = await import(`data:text/javascript;base64,${source}`);
  return pages;
}

/** Writes <webRoot>/sw.js; returns its version and precache list. */
async function buildServiceWorker(webRoot) {
  const manifest = JSON.parse(await readFile(path.join(webRoot, '.vite', 'manifest.json'), 'utf8'));
  const precache = precacheList(manifest, {
    publicFiles: await publicFiles(),
    pageModules: (await offlinePages()).map((page) => page.module),
  });
  const version = await precacheVersion(precache, (urlPath) => readFile(path.join(webRoot, urlPath)));
  await build({
    entryPoints: [WORKER],
    outfile: path.join(webRoot, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    define: { __SERVICE_WORKER_BUILD__: JSON.stringify({ version, precache }) },
    logLevel: 'warning',
  });
  return { version, precache };
}

const webRoot = path.resolve(process.argv[2] ?? 'dist/web');
const { version, precache } = await buildServiceWorker(webRoot);
console.log(`service worker ${version}: sw.js precaches ${precache.length} files`);
