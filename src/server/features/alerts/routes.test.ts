import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZAlertConditionsResponse,
  ZAlertsResponse,
  ZGenerateSnapshotResponse,
  ZLatestSnapshotResponse,
} from '../../../contracts/alerts';
import { subscriptionRequiredMessage } from '../../../contracts/accounts';
import { CLIENT_MESSAGES } from '../../../contracts/clients';
import { ZQuotesResponse } from '../../../contracts/market-data';
import { triggeredAlert } from './schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';

let t: TestApp;
let now = new Date('2026-11-24T15:00:00Z');
beforeAll(async () => {
  t = await createTestApp({
    env: { MARKET_DATA_PROVIDER: 'simulated' },
    overrides: { alerts: { now: () => now } },
  });
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who?: TestUser) {
  return injectAs(who, t.app, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const SIGN_IN = 'Please sign in to continue.';

describe('visitors', () => {
  it('get a 401 on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, body] of [
      ['GET', `/api/alerts/${id}`],
      ['GET', `/api/alerts/conditions/${id}`],
      ['GET', `/api/snapshots/latest/${id}`],
      ['POST', '/api/snapshots/generate', { userId: id }],
      ['POST', '/api/alerts/acknowledge', { alertId: id }],
      ['POST', '/api/alerts/conditions', { userId: id, conditions: [] }],
    ] as const) {
      expectError(await call(method, url, body), 401, 'UNAUTHENTICATED', SIGN_IN);
    }
  });
});

describe('another user’s id', () => {
  it('is a 404 User not found on every route that takes one', async () => {
    const [alice, bob] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    for (const [method, url, body] of [
      ['GET', `/api/alerts/${bob.id}`],
      ['GET', `/api/alerts/conditions/${bob.id}`],
      ['GET', `/api/snapshots/latest/${bob.id}`],
      ['GET', '/api/snapshots/latest/not-a-uuid'],
      ['POST', '/api/snapshots/generate', { userId: bob.id }],
      ['POST', '/api/alerts/conditions', { userId: bob.id, conditions: [] }],
    ] as const) {
      expectError(await call(method, url, body, alice), 404, 'NOT_FOUND', 'User not found');
    }
  });
});

