import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../contracts/errors';
import { api, errorCode, errorMessage, schemaFromReader, serverMessage } from './api-client';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Handler = (request: Received, response: ServerResponse) => void;

/**
 * A real HTTP server on a free local port. Each test sets `handle`; the browser's relative paths ('/api/...')
 * are resolved against the server by a thin wrapper around Node's fetch.
 */
let server: Server;
let baseUrl: string;
let handle: Handler;
const received: Received[] = [];
/** Every response the client got, to check what it did with their bodies. */
const responses: Response[] = [];
const nodeFetch = globalThis.fetch;

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** What the server's error handler sends for an AppError (src/server/http/errors.ts). */
function sendError(response: ServerResponse, error: AppError): void {
  sendJson(response, error.status, error.toBody());
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      // One connection per request: no test meets a socket that an earlier test left in the client's pool.
      response.setHeader('Connection', 'close');
      handle(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    const response = await nodeFetch(new URL(path, baseUrl), init);
    responses.push(response);
    return response;
  });
});

afterEach(() => {
  received.length = 0;
  responses.length = 0;
});

afterAll(async () => {
  vi.unstubAllGlobals();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const ZGreeting = z.object({ greeting: z.string() });

describe('api: requests', () => {
  it('sends JSON with the method, Accept, Content-Type and extra headers, and parses the answer with the schema', async () => {
    handle = (_request, response) => sendJson(response, 200, { greeting: 'hello', extra: true });
    const answer = await api.post(
      '/api/greet',
      { name: 'Ada' },
      {
        schema: ZGreeting,
        headers: { 'Idempotency-Key': 'key-1' },
      },
    );
    expect(answer).toEqual({ greeting: 'hello' });
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/api/greet', body: '{"name":"Ada"}' });
    expect(request?.headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotency-key': 'key-1',
    });
  });

  it('sends no body and no Content-Type on a GET, and returns the JSON unchecked without a schema', async () => {
    handle = (_request, response) => sendJson(response, 200, [1, 2, 3]);
    await expect(api.get('/api/list?type=weekly')).resolves.toEqual([1, 2, 3]);
    expect(received[0]).toMatchObject({ method: 'GET', url: '/api/list?type=weekly', body: '' });
    expect(received[0]?.headers['content-type']).toBeUndefined();
  });

  it('uses PUT and DELETE', async () => {
    handle = (_request, response) => {
      response.writeHead(204);
      response.end();
    };
    await expect(api.put('/api/thing', { a: 1 })).resolves.toBeUndefined();
    await expect(api.delete('/api/thing/1')).resolves.toBeUndefined();
    expect(received.map((r) => r.method)).toEqual(['PUT', 'DELETE']);
  });
});

describe('api: errors', () => {
  it("turns the server's error body into an AppError with its code, message, status and fields", async () => {
    handle = (_request, response) =>
      sendError(
        response,
        new AppError('VALIDATION_ERROR', 'Check the highlighted fields', {
          status: 400,
          fields: { quantity: 'Quantity must be at least 1' },
        }),
      );
    const error = await api.post('/api/paper-trading/trade', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Check the highlighted fields',
      status: 400,
      fields: { quantity: 'Quantity must be at least 1' },
    });
    expect(serverMessage(error, 'fallback')).toBe('Check the highlighted fields');
  });

  it("reads a 422 refusal's message word for word", async () => {
    handle = (_request, response) =>
      sendError(
        response,
        new AppError(
          'INSUFFICIENT_CASH',
          'Insufficient cash: this order costs $10,105.00 but the portfolio has $10,000.00 available.',
          { status: 422 },
        ),
      );
    await expect(api.post('/api/paper-trading/trade', {})).rejects.toMatchObject({
      code: 'INSUFFICIENT_CASH',
      status: 422,
      message: 'Insufficient cash: this order costs $10,105.00 but the portfolio has $10,000.00 available.',
    });
  });

  it('reports a non-JSON error body as `status: text`, and an empty one as `status: statusText`', async () => {
    handle = (_request, response) => {
      response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end('Internal oops');
    };
    const error = await api.get('/api/broken').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'HTTP_ERROR', message: '500: Internal oops', status: 500 });
    expect(serverMessage(error, 'Please try again.')).toBe('Please try again.');

    handle = (_request, response) => {
      response.writeHead(502);
      response.end();
    };
    await expect(api.get('/api/broken')).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      message: '502: Bad Gateway',
    });
  });

  it('reports a JSON error body of another shape as `status: text`', async () => {
    handle = (_request, response) => sendJson(response, 404, { message: 'Not Found' });
    await expect(api.get('/api/missing')).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      message: '404: {"message":"Not Found"}',
      status: 404,
    });
  });

  it('throws on a 401 by default, and answers null with on401: returnNull', async () => {
    handle = (_request, response) => sendError(response, new AppError('UNAUTHENTICATED', 'Please sign in'));
    await expect(api.get('/api/terminal/overview')).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      status: 401,
    });
    await expect(api.get('/api/terminal/overview', { on401: 'returnNull' })).resolves.toBeNull();
    // An unread body keeps the request open in a browser when the answer is not cached (no-store).
    expect(responses.map((response) => response.bodyUsed)).toEqual([true, true]);
  });

  it('rejects a success body that is not JSON', async () => {
    handle = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<!doctype html><title>proxy</title>');
    };
    const error = await api.get('/api/config').catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'BAD_RESPONSE',
      message: 'The server sent a response that could not be read.',
      status: 200,
    });
    expect(serverMessage(error, 'fallback')).toBe('fallback');
  });

  it('rejects a success body that does not fit the schema, and an empty one when a schema is given', async () => {
    handle = (_request, response) => sendJson(response, 200, { greeting: 42 });
    await expect(api.get('/api/greet', { schema: ZGreeting })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: 'The server sent an unexpected response.',
      status: 200,
    });

    handle = (_request, response) => {
      response.writeHead(200);
      response.end();
    };
    await expect(api.get('/api/greet', { schema: ZGreeting })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });

  it('checks the body with a hand-written reader through schemaFromReader', async () => {
    const readGreeting = (value: unknown) =>
      typeof value === 'object' && value !== null && 'greeting' in value ? String(value.greeting) : null;
    handle = (_request, response) => sendJson(response, 200, { greeting: 'hi' });
    await expect(api.get('/api/greet', { schema: schemaFromReader(readGreeting) })).resolves.toBe('hi');
    handle = (_request, response) => sendJson(response, 200, { other: 'hi' });
    await expect(api.get('/api/greet', { schema: schemaFromReader(readGreeting) })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });

  it('rethrows an abort as the AbortError, not as an AppError', async () => {
    const controller = new AbortController();
    // The server never answers: the request is pending until it is aborted.
    handle = () => controller.abort();
    const error = await api.get('/api/slow', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(error).not.toBeInstanceOf(AppError);
  });

  it('reports a server that cannot be reached as NETWORK_ERROR with status 0', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => nodeFetch(new URL(path, closedUrl), init));
    try {
      const error = await api.get('/api/health').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'NETWORK_ERROR',
        message: 'Network error. Please check your connection and try again.',
        status: 0,
      });
      expect(serverMessage(error, 'fallback')).toBe(
        'Network error. Please check your connection and try again.',
      );
    } finally {
      vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
        const response = await nodeFetch(new URL(path, baseUrl), init);
        responses.push(response);
        return response;
      });
    }
  });
});

describe('errorMessage', () => {
  it("gives the error's message, or the fallback for a blank message or a thrown non-error", () => {
    expect(errorMessage(new Error('Boom'), 'fallback')).toBe('Boom');
    expect(errorMessage(new Error('  '), 'fallback')).toBe('fallback');
    expect(errorMessage('a string', 'fallback')).toBe('fallback');
  });
});

describe('errorCode', () => {
  it("gives an error's code, or undefined for an error without one", () => {
    expect(errorCode(new AppError('SUBSCRIPTION_REQUIRED', 'Upgrade to Premium'))).toBe(
      'SUBSCRIPTION_REQUIRED',
    );
    expect(errorCode(new Error('plain'))).toBeUndefined();
    expect(errorCode({ code: 'NOT_AN_ERROR' })).toBeUndefined();
  });
});
