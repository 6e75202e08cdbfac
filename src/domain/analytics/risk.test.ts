import { describe, expect, it } from 'vitest';
import {
  annualizedReturn,
  annualizedVolatility,
  beta,
  correlation,
  downsideDeviation,
  historicalVaR,
  maxDrawdown,
  mean,
  percentile,
  sampleCovariance,
  sampleStdDev,
  sampleVariance,
  sharpeRatio,
  sortinoRatio,
} from './risk';

describe('correlation', () => {
  it('is 1 for series moving together, −1 for opposite ones, null for a flat one', () => {
    expect(correlation([0.01, -0.02, 0.03], [0.02, -0.04, 0.06])).toBeCloseTo(1, 12);
    expect(correlation([0.01, -0.02, 0.03], [-0.01, 0.02, -0.03])).toBeCloseTo(-1, 12);
    expect(correlation([0.01, -0.02, 0.03], [0, 0, 0])).toBeNull();
    expect(correlation([0.01], [0.02])).toBeNull();
  });
});

describe('sample statistics', () => {
  it('std of [0.1, −0.1, 0.1]', () => {
    // mean = 0.1/3 = 1/30; deviations 1/15, −2/15, 1/15 (0.0667, −0.1333, 0.0667);
    // squares 1/225 + 4/225 + 1/225 = 6/225; / (n − 1 = 2) = 1/75; std = √(1/75) = 0.11547005383792516.
    expect(mean([0.1, -0.1, 0.1])).toBeCloseTo(1 / 30, 12);
    expect(sampleVariance([0.1, -0.1, 0.1])).toBeCloseTo(1 / 75, 12);
    expect(sampleStdDev([0.1, -0.1, 0.1])).toBeCloseTo(0.11547005383792516, 12);
    // × √252: √(252/75) = √3.36 = 1.8330302779823358
    expect(annualizedVolatility([0.1, -0.1, 0.1])).toBeCloseTo(1.8330302779823358, 12);
  });

  it('covariance of x = [1, 2, 3], y = [2, 4, 7] is 2.5', () => {
    // means 2 and 13/3; (−1)(−7/3) + 0 + (1)(8/3) = 5; / 2 = 2.5
    expect(sampleCovariance([1, 2, 3], [2, 4, 7])).toBeCloseTo(2.5, 12);
  });

  it('a constant series has exactly zero variance', () => {
    expect(sampleVariance([0.1, 0.1, 0.1])).toBe(0);
    expect(annualizedVolatility([0.1, 0.1, 0.1])).toBe(0);
  });

  it('null, not NaN, with fewer than 2 values', () => {
    expect(mean([])).toBeNull();
    expect(sampleVariance([0.01])).toBeNull();
    expect(annualizedVolatility([])).toBeNull();
    expect(annualizedReturn([0.01])).toBeNull();
    expect(sampleCovariance([1, 2], [1])).toBeNull();
  });
});

describe('beta', () => {
  const market = [0.01, -0.02, 0.015, 0.005];
  it('a series exactly 2× the market has beta 2', () => {
    expect(
      beta(
        market.map((r) => 2 * r),
        market,
      ),
    ).toBeCloseTo(2, 12);
    // A constant added does not change it.
    expect(
      beta(
        market.map((r) => 2 * r + 0.001),
        market,
      ),
    ).toBeCloseTo(2, 12);
  });
  it('y on x from the covariance example: 2.5 / var([1, 2, 3]) = 2.5 / 1', () => {
    expect(beta([2, 4, 7], [1, 2, 3])).toBeCloseTo(2.5, 12);
  });
  it('null on zero benchmark variance, too few or mismatched returns', () => {
    expect(beta([0.01, 0.02, 0.03], [0.01, 0.01, 0.01])).toBeNull();
    expect(beta([0.01], [0.02])).toBeNull();
    expect(beta([0.01, 0.02], [0.01, 0.02, 0.03])).toBeNull();
  });
});

describe('max drawdown', () => {
  it('[100, 120, 90, 95, 130]: 0.25 from index 1 to 2, recovered at 4, 3 days', () => {
    const dates = ['d0', 'd1', 'd2', 'd3', 'd4'];
    const dd = maxDrawdown([100, 120, 90, 95, 130], dates);
    expect(dd).toEqual({
      maxDrawdown: 0.25, // 1 − 90/120
      peakIndex: 1,
      troughIndex: 2,
      recoveryIndex: 4,
      peakDate: 'd1',
      troughDate: 'd2',
      recoveryDate: 'd4',
      durationDays: 3, // 4 − 1
      recovered: true,
    });
  });

  it('not recovered: duration runs to the last day', () => {
    // [100, 80, 90]: 1 − 80/100 = 0.2, peak 0, trough 1, duration 2 − 0 = 2.
    const dd = maxDrawdown([100, 80, 90]);
    expect(dd?.maxDrawdown).toBeCloseTo(0.2, 12);
    expect(dd?.peakIndex).toBe(0);
    expect(dd?.troughIndex).toBe(1);
    expect(dd?.recoveryIndex).toBeNull();
    expect(dd?.recoveryDate).toBeNull();
    expect(dd?.peakDate).toBeNull();
    expect(dd?.durationDays).toBe(2);
    expect(dd?.recovered).toBe(false);
  });

  it('a fall from a matched high is measured from the later high', () => {
    // [100, 120, 90, 120, 60]: 0.25 first, then 1 − 60/120 = 0.5 from index 3.
    const dd = maxDrawdown([100, 120, 90, 120, 60]);
    expect(dd?.maxDrawdown).toBeCloseTo(0.5, 12);
    expect(dd?.peakIndex).toBe(3);
    expect(dd?.troughIndex).toBe(4);
    expect(dd?.durationDays).toBe(1);
  });

  it('no fall: 0 with no dates; fewer than 2 values: null', () => {
    expect(maxDrawdown([1, 2, 3])).toMatchObject({ maxDrawdown: 0, peakIndex: null, durationDays: 0 });
    expect(maxDrawdown([1])).toBeNull();
  });
});