describe('alert conditions', () => {
  it('saves the whole list at once and reads it back, symbols upper-cased and only where they belong', async () => {
    const user = await signUpUser(t.app);
    expect((await call('GET', `/api/alerts/conditions/${user.id}`, undefined, user)).json()).toEqual({
      conditions: [],
    });
    const saved = await call(
      'POST',
      '/api/alerts/conditions',
      {
        userId: user.id,
        conditions: [
          { type: 'price_above', symbol: ' aapl ', threshold: 250, enabled: true },
          { type: 'percent_change', symbol: 'crypto:btc', threshold: 5, enabled: false },
          { type: 'portfolio_value', symbol: 'IGNORED', threshold: 100000, enabled: true },
          { type: 'gain_loss', threshold: 1000, enabled: true },
        ],
      },
      user,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const { conditions } = ZAlertConditionsResponse.parse(saved.json());
    expect(
      conditions.map(({ type, symbol, threshold, enabled }) => ({ type, symbol, threshold, enabled })),
    ).toEqual([
      { type: 'price_above', symbol: 'AAPL', threshold: 250, enabled: true },
      { type: 'percent_change', symbol: 'CRYPTO:BTC', threshold: 5, enabled: false },
      { type: 'portfolio_value', symbol: null, threshold: 100000, enabled: true },
      { type: 'gain_loss', symbol: null, threshold: 1000, enabled: true },
    ]);
    expect((await call('GET', `/api/alerts/conditions/${user.id}`, undefined, user)).json()).toEqual({
      conditions,
    });

    // Re-saved without two of them and with one changed: the kept ids stay, the others are gone.
    const [first, , third] = conditions;
    const again = await call(
      'POST',
      '/api/alerts/conditions',
      {
        userId: user.id,
        conditions: [
          { ...first, threshold: 260 },
          { id: third!.id, type: 'portfolio_value', threshold: 100000, enabled: false },
          { type: 'price_below', symbol: 'MSFT', threshold: 300, enabled: true },
        ],
      },
      user,
    );
    const next = ZAlertConditionsResponse.parse(again.json()).conditions;
    expect(next.map((c) => [c.id === first!.id, c.id === third!.id, c.threshold, c.enabled])).toEqual([
      [true, false, 260, true],
      [false, true, 100000, false],
      [false, false, 300, true],
    ]);

    const cleared = await call('POST', '/api/alerts/conditions', { conditions: [] }, user);
    expect(cleared.json()).toEqual({ conditions: [] });
  });

  it('refuses a threshold that is missing, 0 or negative with the spec message; a symbol type needs a symbol', async () => {
    const user = await signUpUser(t.app);
    for (const threshold of [undefined, 0, -5, 'ten', null]) {
      expectError(
        await call(
          'POST',
          '/api/alerts/conditions',
          {
            userId: user.id,
            conditions: [{ type: 'price_above', symbol: 'AAPL', threshold, enabled: true }],
          },
          user,
        ),
        400,
        'VALIDATION_ERROR',
        'Please enter a valid threshold value',
      );
    }
    expectError(
      await call(
        'POST',
        '/api/alerts/conditions',
        { conditions: [{ type: 'price_below', symbol: '  ', threshold: 10, enabled: true }] },
        user,
      ),
      400,
      'VALIDATION_ERROR',
      'Please enter a symbol for this alert',
    );
    expectError(
      await call(
        'POST',
        '/api/alerts/conditions',
        {
          conditions: Array.from({ length: 51 }, () => ({ type: 'gain_loss', threshold: 1, enabled: true })),
        },
        user,
      ),
      400,
      'VALIDATION_ERROR',
      'You can keep at most 50 alert conditions.',
    );
    expectError(
      await call('POST', '/api/alerts/conditions', { conditions: [{ type: 'moon', threshold: 1 }] }, user),
      400,
      'VALIDATION_ERROR',
      'Please choose an alert type',
    );
  });

  it('refuses a symbol no source finds, and says when it is the other kind (issue 25 item 3)', async () => {
    const user = await signUpUser(t.app);
    const save = (symbol: string) =>
      call(
        'POST',
        '/api/alerts/conditions',
        { conditions: [{ type: 'price_above', symbol, threshold: 50_000, enabled: true }] },
        user,
      );
    // 'BTC' as a stock would never fire: only the coin exists.
    const asStock = await save('BTC');
    expectError(
      asStock,
      400,
      'VALIDATION_ERROR',
      'We could not find BTC as a stock or fund. BTC is a crypto: choose Crypto.',
    );
    expect(asStock.json().error.fields).toEqual({
      symbol: 'We could not find BTC as a stock or fund. BTC is a crypto: choose Crypto.',
    });
    expectError(
      await save('CRYPTO:AAPL'),
      400,
      'VALIDATION_ERROR',
      'We could not find AAPL as a crypto. AAPL is a stock or fund: choose Stock or fund.',
    );
    expectError(await save('ZZZZQ'), 400, 'VALIDATION_ERROR', 'We could not find ZZZZQ. Check the spelling.');
    const saved = await save('CRYPTO:BTC');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZAlertConditionsResponse.parse(saved.json()).conditions.map((c) => c.symbol)).toEqual([
      'CRYPTO:BTC',
    ]);
  });
});

