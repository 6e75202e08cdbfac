// Static pages: whether the server sends each page prerendered, its route chunk (gzip), the JavaScript it
// loads beyond what / loads, and Largest Contentful Paint on localhost from Chromium's performance timeline;
// then the JavaScript / transfers, compressed as the server sends it, against issue #10's 100 KB target.
// Run `npm run build` first, then `npm run bench static-pages`. Prints figures; asserts nothing.
import { get } from 'node:http';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { PUBLIC_PAGES } from '../src/server/features/resources/public-pages';
import { kb, startServer } from './support';

// The public pages but / (measured against itself below) and the calculator (an app page, not issue #6's).
const PAGES = PUBLIC_PAGES.filter((page) => page !== '/' && page !== '/profit-calculator');
const RUNS = 5;
const WEB_ROOT = 'dist/web';

const gzipBytes = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
/** Issue #10: the JavaScript / transfers, compressed, under 100 KB. */
const LANDING_JS_TARGET_BYTES = 100 * 1024;

/** The bytes the server sends for `url` to a client that accepts only `encoding` (no decoding here). */
function servedBytes(url: string, encoding: 'br' | 'gzip'): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * What / makes the browser fetch as JavaScript (entry, modulepreloads, route chunk), and the bytes each
 * travels as: brotli, as browsers ask for it over HTTPS, and gzip, as Chromium asks over plain HTTP.
 */
async function landingTransfer(browser: Browser, baseUrl: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const files = await Promise.all(
      [...scripts].map(async (script) => ({
        br: await servedBytes(`${baseUrl}${script}`, 'br'),
        gzip: await servedBytes(`${baseUrl}${script}`, 'gzip'),
      })),
    );
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    return {
      files: files.length,
      brotli: sum(files.map((file) => file.br.bytes)),
      gzip: sum(files.map((file) => file.gzip.bytes)),
      notBrotli: files.filter((file) => file.br.encoding !== 'br').length,
    };
  } finally {
    await context.close();
  }
}

/**
 * The route chunk of each page, read from the built entry: the route table lazy-loads every page with
 * `import("./<page>-<hash>.js")`, so the entry names each page's own chunk exactly.
 */
async function routeChunks(): Promise<Map<string, string>> {
  const html = await readFile(path.join(WEB_ROOT, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/(assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('entry script not found in dist/web/index.html');
  const source = await readFile(path.join(WEB_ROOT, entry), 'utf8');
  const chunks = new Map<string, string>();
  for (const page of PAGES) {
    const name = page.slice(1);
    const match = new RegExp(`import\\([\`'"]\\./(${name}-[\\w-]+\\.js)[\`'"]\\)`).exec(source);
    if (match?.[1]) chunks.set(page, `assets/${match[1]}`);
  }
  return chunks;
}

interface PageLoad {
  lcpMs: number;
  lcpElement: string;
  scripts: Map<string, number>;
}

/** One cold load (fresh context, empty cache): LCP from the timeline and the gzip size of every script. */
async function loadOnce(browser: Browser, url: string): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const bodies: Promise<[string, number]>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.push(response.body().then((body) => [new URL(response.url()).pathname, gzipBytes(body)]));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const lcp = await page.evaluate(
      () =>
        new Promise<{ time: number; element: string }>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
            const last = entries[entries.length - 1];
            const element = last?.element;
            resolve({
              time: last?.startTime ?? Number.NaN,
              element: element
                ? `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`
                : '?',
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    return { lcpMs: lcp.time, lcpElement: lcp.element, scripts: new Map(await Promise.all(bodies)) };
  } finally {
    await context.close();
  }
}

/** 'prerendered' when the HTML the server sends already holds the page, 'shell' when #root comes empty. */
async function htmlKind(url: string): Promise<string> {
  const html = await (await fetch(url)).text();
  return html.includes('<div id="root"></div>') ? 'shell' : 'prerendered';
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function loadAverage(): string {
  return `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${cpus().length} CPUs`;
}

async function main() {
  const chunks = await routeChunks();
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    // Warm the server and the OS file cache so the first measured load is not an outlier.
    const landing = await loadOnce(browser, `${server.baseUrl}/`);
    const landingScripts = new Set(landing.scripts.keys());
    console.log(
      `static pages: ${RUNS} cold loads each at 1440x900, production build on localhost (${loadAverage()})`,
    );
    // Pages are loaded in turn, run after run, so that a busy moment on the machine hits them all alike.
    const pages = ['/', ...PAGES];
    const loads = new Map<string, PageLoad[]>(pages.map((page) => [page, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const page of pages) loads.get(page)?.push(await loadOnce(browser, `${server.baseUrl}${page}`));
    }
    console.log(
      'page              HTML         route chunk (gzip)                     JS beyond / (gzip)   LCP median / max   LCP element',
    );
    for (const page of pages) {
      const pageLoads = loads.get(page) ?? [];
      const chunk = page === '/' ? undefined : chunks.get(page);
      const chunkGzip = chunk ? gzipBytes(await readFile(path.join(WEB_ROOT, chunk))) : Number.NaN;
      const extra = [...(pageLoads[0]?.scripts ?? new Map<string, number>())].filter(
        ([url]) => !landingScripts.has(url),
      );
      const extraGzip = extra.reduce((sum, [, bytes]) => sum + bytes, 0);
      const lcps = pageLoads.map((load) => load.lcpMs);
      const chunkText =
        page === '/'
          ? 'n/a (the landing page, for reference)'
          : `${kb(chunkGzip)} ${chunk?.replace('assets/', '') ?? 'not found'}`;
      console.log(
        [
          page.padEnd(18),
          (await htmlKind(`${server.baseUrl}${page}`)).padEnd(13),
          chunkText.padEnd(39),
          (page === '/' ? '-' : `${kb(extraGzip)} in ${extra.length} files`).padEnd(21),
          `${median(lcps).toFixed(0)} / ${Math.max(...lcps).toFixed(0)} ms`.padEnd(19),
          pageLoads[0]?.lcpElement ?? '',
        ].join(''),
      );
    }
    const totalLanding = [...landing.scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    console.log(
      `/ itself loads ${landing.scripts.size} scripts, ${kb(totalLanding)} gzip. Target: LCP < 1000 ms. Finished with ${loadAverage()}.`,
    );
    const transfer = await landingTransfer(browser, server.baseUrl);
    console.log(
      `JavaScript transferred for /: ${transfer.files} scripts, ${kb(transfer.brotli)} brotli ` +
        `(${transfer.notBrotli} under 1 KB sent as they are), ${kb(transfer.gzip)} gzip; brotli is ` +
        `${((transfer.brotli / LANDING_JS_TARGET_BYTES) * 100).toFixed(0)} % of the 100 KB target.`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
