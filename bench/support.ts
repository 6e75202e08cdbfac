import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { launchBrowser } from '../e2e/support/browser';

import { buildApp } from '../src/server/app';
import { buildConfig, parseEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/open-database';
import type { ServiceOverrides } from '../src/server/services';

export { startServer } from '../e2e/support/server';

/** Median, 95th percentile and maximum of timings (nearest rank). */
export function stats(timings: readonly number[]): { median: number; p95: number; max: number } {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

/**
 * The app in this process on simulated prices, on a fresh database of TEST_DATABASE_URL's server when set (else
 * its own embedded PostgreSQL in a temporary DATA_DIR), listening on a free port of 127.0.0.1: `sql` writes the
 * bench's data straight into its database, `close()` stops it and removes what it made. `env` and `overrides`
 * change its configuration and replace services (the alerts bench's warm quotes).
 */
export async function startBenchApp(
  name: string,
  options: { env?: Record<string, string>; overrides?: ServiceOverrides } = {},
) {
  const fresh = await freshBenchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), `fw-bench-${name}-`));
  const env = parseEnv({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: fresh?.url ?? '',
    MARKET_DATA_PROVIDER: 'simulated',
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const config = buildConfig(env, randomBytes(32).toString('hex'));
  const database = await openDatabase(config, () => undefined);
  const app = await buildApp({
    config,
    database: database.handle,
    version: 'bench',
    overrides: options.overrides,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    db: database.handle.db,
    pool: database.handle.pool,
    /** Where the data is, for the printed figures. */
    where: fresh ? 'TEST_DATABASE_URL server' : 'embedded PostgreSQL',
    sql: (text: string, values: unknown[] = []) => database.handle.pool.query(text, values),
    async close() {
      await app.close();
      database.handle.pool.on('error', () => undefined);
      await database.shutdown();
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** autocannon against one URL; bounded by duration or amount, loopback only. */
export async function load(
  url: string,
  options: {
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 20,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 5 }),
    headers: options.headers,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** Loads a page in Chromium and sums the gzip size of every script it fetched. */
export async function gzipJavaScriptOf(pageUrl: string): Promise<{ files: number; gzipBytes: number }> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    const buffers = await Promise.all(bodies);
    return {
      files: buffers.length,
      gzipBytes: buffers.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
    };
  } finally {
    await browser.close();
  }
}

export function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * A fresh database on the server of `adminUrl` (by default TEST_DATABASE_URL's; dropped by `drop`), or
 * undefined when there is none (use the embedded one).
 */
export async function freshBenchDatabase(
  adminUrl = process.env.TEST_DATABASE_URL,
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (!adminUrl) return undefined;
  const name = `fw_bench_${process.pid}_${Date.now()}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export interface PgbenchResult {
  tps: number;
  latencyMs: number;
}

/**
 * pgbench's built-in tpcb-like script (scale 1: one branch row every transaction updates, so the clients
 * run one after another on it) against a scratch database on the server of `adminUrl`: the physical limit
 * of serialized single-row transactions on that server, to compare an app figure with in the same run.
 */
export async function pgbenchTpcb(
  adminUrl: string,
  options: { clients: number; seconds: number },
): Promise<PgbenchResult> {
  const scratch = await freshBenchDatabase(adminUrl);
  if (!scratch) throw new Error('pgbench needs a server URL');
  const pgbench = (args: string[]) =>
    promisify(execFile)('pgbench', [...args, scratch.url], { maxBuffer: 16 * 1024 * 1024 });
  try {
    await pgbench(['--initialize', '--scale=1', '--quiet']);
    const { stdout } = await pgbench([
      '--builtin=tpcb-like',
      `--client=${options.clients}`,
      '--jobs=2',
      `--time=${options.seconds}`,
      '--no-vacuum',
    ]);
    const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
    if (!tps || !latency) throw new Error(`unexpected pgbench output:\n${stdout}`);
    return { tps: Number(tps), latencyMs: Number(latency) };
  } finally {
    await scratch.drop();
  }
}

/**
 * The floor of the API figures: a bare node:http server in its own process answering every request with a
 * small JSON body (the size of an authenticated /api/auth/me answer).
 */
export async function startBareJsonServer(): Promise<{ url: string; stop(): void }> {
  const program = `
    const body = JSON.stringify({ user: { id: '0b6f1c2e-8f4a-4c1e-9a51-3f0f5d3c9e11', email: 'bench@example.com',
      name: 'bench', firstName: 'Bench', lastName: 'Mark', role: 'user', plan: 'free', subscriptionStatus: 'inactive' } });
    const server = require('node:http').createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

/**
 * Signs a fresh account up (202: no session until the email is verified) and in with its password; answers the
 * session cookie as a `cookie` header value. Login also sets the known-device cookie, so the session's own is
 * picked, and the probe checks it signs in (a visitor's probe answers 200 too).
 */
export async function signUpAndSignIn(
  baseUrl: string,
  account: { firstName: string; lastName: string; email: string; password: string },
): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = await post('/api/auth/signup', account);
  if (signup.status !== 202) throw new Error(`signup failed: ${await signup.text()}`);
  const login = await post('/api/auth/login', { email: account.email, password: account.password });
  if (login.status !== 200) throw new Error(`login failed: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .filter((pair) => pair.startsWith('fw_session='))
    .join('; ');
  const probe = await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } });
  if (!((await probe.json()) as { user: unknown }).user)
    throw new Error('the session cookie does not sign in');
  return cookie;
}
