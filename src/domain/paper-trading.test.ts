import { describe, expect, it } from 'vitest';
import {
  applyTrade,
  buildPerformanceSeries,
  Decimal,
  formatSharePrice,
  formatUsd,
  insufficientCashMessage,
  marketValueOf,
  orderTooSmallMessage,
  PAPER_PORTFOLIO_LIMITS,
  PAPER_TRADE_LIMITS,
  portfolioCreatedMessage,
  returnOf,
  roundMoney,
  tradeExecutedMessage,
  unrealizedPnlOf,
  type Holding,
  type TradeOutcome,
} from './paper-trading';
import { utcDateOf } from './calendar';

const holding = (quantity: number, averageCost: string): Holding => ({
  quantity,
  averageCost: new Decimal(averageCost),
});

/** The outcome with Decimals as strings, for exact comparison. */
function plain(outcome: TradeOutcome) {
  if (!outcome.ok) return outcome;
  return {
    cash: outcome.cash.toFixed(2),
    quantity: outcome.holding.quantity,
    averageCost: outcome.holding.averageCost.toFixed(6),
    price: outcome.price.toFixed(6),
    totalValue: outcome.totalValue.toFixed(2),
    realizedPnl: outcome.realizedPnl?.toFixed(2) ?? null,
  };
}

describe('constants (spec 001 §9)', () => {
  it('has the limits of the spec', () => {
    expect(PAPER_PORTFOLIO_LIMITS).toEqual({
      nameMaxLength: 100,
      descriptionMaxLength: 500,
      minInitialBalance: 1000,
      maxInitialBalance: 1_000_000,
      defaultInitialBalance: 10_000,
    });
    expect(PAPER_TRADE_LIMITS).toEqual({
      symbolMaxLength: 10,
      minQuantity: 1,
      maxQuantity: 10_000,
      minOrderValue: 1,
    });
  });
});

describe('applyTrade: buys', () => {
  it('takes quantity × price from the cash and opens the holding at the price', () => {
    const outcome = applyTrade(
      { cash: '10000.00', holding: undefined },
      { symbol: 'AAPL', side: 'buy', quantity: 10, price: 215 },
    );
    expect(plain(outcome)).toEqual({
      cash: '7850.00',
      quantity: 10,
      averageCost: '215.000000',
      price: '215.000000',
      totalValue: '2150.00',
      realizedPnl: null,
    });
  });

  it('rounds the order total to the cent, half away from zero, and moves the cash by that total', () => {
    // 3 × 0.335 = 1.005 -> 1.01; 7 × 12.3456 = 86.4192 -> 86.42; 1 × 1.004 -> 1.00
    expect(
      plain(
        applyTrade(
          { cash: '100.00', holding: undefined },
          { symbol: 'X', side: 'buy', quantity: 3, price: 0.335 },
        ),
      ),
    ).toMatchObject({ cash: '98.99', totalValue: '1.01', averageCost: '0.335000' });
    expect(
      plain(
        applyTrade(
          { cash: '100.00', holding: undefined },
          { symbol: 'X', side: 'buy', quantity: 7, price: '12.3456' },
        ),
      ),
    ).toMatchObject({ cash: '13.58', totalValue: '86.42' });
    expect(
      plain(
        applyTrade(
          { cash: '1.00', holding: undefined },
          { symbol: 'X', side: 'buy', quantity: 1, price: '1.004' },
        ),
      ),
    ).toMatchObject({ cash: '0.00', totalValue: '1.00' });
  });

  it('reads a float price through its shortest spelling and keeps 6 decimals', () => {
    // 0.1 + 0.2 = 0.30000000000000004 -> 0.300000
    const outcome = applyTrade(
      { cash: '10.00', holding: undefined },
      { symbol: 'X', side: 'buy', quantity: 10, price: 0.1 + 0.2 },
    );
    expect(plain(outcome)).toMatchObject({ price: '0.300000', totalValue: '3.00', cash: '7.00' });
    const fine = applyTrade(
      { cash: '10.00', holding: undefined },
      { symbol: 'X', side: 'buy', quantity: 1, price: 1.2345675 },
    );
    expect(plain(fine)).toMatchObject({ price: '1.234568', totalValue: '1.23' });
  });

  it('weights the average cost by quantity (6 decimals, half away from zero)', () => {
    const add = (h: Holding, quantity: number, price: string) =>
      plain(applyTrade({ cash: '100000.00', holding: h }, { symbol: 'AAPL', side: 'buy', quantity, price }));
    expect(add(holding(10, '215'), 5, '230')).toMatchObject({ quantity: 15, averageCost: '220.000000' });
    expect(add(holding(3, '10'), 1, '11')).toMatchObject({ quantity: 4, averageCost: '10.250000' });
    // (10 + 22) / 3 = 10.6666666… -> 10.666667
    expect(add(holding(1, '10'), 2, '11')).toMatchObject({ quantity: 3, averageCost: '10.666667' });
    // (2 × 10.000001 + 1 × 10.000002) / 3 = 10.00000133… -> 10.000001
    expect(add(holding(2, '10.000001'), 1, '10.000002')).toMatchObject({ averageCost: '10.000001' });
  });

  it('fills when the cost equals the cash exactly, leaving 0.00', () => {
    const outcome = applyTrade(
      { cash: '2150.00', holding: undefined },
      { symbol: 'AAPL', side: 'buy', quantity: 10, price: 215 },
    );
    expect(plain(outcome)).toMatchObject({ cash: '0.00' });
  });

  it("refuses a buy the cash cannot cover with the spec's message", () => {
    const outcome = applyTrade(
      { cash: '2149.99', holding: undefined },
      { symbol: 'AAPL', side: 'buy', quantity: 10, price: 215 },
    );
    expect(outcome).toEqual({
      ok: false,
      code: 'INSUFFICIENT_CASH',
      message: 'Insufficient cash: this order costs $2,150.00 but the portfolio has $2,149.99 available.',
    });
    expect(insufficientCashMessage('1234567.891', '0')).toBe(
      'Insufficient cash: this order costs $1,234,567.89 but the portfolio has $0.00 available.',
    );
  });
});

