import { describe, expect, it } from 'vitest';
import { simulateDailyBars } from '../market-simulator';
import { findSecurity, type SecurityMasterEntry } from '../security-master';
import { computePortfolioAnalytics, type PortfolioFacts } from './analyze';
import { writeDemoAnalysis } from './demo-analysis';
import { formatMoney } from './format';
import type { Bar } from './types';

const DAYS = ['2025-01-02', '2025-01-03', '2025-01-06'];
const bars = (closes: number[], dates = DAYS): Bar[] =>
  closes.map((close, i) => ({ date: dates[i] ?? '', close }));

/**
 * A hand-computed vector. Holdings: AAPL 2 @ 12 (+1), BND 1 @ 21 (0), ZZZZQ 1 @ 5 (no change, no history).
 * Value 24 + 21 + 5 = 50; change 2; yesterday 48; +4.1666… %.
 * History on SPY's three days: AAPL [10, 11, 12] × 2 + BND [20, 17, 21] -> values [40, 39, 45];
 * returns a = −0.025, b = 45/39 − 1 = 2/13. SPY [100, 101, 103] -> returns 0.01, 2/101.
 */
const small = () =>
  computePortfolioAnalytics({
    holdings: [
      { symbol: ' aapl ', quantity: 2, price: 12, change: 1 },
      { symbol: 'BND', quantity: 1, price: 21, change: 0 },
      { symbol: 'ZZZZQ', quantity: 1, price: 5 },
      { symbol: 'MSFT', quantity: 0, price: 400 }, // not a holding
    ],
    history: new Map([
      ['AAPL', bars([10, 11, 12])],
      ['BND', bars([20, 17, 21])],
    ]),
    benchmark: bars([100, 101, 103]),
  });

