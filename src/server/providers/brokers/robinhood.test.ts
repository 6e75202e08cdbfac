import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROBINHOOD_ERRORS } from '../../../contracts/brokers';
import {
  BrokerError,
  createRobinhoodConnector,
  ROBINHOOD_CLIENT_ID,
  ROBINHOOD_TIMEOUT_MS,
  type BrokerConnector,
  type BrokerErrorKind,
} from './robinhood';
import {
  FAKE_RH_CRYPTO_ACCOUNT,
  FAKE_RH_PASSWORD,
  FAKE_RH_TOKEN,
  FAKE_RH_USERNAME,
  startFakeRobinhood,
  type FakeRobinhoodServer,
} from './testing/fake-robinhood';

const credentials = { username: FAKE_RH_USERNAME, password: FAKE_RH_PASSWORD };
const SECRETS = [FAKE_RH_USERNAME, FAKE_RH_PASSWORD, FAKE_RH_TOKEN];

let fake: FakeRobinhoodServer;
/** For answers that come: a deadline no loaded machine reaches, so a slow run is never read as a timeout. */
let robinhood: BrokerConnector;
/** For a fake that never answers: a short deadline, so the timeout tests end quickly. */
let hasty: BrokerConnector;

beforeAll(async () => {
  fake = await startFakeRobinhood();
  robinhood = connectorFor(fake, 10_000);
  hasty = connectorFor(fake, 500);
});
afterEach(() => {
  expect(fake.unhandled).toEqual([]);
  fake.reset();
});
afterAll(async () => {
  await fake.close();
});

/** A connector pointed at both origins of a fake, with its deadline. */
function connectorFor(server: FakeRobinhoodServer, timeoutMs: number): BrokerConnector {
  return createRobinhoodConnector({
    baseUrl: server.baseUrl,
    cryptoBaseUrl: server.cryptoBaseUrl,
    timeoutMs,
  });
}

/** The BrokerError an import fails with; checks that it names no secret. */
async function failure(
  connector = robinhood,
  signal?: AbortSignal,
  sent: { username: string; password: string } = credentials,
): Promise<BrokerError> {
  const error: unknown = await connector.importPositions(sent, signal).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BrokerError);
  const brokerError = error as BrokerError;
  for (const secret of SECRETS) {
    expect(brokerError.message).not.toContain(secret);
    expect(brokerError.detail).not.toContain(secret);
  }
  return brokerError;
}

function expectFailure(error: BrokerError, kind: BrokerErrorKind, message: string) {
  expect({ kind: error.kind, message: error.message }).toEqual({ kind, message });
}

