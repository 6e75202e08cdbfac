/**
 * Returns of a history over periods (issue 28): time-weighted and money-weighted returns, the change in value
 * split into its causes, the daily series for a chart, and a benchmark beside them. Pure; one daily valuation
 * (valuation.ts) serves every period asked for. Every formula: docs/performance.md.
 */
import { divideRounded, moneyOf } from '../activities/ledger-numbers';
import { toDayNumber } from '../calendar';
import type { Decimal } from '../paper-trading';
import { solveMoneyWeightedReturn, type DatedAmount, type MoneyWeightedOutcome } from './money-weighted';
import { resolvePeriod, type PeriodRequest, type ResolvedPeriod } from './periods';
import { layOnDays } from './valuation-days';
import {
  valueHistoryDaily,
  type DailySeries,
  type ExactSnapshot,
  type PerformanceInput,
  type PriceGap,
  type ValuationHistory,
} from './valuation';
import type { ValuationRun } from './valuation-resume';

/**
 * The change in value over a period, in the base currency, exact to the 20th decimal. Two identities hold exactly:
 * - end value − start value = net flows + price + currency + dividends + interest + fees + taxes;
 * - realized + unrealized = price + currency + tradeFees.
 * Fees and taxes are negative (paid); `tradeFees` is the part of `fees` paid on trades and transfers.
 */
export interface ValueBreakdown {
  price: Decimal;
  currency: Decimal;
  dividends: Decimal;
  interest: Decimal;
  fees: Decimal;
  taxes: Decimal;
  tradeFees: Decimal;
  realized: Decimal;
  unrealized: Decimal;
}

export interface PerformancePoint {
  date: string;
  value: number;
  netInvested: number;
  /** Recorded cash in the base currency; null when none is recorded. */
  cash: number | null;
  /** 1 at the period's start. */
  twrIndex: number;
  /** The benchmark's close over its close at the period's start; null without a benchmark. */
  benchmarkIndex: number | null;
}

/** Null rates with the reason when the money-weighted return has no answer. */
export interface MoneyWeightedAnswer {
  periodReturn: number | null;
  /** Only for periods longer than a year (as the time-weighted one). */
  annualized: number | null;
  unavailable: Extract<MoneyWeightedOutcome, { ok: false }>['reason'] | null;
}

export interface BenchmarkInput {
  symbol: string;
  /** Its closes in the base currency. */
  closes: DailySeries;
}

export type BenchmarkReturns =
  | { symbol: string; ok: true; twr: number; twrAnnualized: number | null; mwr: MoneyWeightedAnswer }
  | { symbol: string; ok: false; message: string };

export interface PeriodPerformance {
  period: ResolvedPeriod;
  /** Days from the period's start to its end. */
  days: number;
  startValue: Decimal;
  endValue: Decimal;
  netFlows: Decimal;
  twr: number;
  twrAnnualized: number | null;
  mwr: MoneyWeightedAnswer;
  breakdown: ValueBreakdown;
  series: PerformancePoint[];
  benchmark: BenchmarkReturns | null;
  /** The approximations among the period's days (carried closes and rates, trade prices, unpriced symbols). */
  gaps: PriceGap[];
}

export type PeriodPerformanceOutcome =
  | { ok: true; performance: PeriodPerformance }
  | { ok: false; code: 'INVALID_DATES' | 'BEFORE_HISTORY'; message: string };

export type PerformanceOutcome =
  /** `run`: for the next computation of the same history, which then starts where nothing changed. */
  | { ok: true; periods: PeriodPerformanceOutcome[]; run: ValuationRun }
  | Extract<ReturnType<typeof valueHistoryDaily>, { ok: false }>;

const DAYS_PER_YEAR = 365;
/** 30-decimal base money to the ledger's 20 decimals. */
const TO_MONEY = 10n ** 10n;

const annualize = (periodReturn: number, days: number) =>
  days > DAYS_PER_YEAR ? Math.expm1((Math.log1p(periodReturn) * DAYS_PER_YEAR) / days) : null;

/**
 * The returns of a history over each period asked for, with a benchmark when one is given. A history without
 * an activity on or before `asOf`, a currency without rates, or an impossible history is refused as a whole; a
 * period that cannot be measured (dates out of order, before the history) is refused alone.
 */
