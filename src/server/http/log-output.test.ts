import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createLogger,
  createProcessLogger,
  LISTENING_TEXT_DROPPED,
  RequestLogController,
  requestLogLevel,
  SLOW_REQUEST_MS,
} from './logger';

function captureStream(isTTY?: boolean) {
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.toString());
        callback();
      },
    }),
    { isTTY },
  );
  const output = () => stripVTControlCharacters(chunks.join(''));
  return { stream, output, lines: () => output().split('\n').filter(Boolean) };
}

function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A completed request as the controller sees it, answered `statusCode` after `elapsedTime` ms. */
function completedRequest(log: FastifyReply['log'], statusCode: number, elapsedTime: number) {
  const request = { method: 'GET', url: '/api/quotes?symbols=AAPL', ip: '127.0.0.1' } as FastifyRequest;
  const reply = { statusCode, elapsedTime, log } as unknown as FastifyReply;
  return { request, reply };
}

describe('which requests are logged at which level', () => {
  it('puts a failed request at error, a slow one at info and every other one at debug', () => {
    const fast = SLOW_REQUEST_MS - 0.5;
    expect(requestLogLevel(200, 3, false)).toBe('debug');
    expect(requestLogLevel(304, 3, false)).toBe('debug');
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(requestLogLevel(status, fast, false)).toBe('debug');
    }
    expect(requestLogLevel(200, SLOW_REQUEST_MS, false)).toBe('info');
    expect(requestLogLevel(404, 2500, false)).toBe('info');
    expect(requestLogLevel(500, 3, false)).toBe('error');
    expect(requestLogLevel(503, 5000, false)).toBe('error');
    expect(requestLogLevel(200, 3, true)).toBe('error');
    expect(SLOW_REQUEST_MS).toBe(1000);
  });

  it('writes nothing at info for answers given in time, 4xx included, and one error line for a 5xx', async () => {
    const capture = captureStream();
    const app = Fastify({
      loggerInstance: createLogger('info', capture.stream),
      logController: new RequestLogController(),
    });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/refused', async (_request, reply) => reply.code(401).send({ error: 'no' }));
    app.get('/limited', async (_request, reply) => reply.code(429).send({ error: 'slow down' }));
    app.get('/down', async (_request, reply) => reply.code(503).send({ error: 'down' }));
    try {
      for (const url of ['/ok', '/refused', '/limited', '/ok?again=1']) {
        await app.inject({ method: 'GET', url });
      }
      expect(capture.output()).toBe('');
      expect((await app.inject({ method: 'GET', url: '/down' })).statusCode).toBe(503);
      const lines = jsonLines(capture.output());
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 50,
        msg: 'request failed',
        req: { method: 'GET', url: '/down' },
        res: { statusCode: 503 },
        responseTime: expect.any(Number),
      });
    } finally {
      await app.close();
    }
  });

  it('writes a slow request at info, and every request at debug', () => {
    const controller = new RequestLogController();
    const atInfo = captureStream();
    const infoLog = createLogger('info', atInfo.stream);
    const slow = completedRequest(infoLog, 200, 1500);
    controller.requestCompleted(null, slow.request, slow.reply);
    const quick = completedRequest(infoLog, 200, 12);
    controller.requestCompleted(null, quick.request, quick.reply);
    expect(jsonLines(atInfo.output())).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'slow request',
        req: { method: 'GET', url: '/api/quotes?symbols=AAPL', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: 1500,
      }),
    ]);

    const atDebug = captureStream();
    const debugLog = createLogger('debug', atDebug.stream);
    for (const [status, time] of [
      [200, 12],
      [404, 3],
      [200, 1500],
    ] as const) {
      const { request, reply } = completedRequest(debugLog, status, time);
      controller.requestCompleted(null, request, reply);
    }
    expect(jsonLines(atDebug.output()).map((line) => [line.level, line.msg])).toEqual([
      [20, 'request completed'],
      [20, 'request completed'],
      [30, 'slow request'],
    ]);
  });
});

describe('the process logger', () => {
  it('writes lines a person reads on a terminal, and one plain line saying where the app is', () => {
    const terminal = captureStream(true);
    const { log, announce } = createProcessLogger('info', terminal.stream);
    log.info('embedded PostgreSQL ready');
    log.info({ job: 'delete-expired-sessions', deleted: 2 }, 'job ran');
    log.debug('not at info');
    const slow = completedRequest(log, 200, 1499.6);
    new RequestLogController().requestCompleted(null, slow.request, slow.reply);
    // What Fastify's listen() logs for each address (main.ts's listenTextResolver).
    log.info(LISTENING_TEXT_DROPPED);
    announce('http://127.0.0.1:5000');

    const lines = terminal.lines();
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).not.toMatch(/^\s*\{/);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: embedded PostgreSQL ready$/);
    expect(lines[1]).toMatch(/INFO: job ran \{"job":"delete-expired-sessions","deleted":2\}$/);
    expect(lines[2]).toMatch(/INFO: slow request: GET \/api\/quotes\?symbols=AAPL 200 in 1500 ms$/);
    expect(lines[3]).toBe('Foliowise is running at http://127.0.0.1:5000');
    expect(terminal.output()).not.toContain(LISTENING_TEXT_DROPPED);
    expect(terminal.output()).not.toContain('reqId');
  });

  it('says where the app is even when LOG_LEVEL hides info lines', () => {
    const terminal = captureStream(true);
    const { log, announce } = createProcessLogger('warn', terminal.stream);
    log.info('hidden');
    announce('http://[::1]:5000');
    expect(terminal.lines()).toEqual(['Foliowise is running at http://[::1]:5000']);
  });
});