describe('Robinhood connector', () => {
  it('signs in, reads every page of positions and each instrument once, and sums per symbol', async () => {
    fake.setPositions([
      [
        { symbol: 'AAPL', quantity: '10.00000000' },
        { symbol: 'MSFT', quantity: '2.50000000' },
        { symbol: 'BRK.B', quantity: '0.12345600' },
      ],
      [
        { symbol: 'AAPL', quantity: '5.12345678', account: '9IRA0001' },
        { symbol: 'TSLA', quantity: '0.00000000' },
      ],
      [{ symbol: 'VTI', quantity: '30.00000000', account: '9IRA0001' }],
    ]);

    const result = await robinhood.importPositions(credentials);

    expect(result).toEqual({
      portfolio: { AAPL: 15.12345678, MSFT: 2.5, 'BRK.B': 0.123456, VTI: 30 },
      accountCount: 2,
    });
    expect(fake.requestsTo('/oauth2/token/')).toHaveLength(1);
    expect(fake.requestsTo('/positions/')).toHaveLength(3);
    const instruments = fake.requests.filter((r) => r.path.startsWith('/instruments/')).map((r) => r.path);
    expect(instruments).toHaveLength(4); // AAPL, MSFT, BRK.B, VTI: once each; TSLA (zero) not looked up
    expect(new Set(instruments).size).toBe(4);
    expect(instruments).not.toContain(new URL(fake.instrumentUrl('TSLA')).pathname);
  });

  it('sends the password to the token endpoint only, and the token only as a bearer header and to be revoked', async () => {
    fake.setPositions([[{ symbol: 'AAPL', quantity: '1.00000000' }]]);
    fake.setCryptoHoldings([[{ code: 'BTC', quantity: '0.50000000' }]]);
    await robinhood.importPositions(credentials);

    const revocation = fake.requests.at(-1);
    expect(revocation).toMatchObject({ host: 'api', method: 'POST', path: '/oauth2/revoke_token/' });
    const [signIn, ...rest] = fake.requests.slice(0, -1);
    expect(signIn?.path).toBe('/oauth2/token/');
    expect(new URLSearchParams(signIn?.body).get('password')).toBe(FAKE_RH_PASSWORD);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.filter((r) => r.host === 'crypto').map((r) => r.path)).toEqual(['/holdings/']);
    for (const request of rest) {
      expect(request.method).toBe('GET');
      expect(request.headers.authorization).toBe(`Bearer ${FAKE_RH_TOKEN}`);
      const seen = `${request.path} ${request.body}`;
      for (const secret of SECRETS) expect(seen).not.toContain(secret);
    }
  });

  it('imports an account without positions as an empty portfolio', async () => {
    expect(await robinhood.importPositions(credentials)).toEqual({ portfolio: {}, accountCount: 0 });
    expect(fake.requestsTo('/holdings/')).toHaveLength(1);
  });

  it.each(['mfa', 'challenge', 'verification_workflow'] as const)(
    'fails clearly when Robinhood asks for a verification (%s)',
    async (reply) => {
      fake.signIn = reply;
      expectFailure(await failure(), 'mfa_required', ROBINHOOD_ERRORS.mfaRequired);
      expect(fake.requestsTo('/positions/')).toEqual([]);
      expect(fake.requestsTo('/holdings/')).toEqual([]);
    },
  );

  it('fails as rejected when Robinhood says the credentials are wrong', async () => {
    const error = await failure(robinhood, undefined, {
      username: FAKE_RH_USERNAME,
      password: 'not-the-password',
    });
    expectFailure(error, 'rejected', 'Robinhood rejected these credentials.');
    expect(fake.requestsTo('/positions/')).toEqual([]);
  });

  it('fails as rejected for a 401 or an OAuth invalid_grant', async () => {
    fake.signIn = { status: 401, body: JSON.stringify({ detail: 'Invalid credentials' }) };
    expectFailure(await failure(), 'rejected', ROBINHOOD_ERRORS.rejected);
    fake.signIn = { status: 400, body: JSON.stringify({ error: 'invalid_grant' }) };
    expectFailure(await failure(), 'rejected', ROBINHOOD_ERRORS.rejected);
  });

  it('does not call any other 400 a credentials problem', async () => {
    fake.signIn = { status: 400, body: JSON.stringify({ client_id: ['Invalid client id.'] }) };
    expectFailure(await failure(), 'unavailable', ROBINHOOD_ERRORS.httpError(400));
  });

  it('fails as unavailable for a 500 from the sign-in, the positions or an instrument', async () => {
    fake.signIn = { status: 500, body: JSON.stringify({ detail: 'Internal server error' }) };
    expectFailure(await failure(), 'unavailable', ROBINHOOD_ERRORS.httpError(500));

    fake.signIn = 'token';
    fake.setPositions([[{ symbol: 'AAPL', quantity: '1.00000000' }]]);
    fake.positionsReply = { status: 500, body: '{}' };
    const positions = await failure();
    expectFailure(positions, 'unavailable', ROBINHOOD_ERRORS.httpError(500));
    expect(positions.detail).toBe('positions page 1: HTTP 500');

    fake.positionsReply = undefined;
    fake.instrumentReply = { status: 500, body: '{}' };
    expectFailure(await failure(), 'unavailable', ROBINHOOD_ERRORS.httpError(500));
  });

  it('fails as unavailable when Robinhood limits requests (429)', async () => {
    fake.signIn = { status: 429, body: JSON.stringify({ detail: 'Request was throttled.' }) };
    expectFailure(await failure(), 'unavailable', ROBINHOOD_ERRORS.httpError(429));
  });

  it('times out after its deadline when the sign-in or the positions never answer', async () => {
    fake.signIn = 'hang';
    const signIn = await failure(hasty);
    expectFailure(signIn, 'timeout', ROBINHOOD_ERRORS.timeout);
    expect(signIn.detail).toMatch(/no answer within 500 ms$/);

    fake.reset();
    fake.positionsReply = 'hang';
    const positions = await failure(hasty);
    expectFailure(positions, 'timeout', ROBINHOOD_ERRORS.timeout);
    expect(positions.detail).toMatch(/no answer within 500 ms$/);
  });

  it('has one 10 s deadline by default', () => {
    expect(ROBINHOOD_TIMEOUT_MS).toBe(10_000);
  });

  it('fails as unreadable for an HTML page where JSON was expected', async () => {
    const html = '<!DOCTYPE html><html><body><h1>Sorry, something went wrong</h1></body></html>';
    fake.signIn = { status: 200, body: html, contentType: 'text/html' };
    expectFailure(await failure(), 'bad_response', ROBINHOOD_ERRORS.unreadable);
    fake.signIn = { status: 403, body: html, contentType: 'text/html' };
    expectFailure(await failure(), 'bad_response', ROBINHOOD_ERRORS.unreadable);

    fake.signIn = 'token';
    fake.positionsReply = { status: 200, body: html, contentType: 'text/html' };
    expectFailure(await failure(), 'bad_response', ROBINHOOD_ERRORS.unreadable);
  });

  it('fails as unavailable for an HTML error page with a 5xx status', async () => {
    fake.signIn = {
      status: 503,
      body: '<html><body>Service Unavailable</body></html>',
      contentType: 'text/html',
    };
    expectFailure(await failure(), 'unavailable', ROBINHOOD_ERRORS.httpError(503));
  });

  it('fails as unreadable for JSON of another shape', async () => {
    fake.signIn = { status: 200, body: JSON.stringify({ token: 'x' }) };
    expectFailure(await failure(), 'bad_response', ROBINHOOD_ERRORS.unreadable);

    fake.signIn = 'token';
    fake.positionsReply = { status: 200, body: JSON.stringify({ results: [{ quantity: '1' }] }) };
    expectFailure(await failure(), 'bad_response', ROBINHOOD_ERRORS.unreadable);

    fake.positionsReply = {
      status: 200,
      body: JSON.stringify({
        next: null,
        results: [{ instrument: fake.instrumentUrl('AAPL'), quantity: 'lots' }],
      }),
    };
    expectFailure(await failure(), 'bad_response', ROBINHOOD_ERRORS.unreadable);
  });

  it('never sends the token to another host', async () => {
    fake.positionsReply = {
      status: 200,
      body: JSON.stringify({ next: 'https://elsewhere.example/positions/?cursor=2', results: [] }),
    };
    const error = await failure();
    expectFailure(error, 'bad_response', ROBINHOOD_ERRORS.unreadable);
    expect(error.detail).toContain('another host');

    fake.positionsReply = {
      status: 200,
      body: JSON.stringify({
        next: null,
        results: [{ instrument: 'https://elsewhere.example/instruments/1/', quantity: '1.00000000' }],
      }),
    };
    expectFailure(await failure(), 'bad_response', ROBINHOOD_ERRORS.unreadable);
  });

  it('fails as unavailable when nothing listens', async () => {
    const closed = await startFakeRobinhood();
    const url = closed.baseUrl;
    await closed.close();
    const connector = createRobinhoodConnector({ baseUrl: url, timeoutMs: 2000 });
    expectFailure(await failure(connector), 'unavailable', ROBINHOOD_ERRORS.unreachable);
  });

  it('revokes the token once the import is over: after a success, a failed read or a caller gone away', async () => {
    fake.setPositions([[{ symbol: 'AAPL', quantity: '1.00000000' }]]);
    await robinhood.importPositions(credentials);
    expect(fake.revoked).toEqual([FAKE_RH_TOKEN]);
    const form = new URLSearchParams(fake.requestsTo('/oauth2/revoke_token/')[0]?.body);
    expect(Object.fromEntries(form)).toEqual({ client_id: ROBINHOOD_CLIENT_ID, token: FAKE_RH_TOKEN });

    fake.reset();
    fake.cryptoReply = { status: 500, body: '{}' };
    expectFailure(await failure(), 'unavailable', ROBINHOOD_ERRORS.httpError(500));
    expect(fake.revoked).toEqual([FAKE_RH_TOKEN]);

    fake.reset();
    fake.positionsReply = 'hang';
    const controller = new AbortController();
    const pending = failure(connectorFor(fake, 5000), controller.signal);
    await expect.poll(() => fake.requestsTo('/positions/').length).toBe(1);
    controller.abort();
    expectFailure(await pending, 'unavailable', ROBINHOOD_ERRORS.cancelled);
    expect(fake.revoked).toEqual([FAKE_RH_TOKEN]);
  });

  it('has nothing to revoke when the sign-in fails', async () => {
    await failure(robinhood, undefined, { username: FAKE_RH_USERNAME, password: 'not-the-password' });
    expect(fake.requestsTo('/oauth2/revoke_token/')).toEqual([]);
  });

  it('stops when the caller aborts', async () => {
    fake.signIn = 'hang';
    const controller = new AbortController();
    const connector = connectorFor(fake, 5000);
    setTimeout(() => controller.abort(), 50);
    expectFailure(await failure(connector, controller.signal), 'unavailable', ROBINHOOD_ERRORS.cancelled);
  });
});