export function computePerformance(
  input: PerformanceInput,
  requests: readonly PeriodRequest[],
  benchmark?: BenchmarkInput,
  previous?: ValuationRun,
): PerformanceOutcome {
  let firstActivity = '';
  for (const activity of input.activities) {
    if (activity.date <= input.asOf && (firstActivity === '' || activity.date < firstActivity))
      firstActivity = activity.date;
  }
  const resolved = requests.map((request) => resolvePeriod(request, input.asOf, firstActivity || input.asOf));
  const boundaries = resolved.flatMap((outcome) =>
    outcome.ok ? [outcome.period.start, outcome.period.end] : [],
  );
  const valuation = valueHistoryDaily(input, boundaries, previous);
  if (!valuation.ok) return valuation;
  const { history } = valuation;
  const benchmarkCloses = benchmark ? layOnDays(benchmark.closes, history.dates) : null;
  return {
    ok: true,
    run: valuation.run,
    periods: resolved.map((outcome) => {
      if (!outcome.ok) return outcome;
      return {
        ok: true,
        performance: measurePeriod(history, outcome.period, benchmark, benchmarkCloses?.values ?? null),
      };
    }),
  };
}

function measurePeriod(
  history: ValuationHistory,
  period: ResolvedPeriod,
  benchmark: BenchmarkInput | undefined,
  benchmarkCloses: Float64Array | null,
): PeriodPerformance {
  const firstDay = toDayNumber(history.dates[0] as string);
  const start = toDayNumber(period.start) - firstDay;
  const end = toDayNumber(period.end) - firstDay;
  const days = end - start;
  const twr = (history.twrIndex[end] as number) / (history.twrIndex[start] as number) - 1;
  const flows = investorFlows(history, start, end, history.value[end] as number);

  const series: PerformancePoint[] = [];
  const benchmarkStart = benchmarkCloses ? (benchmarkCloses[start] as number) : Number.NaN;
  for (let day = start; day <= end; day++) {
    series.push({
      date: history.dates[day] as string,
      value: history.value[day] as number,
      netInvested: history.netInvested[day] as number,
      cash: history.cash ? (history.cash[day] as number) : null,
      twrIndex: (history.twrIndex[day] as number) / (history.twrIndex[start] as number),
      benchmarkIndex:
        benchmarkCloses && !Number.isNaN(benchmarkStart)
          ? (benchmarkCloses[day] as number) / benchmarkStart
          : null,
    });
  }
  const startSnapshot = history.snapshots.get(period.start) as ExactSnapshot;
  const endSnapshot = history.snapshots.get(period.end) as ExactSnapshot;
  return {
    period,
    days,
    startValue: moneyOf(divideRounded(startSnapshot.value, TO_MONEY)),
    endValue: moneyOf(divideRounded(endSnapshot.value, TO_MONEY)),
    netFlows: moneyOf(divideRounded(endSnapshot.flows - startSnapshot.flows, TO_MONEY)),
    twr,
    twrAnnualized: annualize(twr, days),
    mwr: moneyWeightedAnswer(flows, start + firstDay, end + firstDay),
    breakdown: breakDownChange(startSnapshot, endSnapshot),
    series,
    benchmark:
      benchmark && benchmarkCloses
        ? benchmarkReturns(history, benchmark.symbol, benchmarkCloses, start, end, period)
        : null,
    gaps: history.gaps.filter((gap) => gap.to >= period.start && gap.from <= period.end),
  };
}

/**
 * The investor's flows of a period (day numbers): the start value put in at the start, each day's net external
 * flow (in negative, out positive), and `endValue` taken out at the end.
 */
function investorFlows(
  history: ValuationHistory,
  start: number,
  end: number,
  endValue: number,
): DatedAmount[] {
  const firstDay = toDayNumber(history.dates[0] as string);
  const flows: DatedAmount[] = [{ day: start + firstDay, amount: -(history.value[start] as number) }];
  for (let day = start + 1; day <= end; day++) {
    const net = (history.outflow[day] as number) - (history.inflow[day] as number);
    if (net !== 0) flows.push({ day: day + firstDay, amount: net });
  }
  flows.push({ day: end + firstDay, amount: endValue });
  return flows;
}

