/**
 * A portfolio's returns (issue 28, docs/performance.md, docs/decisions/040): GET /api/performance and
 * GET /api/v1/performance, and the person's base currency.
 *
 * - The history is the ledger's (activities/service.ts `readHistory`), with its access rules: another
 *   person's portfolio is a 404, accounts need Premium and clients Professional. A portfolio without an activity on
 *   or before today answers 422 NO_HISTORY with the view's empty-state message.
 * - Prices: each symbol's closes in its trading currency from the day before the first activity to today, and the
 *   benchmark's (SPY unless told; `none`: none), from the one market-data surface (stored vendor closes, else the
 *   simulator's for the security master, labelled). FX: base-currency units per unit of every activity currency
 *   and the benchmark's, daily (vendors' history, else the simulator's reference rate held flat, labelled).
 * - The computation is the domain's (`computePerformance`); its refusals become 4xx answers with its message.
 *   Money leaves rounded to the cent, the breakdown's parts so that they still add up (breakdown-in-cents.ts);
 *   returns are fractions; the domain's gaps are the answer's `approximations`.
 * - The analysis states the same computation's 1Y, YTD and Max returns as facts (`getReturnsFacts`, decision 043).
 */
import {
  DEFAULT_BENCHMARK,
  PERFORMANCE_MESSAGES as M,
  ZBaseCurrency,
  type BaseCurrency,
  type PerformanceQuery,
  type PerformanceResponse,
} from '../../../contracts/performance';
import { AppError } from '../../../contracts/errors';
import { addDays, utcDateOf } from '../../../domain/calendar';
import { listingCurrency } from '../../../domain/security-master';
import { roundMoneyToCents } from '../../../domain/performance/breakdown-in-cents';
import {
  replayActivities,
  type CostBasisMethod,
  type LedgerActivity,
} from '../../../domain/activities/ledger';
import {
  computePerformance,
  type BenchmarkInput,
  type PeriodPerformance,
} from '../../../domain/performance/performance';
import type { PeriodRequest } from '../../../domain/performance/periods';
import {
  RETURNS_FACT_RANGES,
  returnsFactsOf,
  type ReturnsFacts,
} from '../../../domain/performance/returns-facts';
import type { DailySeries, PerformanceInput } from '../../../domain/performance/valuation';
import type { ValuationRun } from '../../../domain/performance/valuation-resume';
import type { Database } from '../../db/client';
import { readHistory, type ActivitiesContext, type UserRequest } from '../activities/service';
import type {
  BaseRates,
  HistoriesResult,
  CloseColumnsResult,
  MarketDataService,
} from '../market-data/service';
import type { PriceCache, RecentRuns } from './price-cache';
import { readBaseCurrency, writeBaseCurrency } from './repository';

export interface PerformanceContext {
  db: Database;
  marketData: MarketDataService;
  activities: ActivitiesContext;
  now: () => Date;
  /** The closes and rates of recent reads (price-cache.ts). */
  prices: PriceCache;
  /** The last valuation of recent histories, to start the next from where nothing changed. */
  runs: RecentRuns<ValuationRun>;
  /** RETURNS_WARM_UP on: values a made-up history before the app listens (warm-up.ts); null when off. */
  warmUp?: (() => Promise<void>) | null;
}

export const DEFAULT_BASE_CURRENCY: BaseCurrency = 'USD';

/** The person's base currency: the stored one, USD when never set (or no longer offered). */
export async function getBaseCurrency(options: { db: Database; userId: string }): Promise<BaseCurrency> {
  const stored = await readBaseCurrency(options.db, options.userId);
  const parsed = ZBaseCurrency.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_BASE_CURRENCY;
}

export async function setBaseCurrency(options: {
  db: Database;
  userId: string;
  currency: BaseCurrency;
}): Promise<BaseCurrency> {
  await writeBaseCurrency(options.db, options.userId, options.currency);
  return options.currency;
}

const roundCents = (value: number) => Math.round(value * 100) / 100 || 0;

/** Closes times the day's rate (the last rate on or before it; the first one before any). */
function convertSeries(closes: DailySeries, rates: DailySeries): DailySeries {
  const values: number[] = [];
  let next = 0;
  let rate = rates.values[0] ?? Number.NaN;
  closes.dates.forEach((date, i) => {
    while (next < rates.dates.length && (rates.dates[next] as string) <= date) {
      rate = rates.values[next] as number;
      next++;
    }
    values.push((closes.values[i] as number) * rate);
  });
  return { dates: closes.dates, values };
}

