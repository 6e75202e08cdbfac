/**
 * The words of an advice answer. The configured language model writes them from the facts; without one, or
 * when it fails, `writeAdviceWords` writes them from the same facts with fixed templates. Every number in
 * these templates goes through src/domain/analytics/format, so the grounding check passes them too.
 */
import { formatMoney, formatNumber, formatPercent } from '../analytics';
import type { AdviceFacts } from './facts';
import { detectQuestionTopics, type QuestionTopic } from './question-topics';

export interface AdviceWords {
  reasoning: string;
  competitivePosition: string;
  keyRisks: string[];
  keyOpportunities: string[];
  keyConsiderations: string[];
  nextSteps: string[];
  volatilityAssessment: string;
  specificRisks: string[];
  shortTermOutlook: string;
  longTermOutlook: string;
  portfolioConsiderations: string;
  alternatives: string[];
}

/** The Fundamentals tab without a fundamentals vendor: said plainly, never invented. */
export const NO_FUNDAMENTALS_SOURCE =
  'No fundamentals data source is configured, so earnings, revenue growth and competitive position are not shown.';

const TREND_WORDS = {
  bullish: 'in an uptrend (above its 50-day average, which is above its 200-day average)',
  bearish: 'in a downtrend (below its 50-day average, which is below its 200-day average)',
  neutral: 'without a clear trend (its price and moving averages point different ways)',
} as const;

function rsiWords(rsi: number | null): string | null {
  if (rsi === null) return null;
  const state = rsi > 70 ? 'overbought' : rsi < 30 ? 'oversold' : 'neither overbought nor oversold';
  return `RSI 14 is ${formatNumber(rsi)}: ${state}.`;
}

function riskAnswer({ symbol, risk, context }: AdviceFacts): string {
  const figures = [
    risk.volatility !== null ? `an annualised volatility of ${formatPercent(risk.volatility)}` : null,
    risk.beta !== null ? `a beta to SPY of ${formatNumber(risk.beta)}` : null,
    risk.maxDrawdown !== null ? `a largest fall from a high of ${formatPercent(risk.maxDrawdown)}` : null,
  ].filter((figure): figure is string => figure !== null);
  const over = figures.length > 0 ? `, from ${figures.join(', ')} over the year` : '';
  const weight =
    risk.positionWeight !== null
      ? ` The position is ${formatPercent(risk.positionWeight)} of your portfolio.`
      : '';
  return `On risk: ${symbol}'s overall risk is ${risk.overallRisk} for a ${context.riskTolerance} investor${over}.${weight}`;
}

function valuationAnswer({ symbol, quote, technicals: t, fundamentals: f }: AdviceFacts): string {
  const price = formatMoney(quote.currentPrice);
  if (f?.averageTarget != null) {
    return `On valuation: the analysts' average price target of ${formatMoney(f.averageTarget)} is ${f.averageTarget >= quote.currentPrice ? 'above' : 'below'} the price of ${price}, according to ${f.source.toUpperCase()}.`;
  }
  const chart = [
    t.sma200 !== null
      ? `the price of ${price} is ${quote.currentPrice >= t.sma200 ? 'above' : 'below'} its 200-day average of ${formatMoney(t.sma200)}`
      : null,
    quote.yearRange
      ? `the year's range is ${formatMoney(quote.yearRange.low)} to ${formatMoney(quote.yearRange.high)}`
      : null,
  ].filter((line): line is string => line !== null);
  const missing = f
    ? `the fundamentals source gives no price target for ${symbol}`
    : 'no fundamentals data source is configured';
  return `On valuation: ${missing}, so there are no earnings or targets to say whether ${symbol} is cheap or expensive${chart.length > 0 ? `; ${chart.join(', and ')}` : ''}.`;
}

function timingAnswer({ symbol, technicals: t, recommendation: r }: AdviceFacts): string {
  const levels = [
    t.supportLevels[0] !== undefined ? `support at ${formatMoney(t.supportLevels[0])}` : null,
    t.resistanceLevels[0] !== undefined ? `resistance at ${formatMoney(t.resistanceLevels[0])}` : null,
  ].filter((line): line is string => line !== null);
  return `On timing: the figures rate ${symbol} ${r.action} over ${r.timeframe}, as it is ${TREND_WORDS[t.trend]}${levels.length > 0 ? `, with the nearest ${levels.join(' and ')}` : ''}. They read the past year, not the future.`;
}

