// Paper trades: buying and selling to the cent, the events they emit, concurrency, Idempotency-Key and crash
// atomicity.
import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import {
  alice,
  db,
  events,
  hooks,
  ledgerOf,
  quotes,
  t,
  usePaperTradingTestApp,
} from '../../testing/paper-trading-test-app';
import { expectError, signUpUser } from '../../testing/users';
import { createPortfolio, trade } from '../../testing/paper-trading';

usePaperTradingTestApp();

describe('POST /api/paper-trading/trade', () => {
  it('buys and sells at the quote price, to the cent', async () => {
    const id = await createPortfolio(t.app, alice, { initialBalance: 10000 });
    quotes.prices.set('AAPL', 215);

    const buy = await trade(t.app, alice, {
      portfolioId: id,
      userId: alice.id,
      symbol: 'aapl',
      side: 'buy',
      quantity: 10,
      price: 1,
    });
    expect(buy.statusCode, buy.body).toBe(201);
    expect(buy.json()).toEqual({
      message: 'Bought 10 AAPL at $215.00.',
      trade: {
        id: expect.any(String),
        portfolioId: id,
        userId: alice.id,
        symbol: 'AAPL',
        side: 'buy',
        quantity: 10,
        price: '215.000000',
        totalValue: '2150.00',
        realizedPnl: null,
        priceSource: 'fake',
        executedAt: expect.any(String),
      },
    });
    expect(await ledgerOf(id)).toMatchObject({
      cash: '7850.00',
      holdings: [{ symbol: 'AAPL', quantity: 10, average_cost: '215.000000' }],
    });

    quotes.prices.set('AAPL', 230);
    expect(
      (await trade(t.app, alice, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 5 })).statusCode,
    ).toBe(201);
    expect(await ledgerOf(id)).toMatchObject({
      cash: '6700.00',
      holdings: [{ symbol: 'AAPL', quantity: 15, average_cost: '220.000000' }],
    });

    // 3 × 0.335 = 1.005 -> $1.01 (half away from zero)
    quotes.prices.set('PENNY', 0.335);
    const penny = await trade(t.app, alice, { portfolioId: id, symbol: 'PENNY', side: 'buy', quantity: 3 });
    expect(penny.json().trade).toMatchObject({ price: '0.335000', totalValue: '1.01' });
    expect(penny.json().message).toBe('Bought 3 PENNY at $0.335.');

    quotes.prices.set('AAPL', 250.01);
    const sell = await trade(t.app, alice, { portfolioId: id, symbol: 'AAPL', side: 'sell', quantity: 15 });
    expect(sell.statusCode, sell.body).toBe(201);
    expect(sell.json().message).toBe('Sold 15 AAPL at $250.01.');
    // (250.01 - 220) × 15 = 450.15; proceeds 3750.15
    expect(sell.json().trade).toMatchObject({ side: 'sell', totalValue: '3750.15', realizedPnl: '450.15' });
    const ledger = await ledgerOf(id);
    expect(ledger).toMatchObject({
      cash: '10449.14',
      holdings: [{ symbol: 'PENNY', quantity: 3, average_cost: '0.335000' }],
      trades: 4,
    });
    expect(Number(ledger.initial) + Number(ledger.cashFlow)).toBeCloseTo(Number(ledger.cash), 10);

    const again = await trade(t.app, alice, { portfolioId: id, symbol: 'AAPL', side: 'sell', quantity: 1 });
    expectError(
      again,
      422,
      'INSUFFICIENT_SHARES',
      'Insufficient shares: you hold 0 AAPL but tried to sell 1.',
    );
  });

  it('refuses a buy the cash cannot cover, changing nothing', async () => {
    const id = await createPortfolio(t.app, alice);
    quotes.prices.set('AAPL', 215);
    const res = await trade(t.app, alice, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 47 });
    expectError(
      res,
      422,
      'INSUFFICIENT_CASH',
      'Insufficient cash: this order costs $10,105.00 but the portfolio has $10,000.00 available.',
    );
    expect(await ledgerOf(id)).toMatchObject({ cash: '10000.00', holdings: [], trades: 0 });
    const partial = await trade(t.app, alice, { portfolioId: id, symbol: 'AAPL', side: 'sell', quantity: 2 });
    expectError(
      partial,
      422,
      'INSUFFICIENT_SHARES',
      'Insufficient shares: you hold 0 AAPL but tried to sell 2.',
    );
  });

  it('refuses orders under $1.00: free buys of a sub-cent coin, then one sell, make no money', async () => {
    const id = await createPortfolio(t.app, alice);
    // 1 × $0.004 rounds to $0.00: before the minimum, each of these filled for free.
    quotes.prices.set('DUST', 0.004);
    const buys = [];
    for (let i = 0; i < 50; i++) {
      buys.push(await trade(t.app, alice, { portfolioId: id, symbol: 'DUST', side: 'buy', quantity: 1 }));
    }
    for (const res of buys) {
      expectError(res, 422, 'ORDER_TOO_SMALL', 'Minimum order value is $1.00: this order is worth $0.00.');
    }
    quotes.prices.set('DUST', 0.005);
    const sell = await trade(t.app, alice, { portfolioId: id, symbol: 'DUST', side: 'sell', quantity: 50 });
    expectError(sell, 422, 'ORDER_TOO_SMALL', 'Minimum order value is $1.00: this order is worth $0.25.');
    expect(await ledgerOf(id)).toMatchObject({ cash: '10000.00', holdings: [], trades: 0 });

    // Half a cent a unit: 200 for $1.00 may be bought, but selling them one by one ($0.01 each) is refused,
    // and selling them all gives back exactly the $1.00.
    const bought = await trade(t.app, alice, { portfolioId: id, symbol: 'DUST', side: 'buy', quantity: 200 });
    expect(bought.json().trade).toMatchObject({ totalValue: '1.00' });
    const one = await trade(t.app, alice, { portfolioId: id, symbol: 'DUST', side: 'sell', quantity: 1 });
    expectError(one, 422, 'ORDER_TOO_SMALL', 'Minimum order value is $1.00: this order is worth $0.01.');
    const all = await trade(t.app, alice, { portfolioId: id, symbol: 'DUST', side: 'sell', quantity: 200 });
    expect(all.json().trade).toMatchObject({ totalValue: '1.00', realizedPnl: '0.00' });
    expect(await ledgerOf(id)).toMatchObject({ cash: '10000.00', holdings: [], trades: 2 });
  });

  it('lets a sell of the whole holding close a position worth under $1.00', async () => {
    const id = await createPortfolio(t.app, alice);
    quotes.prices.set('FALL', 0.5);
    expect(
      (await trade(t.app, alice, { portfolioId: id, symbol: 'FALL', side: 'buy', quantity: 4 })).statusCode,
    ).toBe(201);
    quotes.prices.set('FALL', 0.2);
    const part = await trade(t.app, alice, { portfolioId: id, symbol: 'FALL', side: 'sell', quantity: 3 });
    expectError(part, 422, 'ORDER_TOO_SMALL', 'Minimum order value is $1.00: this order is worth $0.60.');
    const close = await trade(t.app, alice, { portfolioId: id, symbol: 'FALL', side: 'sell', quantity: 4 });
    expect(close.statusCode, close.body).toBe(201);
    expect(close.json().trade).toMatchObject({ totalValue: '0.80', realizedPnl: '-1.20' });
    expect(await ledgerOf(id)).toMatchObject({ cash: '9998.80', holdings: [], trades: 2 });
  });

  it.each([
    [{ symbol: '' }, 'symbol', 'Stock symbol is required'],
    [{ symbol: 'ABCDEFGHIJK' }, 'symbol', 'Symbol too long'],
    [{ side: 'hold' }, 'side', 'Order type must be buy or sell'],
    [{ kind: 'bond' }, 'kind', 'Market must be stock or crypto'],
    // The ticker typed is what the 10-character rule reads, whatever the kind.
    [{ symbol: 'ABCDEFGHIJK', kind: 'crypto' }, 'symbol', 'Symbol too long'],
    [{ quantity: 0 }, 'quantity', 'Quantity must be at least 1'],
    [{ quantity: 10001 }, 'quantity', 'Quantity too large'],
    [{ portfolioId: undefined }, 'portfolioId', 'No portfolio selected'],
  ])('refuses %j with 400 %s: %s', async (override, field, message) => {
    const res = await trade(t.app, alice, {
      portfolioId: '00000000-0000-4000-8000-000000000000',
      symbol: 'AAPL',
      side: 'buy',
      quantity: 1,
      ...override,
    } as Parameters<typeof trade>[2]);
    expect(expectError(res, 400, 'VALIDATION_ERROR', message).fields?.[field]).toBe(message);
  });

  it('refuses a symbol no source finds with 404, saying which kind it is when it is the other, changing nothing', async () => {
    const id = await createPortfolio(t.app, alice);
    const order = { portfolioId: id, side: 'buy', quantity: 1 } as const;
    const nope = await trade(t.app, alice, { ...order, symbol: 'NOPE' });
    expect(expectError(nope, 404, 'NOT_FOUND', 'We could not find NOPE. Check the spelling.').fields).toEqual(
      {
        symbol: 'We could not find NOPE. Check the spelling.',
      },
    );
    // 'BTC' as a stock: the coin is on the security master, so the person is told to choose Crypto.
    const btcAsStock = await trade(t.app, alice, { ...order, symbol: 'BTC', kind: 'stock' });
    expectError(
      btcAsStock,
      404,
      'NOT_FOUND',
      'We could not find BTC as a stock or fund. BTC is a crypto: choose Crypto.',
    );
    const appleAsCoin = await trade(t.app, alice, { ...order, symbol: 'AAPL', kind: 'crypto' });
    expectError(
      appleAsCoin,
      404,
      'NOT_FOUND',
      'We could not find AAPL as a crypto. AAPL is a stock or fund: choose Stock or fund.',
    );
    expect((await ledgerOf(id)).trades).toBe(0);
  });

  it('trades a coin asked as { symbol, kind: crypto }, its key CRYPTO:<coin>, and says the coin as people write it', async () => {
    const id = await createPortfolio(t.app, alice, { initialBalance: 10000 });
    // DOGE's key is 11 characters: only the ticker typed is held to the 10-character rule.
    quotes.prices.set('CRYPTO:DOGE', 0.25);
    quotes.prices.set('CRYPTO:BTC', 6000);
    const doge = await trade(t.app, alice, {
      portfolioId: id,
      symbol: 'doge',
      kind: 'crypto',
      side: 'buy',
      quantity: 100,
    });
    expect(doge.statusCode, doge.body).toBe(201);
    expect(doge.json()).toMatchObject({
      message: 'Bought 100 DOGE at $0.25.',
      trade: { symbol: 'CRYPTO:DOGE', quantity: 100, totalValue: '25.00' },
    });
    const tooMany = await trade(t.app, alice, {
      portfolioId: id,
      symbol: 'DOGE',
      kind: 'crypto',
      side: 'sell',
      quantity: 101,
    });
    expectError(
      tooMany,
      422,
      'INSUFFICIENT_SHARES',
      'Insufficient shares: you hold 100 DOGE but tried to sell 101.',
    );
    // A key sent in full, as clients did before the kind was asked, is the same coin.
    const btc = await trade(t.app, alice, {
      portfolioId: id,
      symbol: 'CRYPTO:BTC',
      side: 'buy',
      quantity: 1,
    });
    expect(btc.json()).toMatchObject({
      message: 'Bought 1 BTC at $6,000.00.',
      trade: { symbol: 'CRYPTO:BTC' },
    });
    expect((await ledgerOf(id)).holdings.map((h) => h.symbol)).toEqual(['CRYPTO:BTC', 'CRYPTO:DOGE']);
  });

  it('emits trade_executed inside the transaction, with the realised P&L of sells', async () => {
    const id = await createPortfolio(t.app, alice);
    quotes.prices.set('MSFT', 400);
    let visibleInTx = -1;
    hooks.onEventExtra = async (event, tx) => {
      if (event.type !== 'trade_executed' || event.portfolioId !== id) return;
      const { rows } = await tx.execute(
        sql`select count(*)::int as n from paper_trade where id = ${event.tradeId}`,
      );
      visibleInTx = (rows[0] as { n: number }).n;
    };
    await trade(t.app, alice, { portfolioId: id, symbol: 'MSFT', side: 'buy', quantity: 2 });
    quotes.prices.set('MSFT', 410.25);
    await trade(t.app, alice, { portfolioId: id, symbol: 'MSFT', side: 'sell', quantity: 1 });
    const mine = events.filter((e) => e.type === 'trade_executed' && e.portfolioId === id);
    expect(mine).toEqual([
      expect.objectContaining({
        type: 'trade_executed',
        side: 'buy',
        quantity: 2,
        price: '400.000000',
        totalValue: '800.00',
        realizedPnl: null,
        cashAfter: '9200.00',
      }),
      expect.objectContaining({
        type: 'trade_executed',
        side: 'sell',
        quantity: 1,
        price: '410.250000',
        totalValue: '410.25',
        realizedPnl: '10.25',
        cashAfter: '9610.25',
      }),
    ]);
    expect(visibleInTx).toBe(1);
  });

  it('an event handler that fails rolls the trade back', async () => {
    const id = await createPortfolio(t.app, alice);
    quotes.prices.set('AAPL', 100);
    hooks.onEventExtra = async () => {
      throw new Error('rewards are down');
    };
    const res = await trade(t.app, alice, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 1 });
    expectError(res, 500, 'INTERNAL');
    expect(await ledgerOf(id)).toMatchObject({ cash: '10000.00', holdings: [], trades: 0 });
  });
});

