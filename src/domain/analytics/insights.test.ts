import { describe, expect, it } from 'vitest';
import { portfolioInsights, type InsightInput } from './insights';

const base: InsightInput = {
  totalChangePercent: 0.5,
  holdingCount: 7,
  largest: null,
  annualizedVolatility: null,
  benchmarkVolatility: null,
  benchmarkSymbol: 'SPY',
  beta: null,
  maxDrawdown: null,
};

describe('insights thresholds (spec 000 §9)', () => {
  it('a total change of exactly +5 % or −5 % gets no bullet; 5.01 % does', () => {
    expect(portfolioInsights({ ...base, totalChangePercent: 5 })).toEqual([]);
    expect(portfolioInsights({ ...base, totalChangePercent: -5 })).toEqual([]);
    expect(portfolioInsights({ ...base, totalChangePercent: 5.01 })).toEqual([
      'Strong day: the portfolio is up 5.01% today, more than 5.00%.',
    ]);
    expect(portfolioInsights({ ...base, totalChangePercent: -5.01 })).toEqual([
      'Tough day: the portfolio is down 5.01% today, more than 5.00%.',
    ]);
    expect(portfolioInsights({ ...base, totalChangePercent: null })).toEqual([]);
  });

  it('fewer than 5 positions: diversify; more than 20: consolidate', () => {
    expect(portfolioInsights({ ...base, holdingCount: 4 })).toEqual([
      'With 4 positions, consider diversifying: 5 or more holdings spread the risk.',
    ]);
    expect(portfolioInsights({ ...base, holdingCount: 1 })).toEqual([
      'With 1 position, consider diversifying: 5 or more holdings spread the risk.',
    ]);
    expect(portfolioInsights({ ...base, holdingCount: 5 })).toEqual([]);
    expect(portfolioInsights({ ...base, holdingCount: 20 })).toEqual([]);
    expect(portfolioInsights({ ...base, holdingCount: 21 })).toEqual([
      'With 21 positions, consider consolidating: more than 20 holdings are hard to follow and often overlap.',
    ]);
    expect(portfolioInsights({ ...base, holdingCount: 0 })).toEqual([]);
  });
});

describe('insights from the metrics', () => {
  it('largest holding, volatility against SPY with beta, drawdown with recovery', () => {
    const bullets = portfolioInsights({
      ...base,
      largest: { symbol: 'VTI', weight: 0.356602550248541 },
      annualizedVolatility: 0.18204,
      benchmarkVolatility: 0.151,
      beta: 1.1234,
      maxDrawdown: {
        maxDrawdown: 0.1234,
        peakIndex: 10,
        troughIndex: 40,
        recoveryIndex: 90,
        peakDate: '2025-02-19',
        troughDate: '2025-04-08',
        recoveryDate: '2025-06-27',
        durationDays: 80,
        recovered: true,
      },
    });
    expect(bullets).toEqual([
      'Largest holding: VTI at 35.66% of the portfolio.',
      "Annualised volatility 18.20% is above SPY's 15.10%, beta 1.12.",
      'Largest drawdown 12.34% from 2025-02-19 to 2025-04-08, recovered on 2025-06-27, 80 trading days after the peak.',
    ]);
  });

  it('below the benchmark, no beta, not recovered, no drawdown', () => {
    const dd = {
      maxDrawdown: 0.2,
      peakIndex: 0,
      troughIndex: 1,
      recoveryIndex: null,
      peakDate: '2025-01-02',
      troughDate: '2025-01-03',
      recoveryDate: null,
      durationDays: 2,
      recovered: false,
    };
    expect(
      portfolioInsights({ ...base, annualizedVolatility: 0.1, benchmarkVolatility: 0.15, maxDrawdown: dd }),
    ).toEqual([
      "Annualised volatility 10.00% is below SPY's 15.00%.",
      'Largest drawdown 20.00% from 2025-01-02 to 2025-01-03, not recovered yet, 2 trading days after the peak.',
    ]);
    expect(
      portfolioInsights({
        ...base,
        annualizedVolatility: 0.1,
        maxDrawdown: {
          ...dd,
          maxDrawdown: 0,
          peakDate: null,
          troughDate: null,
          peakIndex: null,
          troughIndex: null,
        },
      }),
    ).toEqual([
      'Annualised volatility 10.00%.',
      'No drawdown over the period: the value never fell below a previous high.',
    ]);
  });
});
