import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { injectAs, signUpUser } from '../testing/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const email = () => `bad-input.${++n}@example.com`;
const validSignup = () => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: email(),
  password: 'Sturdy-Larch-42',
});

/** Each request from its own address, so the signup limit (20 a minute per IP) never interferes. */
function send(url: string, payload: string | Buffer, contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType },
    remoteAddress: `10.1.${Math.floor(++n / 250)}.${(n % 250) + 1}`,
  });
}
const sendJson = (url: string, body: unknown) => send(url, JSON.stringify(body));

/** Exactly `{ error: { code, message, fields? } }`, strings only, and no stack trace anywhere. */
function expectErrorShape(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['error']);
  const keys = Object.keys(body.error);
  expect(keys.slice(0, 2)).toEqual(['code', 'message']);
  expect(keys.every((k) => ['code', 'message', 'fields'].includes(k))).toBe(true);
  expect(body.error.code).toMatch(/^[A-Z][A-Z_]+$/);
  if (code) expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  if (body.error.fields !== undefined) {
    for (const v of Object.values(body.error.fields)) expect(typeof v).toBe('string');
  }
  expect(res.body).not.toMatch(/\bat .+\(.*:\d+:\d+\)|node_modules|\.ts:\d+|stack/i);
  return body.error as { code: string; message: string; fields?: Record<string, string> };
}

