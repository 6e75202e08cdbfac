import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';

/**
 * Issue 25 item 17: what `npm start` writes. A person at a terminal reads lines, not JSON, and one plain line
 * saying where the app is; a pipe (a file, a container's log) gets JSON lines only. At info, requests answered
 * in time write nothing (every request has its line at debug).
 */
const running: RunningServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.discard();
});

/** A page, an API answer, a 404 and a 401: none of them slow, none failed. */
async function browse(baseUrl: string) {
  for (const [path, status] of [
    ['/', 200],
    ['/api/health', 200],
    ['/api/no-such-route', 404],
    ['/api/billing', 401],
  ] as const) {
    expect((await fetch(`${baseUrl}${path}`)).status).toBe(status);
  }
}

describe('what npm start writes', () => {
  it('on a terminal: lines a person reads and one plain line with the address it listens on', async () => {
    const server = await startServer({ terminal: true, env: { LOG_LEVEL: 'info' } });
    running.push(server);
    await browse(server.baseUrl);
    // Stopped first, so that every line the app wrote is in the output.
    expect(await server.stop('SIGTERM')).toBe(0);

    const lines = stripVTControlCharacters(server.output()).split(/\r?\n/).filter(Boolean);
    expect(lines.filter((line) => line === `Foliowise is running at ${server.baseUrl}`)).toHaveLength(1);
    for (const line of lines) expect(line).not.toMatch(/^\s*[{"]/);
    expect(lines.some((line) => /^\[\d\d:\d\d:\d\d\] INFO: job ran \{"job":/.test(line))).toBe(true);
    expect(lines.some((line) => /INFO: stopped cleanly$/.test(line))).toBe(true);
    const text = lines.join('\n');
    expect(text).not.toContain('Server listening');
    expect(text).not.toContain('request completed');
    expect(text).not.toContain('/api/no-such-route');
  });

  it('into a pipe: JSON lines only, the address among them as a line at info', async () => {
    const server = await startServer({ env: { LOG_LEVEL: 'info' } });
    running.push(server);
    await browse(server.baseUrl);
    expect(await server.stop('SIGTERM')).toBe(0);

    const lines = server
      .output()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; url?: string });
    expect(lines.filter((line) => line.msg === `Foliowise is running at ${server.baseUrl}`)).toEqual([
      expect.objectContaining({ level: 30, url: server.baseUrl }),
    ]);
    expect(lines.map((line) => line.msg)).toContain('stopped cleanly');
    expect(lines.filter((line) => /Server listening|request completed/.test(line.msg))).toEqual([]);
    expect(server.output()).not.toContain('/api/no-such-route');
  });
});
