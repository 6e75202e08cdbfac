/** The demo analysis: the spec's "Demo Analysis Results", written from the facts without a language model. */
import type { ReturnsFacts } from '../performance/returns-facts';
import type { PortfolioFacts } from './analyze';
import type { DiversificationGapCode } from './diversification';
import { formatMoney, formatNumber, formatPercent, formatPercentUnits, symbolAsWritten } from './format';
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
    advice:
      'Consider reducing your largest position and spreading the proceeds over other holdings or a broad fund.',
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

/**
 * How the portfolio did by its recorded history: over the last year when the history covers one, else since its
 * first activity (then also a year's rate, when that is over a year). Each return in plain words first, its name
 * after; the currency named when it is not the dollars of the rest of the analysis.
 */
function returnsSentences(returns: ReturnsFacts): string[] {
  const lastYear = returns.periods.find((period) => period.range === '1Y');
  const period = lastYear ?? returns.periods.find((period) => period.range === 'MAX');
  if (!period) return [];
  const when = lastYear
    ? `Over the last year (${period.start} to ${period.end})`
    : `Since its first recorded activity on ${returns.firstActivityDate}`;
  const currency = returns.currency === 'USD' ? '' : ` in ${returns.currency}`;
  const perYear = (annualized: number | null) =>
    lastYear || annualized === null ? '' : `, or ${formatPercent(annualized)} a year`;
  let timeWeighted = `${when} the portfolio returned ${formatPercent(period.twr)}${currency}${perYear(period.twrAnnualized)}, leaving aside the money added or taken out (the time-weighted return)`;
  if (period.benchmarkTwr !== null) {
    timeWeighted += `, against ${formatPercent(period.benchmarkTwr)} for ${returns.benchmarkSymbol}`;
  }
  const sentences = [`${timeWeighted}.`];
  if (period.mwr !== null) {
    sentences.push(
      `Counting when money went in and out, it returned ${formatPercent(period.mwr)}${perYear(period.mwrAnnualized)} (the money-weighted return).`,
    );
  }
  return sentences;
}

/**
 * Every figure in the texts is a fact (or a threshold in `facts.thresholds`), formatted by format.ts; the
 * only other number is the 1% that explains beta. The overview is a few short paragraphs (separated by a
 * blank line), each term said in plain words first and named after, for the page's tooltips.
 */
export function writeDemoAnalysis(facts: PortfolioFacts): DemoAnalysis {
  const n = facts.holdingCount;
  const v = facts.valuation;
  const paragraphs: string[][] = [];
  if (n === 0) {
    paragraphs.push(['The portfolio is empty: add holdings to analyse it.']);
  } else {
    const about: string[] = [];
    let first = `This portfolio of ${n} ${n === 1 ? 'holding' : 'holdings'} is worth ${formatMoney(v.totalValue)}`;
    if (v.totalChangePercent !== null && v.totalChange !== 0) {
      const direction = v.totalChange > 0 ? 'up' : 'down';
      first += `, ${direction} ${formatPercentUnits(Math.abs(v.totalChangePercent))} (${formatMoney(Math.abs(v.totalChange))}) today`;
    }
    about.push(`${first}.`);
    const largest = facts.concentration.largest;
    if (largest && facts.concentration.effectiveHoldings !== null) {
      about.push(
        `Its largest holding is ${symbolAsWritten(largest.symbol)} at ${formatPercent(largest.weight)}. The money is spread about as evenly as ${formatNumber(facts.concentration.effectiveHoldings)} equal holdings would be (the effective number of holdings).`,
      );
    }
    paragraphs.push(about);
    const returns = facts.returns ? returnsSentences(facts.returns) : [];
    if (returns.length > 0) paragraphs.push(returns);
    const classes = facts.exposure.assetClass.slice(0, 3);
    if (classes.length > 0) {
      const parts = classes.map((b) => `${formatPercent(b.weight)} ${ASSET_CLASS_LABELS[b.name] ?? b.name}`);
      paragraphs.push([`By asset class it holds ${parts.join(', ')}.`]);
    }
  }

  const r = facts.risk;
  const h = facts.history;
  if (r.annualizedVolatility !== null && h.lastDate !== null) {
    const risk: string[] = [];
    let text = `Over ${h.returnsCount} trading days to ${h.lastDate}, its value swung by ${formatPercent(r.annualizedVolatility)} a year (annualised volatility)`;
    if (r.benchmarkAnnualizedVolatility !== null) {
      text += `, against ${formatPercent(r.benchmarkAnnualizedVolatility)} for ${h.benchmarkSymbol}`;
    }
    risk.push(`${text}.`);
    if (r.beta !== null) {
      risk.push(
        `When ${h.benchmarkSymbol} moved 1%, it tended to move ${formatNumber(r.beta)}% (its beta is ${formatNumber(r.beta)}).`,
      );
    }
    if (r.maxDrawdown && r.maxDrawdown.maxDrawdown > 0) {
      risk.push(
        `Its largest fall from a peak was ${formatPercent(r.maxDrawdown.maxDrawdown)} (maximum drawdown).`,
      );
    }
    paragraphs.push(risk);
    const reward: string[] = [];
    if (r.sharpe !== null) {
      reward.push(
        `Its return above a ${formatPercent(r.riskFreeRate)} risk-free rate, per unit of risk, was ${formatNumber(r.sharpe)} (the Sharpe ratio).`,
      );
    }
    if (r.valueAtRisk && r.valueAtRisk.amount !== null) {
      reward.push(
        `On ${formatPercent(r.valueAtRisk.confidence, 0)} of days the one-day loss stayed within ${formatPercent(r.valueAtRisk.var)} (${formatMoney(r.valueAtRisk.amount)} today).`,
      );
    }
    if (reward.length > 0) paragraphs.push(reward);
  }
  if (n > 0) {
    const hc = facts.healthCheck;
    paragraphs.push([
      `The risk level is ${facts.riskLevel.level}: ${facts.riskLevel.reasons.join('; ')}.`,
      `Health check: ${hc.passed} of ${hc.total} checks passed (${formatPercentUnits(hc.scorePercent, 0)}), diversification ${hc.diversificationRating}.`,
    ]);
  }

  const recommendations: { title: string; description: string }[] = [];
  const seen = new Set<string>();
  const add = (title: string, description: string) => {
    if (seen.has(title) || recommendations.length >= MAX_DEMO_RECOMMENDATIONS) return;
    seen.add(title);
    recommendations.push({ title, description });
  };
  // The reasons and the gaps are shown on their own: a recommendation says only what to do about them.
  if (facts.riskLevel.level === 'high') {
    add('Lower your risk', 'Spreading money over more holdings, broad funds or bonds lowers it.');
  }
  const gapCodes = new Set(facts.diversificationGaps.map((gap) => gap.code));
  for (const code of gapCodes) add(GAP_ADVICE[code].title, GAP_ADVICE[code].advice);
  const simple = facts.healthCheck.checks.find((check) => check.id === 'simple-investing');
  if (n > 0 && simple && !simple.passed && !gapCodes.has('FEW_HOLDINGS')) {
    add('Add a broad index fund', `${simple.detail}.`);
  }
  if (recommendations.length === 0 && n > 0) {
    add(
      'Stay the course',
      'No diversification gap was found. Rebalance periodically to keep the allocation where you want it.',
    );
  }

  return {
    riskLevel: facts.riskLevel.level,
    overviewText: paragraphs.map((sentences) => sentences.join(' ')).join('\n\n'),
    diversificationGaps: facts.diversificationGaps.map((g) => g.message),
    recommendations,
    insights: [...facts.insights],
  };
}
