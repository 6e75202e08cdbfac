import { describe, expect, it } from 'vitest';
import {
  STRESS_WINDOWS,
  computeAdvancedAnalytics,
  correlationMatrix,
  drawdownSeries,
  rollingBeta,
  rollingVolatility,
  windowReturn,
} from './advanced-analytics';

function series(symbol: string, closes: number[]) {
  return {
    symbol,
    source: 'simulated',
    bars: closes.map((close, i) => ({ date: `2030-01-0${i + 1}`, close })),
  };
}

describe('rolling statistics', () => {
  it('annualises the sample standard deviation of each trailing window (√252)', () => {
    const result = rollingVolatility(new Float64Array([0.01, -0.02, 0.03, 0.05]), 3);
    expect(result).toHaveLength(2);
    expect(result[0]).toBeCloseTo(0.3994996871087636, 12);
    expect(result[1]).toBeCloseTo(0.5723635208501675, 12);
    expect(rollingVolatility(new Float64Array([0.01, 0.02]), 3)).toEqual([]);
  });

  it('measures beta as cov/var of each trailing window', () => {
    const portfolio = new Float64Array([0.01, 0.02, -0.01, 0.03]);
    const result = rollingBeta(portfolio, new Float64Array([0.01, 0, -0.02, 0.01]), 3);
    expect(result[0]).toBeCloseTo(0.7857142857142858, 12);
    expect(result[1]).toBeCloseTo(1.357142857142857, 12);
    // A market that does not move has no beta.
    expect(rollingBeta(portfolio, new Float64Array(4), 3)).toEqual([null, null]);
    expect(rollingBeta(portfolio, new Float64Array(3), 3)).toEqual([]);
  });
});

describe('drawdownSeries', () => {
  it('is the fall below the highest value so far', () => {
    expect(drawdownSeries([100, 128, 96, 160, 40])).toEqual([0, 0, -0.25, 0, -0.75]);
    expect(drawdownSeries([])).toEqual([]);
  });
});

describe('correlationMatrix', () => {
  it("is Pearson's, symmetric, 1 on the diagonal, null for a series that does not vary", () => {
    const matrix = correlationMatrix([
      [1, 2, 3],
      [2, 4, 6.5],
      [3, 2, 1],
      [5, 5, 5],
    ]);
    expect(matrix[0]?.[1]).toBeCloseTo(0.9979487157886733, 12);
    expect(matrix[1]?.[0]).toBe(matrix[0]?.[1]);
    expect(matrix[0]?.[2]).toBe(-1);
    expect(matrix.map((row, i) => row[i])).toEqual([1, 1, 1, 1]);
    expect(matrix[3]).toEqual([null, null, null, 1]);
  });
});

describe('windowReturn', () => {
  const dates = ['2020-02-18', '2020-02-19', '2020-02-21', '2020-03-20', '2020-03-23', '2020-03-24'];
  const values = [90, 100, 95, 70, 66, 72];
  it('runs from the last close on or before the start to the last close on or before the end', () => {
    expect(windowReturn(dates, values, { from: '2020-02-19', to: '2020-03-23' })).toBeCloseTo(-0.34, 12);
    expect(windowReturn(dates, values, { from: '2020-02-20', to: '2020-03-22' })).toBeCloseTo(-0.3, 12);
  });
  it('is null when the closes do not cover the window', () => {
    expect(windowReturn(dates, values, { from: '2020-02-17', to: '2020-03-23' })).toBeNull();
    expect(windowReturn(dates, values, { from: '2020-03-01', to: '2020-03-25' })).toBeNull();
    expect(windowReturn([], [], { from: '2020-03-01', to: '2020-03-02' })).toBeNull();
  });
});

describe('STRESS_WINDOWS', () => {
  it('lists each window once, start before end, newest first', () => {
    expect(STRESS_WINDOWS.map((w) => [w.from, w.to])).toEqual([
      ['2023-03-08', '2023-03-13'],
      ['2022-01-03', '2022-10-12'],
      ['2020-02-19', '2020-03-23'],
      ['2018-09-20', '2018-12-24'],
    ]);
  });
});

