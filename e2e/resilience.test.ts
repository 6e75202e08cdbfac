import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_JOB_NAMES } from '../src/server/jobs/registry';
import { isProcessRunning, postmasterPid, startServer, type RunningServer } from './support/server';
import { E2E_PASSWORD, signUpWithoutBrowser } from './support/users';

const running: RunningServer[] = [];
// Killed, databases stopped (a kill -9 of the app leaves its embedded PostgreSQL running), data deleted.
afterEach(async () => {
  for (const server of running.splice(0).reverse()) await server.discard();
});

async function start(dataDir?: string, env?: Record<string, string>) {
  const server = await startServer({ dataDir, env });
  running.push(server);
  return server;
}

async function logIn(baseUrl: string, email: string) {
  return fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
}

describe('the embedded database survives crashes', () => {
  it('after kill -9 of the app alone, the next start reuses the data with every committed row', async () => {
    const first = await start();
    await signUpWithoutBrowser(first.baseUrl, 'kill9@example.com');
    const orphan = postmasterPid(first.dataDir);
    await first.stop('SIGKILL');
    expect(isProcessRunning(orphan)).toBe(true); // the database outlived the app

    const second = await start(first.dataDir);
    expect((await logIn(second.baseUrl, 'kill9@example.com')).status).toBe(200);
    expect(isProcessRunning(orphan)).toBe(false); // never two servers on the same data
    expect(postmasterPid(second.dataDir)).not.toBe(orphan);
  });

  it('after a power cut (app and database killed together), the next start recovers every committed row', async () => {
    const first = await start();
    await signUpWithoutBrowser(first.baseUrl, 'powercut@example.com');
    const postmaster = postmasterPid(first.dataDir);
    const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    for (const pid of [postmaster, ...children.map(Number)]) process.kill(Number(pid), 'SIGKILL');
    await first.stop('SIGKILL');

    const second = await start(first.dataDir);
    expect((await logIn(second.baseUrl, 'powercut@example.com')).status).toBe(200);
  });

  it('SIGTERM finishes cleanly and stops the embedded database', async () => {
    const server = await start();
    const postmaster = postmasterPid(server.dataDir);
    const code = await server.stop('SIGTERM');
    expect(code).toBe(0);
    expect(isProcessRunning(postmaster)).toBe(false);
    expect(server.output()).not.toMatch(/error/i);
  });

  it('a second SIGTERM or a Ctrl+C during shutdown is acknowledged and ignored, and the database still stops', async () => {
    const server = await start(undefined, { LOG_LEVEL: 'info' });
    const postmaster = postmasterPid(server.dataDir);
    // A request whose body never comes keeps the shutdown waiting for it. Node answers `Expect:
    // 100-continue` once it has parsed the headers, so after that answer the request is surely in flight.
    const socket = connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    const [continued] = (await once(socket, 'data')) as [Buffer];
    expect(continued.toString()).toMatch(/^HTTP\/1\.1 100 Continue/);

    const lines = (message: string) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes(message));
    // The job runner started with the app and ran each of the app's jobs.
    const ranJobs = () =>
      new Set(lines('"msg":"job ran"').map((line) => (JSON.parse(line) as { job: string }).job));
    await expect.poll(() => APP_JOB_NAMES.every((job) => ranJobs().has(job))).toBe(true);
    server.process.kill('SIGTERM');
    await expect.poll(() => lines('shutting down: finishing in-flight requests').length).toBe(1);
    server.process.kill('SIGTERM');
    await expect.poll(() => lines('already shutting down: signal ignored').length).toBe(1);
    server.process.kill('SIGINT');
    await expect.poll(() => lines('already shutting down: signal ignored').length).toBe(2);
    expect(server.process.exitCode).toBeNull();
    expect(isProcessRunning(postmaster)).toBe(true);

    socket.destroy();
    expect(await server.stop()).toBe(0);
    expect(isProcessRunning(postmaster)).toBe(false);
    expect(lines('stopped cleanly')).toHaveLength(1);
    // The runner stopped with the app, before the database.
    const output = server.output();
    expect(lines('job runner stopped')).toHaveLength(1);
    expect(output.indexOf('job runner stopped')).toBeLessThan(output.indexOf('stopped cleanly'));
  });
});