describe('bad input never reaches a 5xx and always answers the error shape', () => {
  it.each([
    ['{"email": "a@b.co", "password": ', 'truncated'],
    ["{'email': 'a@b.co'}", 'single quotes'],
    ['{"email": "a@b.co",}', 'trailing comma'],
    ['not json at all', 'plain words'],
  ])('malformed JSON (%s, %s) -> 400 BAD_REQUEST', async (payload) => {
    for (const url of ['/api/auth/login', '/api/auth/signup']) {
      const error = expectErrorShape(await send(url, payload), 400, 'BAD_REQUEST');
      expect(error.message).toBe('Request body is not valid JSON');
    }
  });

  it('an empty JSON body -> 400', async () => {
    expectErrorShape(await send('/api/auth/login', ''), 400);
  });

  it('a JSON body that is not an object -> 400 VALIDATION_ERROR', async () => {
    for (const payload of ['[]', 'null', '"text"', '42', 'true', '[{"email":"a@b.co"}]']) {
      expectErrorShape(await send('/api/auth/login', payload), 400, 'VALIDATION_ERROR');
      expectErrorShape(await send('/api/auth/signup', payload), 400, 'VALIDATION_ERROR');
    }
  });

  it('wrong types -> 400 VALIDATION_ERROR naming the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/auth/signup', { ...validSignup(), firstName: 42 }, 'firstName'],
      ['/api/auth/signup', { ...validSignup(), email: ['a@b.co'] }, 'email'],
      ['/api/auth/signup', { ...validSignup(), password: { $ne: '' } }, 'password'],
      ['/api/auth/signup', { ...validSignup(), lastName: null }, 'lastName'],
      ['/api/auth/login', { email: 'a@b.co', password: 12345678 }, 'password'],
      ['/api/auth/login', { email: { $gt: '' }, password: 'x' }, 'email'],
      ['/api/auth/login', { email: 'a@b.co', password: 'Sturdy-Larch-42', rememberMe: 'yes' }, 'rememberMe'],
    ];
    for (const [url, body, field] of cases) {
      const error = expectErrorShape(await sendJson(url, body), 400, 'VALIDATION_ERROR');
      expect(Object.keys(error.fields ?? {})).toContain(field);
    }
  });

  it('missing fields -> 400 VALIDATION_ERROR', async () => {
    for (const field of ['firstName', 'lastName', 'email', 'password'] as const) {
      const body: Record<string, unknown> = validSignup();
      delete body[field];
      const error = expectErrorShape(await sendJson('/api/auth/signup', body), 400, 'VALIDATION_ERROR');
      expect(error.fields?.[field]).toBe('Please fill in all required fields');
    }
    expectErrorShape(await sendJson('/api/auth/login', { email: 'a@b.co' }), 400, 'VALIDATION_ERROR');
  });

  it('extra fields (strict objects) -> 400 VALIDATION_ERROR', async () => {
    expectErrorShape(
      await sendJson('/api/auth/signup', { ...validSignup(), isAdmin: true }),
      400,
      'VALIDATION_ERROR',
    );
    expectErrorShape(
      await sendJson('/api/auth/login', { email: 'a@b.co', password: 'Sturdy-Larch-42', userId: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('prototype pollution attempts -> 400', async () => {
    const res = await send(
      '/api/auth/login',
      '{"email":"a@b.co","password":"x","__proto__":{"isAdmin":true}}',
    );
    expectErrorShape(res, 400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const ctor = await send(
      '/api/auth/login',
      '{"email":"a@b.co","password":"x","constructor":{"prototype":{"x":1}}}',
    );
    expectErrorShape(ctor, 400);
  });

  it('a 3 MB body -> 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ ...validSignup(), firstName: 'x'.repeat(3 * 1024 * 1024) });
    expectErrorShape(await send('/api/auth/signup', big), 413, 'PAYLOAD_TOO_LARGE');
    expectErrorShape(
      await send('/api/auth/login', Buffer.alloc(3 * 1024 * 1024, 'a')),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('over-long strings under the body limit -> 400, not a database error', async () => {
    expectErrorShape(
      await sendJson('/api/auth/signup', { ...validSignup(), firstName: 'x'.repeat(500_000) }),
      400,
      'VALIDATION_ERROR',
    );
    expectErrorShape(
      await sendJson('/api/auth/login', { email: `${'x'.repeat(300_000)}@x.com`, password: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('SQL and path characters in the email -> 4xx, and the user table is still there', async () => {
    const hostile = [
      `' OR 1=1; DROP TABLE "user"; --@x.com`,
      `x@x.com'; DELETE FROM session; --`,
      '../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd@x.com',
      'a@b.co\u0000',
      '\u0000',
      'robert"); DROP TABLE "user";--@x.com',
    ];
    for (const value of hostile) {
      const signup = await sendJson('/api/auth/signup', { ...validSignup(), email: value });
      expectErrorShape(signup, 400, 'VALIDATION_ERROR');
      const login = await sendJson('/api/auth/login', { email: value, password: 'Sturdy-Larch-42' });
      expect(login.statusCode, login.body).toBeGreaterThanOrEqual(400);
      expect(login.statusCode, login.body).toBeLessThan(500);
      expectErrorShape(login, login.statusCode);
    }
    for (const field of ['firstName', 'lastName']) {
      const res = await sendJson('/api/auth/signup', { ...validSignup(), [field]: 'Ada\u0000' });
      expectErrorShape(res, 400, 'VALIDATION_ERROR');
    }
    const { rows } = await t.deps.database.pool.query<{ table: string | null }>(
      `select to_regclass('public."user"')::text as table`,
    );
    expect(rows[0]?.table).toBe('"user"');
    expect((await sendJson('/api/auth/signup', validSignup())).statusCode).toBe(202);
  });

  it('path characters in the URL -> 4xx', async () => {
    for (const url of [
      '/api/auth/../../etc/passwd',
      '/api/auth/%2e%2e/%2e%2e/etc/passwd',
      '/api/auth/login/..%2F..%2Fetc%2Fpasswd',
      '/api/admin/..%2f..%2fetc%2fpasswd',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expectErrorShape(res, res.statusCode);
    }
  });

  it('a non-JSON content type -> 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await send('/api/auth/login', 'email=a%40b.co&password=x', type);
      expectErrorShape(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('text/plain is never taken as a login or signup', async () => {
    const res = await send(
      '/api/auth/login',
      JSON.stringify({ email: 'a@b.co', password: 'x' }),
      'text/plain',
    );
    expectErrorShape(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('text PostgreSQL cannot store -> 400 VALIDATION_ERROR naming the field, never a 5xx', () => {
  /** NUL, a high and a low surrogate without their other half, each inside ordinary text. */
  const UNSTORABLE = ['Ada\u0000Byron', 'Ada\uD800', '\uDC00Ada'];

  it('names at signup', async () => {
    for (const value of UNSTORABLE) {
      for (const [field, label] of [
        ['firstName', 'First name'],
        ['lastName', 'Last name'],
      ] as const) {
        const error = expectErrorShape(
          await sendJson('/api/auth/signup', { ...validSignup(), [field]: value }),
          400,
          'VALIDATION_ERROR',
        );
        expect(error.fields).toEqual({ [field]: `${label} contains characters that are not allowed` });
      }
    }
  });

  it('the name and description of a paper portfolio', async () => {
    const user = await signUpUser(t.app);
    for (const value of UNSTORABLE) {
      for (const [body, field, message] of [
        [{ name: value }, 'name', 'Portfolio name contains characters that are not allowed'],
        [
          { name: 'Growth', description: value },
          'description',
          'Description contains characters that are not allowed',
        ],
      ] as const) {
        const res = await injectAs(user, t.app, {
          method: 'POST',
          url: '/api/paper-trading/portfolio',
          payload: body,
        });
        expect(expectErrorShape(res, 400, 'VALIDATION_ERROR').fields).toEqual({ [field]: message });
      }
    }
  });

  it('saved portfolio keys, which must be tickers', async () => {
    const user = await signUpUser(t.app);
    for (const key of ['AAPL\u0000', 'AAPL\uD800', '\uDC00AAPL', 'AA PL', 'AAPL;DROP', 'ÄPPL', '<b>']) {
      const res = await injectAs(user, t.app, {
        method: 'PUT',
        url: '/api/portfolio',
        payload: { portfolio: { [key]: 1 } },
      });
      const error = expectErrorShape(res, 400, 'VALIDATION_ERROR');
      expect(error.fields).toEqual({
        [`portfolio.${key}`]: 'A symbol may contain only letters, digits and . - ^ = : /',
      });
    }
  });

  it('still accepts every kind of key and name that was valid before', async () => {
    const user = await signUpUser(t.app);
    const res = await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/portfolio',
      payload: {
        portfolio: {
          aapl: 1,
          'BRK.B': 2,
          'BRK/B': 3,
          'brk-b': 4,
          '^VIX': 5,
          'EURUSD=X': 6,
          'crypto: btc': 7,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().portfolio).toEqual({
      AAPL: 1,
      'BRK.B': 2,
      'BRK/B': 3,
      'BRK-B': 4,
      '^VIX': 5,
      'EURUSD=X': 6,
      'CRYPTO:BTC': 7,
    });
    const named = await sendJson('/api/auth/signup', {
      ...validSignup(),
      firstName: 'Zoë 🚀',
      lastName: 'Ōkubo',
    });
    expect(named.statusCode, named.body).toBe(202);
    const portfolio = await injectAs(user, t.app, {
      method: 'POST',
      url: '/api/paper-trading/portfolio',
      payload: { name: 'Rocket 🚀', description: 'Two lines\nof notes' },
    });
    expect(portfolio.statusCode, portfolio.body).toBe(201);
  });
});
