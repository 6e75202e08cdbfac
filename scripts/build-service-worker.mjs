// Build step after `vite build` (and before scripts/prerender.mjs, which deletes Vite's manifest): bundles the
// service worker (src/web/service-worker/worker.ts) into <webRoot>/sw.js with what it precaches — the app shell
// (index.html), every file of src/web/public (offline page, icons, manifest) and the chunks and stylesheets the
// shell and the pages of OFFLINE_PAGES load, the parts they load lazily included (a menu, a chart: offline they
// could not be fetched), never another page's code — and a hash of those files' contents, which names its
// cache: a build that changes any of them installs a new worker and drops the old cache.
// `node scripts/build-service-worker.mjs [webRoot]` (default dist/web).
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const WORKER = 'src/web/service-worker/worker.ts';
const OFFLINE_PAGES = 'src/web/service-worker/offline-pages.ts';
const PAGE_MODULES = 'src/web/page-modules.ts';
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
 * The manifest keys of the chunks that `keys` load, statically or lazily, one lazy import after another, but
 * never through a key of `otherPages` (another page: the shell's route table imports every page lazily).
 */
function lazyClosure(manifest, keys, otherPages) {
  const found = new Set();
  const pending = [...keys];
  while (pending.length > 0) {
    const key = pending.pop();
    if (found.has(key) || otherPages.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
    found.add(key);
    pending.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
  }
  return found;
}

/**
 * The URL paths to precache, sorted: the shell, the public files (paths relative to the public folder), and the
 * code of Vite's `index.html` entry and of each of `offlineModules`, with what they import lazily, except the
 * modules of `pageModules` that are not offline pages.
 */
function precacheList(manifest, { publicFiles, offlineModules, pageModules }) {
  const otherPages = new Set(pageModules.filter((module) => !offlineModules.includes(module)));
  const built = new Set();
  for (const key of lazyClosure(manifest, ['index.html', ...offlineModules], otherPages))
    staticClosure(manifest, key, built);
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

/** The exports of a TypeScript module of data (its imports are of types only, bundled to nothing). */
async function dataModule(file) {
  const { outputFiles } = await build({ entryPoints: [file], bundle: true, format: 'esm', write: false });
  const source = Buffer.from(outputFiles[0].contents).toString('base64');
  return import(`data:text/javascript;base64,${source}`);
}

/** Writes <webRoot>/sw.js; returns its version and precache list. */
async function buildServiceWorker(webRoot) {
  const manifest = JSON.parse(await readFile(path.join(webRoot, '.vite', 'manifest.json'), 'utf8'));
  const { OFFLINE_PAGES: offlinePages } = await dataModule(OFFLINE_PAGES);
  const { PAGE_MODULES: pageModules } = await dataModule(PAGE_MODULES);
  const precache = precacheList(manifest, {
    publicFiles: await publicFiles(),
    offlineModules: offlinePages.map((page) => page.module),
    pageModules: Object.values(pageModules),
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