describe('alerts and acknowledge', () => {
  it('lists open alerts newest first; acknowledging hides one; someone else’s is a 404', async () => {
    const [alice, bob] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    const [older, newer] = await t.deps.database.db
      .insert(triggeredAlert)
      .values([
        {
          userId: alice.id,
          severity: 'warning',
          message: 'TSLA is at $290.00, at or below your $300.00 alert.',
          isSimulated: true,
          triggeredAt: new Date('2026-11-24T15:00:00Z'),
        },
        {
          userId: alice.id,
          severity: 'critical',
          message: 'Your portfolio is down $2,500.00 since the last snapshot (your alert: $1,000.00).',
          isSimulated: false,
          triggeredAt: new Date('2026-11-24T15:01:00Z'),
        },
      ])
      .returning({ id: triggeredAlert.id });
    const list = ZAlertsResponse.parse(
      (await call('GET', `/api/alerts/${alice.id}`, undefined, alice)).json(),
    );
    expect(list.alerts.map((a) => [a.id, a.severity, a.isSimulated])).toEqual([
      [newer!.id, 'critical', false],
      [older!.id, 'warning', true],
    ]);
    expect(list.alerts[0]!.triggeredAt).toBe('2026-11-24T15:01:00.000Z');

    expectError(
      await call('POST', '/api/alerts/acknowledge', { alertId: older!.id }, bob),
      404,
      'NOT_FOUND',
      'Alert not found',
    );
    expectError(
      await call('POST', '/api/alerts/acknowledge', { alertId: 'nope' }, alice),
      404,
      'NOT_FOUND',
      'Alert not found',
    );
    const acknowledged = await call('POST', '/api/alerts/acknowledge', { alertId: newer!.id }, alice);
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json()).toEqual({ acknowledged: true });
    // Twice is fine.
    expect((await call('POST', '/api/alerts/acknowledge', { alertId: newer!.id }, alice)).statusCode).toBe(
      200,
    );
    const after = ZAlertsResponse.parse(
      (await call('GET', `/api/alerts/${alice.id}`, undefined, alice)).json(),
    );
    expect(after.alerts.map((a) => a.id)).toEqual([older!.id]);
  });

  it('shows alerts fired before issue 25, stored with the key CRYPTO:BTC, as BTC', async () => {
    const alice = await signUpUser(t.app);
    await t.deps.database.db.insert(triggeredAlert).values([
      {
        userId: alice.id,
        severity: 'info',
        message: 'CRYPTO:BTC is at $60,000.00, at or above your $50,000.00 alert.',
        isSimulated: true,
        triggeredAt: new Date('2026-11-20T15:00:00Z'),
      },
      {
        userId: alice.id,
        severity: 'warning',
        message: 'CRYPTO:ETH moved -6.00% today (your alert: 5.00%).',
        isSimulated: true,
        triggeredAt: new Date('2026-11-21T15:00:00Z'),
      },
    ]);
    const list = ZAlertsResponse.parse(
      (await call('GET', `/api/alerts/${alice.id}`, undefined, alice)).json(),
    );
    expect(list.alerts.map((a) => a.message)).toEqual([
      'ETH moved -6.00% today (your alert: 5.00%).',
      'BTC is at $60,000.00, at or above your $50,000.00 alert.',
    ]);
  });
});