describe('applyTrade: sells', () => {
  it('adds the proceeds, keeps the average cost and realises (price - average) × quantity', () => {
    const outcome = applyTrade(
      { cash: '1000.00', holding: holding(15, '220') },
      { symbol: 'AAPL', side: 'sell', quantity: 5, price: 250 },
    );
    expect(plain(outcome)).toEqual({
      cash: '2250.00',
      quantity: 10,
      averageCost: '220.000000',
      price: '250.000000',
      totalValue: '1250.00',
      realizedPnl: '150.00',
    });
  });

  it('realises a loss, rounded to the cent half away from zero', () => {
    // (10 - 10.666667) × 3 = -2.000001 -> -2.00
    expect(
      plain(
        applyTrade(
          { cash: '0.00', holding: holding(3, '10.666667') },
          { symbol: 'X', side: 'sell', quantity: 3, price: 10 },
        ),
      ),
    ).toMatchObject({ cash: '30.00', quantity: 0, realizedPnl: '-2.00' });
    // (10 - 10.005) × 1 = -0.005 -> -0.01
    expect(
      plain(
        applyTrade(
          { cash: '0.00', holding: holding(1, '10.005') },
          { symbol: 'X', side: 'sell', quantity: 1, price: 10 },
        ),
      ),
    ).toMatchObject({ realizedPnl: '-0.01' });
    // (10.005 - 10) × 1 = 0.005 -> 0.01
    expect(
      plain(
        applyTrade(
          { cash: '0.00', holding: holding(1, '10') },
          { symbol: 'X', side: 'sell', quantity: 1, price: '10.005' },
        ),
      ),
    ).toMatchObject({ realizedPnl: '0.01', totalValue: '10.01' });
  });

  it('closes the holding to quantity 0 when everything is sold', () => {
    const outcome = applyTrade(
      { cash: '0.00', holding: holding(10, '215') },
      { symbol: 'AAPL', side: 'sell', quantity: 10, price: 200 },
    );
    expect(plain(outcome)).toMatchObject({ quantity: 0, cash: '2000.00', realizedPnl: '-150.00' });
  });

  it("refuses selling more than held with the spec's message", () => {
    expect(
      applyTrade(
        { cash: '0', holding: holding(5, '1') },
        { symbol: 'AAPL', side: 'sell', quantity: 6, price: 1 },
      ),
    ).toEqual({
      ok: false,
      code: 'INSUFFICIENT_SHARES',
      message: 'Insufficient shares: you hold 5 AAPL but tried to sell 6.',
    });
    expect(
      applyTrade({ cash: '0', holding: undefined }, { symbol: 'TSLA', side: 'sell', quantity: 1, price: 1 }),
    ).toMatchObject({
      message: 'Insufficient shares: you hold 0 TSLA but tried to sell 1.',
    });
  });

  it('rejects impossible orders (programming errors, not user errors)', () => {
    expect(() =>
      applyTrade({ cash: '1', holding: undefined }, { symbol: 'X', side: 'buy', quantity: 0, price: 1 }),
    ).toThrow(RangeError);
    expect(() =>
      applyTrade({ cash: '1', holding: undefined }, { symbol: 'X', side: 'buy', quantity: 1.5, price: 1 }),
    ).toThrow(RangeError);
    expect(() =>
      applyTrade({ cash: '1', holding: undefined }, { symbol: 'X', side: 'buy', quantity: 1, price: 0 }),
    ).toThrow(RangeError);
    expect(() =>
      applyTrade(
        { cash: '1', holding: undefined },
        { symbol: 'X', side: 'buy', quantity: 1, price: Number.NaN },
      ),
    ).toThrow(RangeError);
  });
});