describe('computePortfolioAnalytics: a hand-computed vector', () => {
  const facts = small();
  const a = -0.025;
  const b = 2 / 13;

  it('valuation and weights', () => {
    expect(facts.holdingCount).toBe(3);
    expect(facts.valuation).toEqual({
      totalValue: 50,
      previousValue: 48,
      totalChange: 2,
      totalChangePercent: (2 / 48) * 100,
      unpricedSymbols: [],
      withoutChange: ['ZZZZQ'],
    });
    expect(facts.holdings.map((h) => [h.symbol, h.value, h.weight, h.assetClass, h.inHistory])).toEqual([
      ['AAPL', 24, 0.48, 'stock', true],
      ['BND', 21, 0.42, 'bond', true],
      ['ZZZZQ', 5, 0.1, 'Unknown', false],
    ]);
    expect(facts.holdings[0]?.changePercent).toBeCloseTo(100 / 11, 12); // 1 / (12 − 1)
  });

  it('concentration: HHI 0.48² + 0.42² + 0.1² = 0.4168', () => {
    expect(facts.concentration.hhi).toBeCloseTo(0.4168, 12);
    expect(facts.concentration.effectiveHoldings).toBeCloseTo(1 / 0.4168, 12);
    expect(facts.concentration.largest).toEqual({ symbol: 'AAPL', weight: 0.48 });
  });

  it('history: buy-and-hold on the benchmark calendar, ZZZZQ left out', () => {
    expect(facts.asOf).toBe('2025-01-06');
    expect(facts.history).toMatchObject({
      method: 'buy-and-hold',
      benchmarkSymbol: 'SPY',
      benchmarkAvailable: true,
      firstDate: '2025-01-02',
      lastDate: '2025-01-06',
      tradingDays: 3,
      returnsCount: 2,
      withoutHistory: ['ZZZZQ'],
      lateStart: [],
    });
    expect(facts.history.coverageWeight).toBeCloseTo(0.9, 12);
  });

  it('risk figures', () => {
    const r = facts.risk;
    const annual = ((a + b) / 2) * 252;
    // Two returns: sample variance = (b − a)² / 2.
    const vol = Math.sqrt(((b - a) ** 2 / 2) * 252);
    expect(r.annualizedReturn).toBeCloseTo(annual, 12);
    expect(r.annualizedVolatility).toBeCloseTo(vol, 12);
    expect(r.sharpe).toBeCloseTo((annual - 0.04) / vol, 12);
    // Two points: beta = Δrp / Δrm = (b − a) / (2/101 − 0.01).
    expect(r.beta).toBeCloseTo((b - a) / (2 / 101 - 0.01), 10);
    expect(r.benchmarkAnnualizedVolatility).toBeCloseTo(Math.sqrt(((2 / 101 - 0.01) ** 2 / 2) * 252), 12);
    // Values [40, 39, 45]: 1 − 39/40 = 0.025 from 2 Jan to 3 Jan, back on 6 Jan, 2 days.
    expect(r.maxDrawdown?.maxDrawdown).toBeCloseTo(0.025, 12);
    expect(r.maxDrawdown).toMatchObject({
      peakDate: '2025-01-02',
      troughDate: '2025-01-03',
      recoveryDate: '2025-01-06',
      durationDays: 2,
    });
    // VaR: h = (2 − 1) × 0.05 -> a + 0.05 (b − a); loss = −that; × 50 in dollars.
    const q = a + 0.05 * (b - a);
    expect(r.valueAtRisk?.var).toBeCloseTo(-q, 12);
    expect(r.valueAtRisk?.amount).toBeCloseTo(-q * 50, 12);
  });

  it('risk level, gaps, health check and insights', () => {
    expect(facts.riskLevel.level).toBe('high');
    expect(facts.riskLevel.reasons[1]).toBe('AAPL is 48.00% of the portfolio, above 40.00%');
    expect(facts.diversificationGaps.map((g) => g.code)).toEqual([
      'FEW_HOLDINGS',
      'SINGLE_HOLDING',
      'SECTOR_CONCENTRATION',
      'NO_INTERNATIONAL',
    ]);
    expect(facts.healthCheck).toMatchObject({
      passed: 1,
      scorePercent: 25,
      badge: 'red',
      diversificationRating: 'Fair',
    });
    expect(facts.insights).toEqual([
      'With 3 positions, consider diversifying: 5 or more holdings spread the risk.',
      'Largest holding: AAPL at 48.00% of the portfolio.',
      "Annualised volatility 200.75% is above SPY's 11.00%, beta 18.25.",
      'Largest drawdown 2.50% from 2025-01-02 to 2025-01-03, recovered on 2025-01-06, 2 trading days after the peak.',
    ]);
  });
});

