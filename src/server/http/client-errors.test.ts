import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody } from '../../contracts/errors';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** Sends raw bytes on a fresh connection and reads everything the server writes until it closes. */
function exchange(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    // The server may close while the rest of an oversized request is still being written: that is expected.
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
    socket.on('close', () => resolve(received));
    socket.write(request);
  });
}

/** The status and the parsed `{ error: { code, message } }` of a raw HTTP/1.1 answer. */
function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]);
  expect(head).toMatch(/^content-type: application\/json/im);
  const parsed: unknown = JSON.parse(body);
  expect(Object.keys(parsed as object)).toEqual(['error']);
  return { status, error: ZErrorBody.parse(parsed).error };
}

describe('answers made before a route runs use the error shape', () => {
  it("431 from Node's parser for headers over its limit", async () => {
    const raw = await exchange(
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const { status, error } = parseAnswer(raw);
    expect(status).toBe(431);
    expect(error.code).toBe('HEADERS_TOO_LARGE');
    expect(error.message).toMatch(/too large \(limit 16 KB\)/);
  });

  it('431 too for a request line over that limit', async () => {
    const raw = await exchange(`GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const { status, error } = parseAnswer(raw);
    expect(status).toBe(431);
    expect(error.code).toBe('HEADERS_TOO_LARGE');
  });

  it('414 for a path parameter over 100 characters', async () => {
    const raw = await exchange(
      `GET /api/checkout-sessions/cs_${'a'.repeat(200)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    const { status, error } = parseAnswer(raw);
    expect(status).toBe(414);
    expect(error).toEqual({ code: 'URI_TOO_LONG', message: 'The request URL is too long' });
  });

  it('400 for a URL that cannot be decoded, and for bytes that are not HTTP', async () => {
    const badUrl = parseAnswer(
      await exchange(
        `GET /api/checkout-sessions/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      ),
    );
    expect(badUrl.status).toBe(400);
    expect(badUrl.error.code).toBe('BAD_REQUEST');
    const notHttp = parseAnswer(await exchange('HELLO THERE\r\n\r\n'));
    expect(notHttp.status).toBe(400);
    expect(notHttp.error).toEqual({ code: 'BAD_REQUEST', message: 'The request is not valid HTTP' });
  });
});
