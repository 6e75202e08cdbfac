import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HTML_502,
  jsonFixture,
  startFakeVendorServer,
  type FakeVendorServer,
} from './testing/fake-vendor-server';
import { checkVendorKey } from './vendor-key-check';

const KEY = 'user-typed-key-0001';

let server: FakeVendorServer;

beforeEach(async () => {
  server = await startFakeVendorServer();
});

afterEach(async () => {
  expect(server.unhandled).toEqual([]);
  await server.close();
});

const signal = () => AbortSignal.timeout(5000);

describe('checkVendorKey: Alpha Vantage (GLOBAL_QUOTE IBM)', () => {
  const QUOTE = `GET /query?function=GLOBAL_QUOTE&symbol=IBM&apikey=${KEY}`;
  const check = () =>
    checkVendorKey('alphavantage', KEY, { baseUrl: `${server.url}/query`, signal: signal() });

  it('a quote means the key works', async () => {
    server.on(QUOTE, jsonFixture('alphavantage/global-quote-IBM.json'));
    expect(await check()).toEqual({ ok: true });
    expect(server.requests).toHaveLength(1);
  });

  it('the 25/day Information body is rate_limited', async () => {
    server.on(QUOTE, jsonFixture('alphavantage/rate-limit-information-25-per-day.json'));
    expect(await check()).toEqual({ ok: false, reason: 'rate_limited' });
  });

  it('an apikey Error Message is invalid_key', async () => {
    server.on(QUOTE, { body: { 'Error Message': 'the parameter apikey is invalid or missing.' } });
    expect(await check()).toEqual({ ok: false, reason: 'invalid_key' });
  });
});

describe('checkVendorKey: Polygon (previous close of AAPL)', () => {
  const PREV = 'GET /v2/aggs/ticker/AAPL/prev';
  const check = () => checkVendorKey('polygon', KEY, { baseUrl: server.url, signal: signal() });

  it('a previous close means the key works; the key went in the Authorization header', async () => {
    server.on(PREV, jsonFixture('polygon/aggs-prev-AAPL.json'));
    expect(await check()).toEqual({ ok: true });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(server.requests[0]?.url).not.toContain(KEY);
  });

  it('"API Key was not provided" is invalid_key', async () => {
    server.on(PREV, jsonFixture('polygon/error-api-key-not-provided.json', 401));
    expect(await check()).toEqual({ ok: false, reason: 'invalid_key' });
  });

  it('429 is rate_limited', async () => {
    server.on(PREV, {
      status: 429,
      body: { status: 'ERROR', error: 'exceeded the maximum requests per minute' },
    });
    expect(await check()).toEqual({ ok: false, reason: 'rate_limited' });
  });
});

describe('checkVendorKey: FMP (/stable/quote AAPL)', () => {
  const QUOTE = `GET /stable/quote?symbol=AAPL&apikey=${KEY}`;
  const check = () => checkVendorKey('fmp', KEY, { baseUrl: `${server.url}/stable`, signal: signal() });

  it('a quote means the key works', async () => {
    server.on(QUOTE, jsonFixture('fmp/stable-quote-AAPL.json'));
    expect(await check()).toEqual({ ok: true });
  });

  it('the recorded "Invalid API KEY" body is invalid_key', async () => {
    server.on(QUOTE, jsonFixture('fmp/error-invalid-api-key.json', 401));
    expect(await check()).toEqual({ ok: false, reason: 'invalid_key' });
  });

  it('an HTML 502 page is unreachable', async () => {
    server.on(QUOTE, HTML_502);
    expect(await check()).toEqual({ ok: false, reason: 'unreachable' });
  });
});

describe('checkVendorKey: no answer', () => {
  it('nothing listening (offline) is unreachable', async () => {
    const closed = await startFakeVendorServer();
    const url = closed.url;
    await closed.close();
    for (const vendor of ['alphavantage', 'polygon', 'fmp'] as const) {
      expect(await checkVendorKey(vendor, KEY, { baseUrl: url, signal: signal() })).toEqual({
        ok: false,
        reason: 'unreachable',
      });
    }
  });

  it('a vendor that never answers is unreachable when the signal times out', async () => {
    server.on(`GET /stable/quote?symbol=AAPL&apikey=${KEY}`, { hang: true });
    const started = performance.now();
    const result = await checkVendorKey('fmp', KEY, {
      baseUrl: `${server.url}/stable`,
      signal: AbortSignal.timeout(200),
    });
    expect(result).toEqual({ ok: false, reason: 'unreachable' });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('an empty key is invalid_key without a request', async () => {
    expect(await checkVendorKey('polygon', '  ', { baseUrl: server.url, signal: signal() })).toEqual({
      ok: false,
      reason: 'invalid_key',
    });
    expect(server.requests).toHaveLength(0);
  });
});