describe('computePortfolioAnalytics: alignment cases', () => {
  it('crypto weekend closes are not trading days; a late starter shortens the window', () => {
    const week = ['2025-01-02', '2025-01-03', '2025-01-04', '2025-01-05', '2025-01-06', '2025-01-07'];
    const facts = computePortfolioAnalytics({
      holdings: [
        { symbol: 'CRYPTO:BTC', quantity: 1, price: 110 },
        { symbol: 'NVDA', quantity: 1, price: 50 },
      ],
      history: new Map([
        ['CRYPTO:BTC', bars([100, 100, 500, 90, 110, 121], week)],
        ['NVDA', bars([50, 55], ['2025-01-06', '2025-01-07'])],
      ]),
      benchmark: bars([10, 10, 10, 11], ['2025-01-02', '2025-01-03', '2025-01-06', '2025-01-07']),
    });
    expect(facts.history).toMatchObject({
      firstDate: '2025-01-06',
      lastDate: '2025-01-07',
      tradingDays: 2,
      returnsCount: 1,
      lateStart: [{ symbol: 'NVDA', firstDate: '2025-01-06' }],
      droppedDates: 2,
    });
    // One return: (121 + 55) / (110 + 50) − 1 = 0.1; too little for volatility.
    expect(facts.risk.annualizedReturn).toBeNull();
    expect(facts.risk.annualizedVolatility).toBeNull();
    // Two values [160, 176] never fell.
    expect(facts.risk.maxDrawdown?.maxDrawdown).toBe(0);
    expect(facts.riskLevel.basis).toBe('asset-mix');
  });

  it('without a benchmark, the holdings give the calendar and there is no beta', () => {
    const facts = computePortfolioAnalytics({
      holdings: [{ symbol: 'VTI', quantity: 1, price: 12 }],
      history: new Map([['VTI', bars([10, 11, 12])]]),
      benchmark: [],
    });
    expect(facts.history.benchmarkAvailable).toBe(false);
    expect(facts.history.tradingDays).toBe(3);
    expect(facts.risk.beta).toBeNull();
    expect(facts.risk.benchmarkAnnualizedVolatility).toBeNull();
    expect(facts.risk.annualizedVolatility).not.toBeNull();
  });

  it('an empty portfolio gives nulls, not NaN', () => {
    const facts = computePortfolioAnalytics({ holdings: [], history: new Map(), benchmark: bars([1, 2, 3]) });
    expect(facts.holdingCount).toBe(0);
    expect(facts.valuation.totalChangePercent).toBeNull();
    expect(facts.risk.annualizedVolatility).toBeNull();
    expect(facts.risk.beta).toBeNull();
    expect(facts.concentration.hhi).toBeNull();
    expect(facts.asOf).toBeNull();
    expect(JSON.stringify(facts)).not.toMatch(/NaN|Infinity/);
    const demo = writeDemoAnalysis(facts);
    expect(demo.overviewText).toBe('The portfolio is empty: add holdings to analyse it.');
    expect(demo.recommendations).toEqual([]);
  });
});

describe('computePortfolioAnalytics on simulated history', () => {
  const from = '2024-11-21';
  const to = '2025-11-21';
  const history = (symbols: string[]) =>
    new Map(
      symbols.map((s) => {
        const entry = findSecurity(s) as SecurityMasterEntry;
        return [s, simulateDailyBars(entry, from, to).map(({ date, close }) => ({ date, close }))];
      }),
    );
  const spy = history(['SPY']).get('SPY') ?? [];

  it('a portfolio that is only SPY has beta 1 and SPY’s volatility', () => {
    const facts = computePortfolioAnalytics({
      holdings: [{ symbol: 'SPY', quantity: 3, price: 600 }],
      history: history(['SPY']),
      benchmark: spy,
    });
    expect(facts.history.returnsCount).toBeGreaterThan(240);
    expect(facts.risk.beta).toBeCloseTo(1, 12);
    expect(facts.risk.annualizedVolatility).toBeCloseTo(
      facts.risk.benchmarkAnnualizedVolatility ?? Number.NaN,
      12,
    );
  });

  it('the spec’s sample stocks and crypto: every figure is finite, health check green', () => {
    const symbols = [
      'AAPL',
      'GOOGL',
      'MSFT',
      'VTI',
      'VXUS',
      'BND',
      'QQQ',
      'CRYPTO:BTC',
      'CRYPTO:ETH',
      'CRYPTO:ADA',
      'CRYPTO:SOL',
    ];
    const quantities = [15, 8, 12, 50, 30, 40, 20, 0.25, 1.5, 1000, 5];
    const h = history(symbols);
    const facts = computePortfolioAnalytics({
      holdings: symbols.map((symbol, i) => {
        const last = h.get(symbol)?.at(-1)?.close ?? 0;
        return { symbol, quantity: quantities[i] ?? 0, price: last, change: last * 0.01 };
      }),
      history: h,
      benchmark: spy,
    });
    // Crypto's weekend closes are not on the calendar: the window is SPY's.
    expect(facts.history.tradingDays).toBe(spy.length);
    expect(facts.history.withoutHistory).toEqual([]);
    expect(facts.healthCheck.badge).toBe('green');
    for (const value of [
      facts.risk.annualizedVolatility,
      facts.risk.beta,
      facts.risk.sharpe,
      facts.risk.sortino,
      facts.risk.maxDrawdown?.maxDrawdown,
      facts.risk.valueAtRisk?.var,
    ]) {
      expect(Number.isFinite(value)).toBe(true);
    }
    expect(facts.exposure.assetClass.map((b) => b.name).sort()).toEqual(['bond', 'crypto', 'etf', 'stock']);
  });

  it('500 holdings with a year of history (efficiency is by construction; this checks it runs)', () => {
    const base = findSecurity('AAPL') as SecurityMasterEntry;
    const holdings = [];
    const map = new Map<string, Bar[]>();
    for (let i = 0; i < 500; i++) {
      const entry: SecurityMasterEntry = { ...base, symbol: `SIM${i}`, basePrice: 20 + i };
      const b = simulateDailyBars(entry, from, to).map(({ date, close }) => ({ date, close }));
      map.set(entry.symbol, b);
      holdings.push({ symbol: entry.symbol, quantity: 1 + (i % 7), price: b.at(-1)?.close ?? 1 });
    }
    const facts = computePortfolioAnalytics({ holdings, history: map, benchmark: spy });
    expect(facts.holdingCount).toBe(500);
    expect(facts.history.tradingDays).toBe(spy.length);
    expect(facts.insights.some((s) => s.startsWith('With 500 positions, consider consolidating'))).toBe(true);
  });
});

