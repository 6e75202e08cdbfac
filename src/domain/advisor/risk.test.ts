import { describe, expect, it } from 'vitest';
import { assessStockRisk } from './risk';

const DATES = ['2026-01-02', '2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09'];
const STOCK = [100, 102, 99, 103, 101, 104].map((close, i) => ({ date: DATES[i] as string, close }));
const SPY = [500, 505, 500, 510, 505, 512].map((close, i) => ({ date: DATES[i] as string, close }));

describe('assessStockRisk', () => {
  it('volatility, beta to SPY and drawdown from src/domain/analytics; the position share', () => {
    const risk = assessStockRisk({
      closes: STOCK,
      benchmark: SPY,
      price: 104,
      currentPosition: 50,
      portfolioValue: 20000,
    });
    // sample sd of daily returns × √252; cov/var of the returns; 1 − 99/102.
    expect(risk.volatility).toBeCloseTo(0.4903188316793321, 12);
    expect(risk.beta).toBeCloseTo(2.2115422598707277, 12);
    expect(risk.maxDrawdown).toBeCloseTo(0.02941176470588236, 12);
    expect(risk.positionValue).toBe(5200);
    expect(risk.positionWeight).toBe(0.26);
    expect(risk.riskPoints).toEqual({ volatility: 2, beta: 1, drawdown: 0, concentration: 2 });
    expect(risk.overallRisk).toBe('high');
  });

  it('no position share without a portfolio value', () => {
    const risk = assessStockRisk({ closes: STOCK, benchmark: SPY, price: 104, currentPosition: 10 });
    expect(risk.positionValue).toBe(1040);
    expect(risk.positionWeight).toBeNull();
    expect(risk.riskPoints.concentration).toBe(0);
  });

  it('a calm stock is low risk; one point is medium', () => {
    const calm = [100, 100.2, 100.1, 100.3, 100.2, 100.4].map((close, i) => ({
      date: DATES[i] as string,
      close,
    }));
    expect(assessStockRisk({ closes: calm, benchmark: [], price: 100.4 }).overallRisk).toBe('low');
    expect(
      assessStockRisk({
        closes: calm,
        benchmark: [],
        price: 100.4,
        currentPosition: 100,
        portfolioValue: 50000,
      }).overallRisk,
    ).toBe('medium');
  });
});