function incomeAnswer({ symbol }: AdviceFacts): string {
  return `On income: Foliowise has no dividend or yield figures for ${symbol}, so it cannot say what income the stock pays; the figures here are about its price.`;
}

const TOPIC_ANSWERS: Readonly<Record<QuestionTopic, (facts: AdviceFacts) => string>> = {
  risk: riskAnswer,
  valuation: valuationAnswer,
  timing: timingAnswer,
  income: incomeAnswer,
};

/**
 * The templates' answer to the question asked, first in the reasoning: a sentence or two per topic it is about
 * (detectQuestionTopics) from the computed facts only, or, for a question on none of them, that the templates
 * cannot answer it without a language model.
 */
export function writeQuestionAnswer(facts: AdviceFacts): string {
  const topics = detectQuestionTopics(facts.question);
  if (topics.length === 0) {
    return `The template answers cover risk, valuation, timing and income; without a language model they cannot answer this question. What the figures say about ${facts.symbol}:`;
  }
  return topics.map((topic) => TOPIC_ANSWERS[topic](facts)).join(' ');
}

/** The Fundamentals tab's words: from the vendor's figures, or the plain notice without a vendor. */
export function writeFundamentalsWords(
  facts: AdviceFacts,
): Pick<AdviceWords, 'competitivePosition' | 'keyRisks' | 'keyOpportunities'> {
  const f = facts.fundamentals;
  if (!f) return { competitivePosition: NO_FUNDAMENTALS_SOURCE, keyRisks: [], keyOpportunities: [] };
  const where = [f.industry ? `in ${f.industry}` : null, f.sector ? `(${f.sector} sector)` : null]
    .filter(Boolean)
    .join(' ');
  const size = f.marketCap !== null ? `, with a market capitalisation of ${formatMoney(f.marketCap)}` : '';
  const competitivePosition = `${facts.name} is listed ${where || 'without a sector'}${size}, according to ${f.source.toUpperCase()}.`;
  const keyRisks: string[] = [];
  const keyOpportunities: string[] = [];
  const price = facts.quote.currentPrice;
  if (f.averageTarget !== null) {
    const line = `The analysts' average price target is ${formatMoney(f.averageTarget)}`;
    if (f.averageTarget >= price) keyOpportunities.push(`${line}, above the current price.`);
    else keyRisks.push(`${line}, below the current price.`);
  }
  if (f.analystConsensus && f.analystCount !== null) {
    const line = `${String(f.analystCount)} analysts' consensus is ${f.analystConsensus}.`;
    if (/sell/i.test(f.analystConsensus)) keyRisks.push(line);
    else keyOpportunities.push(line);
  }
  return { competitivePosition, keyRisks, keyOpportunities };
}