/** The benchmark's closes in the base currency, or why there are none. */
function benchmarkOf(
  symbol: string,
  base: string,
  closes: HistoriesResult<CloseColumnsResult>,
  series: ReadonlyMap<string, DailySeries>,
  fx: BaseRates,
): { input: BenchmarkInput } | { message: string } {
  const local = series.get(symbol);
  if (!local || local.dates.length === 0) {
    return { message: closes.errors[symbol] ?? `${symbol} has no price history.` };
  }
  const currency = listingCurrency(symbol);
  if (currency === base) return { input: { symbol, closes: local } };
  const rates = fx.rates.get(currency);
  if (!rates || rates.series.dates.length === 0) {
    return { message: fx.errors[currency] ?? `No exchange rates for ${currency}.` };
  }
  return { input: { symbol, closes: convertSeries(local, rates.series) } };
}

/** Days of closes and rates read before the first activity. */
export const LOOK_BACK_DAYS = 7;

/**
 * Base-currency rates of `currencies` over `span` (fx-history.ts), kept a minute under one key for every read of the
 * same currencies and span (a rate is the same for everyone). Nothing is asked when every currency is the base.
 */
export function readBaseRates(
  context: Pick<PerformanceContext, 'marketData' | 'prices'>,
  currencies: Iterable<string>,
  base: string,
  span: { from: string; to: string },
): Promise<BaseRates> {
  const wanted = [...new Set(currencies)].sort();
  if (wanted.every((currency) => currency === base)) return Promise.resolve({ rates: new Map(), errors: {} });
  return context.prices.get(`fx|${base}|${span.from}|${span.to}|${wanted.join(',')}`, () =>
    context.marketData.getBaseRates(wanted, base, span),
  );
}

const DOMAIN_REFUSALS = ['NO_FX_RATES', 'INSUFFICIENT_SHARES', 'CURRENCY_MISMATCH'] as const;

/** GET /api/performance: a portfolio's returns over one period, in the base currency, beside a benchmark. */
export async function getPerformance(options: {
  context: PerformanceContext;
  user: UserRequest['user'];
  query: PerformanceQuery;
}): Promise<PerformanceResponse> {
  const { query } = options;
  const request: PeriodRequest =
    query.from !== undefined && query.to !== undefined
      ? { range: 'CUSTOM', from: query.from, to: query.to }
      : { range: query.range ?? 'MAX' };
  const [answer] = await getPerformanceOverPeriods({ ...options, periods: [request] });
  if (!answer) throw new Error('getPerformanceOverPeriods answered no period');
  return answer;
}

/**
 * The answers of GET /api/performance for several periods of one portfolio, from one read of its history and prices
 * and one valuation (the white-label report's performance page). `query`'s range and dates are not read: `periods`
 * says which. A period that cannot be measured refuses the whole read, as GET /api/performance refuses it.
 */
export async function getPerformanceOverPeriods(options: {
  context: PerformanceContext;
  user: UserRequest['user'];
  query: Omit<PerformanceQuery, 'range' | 'from' | 'to'>;
  periods: readonly PeriodRequest[];
}): Promise<PerformanceResponse[]> {
  const { context, user, query } = options;
  const history = await readMeasurableHistory(context, user, query.portfolio, query.currency);
  if (!history) throw new AppError('NO_HISTORY', M.noHistory);
  const benchmarkSymbol = query.benchmark === 'NONE' ? null : (query.benchmark ?? DEFAULT_BENCHMARK);
  const measured = await measureHistory(context, user, history, benchmarkSymbol, options.periods);
  const { base: currency, asOf } = history;
  return measured.periods.map((period) =>
    answerOf(period, { portfolio: history.key, currency, asOf, ...measured.extra }),
  );
}

/** A portfolio's history with an activity on or before today, and the currency its returns are measured in. */
interface MeasurableHistory {
  key: string;
  activities: readonly LedgerActivity[];
  method: CostBasisMethod;
  base: BaseCurrency;
  asOf: string;
  /** The first activity's date. */
  first: string;
}