function moneyWeightedAnswer(
  flows: readonly DatedAmount[],
  startDay: number,
  endDay: number,
): MoneyWeightedAnswer {
  const outcome = solveMoneyWeightedReturn(flows, endDay);
  if (!outcome.ok) return { periodReturn: null, annualized: null, unavailable: outcome.reason };
  // Over the days from the first money in (the period's start unless it held nothing then).
  return {
    periodReturn: outcome.periodReturn,
    annualized: endDay - startDay > DAYS_PER_YEAR ? outcome.annualized : null,
    unavailable: null,
  };
}

/**
 * The breakdown between two snapshots. Each part is computed exactly at 30 decimals and rounded to 20; the price
 * gain is what remains of the change after the others, and unrealized what remains of price + currency + trade
 * fees after the realized gain, so both identities hold exactly (each remainder differs from its own formula by
 * the roundings, a few 10^-20).
 *
 * Currency effect, per currency: exposure at the start × (end rate − start rate) + Σ each flow into the exposure ×
 * (end rate − its day's rate), computed as end rate × Σ local flows − Σ flows at their day's rate.
 */
function breakDownChange(start: ExactSnapshot, end: ExactSnapshot): ValueBreakdown {
  const toMoney = (value: bigint) => divideRounded(value, TO_MONEY);
  let currency = 0n;
  for (const atEnd of end.currencies) {
    const atStart = start.currencies.find((entry) => entry.currency === atEnd.currency);
    const startExposure = atStart?.exposure ?? 0n;
    const startRate = atStart?.rate ?? atEnd.rate;
    currency +=
      startExposure * (atEnd.rate - startRate) +
      atEnd.rate * (atEnd.localFlows - (atStart?.localFlows ?? 0n)) -
      (atEnd.baseFlows - (atStart?.baseFlows ?? 0n));
  }
  const parts = {
    currency: toMoney(currency),
    dividends: toMoney(end.dividends - start.dividends),
    interest: toMoney(end.interest - start.interest),
    fees: toMoney(end.fees - start.fees),
    taxes: toMoney(end.taxes - start.taxes),
    tradeFees: toMoney(end.tradeFees - start.tradeFees),
    realized: toMoney(end.realized - start.realized),
  };
  const change = toMoney(end.value) - toMoney(start.value);
  const flows = toMoney(end.flows - start.flows);
  const price = change - flows - parts.currency - parts.dividends - parts.interest - parts.fees - parts.taxes;
  const unrealized = price + parts.currency + parts.tradeFees - parts.realized;
  return {
    price: moneyOf(price),
    currency: moneyOf(parts.currency),
    dividends: moneyOf(parts.dividends),
    interest: moneyOf(parts.interest),
    fees: moneyOf(parts.fees),
    taxes: moneyOf(parts.taxes),
    tradeFees: moneyOf(parts.tradeFees),
    realized: moneyOf(parts.realized),
    unrealized: moneyOf(unrealized),
  };
}

/**
 * The benchmark over the period: its time-weighted return (close over close), and the money-weighted return had
 * the portfolio's start value and flows gone into it (the start value and each inflow buying at the close before,
 * as the portfolio's inflows count at the day's start; each outflow selling at the day's close).
 */
function benchmarkReturns(
  history: ValuationHistory,
  symbol: string,
  closes: Float64Array,
  start: number,
  end: number,
  period: ResolvedPeriod,
): BenchmarkReturns {
  const startClose = closes[start] as number;
  if (Number.isNaN(startClose)) {
    return { symbol, ok: false, message: `${symbol} has no close on or before ${period.start}.` };
  }
  const twr = (closes[end] as number) / startClose - 1;
  let units = (history.value[start] as number) / startClose;
  for (let day = start + 1; day <= end; day++) {
    units += (history.inflow[day] as number) / (closes[day - 1] as number);
    units -= (history.outflow[day] as number) / (closes[day] as number);
  }
  const flows = investorFlows(history, start, end, units * (closes[end] as number));
  const firstDay = toDayNumber(history.dates[0] as string);
  return {
    symbol,
    ok: true,
    twr,
    twrAnnualized: annualize(twr, end - start),
    mwr: moneyWeightedAnswer(flows, start + firstDay, end + firstDay),
  };
}
