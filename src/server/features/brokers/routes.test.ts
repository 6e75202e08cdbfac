import { Writable } from 'node:stream';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BROKER_IMPORT_MESSAGES,
  ROBINHOOD_ERRORS,
  ZImportResponse,
  ZRobinhoodImportResponse,
} from '../../../contracts/brokers';
import { ZPortfolio } from '../../../contracts/analysis';
import {
  FAKE_RH_PASSWORD,
  FAKE_RH_TOKEN,
  FAKE_RH_USERNAME,
  startFakeRobinhood,
  type FakeRobinhoodServer,
} from '../../providers/brokers/testing/fake-robinhood';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';

const WRONG_PASSWORD = 'Wrong-Passw0rd-3e8f-never-logged';
const SECRETS = [FAKE_RH_USERNAME, FAKE_RH_PASSWORD, FAKE_RH_TOKEN, WRONG_PASSWORD];

/** Every log line the app writes, at trace level and without redaction: nothing may need redacting. */
const logLines: string[] = [];
/** Every answer body of this file. */
const bodies: string[] = [];

function captureLogger(): FastifyBaseLogger {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  return pino({ level: 'trace' }, stream);
}

let fake: FakeRobinhoodServer;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeRobinhood();
  t = await createTestApp({
    env: { ROBINHOOD_BASE_URL: fake.baseUrl, ROBINHOOD_CRYPTO_BASE_URL: fake.cryptoBaseUrl },
    loggerInstance: captureLogger(),
  });
});
afterEach(() => {
  expect(fake.unhandled).toEqual([]);
  fake.reset();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Each Robinhood call from its own address, so the per-IP limit is tested only where it is meant to be. */
let nextAddress = 1;

async function post(
  url: string,
  payload: unknown,
  options: { remoteAddress?: string; raw?: boolean; user?: TestUser } = {},
): Promise<LightMyRequestResponse> {
  const res = await injectAs(options.user, t.app, {
    method: 'POST',
    url,
    remoteAddress:
      options.remoteAddress ?? `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
    ...(options.raw
      ? { payload: payload as string, headers: { 'content-type': 'application/json' } }
      : { payload: payload as object }),
  });
  bodies.push(res.body);
  return res;
}

const fidelity = (holdings: unknown) => post('/api/fidelity/import-portfolio', { holdings });
const etrade = (holdings: unknown) => post('/api/etrade/import-portfolio', { holdings });
/** A signed-in user whose email is verified, as the Robinhood import requires. */
const verifiedUser = () => signUpUser(t.app, { verified: true });

/** The Robinhood import as a signed-in user (a fresh verified one unless given, so the per-user limit stays out of the way). */
const robinhood = async (
  username: string,
  password: string,
  options: { remoteAddress?: string; user?: TestUser } = {},
) =>
  post(
    '/api/robinhood/import-portfolio',
    { username, password },
    { ...options, user: options.user ?? (await verifiedUser()) },
  );

describe('POST /api/fidelity/import-portfolio and /api/etrade/import-portfolio', () => {
  it('imports typed holdings, with no session', async () => {
    const res = await fidelity([
      { symbol: ' aapl ', shares: 10, type: 'stock' },
      { symbol: 'FXAIX', shares: 12.345, type: 'fund' },
      { symbol: 'brk.b', shares: 3, type: 'stock' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(ZImportResponse.parse(res.json())).toEqual({
      success: true,
      portfolio: { AAPL: 10, FXAIX: 12.345, 'BRK.B': 3 },
      message: 'Imported 3 holdings from Fidelity.',
    });
  });

  it('reads numeric strings as numbers, and names E*TRADE', async () => {
    const res = await etrade([
      { symbol: 'VTI', shares: '50', type: 'etf' },
      { symbol: 'BND', shares: ' 40.125 ', type: 'etf' },
      { symbol: 'QQQ', shares: '.5', type: 'etf' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      portfolio: { VTI: 50, BND: 40.125, QQQ: 0.5 },
      message: 'Imported 3 holdings from E*TRADE.',
    });
    const one = await etrade([{ symbol: 'SPY', shares: '1', type: 'etf' }]);
    expect(one.json()).toMatchObject({ message: 'Imported 1 holding from E*TRADE.' });
  });

  it('drops rows without a symbol or without shares above 0, and imports the rest', async () => {
    const res = await fidelity([
      { symbol: '', shares: 5, type: 'stock' },
      { symbol: '   ', shares: '5', type: 'stock' },
      { symbol: 'MSFT', shares: '', type: 'stock' },
      { symbol: 'GOOGL', shares: 'abc', type: 'stock' },
      { symbol: 'TSLA', shares: 0, type: 'stock' },
      { symbol: 'NVDA', shares: '-3', type: 'stock' },
      { symbol: 'AMZN', shares: null, type: 'stock' },
      { symbol: 'META', type: 'stock' },
      { symbol: 'VTI', shares: '7.5', type: 'etf' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      portfolio: { VTI: 7.5 },
      message: 'Imported 1 holding from Fidelity.',
    });
  });

  it('answers 400 with the spec text when no row is valid, or none is sent', async () => {
    for (const holdings of [
      [
        { symbol: '', shares: '', type: 'stock' },
        { symbol: 'AAPL', shares: '0', type: 'stock' },
      ],
      [],
    ]) {
      expectError(await fidelity(holdings), 400, 'VALIDATION_ERROR', BROKER_IMPORT_MESSAGES.noValidHoldings);
      expectError(await etrade(holdings), 400, 'VALIDATION_ERROR', BROKER_IMPORT_MESSAGES.noValidHoldings);
    }
    expect(BROKER_IMPORT_MESSAGES.noValidHoldings).toBe(
      'Please enter at least one valid holding with symbol and shares',
    );
    expectError(await fidelity(undefined), 400, 'VALIDATION_ERROR', BROKER_IMPORT_MESSAGES.noValidHoldings);
  });

  it('sums the same symbol given twice, exactly', async () => {
    const res = await etrade([
      { symbol: 'AAPL', shares: 10, type: 'stock' },
      { symbol: 'aapl', shares: '2.5', type: 'stock' },
      { symbol: 'AAPL ', shares: 0.001, type: 'stock' },
      { symbol: 'VXUS', shares: 0.1, type: 'etf' },
      { symbol: 'VXUS', shares: 0.2, type: 'etf' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      portfolio: { AAPL: 12.501, VXUS: 0.3 },
      message: 'Imported 2 holdings from E*TRADE.',
    });
  });

  it('answers 400 naming the row for a symbol, share count or type it cannot take', async () => {
    const symbol = await fidelity([
      { symbol: 'VTI', shares: 1, type: 'etf' },
      { symbol: 'AAPL$', shares: 1, type: 'stock' },
    ]);
    expect(symbol.statusCode).toBe(400);
    expect(symbol.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: BROKER_IMPORT_MESSAGES.symbol,
        fields: { 'holdings.1.symbol': BROKER_IMPORT_MESSAGES.symbol },
      },
    });
    const precise = await fidelity([{ symbol: 'VTI', shares: '1.0005', type: 'etf' }]);
    expect(precise.json()).toMatchObject({
      error: {
        message: BROKER_IMPORT_MESSAGES.sharesStep,
        fields: { 'holdings.0.shares': 'Shares can have at most 3 decimal places' },
      },
    });
    const type = await etrade([{ symbol: 'VTI', shares: 1, type: 'bond' }]);
    expectError(type, 400, 'VALIDATION_ERROR', BROKER_IMPORT_MESSAGES.type);
    const tooLong = await etrade([{ symbol: 'ABCDEFGHIJKLMNOP', shares: 1, type: 'stock' }]);
    expectError(tooLong, 400, 'VALIDATION_ERROR', BROKER_IMPORT_MESSAGES.symbol);
  });

  it('defaults the type to stock, and takes at most 500 rows', async () => {
    const untyped = await fidelity([{ symbol: 'FXAIX', shares: 1 }]);
    expect(untyped.json()).toMatchObject({ success: true, portfolio: { FXAIX: 1 } });
    const many = Array.from({ length: 501 }, (_, i) => ({ symbol: `S${i}`, shares: 1, type: 'stock' }));
    expectError(await fidelity(many), 400, 'VALIDATION_ERROR', BROKER_IMPORT_MESSAGES.tooManyHoldings);
    const limit = await fidelity(many.slice(0, 500));
    expect(limit.json()).toMatchObject({ message: 'Imported 500 holdings from Fidelity.' });
  });
});

describe('POST /api/robinhood/import-portfolio', () => {
  it('imports the account positions and crypto holdings, without caching the answer', async () => {
    fake.setPositions([
      [
        { symbol: 'AAPL', quantity: '10.00000000' },
        { symbol: 'VTI', quantity: '2.50000000' },
      ],
      [{ symbol: 'AAPL', quantity: '0.25000000' }],
    ]);
    fake.setCryptoHoldings([
      [
        { code: 'BTC', quantity: '0.01234567' },
        { code: 'USD', quantity: '150.00', type: 'fiat' },
      ],
      [{ code: 'ETH', quantity: '0.50000000' }],
    ]);
    const res = await robinhood(FAKE_RH_USERNAME, FAKE_RH_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = ZRobinhoodImportResponse.parse(res.json());
    expect(body).toEqual({
      success: true,
      portfolio: { AAPL: 10.25, VTI: 2.5, 'CRYPTO:BTC': 0.01234567, 'CRYPTO:ETH': 0.5 },
      message: 'Imported 4 holdings from Robinhood.',
      accounts: 2,
    });
    // The keys are already in the analyzer's portfolio form.
    expect(ZPortfolio.parse(body.portfolio)).toEqual(body.portfolio);
    expect(fake.requestsTo('/holdings/').map((r) => r.host)).toEqual(['crypto', 'crypto']);
  });

  it('says so when the account holds nothing', async () => {
    const res = await robinhood(FAKE_RH_USERNAME, FAKE_RH_PASSWORD);
    expect(res.json()).toEqual({
      success: true,
      portfolio: {},
      message: 'No stock, ETF or crypto positions were found in your Robinhood account.',
      accounts: 0,
    });
  });

  it('answers 502 BROKER_UNAVAILABLE, with no partial portfolio, when only the crypto host fails', async () => {
    fake.setPositions([[{ symbol: 'AAPL', quantity: '10.00000000' }]]);
    fake.setCryptoHoldings([[{ code: 'BTC', quantity: '1.00000000' }]]);
    fake.cryptoReply = { status: 503, body: '<html><body>Down</body></html>', contentType: 'text/html' };
    const res = await robinhood(FAKE_RH_USERNAME, FAKE_RH_PASSWORD);
    expectError(res, 502, 'BROKER_UNAVAILABLE', ROBINHOOD_ERRORS.httpError(503));
    expect(res.json()).not.toHaveProperty('portfolio');
    expect(logLines.join('')).toContain('"detail":"crypto holdings page 1: HTTP 503"');
  });

  it('answers 422 BROKER_MFA_REQUIRED when Robinhood asks for a verification code', async () => {
    fake.signIn = 'mfa';
    expectError(
      await robinhood(FAKE_RH_USERNAME, FAKE_RH_PASSWORD),
      422,
      'BROKER_MFA_REQUIRED',
      'Robinhood asked for a verification code (multi-factor authentication). Foliowise cannot complete MFA sign-in; use a CSV export instead.',
    );
    fake.signIn = 'verification_workflow';
    expectError(
      await robinhood(FAKE_RH_USERNAME, FAKE_RH_PASSWORD),
      422,
      'BROKER_MFA_REQUIRED',
      ROBINHOOD_ERRORS.mfaRequired,
    );
  });

  it('answers 401 BROKER_REJECTED for wrong credentials', async () => {
    expectError(
      await robinhood(FAKE_RH_USERNAME, WRONG_PASSWORD),
      401,
      'BROKER_REJECTED',
      'Robinhood rejected these credentials.',
    );
  });

  it('answers 502 BROKER_UNAVAILABLE when Robinhood fails or answers something unreadable', async () => {
    fake.signIn = { status: 500, body: '{"detail":"Internal error"}' };
    expectError(
      await robinhood(FAKE_RH_USERNAME, FAKE_RH_PASSWORD),
      502,
      'BROKER_UNAVAILABLE',
      ROBINHOOD_ERRORS.httpError(500),
    );
    fake.signIn = 'token';
    fake.positionsReply = { status: 200, body: '<html><body>Oops</body></html>', contentType: 'text/html' };
    expectError(
      await robinhood(FAKE_RH_USERNAME, FAKE_RH_PASSWORD),
      502,
      'BROKER_UNAVAILABLE',
      ROBINHOOD_ERRORS.unreadable,
    );
  });

  it('answers 400 with the spec text when a credential is missing, without calling Robinhood', async () => {
    expectError(
      await robinhood(FAKE_RH_USERNAME, ''),
      400,
      'VALIDATION_ERROR',
      'Please enter both your username and password',
    );
    expectError(
      await robinhood('   ', FAKE_RH_PASSWORD),
      400,
      'VALIDATION_ERROR',
      BROKER_IMPORT_MESSAGES.missingCredentials,
    );
    const missing = await post(
      '/api/robinhood/import-portfolio',
      { username: FAKE_RH_USERNAME },
      { user: await verifiedUser() },
    );
    expectError(missing, 400, 'VALIDATION_ERROR', BROKER_IMPORT_MESSAGES.missingCredentials);
    expect(fake.requests).toEqual([]);
  });

  it('does not echo a body that is not JSON', async () => {
    const res = await post(
      '/api/robinhood/import-portfolio',
      `{"username": "${FAKE_RH_USERNAME}", "password": "${FAKE_RH_PASSWORD}"`,
      { raw: true, user: await verifiedUser() },
    );
    expectError(res, 400, 'BAD_REQUEST', 'Request body is not valid JSON');
  });

  it('answers 401 to a visitor, without calling Robinhood: a stranger cannot test passwords', async () => {
    const res = await post('/api/robinhood/import-portfolio', {
      username: FAKE_RH_USERNAME,
      password: WRONG_PASSWORD,
    });
    expectError(res, 401, 'UNAUTHENTICATED', 'Please sign in to continue.');
    expect(fake.requests).toEqual([]);
  });

  it('answers 403 to an account whose email is not verified, without calling Robinhood', async () => {
    const unverified = await signUpUser(t.app);
    const res = await robinhood(FAKE_RH_USERNAME, FAKE_RH_PASSWORD, { user: unverified });
    expectError(res, 403, 'EMAIL_NOT_VERIFIED', 'Verify your email to import from Robinhood.');
    expect(fake.requests).toEqual([]);
  });

  it('limits one address (IPv6 by its /64) to 20 imports per 15 minutes across accounts', async () => {
    // Three verified accounts on one network: the per-user limit alone would let them try 30 passwords.
    const accounts = [await verifiedUser(), await verifiedUser(), await verifiedUser()];
    const statuses: number[] = [];
    let limited: LightMyRequestResponse | undefined;
    for (const [index, user] of accounts.entries()) {
      for (let i = 0; i < 10; i += 1) {
        const res = await robinhood(FAKE_RH_USERNAME, WRONG_PASSWORD, {
          user,
          remoteAddress: `2001:db8:24:7::${index + 1}:${i + 1}`,
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) limited ??= res;
      }
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual(Array.from({ length: 10 }, () => 429));
    expect(fake.requestsTo('/oauth2/token/')).toHaveLength(20);
    if (!limited) throw new Error('never limited');
    expectError(limited, 429, 'RATE_LIMITED');
    expect(limited.json().error.message).toMatch(
      /^Too many Robinhood imports from this network\. Try again in \d+ minutes\.$/,
    );
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another address is not held back.
    const other = await robinhood(FAKE_RH_USERNAME, FAKE_RH_PASSWORD, { remoteAddress: '2001:db8:25::1' });
    expect(other.statusCode).toBe(200);
  });

  it('limits each user to 10 imports per 15 minutes, whatever the address', async () => {
    const user = await verifiedUser();
    for (let i = 0; i < 10; i += 1) {
      const res = await robinhood(FAKE_RH_USERNAME, WRONG_PASSWORD, { user });
      expect(res.statusCode).toBe(401);
    }
    const limited = await robinhood(FAKE_RH_USERNAME, WRONG_PASSWORD, { user });
    expectError(limited, 429, 'RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(fake.requestsTo('/oauth2/token/')).toHaveLength(10);
    // Another user is not held back.
    expect((await robinhood(FAKE_RH_USERNAME, FAKE_RH_PASSWORD)).statusCode).toBe(200);
  });

  it('revokes the Robinhood token once the import is over, whether the holdings were read or not', async () => {
    expect((await robinhood(FAKE_RH_USERNAME, FAKE_RH_PASSWORD)).statusCode).toBe(200);
    expect(fake.revoked).toEqual([FAKE_RH_TOKEN]);

    fake.positionsReply = { status: 500, body: '{}' };
    expect((await robinhood(FAKE_RH_USERNAME, FAKE_RH_PASSWORD)).statusCode).toBe(502);
    expect(fake.revoked).toEqual([FAKE_RH_TOKEN, FAKE_RH_TOKEN]);
  });

  it('never writes the username, the password or the token to a log line or an answer', () => {
    // The checks above made the app log successes, failures and a bad body at trace level.
    const log = logLines.join('');
    expect(log).toContain('brokerage import done');
    expect(log).toContain('brokerage import failed');
    expect(log).toContain('"kind":"mfa_required"');
    expect(bodies.length).toBeGreaterThan(10);
    for (const secret of SECRETS) {
      expect(log).not.toContain(secret);
      for (const body of bodies) expect(body).not.toContain(secret);
    }
  });
});