/** The history of `portfolio` (the ledger's access rules) and its base currency; null without one to measure. */
async function readMeasurableHistory(
  context: PerformanceContext,
  user: UserRequest['user'],
  portfolio: string,
  currency: BaseCurrency | undefined,
): Promise<MeasurableHistory | null> {
  const [history, base] = await Promise.all([
    readHistory({ ...context.activities, user, portfolio }),
    currency ?? getBaseCurrency({ db: context.db, userId: user.id }),
  ]);
  const asOf = utcDateOf(context.now());
  let first = '';
  // A portfolio without a history is read as its map's openings: not a history to measure.
  for (const activity of history.hasHistory ? history.activities : []) {
    if (activity.date <= asOf && (first === '' || activity.date < first)) first = activity.date;
  }
  if (first === '') return null;
  return { key: history.key, activities: history.activities, method: history.method, base, asOf, first };
}

/**
 * The periods of a history, beside the benchmark (null: none): its closes and rates read, then the domain's one
 * valuation, from where the last one of the same history left off. The domain's refusals are 4xx answers.
 */
async function measureHistory(
  context: PerformanceContext,
  user: UserRequest['user'],
  history: MeasurableHistory,
  benchmarkSymbol: string | null,
  requests: readonly PeriodRequest[],
): Promise<{
  periods: PeriodPerformance[];
  extra: Pick<PerformanceResponse, 'sources' | 'benchmark'>;
}> {
  const { base, asOf } = history;
  // From a week before the first activity: the benchmark's and the rates' last values before a start that falls on a
  // weekend or holiday are in the span (the valuation itself starts the day before the first activity).
  const span = { from: addDays(history.first, -LOOK_BACK_DAYS), to: asOf };
  const held = new Set<string>();
  const currencies = new Set<string>();
  for (const activity of history.activities) {
    if (activity.symbol !== null) held.add(activity.symbol);
    currencies.add(activity.currency);
  }
  const symbols = [...held];
  if (benchmarkSymbol) currencies.add(listingCurrency(benchmarkSymbol));
  const wanted =
    benchmarkSymbol && !symbols.includes(benchmarkSymbol) ? [...symbols, benchmarkSymbol] : symbols;
  const [{ closes, series }, fx] = await Promise.all([
    // Kept with the closes as the valuation reads them (arrays of dates and values), made once per read.
    context.prices.get(
      `closes|${user.id}|${span.from}|${span.to}|${[...wanted].sort().join(',')}`,
      async () => {
        const read = await context.marketData.getClosesBetween(wanted, span, { userId: user.id });
        const bySymbol = Object.entries(read.histories).map(
          ([symbol, { columns }]): [string, DailySeries] => [
            symbol,
            { dates: columns.dates, values: columns.closes },
          ],
        );
        return { closes: read, series: new Map(bySymbol) };
      },
    ),
    readBaseRates(context, currencies, base, span),
  ]);

  const input: PerformanceInput = {
    activities: history.activities,
    closes: series,
    baseCurrency: base,
    fxRates: new Map([...fx.rates].map(([currency, rates]) => [currency, rates.series])),
    asOf,
  };
  const benchmark = benchmarkSymbol ? benchmarkOf(benchmarkSymbol, base, closes, series, fx) : null;
  const runKey = `${user.id}|${history.key}|${base}`;
  const outcome = computePerformance(
    input,
    requests,
    benchmark && 'input' in benchmark ? benchmark.input : undefined,
    context.runs.get(runKey),
  );
  if (outcome.ok) context.runs.set(runKey, outcome.run);
  if (!outcome.ok) {
    if (outcome.code === 'NO_HISTORY') throw new AppError('NO_HISTORY', M.noHistory);
    const code = DOMAIN_REFUSALS.find((refusal) => refusal === outcome.code) ?? 'BAD_REQUEST';
    throw new AppError(code, outcome.message);
  }
  const periods = outcome.periods.map((period, i) => {
    if (period.ok) return period.performance;
    const field = requests[i]?.range === 'CUSTOM' ? 'from' : 'range';
    throw new AppError(period.code, period.message, { fields: { [field]: period.message } });
  });

  const sources = {
    prices: Object.fromEntries(Object.entries(closes.histories).map(([symbol, h]) => [symbol, h.source])),
    fx: Object.fromEntries([...fx.rates].map(([currency, rates]) => [currency, rates.source])),
  };
  const benchmarkRefusal =
    benchmarkSymbol === null || benchmark === null
      ? null
      : 'message' in benchmark
        ? { symbol: benchmarkSymbol, available: false as const, message: benchmark.message }
        : null;
  return { periods, extra: { sources, benchmark: benchmarkRefusal } };
}

