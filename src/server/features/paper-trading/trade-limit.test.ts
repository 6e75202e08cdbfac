import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, signUpUser } from '../../testing/users';
import { createPortfolio, FakeQuoteSource, trade } from '../../testing/paper-trading';

const quotes = new FakeQuoteSource();
let limited: TestApp;
let unlimited: TestApp;

beforeAll(async () => {
  quotes.prices.set('AAPL', 100);
  const overrides = { paperTrading: { quoteSource: quotes } };
  [limited, unlimited] = await Promise.all([
    createTestApp({ env: { TRADES_PER_MINUTE: '3' }, overrides }),
    createTestApp({ env: { TRADES_PER_MINUTE: '0' }, overrides }),
  ]);
});
afterAll(() => Promise.all([limited.close(), unlimited.close()]));

const buy = { symbol: 'AAPL', side: 'buy' as const, quantity: 1 };

describe('TRADES_PER_MINUTE', () => {
  it('limits each user, across portfolios, and answers 429 with Retry-After', async () => {
    const [user, other] = await Promise.all([signUpUser(limited.app), signUpUser(limited.app)]);
    const [first, second] = [
      await createPortfolio(limited.app, user),
      await createPortfolio(limited.app, user),
    ];
    for (const portfolioId of [first, second, first]) {
      const res = await trade(limited.app, user, { ...buy, portfolioId });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await trade(limited.app, user, { ...buy, portfolioId: second });
    expectError(refused, 429, 'RATE_LIMITED');
    expect(refused.json().error.message).toMatch(/^Too many requests\. Try again in \d+ seconds?\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const { rows } = await limited.deps.database.pool.query(
      'select count(*)::int as n from paper_trade where portfolio_id = any($1::uuid[])',
      [[first, second]],
    );
    expect(rows[0].n).toBe(3);

    // Another user is not held back, and a visitor is told to sign in, not counted.
    const theirs = await createPortfolio(limited.app, other);
    expect((await trade(limited.app, other, { ...buy, portfolioId: theirs })).statusCode).toBe(201);
    const visitor = await limited.app.inject({
      method: 'POST',
      url: '/api/paper-trading/trade',
      payload: { ...buy, portfolioId: theirs },
    });
    expectError(visitor, 401, 'UNAUTHENTICATED');
  });

  it('0 turns the limit off', async () => {
    const user = await signUpUser(unlimited.app);
    const portfolioId = await createPortfolio(unlimited.app, user);
    for (let i = 0; i < 5; i++) {
      const res = await trade(unlimited.app, user, { ...buy, portfolioId });
      expect(res.statusCode, res.body).toBe(201);
    }
    const { rows } = await unlimited.deps.database.pool.query(
      `select count(*)::int as n from limit_counter where key like 'route:POST /api/paper-trading/trade:%'`,
    );
    expect(rows[0].n).toBe(0);
  });
});