describe('concurrency', () => {
  it('40 concurrent buys where the cash covers exactly 17: 17 fill, 23 are refused, cash exact', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user, { initialBalance: 10000 });
    // 17 × 588.23 = 9,999.91 <= 10,000 < 18 × 588.23 = 10,588.14
    quotes.prices.set('NVDA', 588.23);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        trade(t.app, user, { portfolioId: id, symbol: 'NVDA', side: 'buy', quantity: 1 }),
      ),
    );
    const filled = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(filled).toHaveLength(17);
    expect(refused).toHaveLength(23);
    for (const r of refused)
      expect(r.json().error.message).toMatch(
        /^Insufficient cash: this order costs \$588\.23 but the portfolio has \$\d+\.\d{2} available\.$/,
      );
    expect(await ledgerOf(id)).toMatchObject({
      cash: '0.09',
      holdings: [{ symbol: 'NVDA', quantity: 17, average_cost: '588.230000' }],
      trades: 17,
      cashFlow: '-9999.91',
      netQuantity: 17,
    });
  });

  it('concurrent buys and sells keep holdings = Σ fills and cash = initial + Σ flows', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user, { initialBalance: 5000 });
    quotes.prices.set('AMD', 123.45);
    await trade(t.app, user, { portfolioId: id, symbol: 'AMD', side: 'buy', quantity: 10 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        trade(t.app, user, {
          portfolioId: id,
          symbol: 'AMD',
          side: i % 2 ? 'sell' : 'buy',
          quantity: 1 + (i % 3),
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true);
    const ledger = await ledgerOf(id);
    expect(ledger.holdings[0]?.quantity ?? 0).toBe(ledger.netQuantity);
    const { rows } = await db('select ($1::numeric + $2::numeric)::text as expected', [
      ledger.initial,
      ledger.cashFlow,
    ]);
    expect(ledger.cash).toBe(rows[0].expected);
  });
});

