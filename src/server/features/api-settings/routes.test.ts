import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import pino, { type LoggerOptions } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_API_KEY_MESSAGE,
  TEST_MESSAGES,
  ZApiKeyEntry,
  ZApiKeyListResponse,
  ZTestApiKeyResponse,
} from '../../../contracts/api-settings';
import { ZQuoteResponse } from '../../../contracts/market-data';
import { buildApp } from '../../app';
import { loggerOptions } from '../../http/logger';
import { createMarketDataService } from '../market-data/service';
import { createFakeAdapter } from '../../providers/market-data/testing/fake-adapter';
import {
  jsonFixture,
  startFakeVendorServer,
  type FakeVendorServer,
} from '../../providers/market-data/testing/fake-vendor-server';
import { createTestApp, testConfig, TEST_APP_SECRET, type TestApp } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { injectAs, signUpUser, type TestUser } from '../../testing/users';
import { getUserVendorKeys, NO_KEY_TO_TEST_MESSAGE, UNREADABLE_KEY_MESSAGE } from './service';

const BASE = '/api/settings/api-keys';

/** Every log line the main test app writes, at trace level. */
const logLines: string[] = [];
/** Every answer body of this file, checked for raw keys. */
const seenBodies: string[] = [];
/** Every raw key this file sends. */
const sentKeys: string[] = [];

let vendor: FakeVendorServer;
let t: TestApp;
/** The same app with every vendor base URL on a port where nothing listens. */
let offline: TestApp;

function captureLogger(): FastifyBaseLogger {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  return pino(loggerOptions('trace') as LoggerOptions, stream);
}

beforeAll(async () => {
  vendor = await startFakeVendorServer();
  const closed = await startFakeVendorServer();
  const closedUrl = closed.url;
  await closed.close();
  [t, offline] = await Promise.all([
    createTestApp({
      loggerInstance: captureLogger(),
      overrides: {
        apiSettings: {
          vendorBaseUrls: {
            alphavantage: `${vendor.url}/query`,
            polygon: vendor.url,
            fmp: `${vendor.url}/stable`,
          },
          keyTestTimeoutMs: 3000,
        },
      },
    }),
    createTestApp({
      overrides: {
        apiSettings: {
          vendorBaseUrls: { alphavantage: closedUrl, polygon: closedUrl, fmp: closedUrl },
          keyTestTimeoutMs: 3000,
        },
      },
    }),
  ]);
});

afterEach(() => {
  expect(vendor.unhandled).toEqual([]);
});

afterAll(async () => {
  await Promise.all([t.close(), offline.close(), vendor.close()]);
});

let ipCounter = 0;
const uniqueIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** A unique, valid-looking key ending in a recognisable last four. */
function newKey(last4 = randomBytes(2).toString('hex').toUpperCase()): string {
  const key = `fw_${randomBytes(12).toString('hex')}-${last4}`;
  sentKeys.push(key);
  return key;
}

interface Caller {
  user?: TestUser;
  app?: TestApp;
}

async function call(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  who: Caller = {},
): Promise<LightMyRequestResponse> {
  const res = await injectAs(who.user, (who.app ?? t).app, {
    method,
    url,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    remoteAddress: uniqueIp(),
  });
  seenBodies.push(res.body);
  return res;
}

const list = async (who: Caller) => {
  const res = await call('GET', BASE, undefined, who);
  expect(res.statusCode, res.body).toBe(200);
  return ZApiKeyListResponse.parse(res.json()).vendors;
};
const save = (vendorName: string, apiKey: unknown, who: Caller) =>
  call('PUT', `${BASE}/${vendorName}`, { apiKey }, who);
const test = (vendorName: string, body: unknown, who: Caller) =>
  call('POST', `${BASE}/${vendorName}/test`, body, who);

