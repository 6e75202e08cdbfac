// Lighthouse's mobile preset (its default config: a mid-range phone, simulated slow 4G and a 4x slower CPU) on
// every page of PAGE_PATHS, as a visitor and as a signed-in Professional, against the production build (issue #25
// item 21: a performance score of 90 or more and Largest Contentful Paint under 2.5 s on every page).
// Run `npm run build` first, then `npm run bench lighthouse`. LIGHTHOUSE_PAGES=/app,/profit-calculator measures
// only those pages, LIGHTHOUSE_RUNS=3 takes the median of three runs, LIGHTHOUSE_DETAILS=1 also prints each run's
// largest paint element with its phases and the elements that shifted. Prints figures; asserts nothing.
import { cpus, loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { PAGE_PATHS } from '../src/contracts/page-routes';
import { runSql } from '../e2e/support/server';
import { freshBenchDatabase, signUpAndSignIn, startServer } from './support';

const SCORE_TARGET = 90;
const LCP_TARGET_MS = 2500;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [...PAGE_PATHS];
const DETAILS = process.env.LIGHTHOUSE_DETAILS === '1';

interface PageFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scripts: number;
  /** With LIGHTHOUSE_DETAILS: the largest paint's element and phases, the shifted elements. */
  details?: string;
}

/** The nodes and rows of an audit's details, however deeply its lists and tables nest them. */
function detailRows(details: unknown): Record<string, unknown>[] {
  if (typeof details !== 'object' || details === null) return [];
  const row = details as Record<string, unknown>;
  if (Array.isArray(row.items)) return row.items.flatMap(detailRows);
  return [row];
}

/**
 * The largest paint's element and its phases as observed (not simulated), the elements that shifted, and the
 * scripts that kept the main thread busiest, from a run's audits.
 */
function detailsOf(audits: Record<string, { details?: unknown }>): string {
  const lines: string[] = [];
  for (const row of detailRows(audits['lcp-breakdown-insight']?.details)) {
    if (row.type === 'node') lines.push(`  LCP element: ${String(row.snippet)}`);
    else if (typeof row.subpart === 'string')
      lines.push(`    ${row.subpart}: ${Number(row.duration).toFixed(0)} ms (observed)`);
  }
  for (const row of detailRows(audits['layout-shifts']?.details)) {
    const node = row.node as { snippet?: string } | undefined;
    lines.push(`  shift ${Number(row.score).toFixed(3)}: ${node?.snippet ?? '(unattributed)'}`);
  }
  for (const row of detailRows(audits['bootup-time']?.details).slice(0, 4)) {
    lines.push(`  main thread ${Number(row.total).toFixed(0)} ms: ${String(row.url)}`);
  }
  const longTasks = detailRows(audits['long-tasks']?.details).slice(0, 6);
  lines.push(
    `  long tasks: ${longTasks.map((row) => `${Number(row.duration).toFixed(0)} ms at ${Number(row.startTime).toFixed(0)} (${String(row.url).replace(/^https?:\/\/[^/]+/, '')})`).join(', ')}`,
  );
  return lines.join('\n');
}

/**
 * One Lighthouse run of `url` in the Chromium on `port`; `cookie` signs it in. A run whose trace came out broken
 * (Lighthouse's NO_NAVSTART and the like, on a loaded machine) is run again, twice at most.
 */
async function measure(url: string, port: number, cookie?: string, attempt = 1): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (attempt < 3) return measure(url, port, cookie, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string }[] })
    ?.items;
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scripts: requests?.filter((request) => request.resourceType === 'Script').length ?? Number.NaN,
    ...(DETAILS ? { details: detailsOf(lhr.audits) } : {}),
  };
}

/** The run with the median score of `runs` (its own figures, not a mix of runs). */
function medianRun(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)] as PageFigures;
}

function loadAverage(): string {
  return `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${cpus().length} CPUs`;
}

/** A verified Professional account on `server` (the plan granted in SQL, as an administrator grants it). */
async function professionalCookie(
  baseUrl: string,
  runStatement: (text: string, values: unknown[]) => Promise<unknown>,
): Promise<string> {
  const email = `lighthouse-${Date.now()}@example.com`;
  const cookie = await signUpAndSignIn(baseUrl, {
    firstName: 'Lighthouse',
    lastName: 'Bench',
    email,
    password: 'brass-lantern-2024',
  });
  await runStatement(
    `update "user" set plan = 'professional', complimentary_plan = 'professional',
       email_verified_at = now() where lower(email) = lower($1)`,
    [email],
  );
  return cookie;
}

async function main() {
  const fresh = await freshBenchDatabase();
  const server = await startServer({ env: { DATABASE_URL: fresh?.url ?? '' } });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const runStatement = async (text: string, values: unknown[]) => {
      if (!fresh) return runSql(server.dataDir, text, values);
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      try {
        return await client.query(text, values);
      } finally {
        await client.end();
      }
    };
    const cookie = await professionalCookie(server.baseUrl, runStatement);
    console.log(
      `Lighthouse ${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`} a page, mobile preset (simulated throttling), ` +
        `production build on localhost, ${fresh ? 'TEST_DATABASE_URL server' : 'embedded PostgreSQL'} (${loadAverage()})`,
    );
    console.log('page                 as            score   FCP ms   LCP ms   TBT ms   CLS    scripts');
    const failing: string[] = [];
    for (const page of PAGES) {
      for (const [who, pageCookie] of [
        ['visitor', undefined],
        ['Professional', cookie],
      ] as const) {
        const runs: PageFigures[] = [];
        for (let run = 0; run < RUNS; run++)
          runs.push(await measure(`${server.baseUrl}${page}`, chrome.port, pageCookie));
        const figures = medianRun(runs);
        const passes = figures.score >= SCORE_TARGET && figures.lcpMs < LCP_TARGET_MS;
        if (!passes) failing.push(`${page} (${who})`);
        console.log(
          [
            page.padEnd(21),
            who.padEnd(14),
            `${figures.score}${passes ? '' : ' ✗'}`.padEnd(8),
            figures.fcpMs.toFixed(0).padStart(6),
            figures.lcpMs.toFixed(0).padStart(9),
            figures.tbtMs.toFixed(0).padStart(9),
            figures.cls.toFixed(3).padStart(7),
            String(figures.scripts).padStart(8),
          ].join(' '),
        );
        if (figures.details) console.log(figures.details);
      }
    }
    console.log(
      `Target: score >= ${SCORE_TARGET} and LCP < ${LCP_TARGET_MS} ms. ` +
        `${failing.length === 0 ? 'Every page meets it' : `Below it: ${failing.join(', ')}`}. Finished with ${loadAverage()}.`,
    );
  } finally {
    chrome.kill();
    await server.stop();
    await server.discard();
    await fresh?.drop();
  }
}

await main();
