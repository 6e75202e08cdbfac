import { describe, expect, it } from 'vitest';
import { computeRiskGrid, type RiskGridOptions, type SourcedSeries } from './risk-grid';

const TERMINAL: RiskGridOptions = { benchmark: 'SPY', levelSymbols: ['^VIX'] };

function series(symbol: string, closes: number[], start = 1): SourcedSeries<string | null> {
  return {
    symbol,
    source: 'simulated',
    bars: closes.map((close, i) => ({ date: `2030-01-${String(start + i).padStart(2, '0')}`, close })),
  };
}

describe('computeRiskGrid', () => {
  it('aligns on the benchmark days and leaves symbols without history out of the correlation', () => {
    const risk = computeRiskGrid(
      [
        series('SPY', [100, 101, 99, 102, 103]),
        // Starts a day late: the first benchmark day is dropped for everyone.
        series('AAPL', [50, 52, 49, 51], 2),
        { symbol: 'TSLA', source: null, bars: [] },
        series('^VIX', [20, 18, 25, 22, 19]),
      ],
      TERMINAL,
    );
    expect(risk.from).toBe('2030-01-02');
    expect(risk.asOf).toBe('2030-01-05');
    expect(risk.observations).toBe(3);
    expect(risk.benchmark).toBe('SPY');
    expect(risk.riskFreeRate).toBe(0.04);
    expect(risk.symbols.map((r) => r.symbol)).toEqual(['SPY', 'AAPL', 'TSLA', '^VIX']);
    expect(risk.symbols[0]?.beta).toBeCloseTo(1, 12);
    expect(risk.symbols[1]?.maxDrawdown).toBeCloseTo(1 - 49 / 52, 12);
    expect(risk.symbols[2]).toEqual({
      symbol: 'TSLA',
      volatility: null,
      beta: null,
      maxDrawdown: null,
      sharpe: null,
      isIndexLevel: false,
      source: null,
    });
    expect(risk.symbols[3]).toMatchObject({ isIndexLevel: true, sharpe: null, maxDrawdown: null });
    expect(risk.symbols[3]?.volatility).toBeGreaterThan(0);
    expect(risk.correlation.symbols).toEqual(['SPY', 'AAPL', '^VIX']);
    const m = risk.correlation.matrix;
    expect(m.map((row, i) => row[i])).toEqual([1, 1, 1]);
    expect(m[0]?.[2]).toBe(m[2]?.[0]);
  });

  it('answers nulls and an empty matrix without any history', () => {
    const risk = computeRiskGrid([{ symbol: 'SPY', source: null, bars: [] }], TERMINAL);
    expect(risk).toMatchObject({ asOf: null, from: null, observations: 0 });
    expect(risk.correlation).toEqual({ symbols: [], matrix: [] });
  });
});