describe('applyTrade: the minimum order value ($1.00)', () => {
  const buy = (quantity: number, price: string) =>
    applyTrade({ cash: '10000.00', holding: undefined }, { symbol: 'DUST', side: 'buy', quantity, price });
  const sell = (held: number, quantity: number, price: string) =>
    applyTrade(
      { cash: '0.00', holding: holding(held, price) },
      { symbol: 'DUST', side: 'sell', quantity, price },
    );

  it.each([
    // quantity, price, total: orders whose total rounds to $0.00 or stays under $1.00
    [1, '0.004', '$0.00'],
    [1, '0.000001', '$0.00'],
    [1, '0.005', '$0.01'],
    [199, '0.005', '$1.00'], // 0.995 -> $1.00: reaches the minimum
    [3, '0.333333', '$1.00'], // 0.999999 -> $1.00
    [99, '0.01', '$0.99'],
    [10000, '0.000099', '$0.99'],
  ])('a buy of %i at $%s totals %s', (quantity, price, total) => {
    const outcome = buy(quantity, price);
    if (total === '$1.00') {
      expect(plain(outcome)).toMatchObject({ totalValue: '1.00', cash: '9999.00' });
    } else {
      expect(outcome).toEqual({
        ok: false,
        code: 'ORDER_TOO_SMALL',
        message: `Minimum order value is $1.00: this order is worth ${total}.`,
      });
    }
  });

  it('fills a buy of exactly $1.00 and refuses $0.99', () => {
    expect(plain(buy(100, '0.01'))).toMatchObject({ totalValue: '1.00', quantity: 100 });
    expect(buy(1, '0.994999')).toMatchObject({ ok: false, code: 'ORDER_TOO_SMALL' });
    expect(plain(buy(1, '0.995'))).toMatchObject({ totalValue: '1.00' });
  });

  it('refuses a partial sell under $1.00 but lets a sell of the whole holding close it', () => {
    expect(sell(10, 5, '0.09')).toEqual({
      ok: false,
      code: 'ORDER_TOO_SMALL',
      message: 'Minimum order value is $1.00: this order is worth $0.45.',
    });
    expect(plain(sell(10, 10, '0.09'))).toMatchObject({ quantity: 0, totalValue: '0.90', cash: '0.90' });
    // Selling half a cent one unit at a time would round each up to $0.01: refused.
    expect(sell(200, 1, '0.005')).toMatchObject({ ok: false, code: 'ORDER_TOO_SMALL' });
  });

  it('never fills for $0.00, not even the sell of a whole holding', () => {
    expect(sell(1, 1, '0.004')).toEqual({
      ok: false,
      code: 'ORDER_TOO_SMALL',
      message: 'Minimum order value is $1.00: this order is worth $0.00.',
    });
  });

  it('1,500 buys of a $0.004 coin cost nothing no more: each is refused, the cash unchanged', () => {
    let state = { cash: new Decimal('10000.00'), holding: undefined as Holding | undefined };
    let refused = 0;
    for (let i = 0; i < 1500; i++) {
      const outcome = applyTrade(state, { symbol: 'DUST', side: 'buy', quantity: 1, price: '0.004' });
      if (outcome.ok) state = { cash: outcome.cash, holding: outcome.holding };
      else refused++;
    }
    expect(refused).toBe(1500);
    expect(state).toEqual({ cash: new Decimal('10000.00'), holding: undefined });
  });

  it('formats the message with the total to the cent', () => {
    expect(orderTooSmallMessage('0.005')).toBe('Minimum order value is $1.00: this order is worth $0.01.');
  });
});