/** Every number a text shows, as the texts print numbers. */
function numbersIn(text: string): string[] {
  return (text.match(/\d{4}-\d{2}-\d{2}|\d[\d,]*(?:\.\d+)?/g) ?? []).map((t) => t.replace(/,/g, ''));
}

/** Every way the texts may print a number of the facts. */
function allowedNumbers(facts: PortfolioFacts): Set<string> {
  const allowed = new Set<string>();
  const visit = (x: unknown) => {
    if (typeof x === 'number' && Number.isFinite(x)) {
      for (const v of [x, -x, x * 100, -x * 100]) {
        allowed.add(String(v));
        for (const d of [0, 2]) allowed.add(v.toFixed(d));
      }
      allowed.add(formatMoney(Math.abs(x)).replace(/[$,]/g, ''));
    } else if (typeof x === 'string') {
      allowed.add(x);
      for (const t of numbersIn(x)) allowed.add(t);
    } else if (Array.isArray(x)) {
      x.forEach(visit);
    } else if (x && typeof x === 'object') {
      Object.values(x).forEach(visit);
    }
  };
  visit(facts);
  return allowed;
}

describe('writeDemoAnalysis', () => {
  const facts = small();
  const demo = writeDemoAnalysis(facts);

  it('writes the overview from the facts', () => {
    expect(demo.riskLevel).toBe('high');
    expect(demo.overviewText).toBe(
      [
        'This portfolio of 3 holdings is worth $50.00, up 4.17% ($2.00) today. Its largest holding is AAPL at 48.00%. The money is spread about as evenly as 2.40 equal holdings would be (the effective number of holdings).',
        'By asset class it holds 48.00% stocks, 42.00% bonds, 10.00% unclassified holdings.',
        'Over 2 trading days to 2025-01-06, its value swung by 200.75% a year (annualised volatility), against 11.00% for SPY. When SPY moved 1%, it tended to move 18.25% (its beta is 18.25). Its largest fall from a peak was 2.50% (maximum drawdown).',
        'Its return above a 4.00% risk-free rate, per unit of risk, was 8.07 (the Sharpe ratio). On 95% of days the one-day loss stayed within 1.61% ($0.80 today).',
        'The risk level is high: Annualised volatility 200.75% is at or above 25.00%; AAPL is 48.00% of the portfolio, above 40.00%. Health check: 1 of 4 checks passed (25%), diversification Fair.',
      ].join('\n\n'),
    );
    expect(demo.diversificationGaps).toEqual(facts.diversificationGaps.map((g) => g.message));
    expect(demo.insights).toEqual(facts.insights);
  });

  it('recommends from the risk level and the gaps, at most 5', () => {
    expect(demo.recommendations.map((r) => r.title)).toEqual([
      'Lower your risk',
      'Broaden diversification',
      'Trim your largest position',
      'Reduce sector concentration',
      'Add international exposure',
    ]);
    expect(demo.recommendations[2]?.description).toBe(
      'Consider reducing your largest position and spreading the proceeds over other holdings or a broad fund.',
    );
  });

  it('no recommendation repeats a diversification gap', () => {
    for (const rec of demo.recommendations) {
      for (const gap of demo.diversificationGaps) expect(rec.description).not.toContain(gap);
    }
  });

  it('every number in every text comes from the facts', () => {
    const allowed = allowedNumbers(facts);
    const texts = [
      demo.overviewText,
      ...demo.diversificationGaps,
      ...demo.insights,
      ...demo.recommendations.flatMap((r) => [r.title, r.description]),
    ];
    for (const text of texts) {
      for (const n of numbersIn(text)) expect(allowed, `${n} in "${text}"`).toContain(n);
    }
  });

  it('a portfolio without gaps gets a keep-going recommendation', () => {
    const clean = computePortfolioAnalytics({
      holdings: ['VTI', 'VXUS', 'BND', 'QQQ', 'SPY'].map((symbol) => ({ symbol, quantity: 1, price: 100 })),
      history: new Map(),
      benchmark: [],
    });
    expect(clean.riskLevel.level).toBe('medium');
    expect(writeDemoAnalysis(clean).recommendations).toEqual([
      {
        title: 'Stay the course',
        description:
          'No diversification gap was found. Rebalance periodically to keep the allocation where you want it.',
      },
    ]);
  });
});