describe('Idempotency-Key', () => {
  it('a retried request with the same key fills once and answers 200 with the first body', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user);
    quotes.prices.set('AAPL', 200);
    const order = { portfolioId: id, symbol: 'AAPL', side: 'buy' as const, quantity: 3 };
    const first = await trade(t.app, user, order, 'order-1');
    expect(first.statusCode).toBe(201);
    quotes.prices.set('AAPL', 250);
    const second = await trade(t.app, user, order, 'order-1');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await ledgerOf(id)).toMatchObject({ cash: '9400.00', trades: 1 });
    // Another key is another order; the same key for a different order is a conflict.
    expect((await trade(t.app, user, order, 'order-2')).statusCode).toBe(201);
    expectError(await trade(t.app, user, { ...order, quantity: 4 }, 'order-1'), 409, 'CONFLICT');
    // Keys are per user.
    const other = await signUpUser(t.app);
    const otherId = await createPortfolio(t.app, other);
    expect((await trade(t.app, other, { ...order, portfolioId: otherId }, 'order-1')).statusCode).toBe(201);
  });

  it('concurrent requests with the same key fill once', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user);
    quotes.prices.set('AAPL', 100);
    const order = { portfolioId: id, symbol: 'AAPL', side: 'buy' as const, quantity: 1 };
    const results = await Promise.all(
      Array.from({ length: 12 }, () => trade(t.app, user, order, 'same-key')),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(11);
    expect(new Set(results.map((r) => r.json<{ trade: { id: string } }>().trade.id)).size).toBe(1);
    expect(await ledgerOf(id)).toMatchObject({ cash: '9900.00', trades: 1 });
  });

  it('refuses a malformed key', async () => {
    const id = await createPortfolio(t.app, alice);
    quotes.prices.set('AAPL', 100);
    const res = await trade(
      t.app,
      alice,
      { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 1 },
      'k'.repeat(101),
    );
    expectError(res, 400, 'VALIDATION_ERROR', 'Idempotency-Key must be 1 to 100 visible characters');
  });
});