describe('valuation', () => {
  it('market value and unrealised P&L to the cent', () => {
    expect(marketValueOf(10, '220.555').toFixed(2)).toBe('2205.55');
    expect(marketValueOf(3, '0.335').toFixed(2)).toBe('1.01');
    expect(unrealizedPnlOf(holding(10, '215'), '220.555').toFixed(2)).toBe('55.55');
    expect(unrealizedPnlOf(holding(10, '215'), '215.0005').toFixed(2)).toBe('0.01');
    expect(unrealizedPnlOf(holding(10, '215'), '214.9995').toFixed(2)).toBe('-0.01');
    expect(unrealizedPnlOf(holding(7, '10.666667'), '10').toFixed(2)).toBe('-4.67');
  });

  it('return and return percent (2 places)', () => {
    const r = returnOf('10000.00', '10215.50');
    expect([r.totalReturn.toFixed(2), r.totalReturnPercent.toFixed(2)]).toEqual(['215.50', '2.16']);
    const loss = returnOf('10000.00', '9876.54');
    expect([loss.totalReturn.toFixed(2), loss.totalReturnPercent.toFixed(2)]).toEqual(['-123.46', '-1.23']);
    expect(returnOf('0', '5').totalReturnPercent.toFixed(2)).toBe('0.00');
  });

  it('never goes through floats: 0.1 + 0.2 cents add up', () => {
    let cash = new Decimal('0');
    for (let i = 0; i < 10; i++) cash = cash.plus(roundMoney('0.10'));
    expect(cash.toFixed(2)).toBe('1.00');
  });
});

describe('messages', () => {
  it('formats dollars exactly', () => {
    expect(formatUsd('10000')).toBe('$10,000.00');
    expect(formatUsd('1000000')).toBe('$1,000,000.00');
    expect(formatUsd('-12.5')).toBe('-$12.50');
    expect(formatUsd('0.005')).toBe('$0.01');
    expect(formatUsd('-0.001')).toBe('$0.00');
    expect(formatUsd('999.995')).toBe('$1,000.00');
    expect(formatSharePrice('215')).toBe('$215.00');
    expect(formatSharePrice('0.1234')).toBe('$0.1234');
    expect(formatSharePrice('1234.5')).toBe('$1,234.50');
  });

  it('says what was traded and what was created', () => {
    expect(tradeExecutedMessage({ side: 'buy', quantity: 10, symbol: 'AAPL', price: '215.000000' })).toBe(
      'Bought 10 AAPL at $215.00.',
    );
    expect(tradeExecutedMessage({ side: 'sell', quantity: 1, symbol: 'BRK-B', price: '412.125' })).toBe(
      'Sold 1 BRK-B at $412.125.',
    );
    expect(portfolioCreatedMessage('Growth', '10000.00')).toBe(
      'Portfolio "Growth" created with $10,000.00 virtual cash.',
    );
  });
});