describe('Sharpe and Sortino', () => {
  // r = [0.01, −0.005, 0.02, 0]: mean 0.025/4 = 0.00625 -> annualised 0.00625 × 252 = 1.575.
  // deviations 0.00375, −0.01125, 0.01375, −0.00625; squares sum 0.00036875; var = 0.00036875/3;
  // annualised vol = √(0.00036875/3 × 252) = √0.030975 = 0.17599715906…
  const r = [0.01, -0.005, 0.02, 0];
  const vol = Math.sqrt(0.030975);

  it('annualised return is the arithmetic mean × 252', () => {
    expect(annualizedReturn(r)).toBeCloseTo(1.575, 12);
    expect(annualizedVolatility(r)).toBeCloseTo(vol, 12);
  });

  it('Sharpe = (1.575 − rf) / vol, default rf 0.04', () => {
    expect(sharpeRatio(r)).toBeCloseTo((1.575 - 0.04) / vol, 12);
    expect(sharpeRatio(r, 0)).toBeCloseTo(1.575 / vol, 12);
  });

  it('downside deviation against rf/252 over all n returns, and Sortino', () => {
    // t = 0.04/252; shortfalls: 0, −(0.005 + t), 0, −t; √(((0.005 + t)² + t²)/3) × √252.
    const t = 0.04 / 252;
    const dd = Math.sqrt(((0.005 + t) ** 2 + t ** 2) / 3) * Math.sqrt(252);
    expect(downsideDeviation(r)).toBeCloseTo(dd, 12);
    expect(sortinoRatio(r)).toBeCloseTo((1.575 - 0.04) / dd, 12);
    // rf = 0: only the −0.005 day counts: √(0.000025/3 × 252) = √0.0021
    expect(downsideDeviation(r, 0)).toBeCloseTo(Math.sqrt(0.0021), 12);
  });

  it('null instead of NaN or Infinity', () => {
    expect(sharpeRatio([0.01])).toBeNull();
    expect(sharpeRatio([0.001, 0.001, 0.001])).toBeNull(); // zero volatility
    expect(sortinoRatio([0.01, 0.02, 0.03])).toBeNull(); // never below the daily risk-free rate
    expect(downsideDeviation([0.01])).toBeNull();
  });
});

describe('percentile (R-7 / PERCENTILE.INC)', () => {
  it('interpolates between order statistics', () => {
    expect(percentile([4, 1, 3, 2], 0.5)).toBeCloseTo(2.5, 12); // h = 3 × 0.5 = 1.5
    expect(percentile([4, 1, 3, 2], 0)).toBe(1);
    expect(percentile([4, 1, 3, 2], 1)).toBe(4);
    expect(percentile([4, 1, 3, 2], 0.25)).toBeCloseTo(1.75, 12); // h = 0.75
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([1], 1.5)).toBeNull();
  });
});

describe('historical VaR 95 %', () => {
  // 20 daily returns (shuffled). Sorted: −0.050, −0.030, −0.020, −0.015, −0.010, −0.008, −0.005, −0.002,
  // 0.000, 0.001, 0.003, 0.004, 0.006, 0.008, 0.010, 0.012, 0.015, 0.018, 0.020, 0.025.
  // p = 0.05: h = (20 − 1) × 0.05 = 0.95 -> x[0] + 0.95 × (x[1] − x[0]) = −0.05 + 0.95 × 0.02 = −0.031.
  // Excel: PERCENTILE.INC(range, 0.05) = −0.031. VaR = 3.1 %; on 100,000 = 3,100.
  const sample = [
    0.012, -0.008, 0.0, 0.025, -0.03, 0.004, -0.015, 0.018, 0.001, -0.05, 0.006, -0.002, 0.01, -0.02, 0.015,
    0.003, -0.005, 0.02, 0.008, -0.01,
  ];

  it('is the loss at the 5th percentile, as a positive fraction and in currency', () => {
    const v = historicalVaR(sample, 0.95, 100_000);
    expect(v?.quantileReturn).toBeCloseTo(-0.031, 12);
    expect(v?.var).toBeCloseTo(0.031, 12);
    expect(v?.amount).toBeCloseTo(3100, 8);
    expect(v?.observations).toBe(20);
    expect(v?.confidence).toBe(0.95);
  });

  it('no value, no amount; 0 when even the 5th percentile is a gain; null with fewer than 2 returns', () => {
    expect(historicalVaR(sample)?.amount).toBeNull();
    expect(historicalVaR([0.01, 0.02, 0.03])?.var).toBe(0);
    expect(historicalVaR([-0.01])).toBeNull();
    expect(historicalVaR(sample, 1)).toBeNull();
  });
});