describe('snapshots', () => {
  it('generate values the saved portfolio; the next day’s gain/loss is against the previous snapshot', async () => {
    const user = await signUpUser(t.app);
    expect((await call('GET', `/api/snapshots/latest/${user.id}`, undefined, user)).json()).toEqual({
      snapshot: null,
      history: [],
    });
    expectError(
      await call('POST', '/api/snapshots/generate', { userId: user.id }, user),
      400,
      'VALIDATION_ERROR',
      'Please add some stocks to your portfolio first.',
    );

    await call('PUT', '/api/portfolio', { portfolio: { AAPL: 10, 'CRYPTO:BTC': 0.5 } }, user);
    const quotes = ZQuotesResponse.parse(
      (await call('POST', '/api/market-data/quotes', { symbols: ['AAPL', 'CRYPTO:BTC'] })).json(),
    ).quotes;
    const value = 10 * quotes.AAPL!.currentPrice + 0.5 * quotes['CRYPTO:BTC']!.currentPrice;

    const first = await call('POST', '/api/snapshots/generate', { userId: user.id }, user);
    expect(first.statusCode, first.body).toBe(200);
    expect(ZGenerateSnapshotResponse.parse(first.json()).snapshot).toEqual({
      date: '2026-11-24',
      totalValue: Math.round(value * 100) / 100,
      totalGainLoss: 0,
      totalGainLossPercent: 0,
      isSimulated: true,
    });

    // The next day, with half the shares: the gain/loss is the difference to the 24th's snapshot.
    now = new Date('2026-11-25T15:00:00Z');
    await call('PUT', '/api/portfolio', { portfolio: { AAPL: 5, 'CRYPTO:BTC': 0.5 } }, user);
    const quotesNext = ZQuotesResponse.parse(
      (await call('POST', '/api/market-data/quotes', { symbols: ['AAPL', 'CRYPTO:BTC'] })).json(),
    ).quotes;
    const valueNext =
      Math.round((5 * quotesNext.AAPL!.currentPrice + 0.5 * quotesNext['CRYPTO:BTC']!.currentPrice) * 100) /
      100;
    const previous = Math.round(value * 100) / 100;
    const second = ZGenerateSnapshotResponse.parse(
      (await call('POST', '/api/snapshots/generate', {}, user)).json(),
    ).snapshot;
    expect(second.date).toBe('2026-11-25');
    expect(second.totalValue).toBe(valueNext);
    expect(second.totalGainLoss).toBe(Math.round((valueNext - previous) * 100) / 100);
    expect(second.totalGainLossPercent).toBeCloseTo(((valueNext - previous) / previous) * 100, 3);

    const latest = ZLatestSnapshotResponse.parse(
      (await call('GET', `/api/snapshots/latest/${user.id}`, undefined, user)).json(),
    );
    expect(latest.snapshot).toEqual(second);
    expect(latest.history.map((s) => s.date)).toEqual(['2026-11-24', '2026-11-25']);
  });
});