describe('crash atomicity', () => {
  it('a transaction aborted after the cash update and before COMMIT leaves nothing behind', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user);
    quotes.prices.set('AAPL', 100);
    await trade(t.app, user, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 5 });
    const before = await ledgerOf(id);

    let cashInsideTx = '';
    hooks.beforeCommit = async (tx) => {
      const { rows } = await tx.execute(sql`select cash_balance from paper_portfolio where id = ${id}`);
      cashInsideTx = (rows[0] as { cash_balance: string }).cash_balance;
      throw new Error('process killed');
    };
    expectError(
      await trade(t.app, user, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 7 }, 'crash-1'),
      500,
      'INTERNAL',
    );
    expect(cashInsideTx).toBe('8800.00'); // the update had happened inside the transaction
    expect(await ledgerOf(id)).toEqual(before);

    // The connection itself dies mid-transaction (what a killed process does to its session). node-postgres
    // then emits 'error' on the checked-out client, which has no listener of its own (see the report: the app's
    // pool should attach one); the test listens so that the event is not an uncaught exception.
    const clientErrors: Error[] = [];
    const guarded = new WeakSet<object>();
    const guard = (client: PoolClient) => {
      if (guarded.has(client)) return;
      guarded.add(client);
      client.on('error', (error) => clientErrors.push(error));
    };
    t.deps.database.pool.on('acquire', guard);
    hooks.beforeCommit = async (tx) => {
      await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
    };
    expect(
      (await trade(t.app, user, { portfolioId: id, symbol: 'AAPL', side: 'sell', quantity: 2 }, 'crash-2'))
        .statusCode,
    ).toBe(500);
    expect(await ledgerOf(id)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 50));
    t.deps.database.pool.off('acquire', guard);
    expect(clientErrors.map((e) => e.message)).toEqual(['Connection terminated unexpectedly']);

    // Afterwards the same keys fill normally: nothing of the aborted attempts survived.
    hooks.beforeCommit = undefined;
    expect(
      (await trade(t.app, user, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 7 }, 'crash-1'))
        .statusCode,
    ).toBe(201);
    expect(await ledgerOf(id)).toMatchObject({ cash: '8800.00', holdings: [{ quantity: 12 }], trades: 2 });
  });
});
