import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createLogger, isSensitiveField, loggerOptions, RequestLogController, redactUrl } from './logger';

function captureStream() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { stream, output: () => lines.join(''), lines: () => lines.map((l) => JSON.parse(l)) };
}

function captureLogger() {
  const { stream, output, lines } = captureStream();
  return { logger: createLogger('info', stream), output, lines };
}

const SECRETS = {
  cookie: 'fw_session=Zm9saW93aXNlLXNlc3Npb24tdG9rZW4tc2VjcmV0LXZhbHVl',
  authorization: 'Bearer sk-live-authorization-secret',
  password: 'hunter2',
  apiKey: 'k-api-key-secret-value',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
};

describe('log redaction', () => {
  it('keeps cookies, authorization, passwords, API keys and password hashes out of log lines', () => {
    const { logger, output } = captureLogger();
    logger.info(
      {
        req: {
          method: 'POST',
          url: '/api/auth/login',
          headers: { cookie: SECRETS.cookie, authorization: SECRETS.authorization },
        },
        headers: { cookie: SECRETS.cookie, authorization: SECRETS.authorization },
        body: { email: 'ada@example.com', password: SECRETS.password, apiKey: SECRETS.apiKey },
        user: { id: 'u1', passwordHash: SECRETS.passwordHash },
      },
      'request',
    );
    const text = output();
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('sk-live');

    // The line is still there, with its harmless parts and the secrets replaced.
    const line = JSON.parse(text.trim());
    expect(line.msg).toBe('request');
    expect(line.req).toEqual({ method: 'POST', url: '/api/auth/login' });
    expect(line.body.email).toBe('ada@example.com');
    expect(line.body.password).toBe('[redacted]');
    expect(line.user).toEqual({ id: 'u1', passwordHash: '[redacted]' });
    expect(line.headers).toEqual({ cookie: '[redacted]', authorization: '[redacted]' });
  });

  it('redacts at the top level, several levels deep, in arrays, and a Set-Cookie answer', () => {
    const { logger, output } = captureLogger();
    logger.info({ password: 'top-level-secret' });
    logger.info({ a: { b: { password: 'two-deep-secret' } } });
    logger.info({ a: { b: { c: { token: 'three-deep-secret' } } } });
    logger.info({ a: { b: { c: { d: { e: { secret: 'five-deep-secret' } } } } } });
    logger.info({ res: { headers: { 'set-cookie': 'fw_session=set-cookie-secret' } } });
    logger.info({ answer: { headers: { 'Set-Cookie': ['fw_session=set-cookie-array-secret'] } } });
    logger.info({ input: { confirmPassword: 'confirm-secret', clientSecret: 'pi_secret_x' } });
    logger.info({ vendors: [{ name: 'fmp', api_key: 'array-item-secret' }] });
    logger.info({ request: { headers: { 'x-api-key': 'x-api-key-secret', 'X-Auth-Token': 'x-token' } } });
    const text = output();
    for (const secret of [
      'top-level-secret',
      'two-deep-secret',
      'three-deep-secret',
      'five-deep-secret',
      'set-cookie-secret',
      'set-cookie-array-secret',
      'confirm-secret',
      'pi_secret_x',
      'array-item-secret',
      'x-api-key-secret',
      'x-token',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('"name":"fmp"');
  });

  it("redacts an error's own fields, logged under err or on its own, and what toJSON writes", () => {
    const { logger, output, lines } = captureLogger();
    const error = Object.assign(new Error('vendor refused'), {
      config: { headers: { Authorization: 'Bearer error-config-secret' } },
      vendor: 'polygon',
    });
    logger.error({ err: error }, 'failed');
    logger.error(error);
    logger.info({ wrapper: { toJSON: () => ({ apiKey: 'to-json-secret' }) } });
    expect(output()).not.toContain('error-config-secret');
    expect(output()).not.toContain('to-json-secret');
    const [first, second] = lines();
    expect(first.err.message).toBe('vendor refused');
    expect(first.err.vendor).toBe('polygon');
    expect(first.err.config.headers.Authorization).toBe('[redacted]');
    expect(second.err.config.headers.Authorization).toBe('[redacted]');
  });

  it('leaves the logged objects as they were', () => {
    const { logger } = captureLogger();
    const body = { email: 'ada@example.com', nested: { password: SECRETS.password } };
    logger.info({ body });
    expect(body.nested.password).toBe(SECRETS.password);
  });

  it('redacts with the options other tests build their pino loggers from', () => {
    const { stream, output } = captureStream();
    pino(loggerOptions('trace'), stream).trace({ settings: { apiKey: SECRETS.apiKey } });
    expect(output()).toContain('"apiKey":"[redacted]"');
  });

  it('names as sensitive every field named like a password, secret, key or token, and nothing else we log', () => {
    for (const name of [
      'password',
      'passwordHash',
      'confirmPassword',
      'newPassword',
      'secret',
      'appSecret',
      'clientSecret',
      'STRIPE_WEBHOOK_SECRET',
      'apiKey',
      'api_key',
      'apikey',
      'x-api-key',
      'key',
      'apiKeys',
      'token',
      'refresh_token',
      'authorization',
      'Proxy-Authorization',
      'cookie',
      'set-cookie',
      'cardNumber',
      'card_number',
    ]) {
      expect(isSensitiveField(name), name).toBe(true);
    }
    for (const name of [
      'reqId',
      'vendor',
      'reason',
      'detail',
      'broker',
      'kind',
      'holdings',
      'url',
      'email',
    ]) {
      expect(isSensitiveField(name), name).toBe(false);
    }
  });

  it('redacts sensitive query parameters in a URL and keeps the others', () => {
    expect(redactUrl('/api/market-data/AAPL')).toBe('/api/market-data/AAPL');
    expect(redactUrl('/api/x?symbol=AAPL&apikey=abc123&range=1Y')).toBe(
      '/api/x?symbol=AAPL&apikey=[redacted]&range=1Y',
    );
    expect(redactUrl('/cb?access%5Ftoken=t0k&state=s')).toBe('/cb?access%5Ftoken=[redacted]&state=s');
  });
});

describe('request log lines', () => {
  const capture = captureStream();
  let t: TestApp;
  beforeAll(async () => {
    // Every request has its line at debug (at info only the slow and the failed ones: log-output.test.ts).
    t = await createTestApp({ loggerInstance: createLogger('debug', capture.stream) });
  });
  afterAll(() => t.close());

  it('writes one line per request, with its id, method, URL, status and time, and no secret', async () => {
    const before = capture.lines().length;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health?api_key=query-secret',
      headers: { cookie: SECRETS.cookie, authorization: SECRETS.authorization },
    });
    expect(res.statusCode).toBe(200);
    const lines = capture.lines().slice(before);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line.msg).toBe('request completed');
    expect(line.reqId).toEqual(expect.any(String));
    expect(line.req).toEqual({
      method: 'GET',
      url: '/api/health?api_key=[redacted]',
      remoteAddress: '127.0.0.1',
    });
    expect(line.res).toEqual({ statusCode: 200 });
    expect(line.responseTime).toEqual(expect.any(Number));
    const text = capture.output();
    for (const secret of [SECRETS.cookie, SECRETS.authorization, 'query-secret']) {
      expect(text).not.toContain(secret);
    }
  });

  it("puts a route's own lines on the request's id", async () => {
    const own = captureStream();
    const app = Fastify({
      loggerInstance: createLogger('debug', own.stream),
      logController: new RequestLogController(),
    });
    app.post('/echo', async (request) => {
      request.log.info({ body: request.body }, 'echo');
      return { ok: true };
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/echo',
        payload: { email: 'ada@example.com', password: 'route-line-secret' },
      });
      expect(res.statusCode).toBe(200);
      const [routeLine, completed, ...rest] = own.lines();
      expect(rest).toEqual([]);
      expect(routeLine).toMatchObject({
        msg: 'echo',
        body: { email: 'ada@example.com', password: '[redacted]' },
      });
      expect(completed).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
      expect(routeLine.reqId).toBe(completed.reqId);
      expect(own.output()).not.toContain('route-line-secret');
    } finally {
      await app.close();
    }
  });
});