describe('client portfolios (Professional)', () => {
  const createClient = async (owner: TestUser, holdings: Record<string, number>) => {
    const created = await call('POST', '/api/clients', { name: 'Okafor Family Trust', holdings }, owner);
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ client: { id: string } }>().client.id;
  };

  it('each client has its own conditions, alerts and snapshots, apart from the user’s own', async () => {
    const user = await signUpUser(t.app, { plan: 'professional' });
    const clientId = await createClient(user, { MSFT: 4 });
    await call('PUT', '/api/portfolio', { portfolio: { AAPL: 10 } }, user);

    const own = [{ type: 'price_above', symbol: 'AAPL', threshold: 250, enabled: true }];
    const forClient = [
      { type: 'price_below', symbol: 'MSFT', threshold: 100, enabled: true },
      { type: 'gain_loss', threshold: 500, enabled: true },
    ];
    await call('POST', '/api/alerts/conditions', { userId: user.id, conditions: own }, user);
    const saved = await call('POST', '/api/alerts/conditions', { clientId, conditions: forClient }, user);
    expect(saved.statusCode, saved.body).toBe(200);

    const conditionsOf = async (query: string) =>
      ZAlertConditionsResponse.parse(
        (await call('GET', `/api/alerts/conditions/${user.id}${query}`, undefined, user)).json(),
      ).conditions.map((c) => `${c.type} ${c.symbol ?? ''}`.trim());
    expect(await conditionsOf('')).toEqual(['price_above AAPL']);
    expect(await conditionsOf(`?clientId=${clientId}`)).toEqual(['price_below MSFT', 'gain_loss']);

    // Saving the client's list again leaves the user's own list alone.
    await call('POST', '/api/alerts/conditions', { clientId, conditions: [] }, user);
    expect(await conditionsOf(`?clientId=${clientId}`)).toEqual([]);
    expect(await conditionsOf('')).toEqual(['price_above AAPL']);

    // A snapshot of the client values the client's holdings, and is listed for the client only.
    const quotes = ZQuotesResponse.parse(
      (await call('POST', '/api/market-data/quotes', { symbols: ['MSFT'] })).json(),
    ).quotes;
    const generated = await call('POST', '/api/snapshots/generate', { clientId }, user);
    expect(generated.statusCode, generated.body).toBe(200);
    const snapshot = ZGenerateSnapshotResponse.parse(generated.json()).snapshot;
    expect(snapshot.totalValue).toBe(Math.round(4 * quotes.MSFT!.currentPrice * 100) / 100);
    const latestOf = async (query: string) =>
      ZLatestSnapshotResponse.parse(
        (await call('GET', `/api/snapshots/latest/${user.id}${query}`, undefined, user)).json(),
      );
    expect((await latestOf(`?clientId=${clientId}`)).snapshot).toEqual(snapshot);
    expect(await latestOf('')).toEqual({ snapshot: null, history: [] });

    // Alerts are listed per portfolio too.
    const [alert] = await t.deps.database.db
      .insert(triggeredAlert)
      .values({ userId: user.id, clientId, severity: 'info', message: 'client alert', isSimulated: false })
      .returning({ id: triggeredAlert.id });
    const alertsOf = async (query: string) =>
      ZAlertsResponse.parse((await call('GET', `/api/alerts/${user.id}${query}`, undefined, user)).json())
        .alerts;
    expect((await alertsOf(`?clientId=${clientId}`)).map((a) => a.id)).toEqual([alert!.id]);
    expect(await alertsOf('')).toEqual([]);

    // Deleting the client deletes its alerts and snapshots with it.
    expect(
      (await call('POST', '/api/alerts/conditions', { clientId, conditions: forClient }, user)).statusCode,
    ).toBe(200);
    expect(
      (await injectAs(user, t.app, { method: 'DELETE', url: `/api/clients/${clientId}` })).statusCode,
    ).toBe(204);
    const left = await t.deps.database.pool.query<{ n: string }>(
      `select (select count(*) from alert_condition where client_id = $1)
            + (select count(*) from triggered_alert where client_id = $1)
            + (select count(*) from portfolio_snapshot where client_id = $1) as n`,
      [clientId],
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
    expect(await conditionsOf('')).toEqual(['price_above AAPL']);
  });

  it('an empty client has no snapshot to generate', async () => {
    const user = await signUpUser(t.app, { plan: 'professional' });
    const clientId = await createClient(user, {});
    expectError(
      await call('POST', '/api/snapshots/generate', { clientId }, user),
      400,
      'VALIDATION_ERROR',
      'Please add some stocks to your portfolio first.',
    );
  });

  it('another user’s client is a 404, a malformed id a 400, and another plan a 403 naming Professional', async () => {
    const [owner, other, free] = await Promise.all([
      signUpUser(t.app, { plan: 'professional' }),
      signUpUser(t.app, { plan: 'professional' }),
      signUpUser(t.app),
    ]);
    const clientId = await createClient(owner, { AAPL: 1 });
    const routes = (who: TestUser, id: string) =>
      [
        ['GET', `/api/alerts/${who.id}?clientId=${id}`],
        ['GET', `/api/alerts/conditions/${who.id}?clientId=${id}`],
        ['GET', `/api/snapshots/latest/${who.id}?clientId=${id}`],
        ['POST', '/api/snapshots/generate', { clientId: id }],
        ['POST', '/api/alerts/conditions', { clientId: id, conditions: [] }],
      ] as const;
    for (const [method, url, body] of routes(other, clientId)) {
      expectError(await call(method, url, body, other), 404, 'NOT_FOUND', CLIENT_MESSAGES.notFound);
    }
    for (const [method, url, body] of routes(other, 'not-a-uuid')) {
      expectError(
        await call(method, url, body, other),
        400,
        'VALIDATION_ERROR',
        CLIENT_MESSAGES.clientIdInvalid,
      );
    }
    for (const [method, url, body] of routes(free, clientId)) {
      expectError(
        await call(method, url, body, free),
        403,
        'SUBSCRIPTION_REQUIRED',
        subscriptionRequiredMessage(['professional']),
      );
    }
  });
});
