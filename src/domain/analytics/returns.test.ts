import { describe, expect, it } from 'vitest';
import { alignSeries, simpleReturns, tradingCalendar } from './returns';
import type { Bar } from './types';

const bars = (entries: [string, number][]): Bar[] => entries.map(([date, close]) => ({ date, close }));

describe('simpleReturns', () => {
  it('closes [100, 110, 99, 108.9] give [0.1, -0.1, 0.1]', () => {
    // 110/100 - 1 = 0.1; 99/110 - 1 = -0.1; 108.9/99 - 1 = 0.1
    const r = simpleReturns([100, 110, 99, 108.9]);
    expect(r).toHaveLength(3);
    expect(r[0]).toBeCloseTo(0.1, 12);
    expect(r[1]).toBeCloseTo(-0.1, 12);
    expect(r[2]).toBeCloseTo(0.1, 12);
  });

  it('fewer than 2 closes give no return', () => {
    expect(simpleReturns([])).toHaveLength(0);
    expect(simpleReturns([5])).toHaveLength(0);
  });
});

describe('tradingCalendar', () => {
  it('uses the exchange series, not the crypto weekend days', () => {
    const cal = tradingCalendar([
      {
        symbol: 'CRYPTO:BTC',
        bars: bars([
          ['2025-01-03', 1],
          ['2025-01-04', 1],
          ['2025-01-06', 1],
        ]),
      },
      {
        symbol: 'AAPL',
        bars: bars([
          ['2025-01-06', 1],
          ['2025-01-03', 1],
        ]),
      },
      {
        symbol: 'MSFT',
        bars: bars([
          ['2025-01-07', 1],
          ['2025-01-08', Number.NaN],
        ]),
      },
    ]);
    expect(cal).toEqual(['2025-01-03', '2025-01-06', '2025-01-07']);
  });

  it('falls back to every date when all series are crypto', () => {
    const cal = tradingCalendar([
      {
        symbol: 'CRYPTO:ETH',
        bars: bars([
          ['2025-01-05', 1],
          ['2025-01-04', 2],
        ]),
      },
    ]);
    expect(cal).toEqual(['2025-01-04', '2025-01-05']);
  });
});

