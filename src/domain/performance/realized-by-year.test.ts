import { describe, expect, it } from 'vitest';
import { replayActivities, type CostBasisMethod, type LedgerActivity } from '../activities/ledger';
import { Decimal } from '../paper-trading';
import type { RateOf } from './daily-rates';
import { realizedGainsByYear, realizedGainsInBase, type RealizedFigures } from './realized-by-year';
import { activityOf } from './test-activities';

const trade = (
  type: 'buy' | 'sell',
  date: string,
  symbol: string,
  quantity: string,
  price: string,
  currency = 'USD',
) => activityOf(type, date, { symbol, quantity, price, currency });

function byYear(activities: LedgerActivity[], method: CostBasisMethod) {
  const outcome = replayActivities(activities, method);
  if (!outcome.ok) throw new Error(outcome.message);
  return realizedGainsByYear(outcome.ledger);
}

const n = (value: Decimal | null) => (value === null ? null : value.toNumber());
const figures = (f: RealizedFigures) => ({
  proceeds: n(f.proceeds),
  costBasis: n(f.costBasis),
  shortTerm: n(f.shortTerm),
  longTerm: n(f.longTerm),
  total: n(f.total),
});

// 10 @ 100 on 2023-03-15 and 10 @ 120 on 2024-01-10; 15 sold @ 130 on 2024-03-16 (the first lot's first anniversary
// was the 15th: its 10 shares are long term, the 5 of the second lot short); the last 5 sold @ 110 on 2025-02-01.
const history = [
  trade('buy', '2023-03-15', 'AAPL', '10', '100'),
  trade('buy', '2024-01-10', 'AAPL', '10', '120'),
  trade('sell', '2024-03-16', 'AAPL', '15', '130'),
  trade('sell', '2025-02-01', 'AAPL', '5', '110'),
];

describe('realizedGainsByYear', () => {
  it('splits a FIFO sale into short and long term by each lot (2024: 5 × (130 − 120) short, 10 × 30 long)', () => {
    const years = byYear(history, 'fifo');
    expect(years.map((y) => [y.year, y.currency, figures(y)])).toEqual([
      [2024, 'USD', { proceeds: 1950, costBasis: 1600, shortTerm: 50, longTerm: 300, total: 350 }],
      [2025, 'USD', { proceeds: 550, costBasis: 600, shortTerm: 0, longTerm: -50, total: -50 }],
    ]);
    expect(years[0]?.holdings.map((h) => h.symbol)).toEqual(['AAPL']);
  });

  it('under average cost takes the pool (2,200 × 15/20) and dates the shares sold first-in first-out', () => {
    // Short: 650 − 1,650 × 5/15 = 100; long: 1,300 − 1,100 = 200. Then 550 − 550 = 0, long.
    expect(byYear(history, 'average').map((y) => [y.year, figures(y)])).toEqual([
      [2024, { proceeds: 1950, costBasis: 1650, shortTerm: 100, longTerm: 200, total: 300 }],
      [2025, { proceeds: 550, costBasis: 550, shortTerm: 0, longTerm: 0, total: 0 }],
    ]);
  });

  it('keeps each currency apart in a year and lists the holdings that sold', () => {
    const years = byYear(
      [
        ...history,
        trade('buy', '2024-01-02', 'VOD.L', '10', '1', 'GBP'),
        trade('sell', '2024-06-03', 'VOD.L', '10', '1.5', 'GBP'),
        trade('buy', '2024-02-01', 'MSFT', '2', '300'),
        trade('sell', '2024-08-01', 'MSFT', '1', '350'),
      ],
      'fifo',
    );
    expect(years.map((y) => [y.year, y.currency, n(y.total)])).toEqual([
      [2024, 'GBP', 5],
      [2024, 'USD', 400],
      [2025, 'USD', -50],
    ]);
    expect(years[1]?.holdings.map((h) => [h.symbol, figures(h)])).toEqual([
      ['AAPL', { proceeds: 1950, costBasis: 1600, shortTerm: 50, longTerm: 300, total: 350 }],
      ['MSFT', { proceeds: 350, costBasis: 300, shortTerm: 50, longTerm: 0, total: 50 }],
    ]);
  });

  it('gives no gain for a term that sold shares of unknown cost, and no total', () => {
    const years = byYear(
      [
        activityOf('transfer_in', '2020-01-02', { symbol: 'KO', quantity: '10' }),
        trade('buy', '2024-01-02', 'KO', '10', '50'),
        trade('sell', '2024-06-03', 'KO', '15', '60'),
      ],
      'fifo',
    );
    // 10 of unknown cost (long), 5 @ 50 (short): 5 × 10.
    expect(years.map((y) => figures(y))).toEqual([
      { proceeds: 900, costBasis: null, shortTerm: 50, longTerm: null, total: null },
    ]);
  });

  it('answers a history without a sale with no year', () => {
    expect(byYear([trade('buy', '2024-01-02', 'KO', '10', '50')], 'fifo')).toEqual([]);
  });
});