describe('database errors in log lines', () => {
  const capture = captureStream();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loggerInstance: createLogger('info', capture.stream) });
    // A constraint this test adds, so that an ordinary signup fails inside PostgreSQL with real parameters.
    await t.deps.database.pool.query(
      `ALTER TABLE "user" ADD CONSTRAINT log_test_reject CHECK (first_name <> 'Rejected-Name')`,
    );
  });
  afterAll(() => t.close());

  it('writes the code, table and constraint with the request id, and neither the SQL nor a parameter', async () => {
    const before = capture.lines().length;
    const email = 'db-error.secret-address@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Rejected-Name', lastName: 'Secret-Surname', email, password: 'Sturdy-Larch-42' },
    });
    expect(res.statusCode).toBe(500);
    const lines = capture.lines().slice(before);
    const errorLine = lines.find((line) => line.err);
    expect(errorLine.err).toEqual({
      type: 'DatabaseError',
      message: 'database query failed',
      code: '23514',
      table: 'user',
      constraint: 'log_test_reject',
    });
    expect(errorLine.reqId).toEqual(expect.any(String));
    const text = JSON.stringify(lines);
    for (const leak of [email, 'Rejected-Name', 'Secret-Surname', '$argon2', 'insert into', 'params']) {
      expect(text).not.toContain(leak);
    }
  });

  it('writes a failed query that never reached PostgreSQL, or wrapped in another error, the same way', () => {
    const { logger, output, lines } = captureLogger();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const query = new DrizzleQueryError(
      'select * from "user" where "email" = $1',
      ['wrapped@example.com'],
      refused,
    );
    logger.error({ err: query }, 'failed');
    logger.error({ err: new Error('sign-in failed', { cause: query }) }, 'failed');
    expect(output()).not.toContain('wrapped@example.com');
    expect(output()).not.toContain('select');
    for (const line of lines()) {
      expect(line.err).toEqual({
        type: 'DatabaseError',
        message: 'database query failed',
        code: 'ECONNREFUSED',
      });
    }
  });
});