async function storedRows(userId: string) {
  const { rows } = await t.deps.database.pool.query<{
    vendor: string;
    encrypted_key: string;
    last4: string;
    whole: string;
  }>('select vendor, encrypted_key, last4, t::text as whole from user_api_key t where user_id = $1', [
    userId,
  ]);
  return rows;
}

describe('GET /api/settings/api-keys', () => {
  it('lists the three vendors with their free tiers, none configured', async () => {
    const user = await signUpUser(t.app);
    expect(await list({ user })).toEqual([
      {
        vendor: 'alphavantage',
        name: 'Alpha Vantage',
        freeTier: '25 requests per day',
        configured: false,
        maskedKey: null,
        updatedAt: null,
      },
      {
        vendor: 'polygon',
        name: 'Polygon',
        freeTier: '5 requests per minute',
        configured: false,
        maskedKey: null,
        updatedAt: null,
      },
      {
        vendor: 'fmp',
        name: 'Financial Modeling Prep',
        freeTier: '250 requests per day',
        configured: false,
        maskedKey: null,
        updatedAt: null,
      },
    ]);
  });

  it('answers 401 to visitors on every endpoint', async () => {
    const key = newKey();
    const vendorCalls = vendor.requests.length;
    for (const res of [
      await call('GET', BASE),
      await save('polygon', key, {}),
      await call('DELETE', `${BASE}/polygon`),
      await test('polygon', { apiKey: key }, {}),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
    expect(vendor.requests).toHaveLength(vendorCalls);
  });
});

describe('PUT /api/settings/api-keys/:vendor', () => {
  it('saves the key encrypted and answers only its last four, masked', async () => {
    const user = await signUpUser(t.app);
    const key = newKey('WXYZ');
    const res = await save('polygon', `  ${key}  `, { user });
    expect(res.statusCode, res.body).toBe(200);
    const entry = ZApiKeyEntry.parse(res.json());
    expect(entry).toMatchObject({
      vendor: 'polygon',
      name: 'Polygon',
      freeTier: '5 requests per minute',
      configured: true,
      maskedKey: '••••WXYZ',
    });
    expect(Date.parse(entry.updatedAt ?? '')).not.toBeNaN();
    expect(res.body).not.toContain(key);

    const vendors = await list({ user });
    expect(vendors.find((v) => v.vendor === 'polygon')).toEqual(entry);
    expect(vendors.filter((v) => v.configured).map((v) => v.vendor)).toEqual(['polygon']);

    const [row] = await storedRows(user.id);
    expect(row?.vendor).toBe('polygon');
    expect(row?.last4).toBe('WXYZ');
    expect(row?.encrypted_key).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
    expect(row?.encrypted_key).not.toContain(key);
    expect(row?.whole).not.toContain(key);
    // The user's market-data requests get the key back.
    expect(await getUserVendorKeys(t.deps.database.db, TEST_APP_SECRET, user.id)).toEqual({ polygon: key });
  });

  it('replaces a saved key', async () => {
    const user = await signUpUser(t.app);
    const first = newKey('AAAA');
    const second = newKey('BBBB');
    expect((await save('fmp', first, { user })).statusCode).toBe(200);
    const [before] = await storedRows(user.id);
    const res = await save('fmp', second, { user });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ vendor: 'fmp', maskedKey: '••••BBBB' });
    const rows = await storedRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.encrypted_key).not.toBe(before?.encrypted_key);
    expect(await getUserVendorKeys(t.deps.database.db, TEST_APP_SECRET, user.id)).toEqual({ fmp: second });
  });

  it.each([
    ['too short', 'abc123'],
    ['too long', 'k'.repeat(201)],
    ['with a space', 'abcd efgh1234'],
    ['with other symbols', 'abcd$efgh1234'],
    ['only spaces', '          '],
    ['not a string', 12345678],
  ])('refuses a key %s with 400 and the message', async (_name, apiKey) => {
    const user = await signUpUser(t.app);
    const res = await save('alphavantage', apiKey, { user });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: INVALID_API_KEY_MESSAGE,
        fields: { apiKey: INVALID_API_KEY_MESSAGE },
      },
    });
    expect(await storedRows(user.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown vendor', async () => {
    const user = await signUpUser(t.app);
    const key = newKey();
    for (const res of [
      await save('bloomberg', key, { user }),
      await call('DELETE', `${BASE}/bloomberg`, undefined, { user }),
      await test('yahoo', { apiKey: key }, { user }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it("keeps users' keys apart; a row copied to another user does not decrypt", async () => {
    const ada = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const key = newKey('ADA1');
    const vendorCalls = vendor.requests.length;
    expect((await save('polygon', key, { user: ada })).statusCode).toBe(200);
    expect((await list({ user: bob })).every((v) => !v.configured)).toBe(true);

    await t.deps.database.pool.query(
      `insert into user_api_key (user_id, vendor, encrypted_key, last4)
       select $2, vendor, encrypted_key, last4 from user_api_key where user_id = $1`,
      [ada.id, bob.id],
    );
    expect(await getUserVendorKeys(t.deps.database.db, TEST_APP_SECRET, bob.id)).toEqual({});
    const res = await test('polygon', {}, { user: bob });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: { message: UNREADABLE_KEY_MESSAGE } });
    expect(vendor.requests).toHaveLength(vendorCalls);
  });
});

describe('DELETE /api/settings/api-keys/:vendor', () => {
  it('removes the key (204), and removing it again is harmless', async () => {
    const user = await signUpUser(t.app);
    expect((await save('alphavantage', newKey(), { user })).statusCode).toBe(200);
    const res = await call('DELETE', `${BASE}/alphavantage`, undefined, { user });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await storedRows(user.id)).toHaveLength(0);
    expect((await list({ user })).find((v) => v.vendor === 'alphavantage')).toMatchObject({
      configured: false,
      maskedKey: null,
    });
    expect((await call('DELETE', `${BASE}/alphavantage`, undefined, { user })).statusCode).toBe(204);
  });

  it('goes with the account', async () => {
    const user = await signUpUser(t.app);
    expect((await save('fmp', newKey(), { user })).statusCode).toBe(200);
    await t.deps.database.pool.query('delete from "user" where id = $1', [user.id]);
    expect(await storedRows(user.id)).toHaveLength(0);
  });
});

