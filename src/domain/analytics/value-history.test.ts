import { describe, expect, it } from 'vitest';
import { valueHistoryOfHoldings } from './value-history';

describe('valueHistoryOfHoldings', () => {
  it('sums quantity × close per date, each term to the cent', () => {
    const history = valueHistoryOfHoldings(
      { AAPL: 10, VTI: 2.5 },
      new Map([
        [
          'AAPL',
          [
            { date: '2026-01-02', close: 100.123 },
            { date: '2026-01-05', close: 101 },
          ],
        ],
        [
          'VTI',
          [
            { date: '2026-01-05', close: 200.01 },
            { date: '2026-01-02', close: 199.99 },
          ],
        ],
      ]),
    );
    expect(history).toEqual({
      points: [
        // 1001.23 + 499.98 (499.975 rounds up)
        { date: '2026-01-02', value: 1501.21 },
        // 1010.00 + 500.03 (500.025 rounds up)
        { date: '2026-01-05', value: 1510.03 },
      ],
      included: ['AAPL', 'VTI'],
      excluded: [],
    });
  });

  it('forward-fills a symbol over dates it did not trade (a stock over a weekend beside crypto)', () => {
    const history = valueHistoryOfHoldings(
      { SPY: 1, 'CRYPTO:BTC': 0.5 },
      new Map([
        [
          'SPY',
          [
            { date: '2026-01-09', close: 500 },
            { date: '2026-01-12', close: 510 },
          ],
        ],
        [
          'CRYPTO:BTC',
          [
            { date: '2026-01-09', close: 40000 },
            { date: '2026-01-10', close: 41000 },
            { date: '2026-01-11', close: 39000 },
            { date: '2026-01-12', close: 40000 },
          ],
        ],
      ]),
    );
    expect(history.points).toEqual([
      { date: '2026-01-09', value: 20500 },
      { date: '2026-01-10', value: 21000 },
      { date: '2026-01-11', value: 20000 },
      { date: '2026-01-12', value: 20510 },
    ]);
  });

  it('starts when every included holding has a close, seeded by the last close before', () => {
    const history = valueHistoryOfHoldings(
      { OLD: 1, NEW: 2 },
      new Map([
        [
          'OLD',
          [
            { date: '2026-01-01', close: 10 },
            { date: '2026-01-02', close: 11 },
            { date: '2026-01-04', close: 12 },
          ],
        ],
        [
          'NEW',
          [
            { date: '2026-01-03', close: 5 },
            { date: '2026-01-04', close: 6 },
          ],
        ],
      ]),
    );
    expect(history.points).toEqual([
      { date: '2026-01-03', value: 21 },
      { date: '2026-01-04', value: 24 },
    ]);
  });

  it('names and leaves out holdings with no usable close, and answers no points when none has one', () => {
    const closes = new Map([
      ['AAPL', [{ date: '2026-01-02', close: 100 }]],
      ['BAD', [{ date: '2026-01-02', close: Number.NaN }]],
    ]);
    expect(valueHistoryOfHoldings({ AAPL: 1, BAD: 3, GONE: 4 }, closes)).toEqual({
      points: [{ date: '2026-01-02', value: 100 }],
      included: ['AAPL'],
      excluded: ['BAD', 'GONE'],
    });
    expect(valueHistoryOfHoldings({ GONE: 4 }, closes)).toEqual({
      points: [],
      included: [],
      excluded: ['GONE'],
    });
  });
});
