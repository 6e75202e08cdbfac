import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /**
   * Leaves nothing behind: kills the app if it still runs, stops the embedded PostgreSQL a killed app leaves
   * running (see stopEmbeddedDatabase), and deletes the data directory when startServer made it.
   */
  discard(): Promise<void>;
}

/** The process id of the embedded PostgreSQL in `dataDir`, from the first line of its postmaster.pid. */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** Running, not merely a zombie waiting for a parent (in containers PID 1 may never reap it). */
export function isProcessRunning(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state !== undefined && state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/**
 * Stops the embedded PostgreSQL of `dataDir` when one still runs there. The app starts it detached (pg_ctl,
 * docs/decisions/001), so an app killed with SIGKILL leaves it behind; SIGINT is PostgreSQL's fast shutdown.
 */
export async function stopEmbeddedDatabase(dataDir: string): Promise<void> {
  let pid: number;
  try {
    pid = postmasterPid(dataDir);
  } catch {
    return; // never started, or stopped cleanly (PostgreSQL removes the file)
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessRunning(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isProcessRunning(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL ${pid} of ${dataDir} did not stop`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The processes `pid` started that are still running (Linux's /proc). */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The suite's shared server (global-setup), for a test that also needs its database. */
export function sharedServer(): { baseUrl: string; dataDir: string } {
  return { baseUrl: inject('baseUrl'), dataDir: inject('dataDir') };
}

/**
 * Starts the production server (`node dist/server/main.js`) and waits for /api/health to answer 200. With
 * `terminal`, its output is a terminal, as for a person who typed `npm start`: util-linux's `script` runs it
 * on a pseudo-terminal and copies what it writes (lines end in CRLF there); signals go to the app itself.
 */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; terminal?: boolean } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'fw-e2e-'));
  const port = await freePort();
  let output = '';
  const [command, args] = options.terminal
    ? ['script', ['-qefc', `exec '${process.execPath}' dist/server/main.js`, '/dev/null']]
    : [process.execPath, ['dist/server/main.js']];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MARKET_DATA_PROVIDER: 'simulated',
      DEMO_FEATURES: 'true',
      LOG_LEVEL: 'warn',
      // Tests stand for many people at once, each with its own address (ownAddress in ./users).
      TRUST_PROXY: 'loopback',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null) {
      // `script` exits with the app's code (-e) once the app has stopped.
      const app = options.terminal && child.pid !== undefined ? childPids(child.pid)[0] : undefined;
      if (app !== undefined) process.kill(app, signal);
      else child.kill(signal);
    }
    return exited;
  };
  const discard = async () => {
    await stop('SIGKILL');
    await stopEmbeddedDatabase(dataDir);
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await discard();
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await discard();
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, dataDir, process: child, output: () => output, stop, discard };
}

/**
 * The connection string of the database a running server keeps in its embedded PostgreSQL (DATA_DIR/postgres):
 * the superuser password the app generated into DATA_DIR and the port in the cluster's postmaster.pid.
 */
function embeddedDatabaseUrl(dataDir: string, database = 'foliowise'): string {
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  // postmaster.pid: pid, data directory, start time, port, ...
  const pidFile = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pidFile[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no port in ${dataDir}/postgres/postmaster.pid`);
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** Runs one SQL statement on a running server's embedded database, for what the UI cannot do yet (a paid plan). */
export async function runSql(dataDir: string, sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}