/** Whether the history's holdings today are exactly `holdings` (symbol to quantity, as the map the ledger writes). */
function holdsExactly(history: MeasurableHistory, holdings: Readonly<Record<string, number>>): boolean {
  const replayed = replayActivities(history.activities, history.method);
  if (!replayed.ok) return false;
  const held = replayed.ledger.holdings.filter((holding) => holding.quantity.gt(0));
  return (
    held.length === Object.keys(holdings).length &&
    held.every((holding) => holdings[holding.symbol] === holding.quantity.toNumber())
  );
}

/** The computation's refusals of a history (not of the request): the analysis then goes on without its returns. */
const HISTORY_REFUSALS: readonly string[] = ['NO_HISTORY', 'BAD_REQUEST', ...DOMAIN_REFUSALS];

/**
 * The returns an analysis of `holdings` states as facts (issue 28 item 7, decision 043): 1Y, YTD and Max beside
 * SPY, in the person's base currency, computed as GET /api/performance computes them. Null when `portfolio` has no
 * history, when its holdings today are not `holdings` (the returns would be another portfolio's), or when the
 * computation refuses the history (the Performance view says why). The ledger's 404s and plan gates are thrown.
 */
export async function getReturnsFacts(options: {
  context: PerformanceContext;
  user: UserRequest['user'];
  portfolio: string;
  holdings: Readonly<Record<string, number>>;
}): Promise<ReturnsFacts | null> {
  const { context, user } = options;
  const history = await readMeasurableHistory(context, user, options.portfolio, undefined);
  if (!history || !holdsExactly(history, options.holdings)) return null;
  const requests = RETURNS_FACT_RANGES.map((range) => ({ range }));
  try {
    const { periods } = await measureHistory(context, user, history, DEFAULT_BENCHMARK, requests);
    return returnsFactsOf(periods, { currency: history.base, benchmarkSymbol: DEFAULT_BENCHMARK });
  } catch (error) {
    if (error instanceof AppError && HISTORY_REFUSALS.includes(error.code)) return null;
    throw error;
  }
}

function answerOf(
  p: PeriodPerformance,
  extra: Pick<PerformanceResponse, 'portfolio' | 'currency' | 'asOf' | 'sources'> & {
    benchmark: PerformanceResponse['benchmark'];
  },
): PerformanceResponse {
  const b = p.benchmark;
  const money = roundMoneyToCents(p);
  const { breakdown } = money;
  return {
    portfolio: extra.portfolio,
    period: {
      range: p.period.range,
      start: p.period.start,
      end: p.period.end,
      startsBeforeHistory: p.period.startsBeforeHistory,
      endsAfterAsOf: p.period.endsAfterAsOf,
    },
    twr: p.twr,
    twrAnnualized: p.twrAnnualized,
    mwr: p.mwr.periodReturn,
    mwrAnnualized: p.mwr.annualized,
    mwrUnavailable: p.mwr.unavailable,
    startValue: money.startValue.toNumber(),
    endValue: money.endValue.toNumber(),
    netFlows: money.netFlows.toNumber(),
    breakdown: {
      price: breakdown.price.toNumber(),
      dividends: breakdown.dividends.toNumber(),
      interest: breakdown.interest.toNumber(),
      fees: breakdown.fees.toNumber(),
      taxes: breakdown.taxes.toNumber(),
      currency: breakdown.currency.toNumber(),
      realized: breakdown.realized.toNumber(),
      unrealized: breakdown.unrealized.toNumber(),
    },
    series: p.series.map((point) => ({
      date: point.date,
      value: roundCents(point.value),
      netInvested: roundCents(point.netInvested),
      twrIndex: point.twrIndex,
      benchmarkIndex: point.benchmarkIndex,
    })),
    benchmark:
      extra.benchmark ??
      (b === null
        ? null
        : b.ok
          ? {
              symbol: b.symbol,
              available: true,
              twr: b.twr,
              twrAnnualized: b.twrAnnualized,
              mwr: b.mwr.periodReturn,
              mwrAnnualized: b.mwr.annualized,
              mwrUnavailable: b.mwr.unavailable,
            }
          : { symbol: b.symbol, available: false, message: b.message }),
    currency: extra.currency,
    asOf: extra.asOf,
    sources: extra.sources,
    approximations: p.gaps.map((gap) => ({ ...gap })),
  };
}
