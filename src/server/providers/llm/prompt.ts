/**
 * What the model is told: the instructions, and the facts of src/domain/analytics in a compact form (the
 * largest holdings only, money in cents, other numbers rounded to 6 decimals). The grounding check uses exactly
 * these facts, so a number the model could not have seen is never accepted.
 */
import type { PortfolioFacts } from '../../../domain/analytics';

export const PROMPT_MAX_HOLDINGS = 25;
export const PROMPT_MAX_BUCKETS = 12;
export const PROMPT_MAX_SYMBOL_LIST = 20;

export const SYSTEM_PROMPT = `You write the portfolio analysis of Foliowise, an app for everyday investors.
You receive FACTS as JSON, computed by our analytics engine. Write, in plain English, for a non-expert:
- overviewText: 3 to 6 sentences on the portfolio's value and today's change, how it has done when FACTS.returns is given, its risk level and why, its concentration and its diversification, in 2 or 3 short paragraphs separated by a blank line. Say what a term means in plain words before naming it. Write symbols as people write them ("BTC", not "CRYPTO:BTC").
- diversificationGaps: one short sentence per entry of FACTS.diversificationGaps, in the same order (an empty list when there is none).
- recommendations: 2 to 5 items, each with a short title and a description of 1 to 3 sentences: practical, educational steps (broad funds, bonds, international exposure, rebalancing, position size). Do not repeat the diversification gaps; say what to do about them. Not personal financial advice; no price targets.
- insights: 2 to 5 short sentences, each one observation.

Numbers (strict: an answer that breaks these rules is discarded):
- Use ONLY numbers that appear in FACTS. Never calculate new ones (no sums, differences, ratios, projections) and never invent a figure.
- Fractions in FACTS (every "weight", volatility, drawdown, VaR "var", riskFreeRate, hhi, coverageWeight, and every return in FACTS.returns) are 0-1: show them as percentages, multiplied by 100, e.g. 0.1234 -> "12.34%". Fields ending in "Percent" are already percentages.
- FACTS.returns (null when the portfolio has no recorded history) gives, per period from "start" to "end" (range 1Y: the last year; YTD: this year so far; MAX: since firstActivityDate), the time-weighted return "twr" (how the holdings did, leaving aside money added or taken out), the money-weighted return "mwr" (counting when money went in and out), the benchmark's "benchmarkTwr", and their yearly rates where a period is over a year ("...Annualized"), in FACTS.returns.currency. Say which period a return is of; never subtract one return from another.
- Money is US dollars, e.g. "$1,234.56". You may round a number to fewer decimals; do not abbreviate ("k", "M", "million").
- For anything that is not a fact write words, not digits ("one", "a few", "several"); do not number lists.
- FACTS.riskLevel.level is the risk level; do not contradict it.

Answer with a JSON object only, matching the given schema.`;

/** Rounds every number to 6 decimals, recursively (the model needs no more; the prompt stays short). */
export function rounded<T>(value: T): T {
  if (typeof value === 'number') return (Number.isFinite(value) ? Number(value.toFixed(6)) : null) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => rounded(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rounded(item)])) as T;
  }
  return value;
}

/** Two decimals, rounded as the screen's formatter rounds. */
const CENTS = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/**
 * Money as the screen shows it: whole cents, rounded by Intl.NumberFormat as the screen rounds. With six
 * decimals, $71,793.48499 reached the model as 71793.485, which it wrote as $71,793.49 beside a screen showing
 * $71,793.48. toFixed is no match either: it rounds the double's exact value (71739.305 is 71739.30499...,
 * so '71739.30'), where Intl rounds its shortest decimal ('71739.305', so '71,739.31').
 */
export function cents<T extends number | null>(amount: T): T {
  return (amount !== null && Number.isFinite(amount) ? Number(CENTS.format(amount)) : amount) as T;
}

function capped<T>(items: readonly T[], max: number): { items: T[]; more: number } {
  return { items: items.slice(0, max), more: Math.max(0, items.length - max) };
}

