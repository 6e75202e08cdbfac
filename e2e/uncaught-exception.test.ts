import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessRunning, postmasterPid, startServer, type RunningServer } from './support/server';

/**
 * Issue 24 item 1: an exception nothing catches (here thrown from a callback, as pdfkit's PNG decoder did from a
 * zlib callback) ends the server, and must not leave its embedded PostgreSQL running without it. A preload
 * throws one when the server gets SIGUSR2.
 */
const preloadDir = mkdtempSync(path.join(tmpdir(), 'fw-crash-'));
const preload = path.join(preloadDir, 'throw-on-sigusr2.mjs');
writeFileSync(
  preload,
  "process.on('SIGUSR2', () => setImmediate(() => { throw new Error('test crash on SIGUSR2'); }));\n",
);

let server: RunningServer | undefined;
afterAll(async () => {
  await server?.discard();
  rmSync(preloadDir, { recursive: true, force: true });
});

describe('an uncaught exception', () => {
  it('is logged, stops the embedded PostgreSQL and exits with a non-zero code', async () => {
    server = await startServer({ env: { NODE_OPTIONS: `--import=${preload}` } });
    const postgres = postmasterPid(server.dataDir);
    expect(isProcessRunning(postgres)).toBe(true);

    const child = server.process;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGUSR2');
    expect(await exited).toBe(1);
    // Not left running (the server stops it before exiting; polled only to allow for the kernel's bookkeeping).
    await expect.poll(() => isProcessRunning(postgres), { timeout: 20_000 }).toBe(false);
    expect(server.output()).toContain('test crash on SIGUSR2');
    expect(server.output()).toContain('uncaughtException: stopping');
  });
});