describe('POST /api/settings/api-keys/:vendor/test', () => {
  const testResult = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return ZTestApiKeyResponse.parse(res.json());
  };

  it('tests a key typed in the body against the vendor: it works', async () => {
    const user = await signUpUser(t.app);
    const key = newKey();
    vendor.on(
      `GET /query?function=GLOBAL_QUOTE&symbol=IBM&apikey=${key}`,
      jsonFixture('alphavantage/global-quote-IBM.json'),
      { times: 1 },
    );
    expect(testResult(await test('alphavantage', { apiKey: key }, { user }))).toEqual({
      ok: true,
      message: TEST_MESSAGES.ok,
    });
  });

  it('tests the saved key when the body has none: the vendor rejects it', async () => {
    const user = await signUpUser(t.app);
    const key = newKey();
    expect((await save('polygon', key, { user })).statusCode).toBe(200);
    vendor.on(
      'GET /v2/aggs/ticker/AAPL/prev',
      (req) =>
        req.headers.authorization === `Bearer ${key}`
          ? jsonFixture('polygon/error-api-key-not-provided.json', 401)
          : { status: 500, body: 'wrong key sent' },
      { times: 1 },
    );
    expect(testResult(await test('polygon', {}, { user }))).toEqual({
      ok: false,
      message: TEST_MESSAGES.invalidKey,
    });
    expect(vendor.requestsTo('/v2/aggs/ticker/AAPL/prev').at(-1)?.headers.authorization).toBe(
      `Bearer ${key}`,
    );
  });

  it('tests the saved key with no body at all', async () => {
    const user = await signUpUser(t.app);
    const key = newKey();
    expect((await save('fmp', key, { user })).statusCode).toBe(200);
    vendor.on(`GET /stable/quote?symbol=AAPL&apikey=${key}`, jsonFixture('fmp/stable-quote-AAPL.json'), {
      times: 1,
    });
    expect(testResult(await call('POST', `${BASE}/fmp/test`, undefined, { user }))).toEqual({
      ok: true,
      message: TEST_MESSAGES.ok,
    });
  });

  it("reports the vendor's rate limit", async () => {
    const user = await signUpUser(t.app);
    const key = newKey();
    vendor.on(
      `GET /stable/quote?symbol=AAPL&apikey=${key}`,
      { status: 429, body: { 'Error Message': 'Limit Reach . Please upgrade your plan.' } },
      { times: 1 },
    );
    expect(testResult(await test('fmp', { apiKey: key }, { user }))).toEqual({
      ok: false,
      message: TEST_MESSAGES.rateLimited,
    });
  });

  it('says it could not reach the vendor when nothing listens there', async () => {
    const user = await signUpUser(offline.app);
    for (const name of ['alphavantage', 'polygon', 'fmp']) {
      const result = testResult(await test(name, { apiKey: newKey() }, { user, app: offline }));
      expect(result).toEqual({ ok: false, message: TEST_MESSAGES.unreachable });
      expect(result.message.toLowerCase()).toContain('could not reach the vendor');
    }
  });

  it('asks for a key when none is typed or saved, and checks a typed one', async () => {
    const user = await signUpUser(t.app);
    const res = await test('polygon', {}, { user });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', message: NO_KEY_TO_TEST_MESSAGE },
    });
    const bad = await test('polygon', { apiKey: 'no way' }, { user });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { message: INVALID_API_KEY_MESSAGE } });
  });
});