/** The facts as the model sees them (and as the grounding check reads them). */
export function toPromptFacts(facts: PortfolioFacts) {
  const top = facts.holdings.slice(0, PROMPT_MAX_HOLDINGS);
  const rest = facts.holdings.slice(PROMPT_MAX_HOLDINGS);
  const bucket = (buckets: PortfolioFacts['exposure']['sector']) =>
    buckets
      .slice(0, PROMPT_MAX_BUCKETS)
      .map(({ name, value, weight }) => ({ name, value: cents(value), weight }));
  const r = facts.risk;
  const withoutHistory = capped(facts.history.withoutHistory, PROMPT_MAX_SYMBOL_LIST);
  const unpriced = capped(facts.valuation.unpricedSymbols, PROMPT_MAX_SYMBOL_LIST);
  return rounded({
    asOf: facts.asOf,
    holdingCount: facts.holdingCount,
    valuation: {
      totalValue: cents(facts.valuation.totalValue),
      previousValue: cents(facts.valuation.previousValue),
      totalChange: cents(facts.valuation.totalChange),
      totalChangePercent: facts.valuation.totalChangePercent,
      unpricedSymbols: unpriced.items,
      moreUnpricedSymbols: unpriced.more,
    },
    largestHoldings: top.map((h) => ({
      symbol: h.symbol,
      name: h.name,
      assetClass: h.assetClass,
      sector: h.sector,
      region: h.region,
      quantity: h.quantity,
      price: h.price,
      value: cents(h.value),
      weight: h.weight,
      changePercent: h.changePercent,
    })),
    otherHoldings:
      rest.length > 0
        ? {
            count: rest.length,
            value: cents(rest.reduce((sum, h) => sum + h.value, 0)),
            weight: rest.reduce((sum, h) => sum + h.weight, 0),
          }
        : null,
    concentration: { ...facts.concentration, topHoldingsCounted: 5 },
    exposure: {
      assetClass: bucket(facts.exposure.assetClass),
      sector: bucket(facts.exposure.sector),
      region: bucket(facts.exposure.region),
    },
    history: {
      method: facts.history.method,
      periodYears: 1,
      benchmarkSymbol: facts.history.benchmarkSymbol,
      firstDate: facts.history.firstDate,
      lastDate: facts.history.lastDate,
      tradingDays: facts.history.tradingDays,
      returnsCount: facts.history.returnsCount,
      coverageWeight: facts.history.coverageWeight,
      withoutHistory: withoutHistory.items,
      moreWithoutHistory: withoutHistory.more,
    },
    risk: {
      riskFreeRate: r.riskFreeRate,
      annualizedReturn: r.annualizedReturn,
      annualizedVolatility: r.annualizedVolatility,
      downsideDeviation: r.downsideDeviation,
      sharpe: r.sharpe,
      sortino: r.sortino,
      beta: r.beta,
      benchmarkAnnualizedReturn: r.benchmarkAnnualizedReturn,
      benchmarkAnnualizedVolatility: r.benchmarkAnnualizedVolatility,
      maxDrawdown: r.maxDrawdown
        ? {
            maxDrawdown: r.maxDrawdown.maxDrawdown,
            peakDate: r.maxDrawdown.peakDate,
            troughDate: r.maxDrawdown.troughDate,
            recoveryDate: r.maxDrawdown.recoveryDate,
            recovered: r.maxDrawdown.recovered,
            durationDays: r.maxDrawdown.durationDays,
          }
        : null,
      valueAtRisk: r.valueAtRisk
        ? {
            horizonDays: 1,
            confidence: r.valueAtRisk.confidence,
            var: r.valueAtRisk.var,
            amount: cents(r.valueAtRisk.amount),
            observations: r.valueAtRisk.observations,
          }
        : null,
    },
    returns: facts.returns,
    riskLevel: facts.riskLevel,
    diversificationGaps: facts.diversificationGaps,
    healthCheck: facts.healthCheck,
    insights: facts.insights,
    thresholds: facts.thresholds,
  });
}