describe('alignSeries', () => {
  // Thu 2 Jan, Fri 3 Jan, (weekend), Mon 6, Tue 7, Wed 8 January 2025.
  const calendar = ['2025-01-02', '2025-01-03', '2025-01-06', '2025-01-07', '2025-01-08'];

  it('takes crypto closes on trading days only, so a weekend move lands in Monday', () => {
    const aligned = alignSeries(
      [
        {
          symbol: 'CRYPTO:BTC',
          bars: bars([
            ['2025-01-02', 100],
            ['2025-01-03', 101],
            ['2025-01-04', 130],
            ['2025-01-05', 105],
            ['2025-01-06', 110],
            ['2025-01-07', 111],
            ['2025-01-08', 112],
          ]),
        },
      ],
      { calendar },
    );
    expect(aligned.dates).toEqual(calendar);
    expect([...(aligned.series[0]?.closes ?? [])]).toEqual([100, 101, 110, 111, 112]);
    expect(aligned.filledValues).toBe(0);
    expect(aligned.droppedDates).toBe(0);
  });

  it('carries a missing close forward, drops days before a late start, names holdings without history', () => {
    const aligned = alignSeries(
      [
        { symbol: 'SPY', bars: calendar.map((date, i) => ({ date, close: 500 + i })) },
        // Missing Monday: Friday's 20 is carried forward once.
        {
          symbol: 'AAPL',
          bars: bars([
            ['2025-01-02', 19],
            ['2025-01-03', 20],
            ['2025-01-07', 22],
            ['2025-01-08', 23],
          ]),
        },
        // Starts on Monday: Thursday and Friday are dropped for everyone.
        {
          symbol: 'NEWCO',
          bars: bars([
            ['2025-01-06', 5],
            ['2025-01-07', 6],
            ['2025-01-08', 7],
          ]),
        },
        { symbol: 'NODATA', bars: [] },
        { symbol: 'ONEBAR', bars: bars([['2025-01-08', 1]]) },
        // Stopped on Thursday 2nd: filled on the 3rd, 6th and 7th but not the 8th; left out rather than cutting
        // every series short.
        {
          symbol: 'STALE',
          bars: bars([
            ['2024-12-31', 3],
            ['2025-01-02', 3],
          ]),
        },
      ],
      { calendar },
    );
    expect(aligned.dates).toEqual(['2025-01-06', '2025-01-07', '2025-01-08']);
    expect(aligned.series.map((s) => s.symbol)).toEqual(['SPY', 'AAPL', 'NEWCO']);
    expect(aligned.series.map((s) => s.inputIndex)).toEqual([0, 1, 2]);
    expect([...(aligned.series[0]?.closes ?? [])]).toEqual([502, 503, 504]);
    expect([...(aligned.series[1]?.closes ?? [])]).toEqual([20, 22, 23]);
    expect([...(aligned.series[2]?.closes ?? [])]).toEqual([5, 6, 7]);
    expect(aligned.withoutHistory).toEqual(['NODATA', 'ONEBAR', 'STALE']);
    expect(aligned.lateStart).toEqual([{ symbol: 'NEWCO', inputIndex: 2, firstDate: '2025-01-06' }]);
    expect(aligned.filledValues).toBe(1);
    expect(aligned.droppedDates).toBe(2);
  });

  it('forward-fills at most 3 days: the 4th missing day is dropped', () => {
    const cal = [
      '2025-01-02',
      '2025-01-03',
      '2025-01-06',
      '2025-01-07',
      '2025-01-08',
      '2025-01-09',
      '2025-01-10',
    ];
    const aligned = alignSeries(
      [
        { symbol: 'SPY', bars: cal.map((date) => ({ date, close: 1 })) },
        // Last close on the 2nd; 3rd, 6th, 7th are filled; the 8th and 9th are not; the 10th has a close.
        {
          symbol: 'GAP',
          bars: bars([
            ['2025-01-02', 10],
            ['2025-01-10', 12],
          ]),
        },
      ],
      { calendar: cal },
    );
    expect(aligned.dates).toEqual(['2025-01-02', '2025-01-03', '2025-01-06', '2025-01-07', '2025-01-10']);
    expect([...(aligned.series[1]?.closes ?? [])]).toEqual([10, 10, 10, 10, 12]);
    expect(aligned.filledValues).toBe(3);
    expect(aligned.droppedDates).toBe(2);
  });

  it('a close off the calendar (Sunday, or before the first day) is carried into the next missing day', () => {
    const aligned = alignSeries(
      [
        {
          symbol: 'CRYPTO:ETH',
          // 1 January is before the calendar; Saturday 4 and Sunday 5 are off it; Monday 6 is missing.
          bars: bars([
            ['2025-01-01', 7],
            ['2025-01-03', 9],
            ['2025-01-05', 11],
            ['2025-01-04', 10],
            ['2025-01-07', 12],
            ['2025-01-08', 13],
          ]),
        },
      ],
      { calendar },
    );
    expect(aligned.dates).toEqual(calendar);
    expect([...(aligned.series[0]?.closes ?? [])]).toEqual([7, 9, 11, 12, 13]);
    expect(aligned.filledValues).toBe(2);
    expect(aligned.lateStart).toEqual([]);
  });

  it('sorts bars, keeps the last bar of a repeated date and ignores invalid closes', () => {
    const aligned = alignSeries(
      [
        {
          symbol: 'X',
          bars: bars([
            ['2025-01-06', 12],
            ['2025-01-02', 10],
            ['2025-01-03', 0],
            ['2025-01-03', 11],
            ['2025-01-03', 11.5],
            ['2025-01-07', Number.POSITIVE_INFINITY],
            ['2025-01-07', -1],
            ['2025-01-08', 14],
          ]),
        },
      ],
      { calendar },
    );
    expect(aligned.dates).toEqual(calendar);
    // 7 January has no valid close and is carried forward from the 6th.
    expect([...(aligned.series[0]?.closes ?? [])]).toEqual([10, 11.5, 12, 12, 14]);
  });

  it('derives the calendar from exchange series when none is given', () => {
    const aligned = alignSeries([
      {
        symbol: 'CRYPTO:BTC',
        bars: bars([
          ['2025-01-03', 1],
          ['2025-01-04', 2],
          ['2025-01-05', 3],
          ['2025-01-06', 4],
        ]),
      },
      {
        symbol: 'AAPL',
        bars: bars([
          ['2025-01-03', 10],
          ['2025-01-06', 11],
        ]),
      },
    ]);
    expect(aligned.dates).toEqual(['2025-01-03', '2025-01-06']);
    expect([...(aligned.series[0]?.closes ?? [])]).toEqual([1, 4]);
  });

  it('is empty when nothing has history', () => {
    const aligned = alignSeries([{ symbol: 'A', bars: [] }], { calendar });
    expect(aligned.dates).toEqual([]);
    expect(aligned.series).toEqual([]);
    expect(aligned.withoutHistory).toEqual(['A']);
  });
});