describe('realizedGainsInBase', () => {
  // docs/performance.md, "Realised gains by year": base EUR, euros per dollar 0.90 on 2023-03-15, 0.92 on 2024-01-10,
  // 0.95 on 2024-03-18. 10 AAPL @ $100 (€900), 10 @ $120 (€1,104); 15 sold @ $130 on 2024-03-18 (€1,852.50).
  const eurPerUsd: Record<string, string> = {
    '2023-03-15': '0.90',
    '2024-01-10': '0.92',
    '2024-03-18': '0.95',
  };
  const rateOf = (currency: string, date: string) =>
    currency === 'USD' && eurPerUsd[date] ? new Decimal(eurPerUsd[date]) : null;
  const dollars = [
    trade('buy', '2023-03-15', 'AAPL', '10', '100'),
    trade('buy', '2024-01-10', 'AAPL', '10', '120'),
    trade('sell', '2024-03-18', 'AAPL', '15', '130'),
  ];

  function inBase(
    activities: LedgerActivity[],
    method: CostBasisMethod,
    base = 'EUR',
    rates: RateOf = rateOf,
  ) {
    const outcome = replayActivities(activities, method);
    if (!outcome.ok) throw new Error(outcome.message);
    return realizedGainsInBase({ activities, ledger: outcome.ledger, baseCurrency: base, rateOf: rates });
  }
  const known = (f: RealizedFigures | null) => (f === null ? null : figures(f));

  it("converts each lot's cost at its buy's rate and the proceeds at the sale's (FIFO)", () => {
    const { years, missingRates } = inBase(dollars, 'fifo');
    // Long: 10 × 130 × 0.95 − 10 × 100 × 0.90 = 1,235 − 900 = 335. Short: 617.50 − 1,104 × 5/10 = 65.50.
    expect(years.map((y) => [y.year, known(y.inBase)])).toEqual([
      [2024, { proceeds: 1852.5, costBasis: 1452, shortTerm: 65.5, longTerm: 335, total: 400.5 }],
    ]);
    // The dollar gain (350) at the sale's rate is 332.50: the other 68 is the dollar's rise while held,
    // 1,000 × (0.95 − 0.90) + 600 × (0.95 − 0.92).
    expect(years[0]?.byCurrency.map((g) => [g.currency, n(g.total)])).toEqual([['USD', 350]]);
    expect(years[0]?.holdings.map((h) => [h.symbol, h.currency, n(h.inBase?.total ?? null)])).toEqual([
      ['AAPL', 'USD', 400.5],
    ]);
    expect(missingRates).toEqual([]);
  });

  it('keeps the average cost pool in the base currency (900 + 1,104 for 20 shares; 1,503 taken)', () => {
    // Short: 617.50 − 1,503 × 5/15 = 116.50; long: 1,235 − 1,002 = 233.
    expect(inBase(dollars, 'average').years.map((y) => known(y.inBase))).toEqual([
      { proceeds: 1852.5, costBasis: 1503, shortTerm: 116.5, longTerm: 233, total: 349.5 },
    ]);
  });

  it('converts fees exactly at their trade’s rate, and equals the ledger in its own currency', () => {
    const withFees = [
      activityOf('buy', '2023-03-15', { symbol: 'AAPL', quantity: '10', price: '100', fee: '1.5' }),
      activityOf('sell', '2024-03-18', { symbol: 'AAPL', quantity: '10', price: '130', fee: '2.5' }),
    ];
    // (1,300 − 2.5) × 0.95 − (1,000 + 1.5) × 0.90 = 1,232.625 − 901.35.
    expect(known(inBase(withFees, 'fifo').years[0]?.inBase ?? null)).toEqual({
      proceeds: 1232.625,
      costBasis: 901.35,
      shortTerm: 0,
      longTerm: 331.275,
      total: 331.275,
    });
    const usd = inBase(withFees, 'fifo', 'USD');
    expect(known(usd.years[0]?.inBase ?? null)).toEqual(
      figures(byYear(withFees, 'fifo')[0] as RealizedFigures),
    );
  });

  it('rounds a converted price to the 10 decimals the ledger reads: at most quantity × 5·10^-11 off', () => {
    const rounding = [
      trade('buy', '2023-03-15', 'AAPL', '3', '33.3333333333'),
      trade('sell', '2024-03-18', 'AAPL', '3', '40'),
    ];
    const cost = inBase(rounding, 'fifo').years[0]?.inBase?.costBasis as Decimal;
    // 33.3333333333 × 0.9 = 29.99999999997, read as 30.0000000000: 90 for 89.99999999991.
    expect(cost.toFixed()).toBe('90');
    expect(cost.minus('89.99999999991').abs().lte('1.5e-10')).toBe(true);
  });

  it('gives a holding with a trade on a day without a rate no base figure, and keeps its own', () => {
    const { years, missingRates } = inBase(
      [
        ...dollars,
        trade('buy', '2024-01-02', 'VOD.L', '10', '1', 'GBP'),
        trade('sell', '2024-06-03', 'VOD.L', '10', '1.5', 'GBP'),
      ],
      'fifo',
    );
    expect(missingRates).toEqual(['GBP']);
    const [year] = years;
    expect(year?.inBase).toBeNull();
    expect(year?.holdings.map((h) => [h.symbol, h.currency, n(h.inBase?.total ?? null)])).toEqual([
      ['AAPL', 'USD', 400.5],
      ['VOD.L', 'GBP', null],
    ]);
    expect(year?.byCurrency.map((g) => [g.currency, n(g.total)])).toEqual([
      ['GBP', 5],
      ['USD', 350],
    ]);
  });

  it('needs no rate for shares of unknown cost or a split, and gives their term no gain', () => {
    const { years, missingRates } = inBase(
      [
        activityOf('transfer_in', '2020-01-02', { symbol: 'KO', quantity: '10' }),
        activityOf('split', '2023-06-01', { symbol: 'KO', quantity: '2' }),
        trade('sell', '2024-03-18', 'KO', '5', '60'),
      ],
      'fifo',
    );
    expect(missingRates).toEqual([]);
    // 5 × 60 × 0.95 = 285; the cost of shares transferred in without a price is unknown.
    expect(known(years[0]?.inBase ?? null)).toEqual({
      proceeds: 285,
      costBasis: null,
      shortTerm: 0,
      longTerm: null,
      total: null,
    });
  });
});