export function writeAdviceWords(facts: AdviceFacts): AdviceWords {
  const { symbol, quote, technicals: t, risk, recommendation: r, context } = facts;
  const price = formatMoney(quote.currentPrice);
  const macd = t.macd
    ? `The MACD histogram is ${t.macd.histogram >= 0 ? 'positive' : 'negative'} (${formatNumber(t.macd.histogram)}), so momentum is ${t.macd.histogram >= 0 ? 'rising' : 'fading'}.`
    : null;
  const rsi = rsiWords(t.rsi14);
  const volatility = risk.volatility === null ? null : formatPercent(risk.volatility);

  const reasoning = [
    writeQuestionAnswer(facts),
    `${symbol} trades at ${price}, ${TREND_WORDS[t.trend]}.`,
    rsi,
    macd,
    `Its overall risk is ${risk.overallRisk} for a ${context.riskTolerance} investor with a ${context.timeHorizon} horizon, which gives a ${r.action} rating with ${formatNumber(r.confidence, 0)}% confidence.`,
  ]
    .filter(Boolean)
    .join(' ');

  const keyConsiderations = [
    volatility ? `Annualised volatility over the year is ${volatility}.` : null,
    risk.beta !== null
      ? `Beta to SPY is ${formatNumber(risk.beta)}: ${risk.beta > 1 ? 'it moves more than the market' : 'it moves less than the market'}.`
      : null,
    risk.maxDrawdown !== null
      ? `The largest fall from a high over the year was ${formatPercent(risk.maxDrawdown)}.`
      : null,
    t.supportLevels[0] !== undefined ? `Nearest support is at ${formatMoney(t.supportLevels[0])}.` : null,
    t.resistanceLevels[0] !== undefined
      ? `Nearest resistance is at ${formatMoney(t.resistanceLevels[0])}.`
      : 'It trades above every swing high of the year, so no resistance level lies above it.',
  ].filter((line): line is string => line !== null);

  const nextSteps = [
    r.targetPrice !== null
      ? `Compare the price with the target of ${formatMoney(r.targetPrice)} over ${r.timeframe}.`
      : null,
    r.stopLoss !== null
      ? `Decide in advance what you do if the price falls to ${formatMoney(r.stopLoss)}.`
      : null,
    'Read the latest company filings and news before you trade.',
    'Keep any single stock a modest part of a diversified portfolio.',
  ].filter((line): line is string => line !== null);

  const volatilityAssessment = volatility
    ? `${symbol} moved with an annualised volatility of ${volatility} over the year${risk.volatility !== null && risk.volatility >= 0.4 ? ', which is high for a single stock' : risk.volatility !== null && risk.volatility >= 0.25 ? ', typical of a single stock' : ', calm for a single stock'}.`
    : `There is not enough price history to measure ${symbol}'s volatility.`;

  const specificRisks = [
    risk.riskPoints.volatility > 0 ? 'Large daily price swings.' : null,
    risk.riskPoints.beta > 0 ? 'Falls more than the market when the market falls.' : null,
    risk.riskPoints.drawdown > 0
      ? `A fall of ${formatPercent(risk.maxDrawdown ?? 0)} from a high within the year.`
      : null,
    risk.riskPoints.concentration > 0 && risk.positionWeight !== null
      ? `The position is ${formatPercent(risk.positionWeight)} of your portfolio.`
      : null,
    'Company-specific news can move a single stock far more than a fund.',
  ].filter((line): line is string => line !== null);

  const shortTermOutlook =
    t.trend === 'bullish'
      ? `Over 3-6 months the trend favours ${symbol} while it holds above its 50-day average${t.sma50 !== null ? ` of ${formatMoney(t.sma50)}` : ''}.`
      : t.trend === 'bearish'
        ? `Over 3-6 months the downtrend weighs on ${symbol} until it climbs back above its 50-day average${t.sma50 !== null ? ` of ${formatMoney(t.sma50)}` : ''}.`
        : `Over 3-6 months ${symbol} has no clear direction; the support and resistance levels mark its likely range.`;
  const longTermOutlook =
    t.sma200 !== null
      ? `Over 1-3 years the 200-day average of ${formatMoney(t.sma200)} is the line to watch: ${quote.currentPrice >= t.sma200 ? 'the price is above it' : 'the price is below it'}. The company's results matter more than the chart over this span.`
      : `Over 1-3 years the company's results matter more than the chart; there is less than a year of history to judge the long trend.`;

  const portfolioConsiderations =
    risk.positionWeight !== null && risk.positionValue !== null
      ? `Your ${String(context.currentPosition ?? 0)} shares are worth ${formatMoney(risk.positionValue)}, ${formatPercent(risk.positionWeight)} of your portfolio${risk.positionWeight >= 0.1 ? ': a concentrated position' : ''}.`
      : risk.positionValue !== null
        ? `Your ${String(context.currentPosition ?? 0)} shares are worth ${formatMoney(risk.positionValue)}; give your portfolio value to see their share of it.`
        : 'Give your current position and portfolio value to see how much of your portfolio this stock would be.';

  const alternatives = facts.alternatives.map((alt) =>
    alt.kind === 'sector-fund'
      ? `${alt.symbol} (${alt.name}): the whole sector in one fund.`
      : alt.kind === 'sector-peer'
        ? `${alt.symbol} (${alt.name}): same sector, historically calmer.`
        : `${alt.symbol} (${alt.name}): the broad US market in one fund.`,
  );

  return {
    reasoning,
    ...writeFundamentalsWords(facts),
    keyConsiderations,
    nextSteps,
    volatilityAssessment,
    specificRisks,
    shortTermOutlook,
    longTermOutlook,
    portfolioConsiderations,
    alternatives,
  };
}