describe('Robinhood connector: crypto', () => {
  it('reads every page of crypto holdings on the crypto origin and adds them to the stocks as CRYPTO: keys', async () => {
    fake.setPositions([[{ symbol: 'AAPL', quantity: '10.00000000' }]]);
    fake.setCryptoHoldings([
      [
        { code: 'BTC', quantity: '0.01234567' },
        { code: 'eth', quantity: '1.500000000000000000' },
        { code: 'DOGE', quantity: '0.000000000000000000' },
      ],
      [
        { code: 'BTC', quantity: '0.10000000' },
        { code: 'USDC', quantity: '25.000000' },
      ],
    ]);

    const result = await robinhood.importPositions(credentials);

    expect(result).toEqual({
      portfolio: { AAPL: 10, 'CRYPTO:BTC': 0.11234567, 'CRYPTO:ETH': 1.5, 'CRYPTO:USDC': 25 },
      accountCount: 2, // the brokerage account and the crypto account
    });
    const holdings = fake.requestsTo('/holdings/');
    expect(holdings.map((r) => r.path)).toEqual(['/holdings/', '/holdings/?cursor=1']);
    expect(holdings.every((r) => r.host === 'crypto')).toBe(true);
    expect(fake.requests.filter((r) => r.host === 'crypto')).toHaveLength(2);
    for (const request of holdings) expect(request.headers.authorization).toBe(`Bearer ${FAKE_RH_TOKEN}`);
  });

  it('leaves out fiat, zero and negative quantities and codes that are not a crypto ticker', async () => {
    fake.setCryptoHoldings([
      [
        { code: 'USD', quantity: '120.50', type: 'fiat' },
        { code: 'EUR', quantity: '3.00' },
        { code: 'XRP', quantity: '40.00', type: 'fiat' },
        { code: 'BTC-USD', quantity: '1.00000000' },
        { code: '', quantity: '1.00000000' },
        { code: 'NOTATICKER11', quantity: '1.00000000' },
        { code: 'SOL', quantity: '-2.00000000' },
        { code: 'ADA', quantity: '0' },
        { code: ' sol ', quantity: '3.25000000', type: 'Cryptocurrency' },
      ],
    ]);
    expect(await robinhood.importPositions(credentials)).toEqual({
      portfolio: { 'CRYPTO:SOL': 3.25 },
      accountCount: 1,
    });
  });

  it('counts each crypto account once, and none when it holds no coin', async () => {
    fake.setCryptoHoldings([
      [
        { code: 'BTC', quantity: '1.00000000' },
        { code: 'ETH', quantity: '2.00000000', account: FAKE_RH_CRYPTO_ACCOUNT },
      ],
    ]);
    expect((await robinhood.importPositions(credentials)).accountCount).toBe(1);

    fake.setCryptoHoldings([[{ code: 'USD', quantity: '10.00', type: 'fiat' }]]);
    expect(await robinhood.importPositions(credentials)).toEqual({ portfolio: {}, accountCount: 0 });
  });

  it.each([
    ['a 500', { status: 500, body: '{"detail":"Internal server error"}' }, 'unavailable', 500],
    ['a 429', { status: 429, body: '{"detail":"Request was throttled."}' }, 'unavailable', 429],
    [
      'an HTML error page',
      { status: 503, body: '<html><body>Service Unavailable</body></html>', contentType: 'text/html' },
      'unavailable',
      503,
    ],
    [
      'an HTML page with a 200',
      { status: 200, body: '<!DOCTYPE html><html><body>Log in</body></html>', contentType: 'text/html' },
      'bad_response',
      200,
    ],
    ['JSON of another shape', { status: 200, body: '{"holdings":[]}' }, 'bad_response', 200],
    [
      'a quantity that is not a number',
      {
        status: 200,
        body: JSON.stringify({ next: null, results: [{ currency: { code: 'BTC' }, quantity: 'lots' }] }),
      },
      'bad_response',
      200,
    ],
  ] as const)(
    'fails the whole import, stocks included, when the crypto host answers %s',
    async (_, reply, kind, status) => {
      fake.setPositions([[{ symbol: 'AAPL', quantity: '10.00000000' }]]);
      fake.cryptoReply = reply;
      const error = await failure();
      expectFailure(
        error,
        kind,
        kind === 'unavailable' ? ROBINHOOD_ERRORS.httpError(status) : ROBINHOOD_ERRORS.unreadable,
      );
      expect(error.detail).toMatch(new RegExp(`^crypto holdings(?: page 1)?: HTTP ${status}`));
    },
  );

  it('fails the whole import when the crypto host never answers, within the one deadline', async () => {
    fake.setPositions([[{ symbol: 'AAPL', quantity: '10.00000000' }]]);
    fake.cryptoReply = 'hang';
    const error = await failure(hasty);
    expectFailure(error, 'timeout', ROBINHOOD_ERRORS.timeout);
    expect(error.detail).toBe('crypto holdings page 1: no answer within 500 ms');
    expect(fake.requestsTo('/positions/')).toHaveLength(1);
  });

  it('fails the whole import when nothing listens on the crypto origin', async () => {
    const closed = await startFakeRobinhood();
    const cryptoBaseUrl = closed.cryptoBaseUrl;
    await closed.close();
    fake.setPositions([[{ symbol: 'AAPL', quantity: '10.00000000' }]]);
    const connector = createRobinhoodConnector({ baseUrl: fake.baseUrl, cryptoBaseUrl, timeoutMs: 2000 });
    expectFailure(await failure(connector), 'unavailable', ROBINHOOD_ERRORS.unreachable);
  });

  it('reports the failure of one side, not the stop of the other', async () => {
    fake.positionsReply = 'hang';
    fake.cryptoReply = { status: 500, body: '{}' };
    expectFailure(await failure(), 'unavailable', ROBINHOOD_ERRORS.httpError(500));

    fake.reset();
    fake.positionsReply = { status: 502, body: '{}' };
    fake.cryptoReply = 'hang';
    const stocks = await failure();
    expectFailure(stocks, 'unavailable', ROBINHOOD_ERRORS.httpError(502));
    expect(stocks.detail).toBe('positions page 1: HTTP 502');
  });

  it('stops the other side as soon as one fails, so no further request carries the token', async () => {
    const signals = new Map<string, AbortSignal | null | undefined>();
    const connector = createRobinhoodConnector({
      baseUrl: fake.baseUrl,
      cryptoBaseUrl: fake.cryptoBaseUrl,
      timeoutMs: 5000,
      fetch: (input, init) => {
        signals.set(new URL(input).pathname, init?.signal);
        return fetch(input, init);
      },
    });
    fake.positionsReply = 'hang';
    fake.cryptoReply = { status: 500, body: '{}' };
    expectFailure(await failure(connector), 'unavailable', ROBINHOOD_ERRORS.httpError(500));
    expect(signals.get('/positions/')?.aborted).toBe(true);
  });

  it('follows crypto pages only on the crypto origin: never the base origin, never another host', async () => {
    fake.cryptoReply = {
      status: 200,
      body: JSON.stringify({ next: `${fake.baseUrl}/holdings/?cursor=1`, results: [] }),
    };
    const onBase = await failure();
    expectFailure(onBase, 'bad_response', ROBINHOOD_ERRORS.unreadable);
    expect(onBase.detail).toContain('another host');

    const elsewhere = await startFakeRobinhood();
    try {
      fake.cryptoReply = {
        status: 200,
        body: JSON.stringify({ next: `${elsewhere.cryptoBaseUrl}/holdings/?cursor=1`, results: [] }),
      };
      expectFailure(await failure(), 'bad_response', ROBINHOOD_ERRORS.unreadable);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
    expect(fake.requests.filter((r) => r.host === 'api' && r.path.startsWith('/holdings/'))).toEqual([]);
  });
});