describe('computePortfolioAnalytics: a symbol no source found (issue 25 item 3)', () => {
  // Four real holdings: 'Fair'. A typo (ZZZZQ, no price) must not make it five and 'Good'.
  const known = [
    { symbol: 'AAPL', quantity: 2, price: 12, change: 1 },
    { symbol: 'MSFT', quantity: 1, price: 30, change: 0 },
    { symbol: 'BND', quantity: 1, price: 21, change: 0 },
    { symbol: 'VTI', quantity: 1, price: 40, change: 0 },
  ];
  const history = new Map([
    ['AAPL', bars([10, 11, 12])],
    ['MSFT', bars([28, 29, 30])],
    ['BND', bars([20, 17, 21])],
    ['VTI', bars([38, 39, 40])],
  ]);
  const benchmark = bars([100, 101, 103]);
  const without = computePortfolioAnalytics({ holdings: known, history, benchmark });
  const withTypo = computePortfolioAnalytics({
    holdings: [...known, { symbol: 'zzzzq', quantity: 500, price: null }],
    history,
    benchmark,
  });

  it('is left out of counts, weights, exposure, checks and risk, and named once', () => {
    expect(withTypo.holdingCount).toBe(4);
    expect(withTypo.healthCheck.diversificationRating).toBe('Fair');
    expect(withTypo.healthCheck.checks[0]?.detail).toMatch(/^4 holdings: Fair/);
    expect(withTypo.holdings.map((h) => h.symbol)).not.toContain('ZZZZQ');
    expect(withTypo.valuation.unpricedSymbols).toEqual(['ZZZZQ']);
    expect(withTypo.history.withoutHistory).toEqual([]);
    const { valuation: v1, ...rest1 } = withTypo;
    const { valuation: v0, ...rest0 } = without;
    expect(rest1).toEqual(rest0);
    expect({ ...v1, unpricedSymbols: [] }).toEqual(v0);
  });

  it('says nothing of it in the written analysis', () => {
    expect(writeDemoAnalysis(withTypo)).toEqual(writeDemoAnalysis(without));
  });
});