describe("the user's keys serve the user's market-data requests", () => {
  it('quotes through the saved key for that user, and without it for visitors', async () => {
    const database = await createTestDatabase();
    const config = testConfig({ MARKET_DATA_PROVIDER: 'auto' });
    const builtWith: { vendor: string; apiKey: string }[] = [];
    const marketData = createMarketDataService({
      config,
      db: database.db,
      adapters: [],
      createKeyedAdapter: (vendorName, apiKey) => {
        builtWith.push({ vendor: vendorName, apiKey });
        return createFakeAdapter(vendorName);
      },
      // As createServices wires it: the service reads a user's saved keys by the user's id.
      userVendorKeys: (userId) => getUserVendorKeys(database.db, config.appSecret, userId),
    });
    const app = await buildApp({ config, database, version: 'test', overrides: { marketData } });
    await app.ready();
    try {
      const user = await signUpUser(app);
      const key = newKey();
      const saved = await injectAs(user, app, {
        method: 'PUT',
        url: `${BASE}/fmp`,
        payload: { apiKey: key },
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const mine = await injectAs(user, app, { method: 'GET', url: '/api/market-data/AAPL' });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(ZQuoteResponse.parse(mine.json()).source).toBe('fmp');
      expect(builtWith).toEqual([{ vendor: 'fmp', apiKey: key }]);

      const visitor = await app.inject({ method: 'GET', url: '/api/market-data/MSFT' });
      expect(visitor.statusCode, visitor.body).toBe(200);
      expect(ZQuoteResponse.parse(visitor.json()).source).toBe('simulated');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('no raw key anywhere', () => {
  it('never appears in an answer or a log line', () => {
    // Runs last in this file: every key sent above, every answer and every log line so far.
    expect(sentKeys.length).toBeGreaterThan(10);
    expect(logLines.length).toBeGreaterThan(10);
    const answers = seenBodies.join('\n');
    const logs = logLines.join('');
    for (const key of sentKeys) {
      expect(answers).not.toContain(key);
      expect(logs).not.toContain(key);
    }
  });
});