describe('buildPerformanceSeries', () => {
  const trades = [
    {
      date: '2024-01-02',
      symbol: 'AAPL',
      side: 'buy' as const,
      quantity: 10,
      price: '100',
      totalValue: '1000.00',
    },
    {
      date: '2024-01-04',
      symbol: 'AAPL',
      side: 'sell' as const,
      quantity: 4,
      price: '110',
      totalValue: '440.00',
    },
  ];
  const closes = new Map([
    [
      'AAPL',
      [
        { date: '2024-01-01', close: 99 },
        { date: '2024-01-02', close: 101 },
        { date: '2024-01-04', close: 108 },
      ],
    ],
  ]);

  it('replays cash from the fills, values holdings at forward-filled closes and today at the live price', () => {
    const series = buildPerformanceSeries({
      startDate: '2024-01-01',
      endDate: '2024-01-05',
      initialCash: '10000.00',
      trades,
      closes,
      latestPrices: new Map([['AAPL', '112.5']]),
    });
    expect(series).toEqual({
      points: [
        { date: '2024-01-01', value: '10000.00', cash: '10000.00' },
        { date: '2024-01-02', value: '10010.00', cash: '9000.00' },
        { date: '2024-01-03', value: '10010.00', cash: '9000.00' },
        { date: '2024-01-04', value: '10088.00', cash: '9440.00' },
        { date: '2024-01-05', value: '10115.00', cash: '9440.00' },
      ],
      totalReturn: '115.00',
      totalReturnPercent: '1.15',
      dailyReturn: '27.00',
      dailyReturnPercent: '0.27',
    });
  });

  it('forward-fills the last close without a live price; uses the fill price before any close', () => {
    const series = buildPerformanceSeries({
      startDate: '2024-01-01',
      endDate: '2024-01-05',
      initialCash: '10000.00',
      trades: [
        ...trades,
        {
          date: '2024-01-03',
          symbol: 'XYZ',
          side: 'buy',
          quantity: 2,
          price: '50.123',
          totalValue: '100.25',
        },
      ],
      closes,
    });
    expect(series.points.map((p) => [p.date, p.value, p.cash])).toEqual([
      ['2024-01-01', '10000.00', '10000.00'],
      ['2024-01-02', '10010.00', '9000.00'],
      ['2024-01-03', '10010.00', '8899.75'],
      ['2024-01-04', '10088.00', '9339.75'],
      ['2024-01-05', '10088.00', '9339.75'],
    ]);
    expect(series.dailyReturn).toBe('0.00');
  });

  it('gives one point when the portfolio was created today', () => {
    const series = buildPerformanceSeries({
      startDate: '2024-03-10',
      endDate: '2024-03-10',
      initialCash: '5000.00',
      trades: [],
      closes: new Map(),
    });
    expect(series).toEqual({
      points: [{ date: '2024-03-10', value: '5000.00', cash: '5000.00' }],
      totalReturn: '0.00',
      totalReturnPercent: '0.00',
      dailyReturn: '0.00',
      dailyReturnPercent: '0.00',
    });
  });

  it('crosses month and leap-year boundaries by calendar day', () => {
    const series = buildPerformanceSeries({
      startDate: '2024-02-27',
      endDate: '2024-03-02',
      initialCash: '1000.00',
      trades: [],
      closes: new Map(),
    });
    expect(series.points.map((p) => p.date)).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
  });

  it('replays 5,000 trades over two years to the exact last-day cash and value', () => {
    const start = Date.UTC(2023, 0, 1);
    const day = (n: number) => utcDateOf(start + n * 86_400_000);
    const symbols = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF', 'GGG', 'HHH'];
    const many = Array.from({ length: 5000 }, (_, i) => ({
      date: day(Math.floor((i * 730) / 5000)),
      symbol: symbols[i % symbols.length] as string,
      side: i % 16 < 8 ? ('buy' as const) : ('sell' as const),
      quantity: 1,
      price: '100',
      totalValue: '100.00',
    }));
    const bars = new Map(
      symbols.map((s, k) => [
        s,
        Array.from({ length: 730 }, (_, n) => ({ date: day(n), close: 100 + k + (n % 7) })),
      ]),
    );
    const series = buildPerformanceSeries({
      startDate: day(0),
      endDate: day(729),
      initialCash: '1000000.00',
      trades: many,
      closes: bars,
    });
    expect(series.points).toHaveLength(730);
    // 2,504 buys and 2,496 sells of $100: one share of each symbol left, at closes 101..108 on the last day.
    expect(series.points.at(-1)).toEqual({ date: day(729), cash: '999200.00', value: '1000036.00' });
  });
});
