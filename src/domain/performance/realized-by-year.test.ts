import { describe, expect, it } from 'vitest';
import { replayActivities, type CostBasisMethod, type LedgerActivity } from '../activities/ledger';
import type { Decimal } from '../paper-trading';
import { realizedGainsByYear, type RealizedFigures } from './realized-by-year';
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
