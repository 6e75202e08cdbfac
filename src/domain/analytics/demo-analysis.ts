/** The demo analysis: the spec's "Demo Analysis Results", written from the facts without a language model. */
import type { PortfolioFacts } from './analyze';
import type { DiversificationGapCode } from './diversification';
import { formatMoney, formatNumber, formatPercent, formatPercentUnits } from './format';
import type { RiskLevel } from './risk-level';

export interface DemoAnalysis {
  readonly riskLevel: RiskLevel;
  readonly overviewText: string;
  readonly diversificationGaps: readonly string[];
  readonly recommendations: readonly { readonly title: string; readonly description: string }[];
  readonly insights: readonly string[];
}

export const MAX_DEMO_RECOMMENDATIONS = 5;

const ASSET_CLASS_LABELS: Record<string, string> = {
  stock: 'stocks',
  etf: 'ETFs',
  fund: 'mutual funds',
  bond: 'bonds',
  crypto: 'crypto',
  cash: 'cash',
  Unknown: 'unclassified holdings',
};

const GAP_ADVICE: Record<DiversificationGapCode, { title: string; advice: string }> = {
  FEW_HOLDINGS: {
    title: 'Broaden diversification',
    advice: 'A broad index fund such as VTI adds hundreds of companies in one purchase.',
  },
  SINGLE_HOLDING: {
    title: 'Trim your largest position',
    advice: 'Consider reducing it and spreading the proceeds over other holdings or a broad fund.',
  },
  SECTOR_CONCENTRATION: {
    title: 'Reduce sector concentration',
    advice: "Funds that cover other sectors lower the impact of one industry's downturn.",
  },
  CRYPTO_CONCENTRATION: {
    title: 'Limit crypto exposure',
    advice:
      'Crypto prices can halve within months; keep it to a share you could lose without changing your plans.',
  },
  NO_BONDS: {
    title: 'Add a bond allocation',
    advice: 'A broad bond fund such as BND cushions stock market falls and serves as an emergency buffer.',
  },
  NO_INTERNATIONAL: {
    title: 'Add international exposure',
    advice: 'A fund such as VXUS adds thousands of companies outside the US.',
  },
};

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Every number in the texts is a fact (or a threshold in `facts.thresholds`), formatted by format.ts. */
export function writeDemoAnalysis(facts: PortfolioFacts): DemoAnalysis {
  const n = facts.holdingCount;
  const v = facts.valuation;
  const sentences: string[] = [];
  if (n === 0) {
    sentences.push('The portfolio is empty: add holdings to analyse it.');
  } else {
    let first = `This portfolio of ${n} ${n === 1 ? 'holding' : 'holdings'} is worth ${formatMoney(v.totalValue)}`;
    if (v.totalChangePercent !== null && v.totalChange !== 0) {
      const direction = v.totalChange > 0 ? 'up' : 'down';
      first += `, ${direction} ${formatPercentUnits(Math.abs(v.totalChangePercent))} (${formatMoney(Math.abs(v.totalChange))}) today`;
    }
    sentences.push(`${first}.`);
    const largest = facts.concentration.largest;
    if (largest && facts.concentration.effectiveHoldings !== null) {
      sentences.push(
        `Its largest holding is ${largest.symbol} at ${formatPercent(largest.weight)}, and the effective number of holdings is ${formatNumber(facts.concentration.effectiveHoldings)}.`,
      );
    }
    const classes = facts.exposure.assetClass.slice(0, 3);
    if (classes.length > 0) {
      const parts = classes.map((b) => `${formatPercent(b.weight)} ${ASSET_CLASS_LABELS[b.name] ?? b.name}`);
      sentences.push(`By asset class it holds ${parts.join(', ')}.`);
    }
  }

  const r = facts.risk;
  const h = facts.history;
  if (r.annualizedVolatility !== null && h.lastDate !== null) {
    let text = `Over ${h.returnsCount} trading days to ${h.lastDate}, its annualised volatility was ${formatPercent(r.annualizedVolatility)}`;
    if (r.benchmarkAnnualizedVolatility !== null) {
      text += ` against ${formatPercent(r.benchmarkAnnualizedVolatility)} for ${h.benchmarkSymbol}`;
    }
    if (r.beta !== null) text += `, with a beta of ${formatNumber(r.beta)}`;
    if (r.maxDrawdown && r.maxDrawdown.maxDrawdown > 0) {
      text += `; its largest drawdown was ${formatPercent(r.maxDrawdown.maxDrawdown)}`;
    }
    sentences.push(`${text}.`);
    if (r.sharpe !== null) {
      sentences.push(
        `Its Sharpe ratio was ${formatNumber(r.sharpe)} at a ${formatPercent(r.riskFreeRate)} risk-free rate.`,
      );
    }
    if (r.valueAtRisk && r.valueAtRisk.amount !== null) {
      sentences.push(
        `On ${formatPercent(r.valueAtRisk.confidence, 0)} of days the one-day loss stayed within ${formatPercent(r.valueAtRisk.var)} (${formatMoney(r.valueAtRisk.amount)} today).`,
      );
    }
  }
  if (n > 0) {
    sentences.push(`The risk level is ${facts.riskLevel.level}: ${facts.riskLevel.reasons.join('; ')}.`);
    const hc = facts.healthCheck;
    sentences.push(
      `Health check: ${hc.passed} of ${hc.total} checks passed (${formatPercentUnits(hc.scorePercent, 0)}), diversification ${hc.diversificationRating}.`,
    );
  }

  const recommendations: { title: string; description: string }[] = [];
  const seen = new Set<string>();
  const add = (title: string, description: string) => {
    if (seen.has(title) || recommendations.length >= MAX_DEMO_RECOMMENDATIONS) return;
    seen.add(title);
    recommendations.push({ title, description });
  };
  if (facts.riskLevel.level === 'high') {
    add(
      'Lower your risk',
      `${sentenceCase(facts.riskLevel.reasons.join('; '))}. Spreading money over more holdings, broad funds or bonds lowers it.`,
    );
  }
  for (const gap of facts.diversificationGaps) {
    const { title, advice } = GAP_ADVICE[gap.code];
    add(title, `${gap.message} ${advice}`);
  }
  for (const check of facts.healthCheck.checks) {
    if (n > 0 && !check.passed && check.id === 'simple-investing')
      add('Add a broad index fund', `${check.detail}.`);
  }
  if (recommendations.length === 0 && n > 0) {
    add(
      'Stay the course',
      'No diversification gap was found. Rebalance periodically to keep the allocation where you want it.',
    );
  }

  return {
    riskLevel: facts.riskLevel.level,
    overviewText: sentences.join(' '),
    diversificationGaps: facts.diversificationGaps.map((g) => g.message),
    recommendations,
    insights: [...facts.insights],
  };
}