describe('computeAdvancedAnalytics', () => {
  // Portfolio values 2 × AAPL + 1 × MSFT: 300, 308, 290, 306, 325.
  const result = computeAdvancedAnalytics({
    quantities: { AAPL: 2, MSFT: 1, TSLA: 3 },
    holdings: [
      series('AAPL', [50, 55, 44, 48, 60]),
      series('MSFT', [200, 198, 202, 210, 205]),
      { symbol: 'TSLA', source: 'simulated', bars: [] },
    ],
    benchmark: series('SPY', [100, 102, 101, 104, 103]),
    window: 2,
    stressWindows: [
      { name: 'Covered', from: '2030-01-02', to: '2030-01-04' },
      { name: 'Starts before the history', from: '2029-12-01', to: '2030-01-03' },
      { name: 'Ends after it', from: '2030-01-04', to: '2030-02-01' },
    ],
  });

  it('values today’s holdings on every aligned date, largest holding first, without the ones lacking history', () => {
    expect(result.from).toBe('2030-01-01');
    expect(result.asOf).toBe('2030-01-05');
    expect(result.observations).toBe(4);
    expect(result.benchmark).toBe('SPY');
    expect(result.benchmarkSource).toBe('simulated');
    expect(result.included.map((h) => h.symbol)).toEqual(['MSFT', 'AAPL']);
    expect(result.included[0]?.weight).toBeCloseTo(205 / 325, 12);
    expect(result.included[1]?.weight).toBeCloseTo(120 / 325, 12);
    expect(result.excluded).toEqual(['TSLA']);
  });

  it('correlates the holdings’ daily returns', () => {
    expect(result.correlation.symbols).toEqual(['MSFT', 'AAPL']);
    expect(result.correlation.matrix[0]?.[0]).toBe(1);
    expect(result.correlation.matrix[0]?.[1]).toBeCloseTo(-0.5524526999457919, 12);
    expect(result.correlation.matrix[1]?.[0]).toBe(result.correlation.matrix[0]?.[1]);
  });

  it('correlates only the `maxCorrelated` largest holdings when asked', () => {
    const largest = computeAdvancedAnalytics({
      quantities: { AAPL: 2, MSFT: 1 },
      holdings: [series('AAPL', [50, 55, 44, 48, 60]), series('MSFT', [200, 198, 202, 210, 205])],
      benchmark: series('SPY', [100, 102, 101, 104, 103]),
      maxCorrelated: 1,
    });
    expect(largest.correlation).toEqual({ symbols: ['MSFT'], matrix: [[1]] });
    expect(largest.included).toHaveLength(2);
  });

  it('rolls volatility and beta to the benchmark over the portfolio’s returns, dated by each window’s last day', () => {
    expect(result.rollingVolatility.map((p) => p.date)).toEqual(['2030-01-03', '2030-01-04', '2030-01-05']);
    [0.9553374574542287, 1.2753136753576573, 0.07766658673019486].forEach((value, i) =>
      expect(result.rollingVolatility[i]?.value).toBeCloseTo(value, 12),
    );
    expect(result.rollingBeta.map((p) => p.date)).toEqual(['2030-01-03', '2030-01-04', '2030-01-05']);
    [2.8556049213943937, 2.875801331600707, -0.17597606741897734].forEach((value, i) =>
      expect(result.rollingBeta[i]?.value).toBeCloseTo(value, 12),
    );
  });

  it('draws down from the running peak of the portfolio’s value', () => {
    expect(result.drawdown.map((p) => p.date)).toEqual([
      '2030-01-01',
      '2030-01-02',
      '2030-01-03',
      '2030-01-04',
      '2030-01-05',
    ]);
    [0, 0, 290 / 308 - 1, 306 / 308 - 1, 0].forEach((value, i) =>
      expect(result.drawdown[i]?.value).toBeCloseTo(value, 12),
    );
    expect(result.maxDrawdown).toBeCloseTo(18 / 308, 12);
  });

  it('gives the return over a covered stress window and no data for the others', () => {
    expect(result.stress.map((s) => s.name)).toEqual([
      'Covered',
      'Starts before the history',
      'Ends after it',
    ]);
    expect(result.stress[0]?.portfolioReturn).toBeCloseTo(306 / 308 - 1, 12);
    expect(result.stress[0]?.benchmarkReturn).toBeCloseTo(104 / 102 - 1, 12);
    for (const row of result.stress.slice(1)) {
      expect([row.portfolioReturn, row.benchmarkReturn]).toEqual([null, null]);
    }
  });

  it('gives no return from simulated closes under a historical window’s name, and says which were withheld', () => {
    const input = {
      quantities: { AAPL: 2, MSFT: 1 },
      benchmark: { ...series('SPY', [100, 102, 101, 104, 103]), source: 'yahoo' },
      stressWindows: [
        { name: 'Covered', from: '2030-01-02', to: '2030-01-04' },
        { name: 'Ends after it', from: '2030-01-04', to: '2030-02-01' },
      ],
      isSimulated: (source: string) => source === 'simulated',
    };
    const mixed = computeAdvancedAnalytics({
      ...input,
      holdings: [
        { ...series('AAPL', [50, 55, 44, 48, 60]), source: 'yahoo' },
        series('MSFT', [200, 198, 202, 210, 205]),
      ],
    });
    expect(
      mixed.stress.map(({ name, portfolioReturn, portfolioSimulated, benchmarkSimulated }) => ({
        name,
        portfolioReturn,
        portfolioSimulated,
        benchmarkSimulated,
      })),
    ).toEqual([
      { name: 'Covered', portfolioReturn: null, portfolioSimulated: true, benchmarkSimulated: false },
      { name: 'Ends after it', portfolioReturn: null, portfolioSimulated: false, benchmarkSimulated: false },
    ]);
    // The benchmark's own closes are real: its return over the window is history, and shown.
    expect(mixed.stress[0]?.benchmarkReturn).toBeCloseTo(104 / 102 - 1, 12);

    const real = computeAdvancedAnalytics({
      ...input,
      holdings: [
        { ...series('AAPL', [50, 55, 44, 48, 60]), source: 'yahoo' },
        { ...series('MSFT', [200, 198, 202, 210, 205]), source: 'yahoo' },
      ],
    });
    expect(real.stress[0]?.portfolioReturn).toBeCloseTo(306 / 308 - 1, 12);
    expect(real.stress[0]).toMatchObject({ portfolioSimulated: false, benchmarkSimulated: false });

    const simulated = computeAdvancedAnalytics({
      ...input,
      holdings: [series('AAPL', [50, 55, 44, 48, 60])],
      benchmark: series('SPY', [100, 102, 101, 104, 103]),
    });
    expect(simulated.stress[0]).toMatchObject({
      portfolioReturn: null,
      benchmarkReturn: null,
      portfolioSimulated: true,
      benchmarkSimulated: true,
    });
  });

  it('has no figures without a holding with history, and no beta without the benchmark', () => {
    const empty = computeAdvancedAnalytics({
      quantities: { TSLA: 1 },
      holdings: [{ symbol: 'TSLA', source: 'simulated', bars: [] }],
      benchmark: series('SPY', [100, 102, 101]),
    });
    expect(empty).toMatchObject({
      from: null,
      asOf: null,
      observations: 0,
      included: [],
      excluded: ['TSLA'],
    });
    expect(empty.correlation).toEqual({ symbols: [], matrix: [] });
    expect([empty.rollingVolatility, empty.rollingBeta, empty.drawdown]).toEqual([[], [], []]);
    expect(empty.maxDrawdown).toBeNull();
    expect(empty.stress.every((s) => s.portfolioReturn === null)).toBe(true);

    const noBenchmark = computeAdvancedAnalytics({
      quantities: { AAPL: 1 },
      holdings: [series('AAPL', [50, 55, 44, 48])],
      benchmark: { symbol: 'SPY', source: 'simulated', bars: [] },
      window: 2,
    });
    expect(noBenchmark.benchmarkSource).toBeNull();
    expect(noBenchmark.rollingBeta).toEqual([]);
    expect(noBenchmark.rollingVolatility).toHaveLength(2);
  });
});
