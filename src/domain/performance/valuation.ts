/**
 * The daily valuation of a history (issue 28): one pass over its days from the day before the first activity to
 * `asOf`, in the base currency. Each day gives the value at its end, the external flows in and out, the net
 * invested and the recorded cash, in floating point (a chart's and a ratio's precision); on the days asked for
 * (the periods' first and last days) it keeps an exact snapshot, from which the breakdown is computed to the 20th
 * decimal. Memory is bounded by days × symbols, not by activities. Conventions: docs/performance.md.
 *
 * Exact units (bigint): quantities and prices and rates at 10 decimals, local money at 20 (quantity × price, an
 * activity's amount), base money at 30 (local money × rate). A close or rate is a number from the vendor; its
 * exact value is its decimal text at 10 decimals.
 */
import type { ActivityType } from '../activities/activity';
import type { LedgerActivity } from '../activities/ledger';
import {
  divideRounded,
  MONEY_DECIMALS,
  QUANTITY_DECIMALS,
  QUANTITY_UNIT,
  scaled,
} from '../activities/ledger-numbers';
import { isTradingDayNumber, toDayNumber } from '../calendar';
import { layOnDays, valuedDaysOf, type DayTable } from './valuation-days';
import { booksKeyOf, CHECKPOINT_DAYS, checkpointOf, resumeFrom, type ValuationRun } from './valuation-resume';

/** A daily series, dates ascending (`YYYY-MM-DD`): closes of a symbol, or base-currency units per unit of a currency. */
export interface DailySeries {
  dates: readonly string[];
  values: readonly number[];
}

export interface PerformanceInput {
  /** Validated activities (the ledger's); those after `asOf` are left out. */
  activities: readonly LedgerActivity[];
  /** Each symbol's closes in its trading currency, as traded that day (not adjusted for later splits). */
  closes: ReadonlyMap<string, DailySeries>;
  baseCurrency: string;
  /** For each activity currency other than the base: base-currency units per unit of it (GBX: the pound's / 100). */
  fxRates: ReadonlyMap<string, DailySeries>;
  /** The last day valued (today). */
  asOf: string;
}

/**
 * A run of weekdays on which a held symbol (or a currency held) had no value of its own:
 * - carried: the last close (rate) before it;
 * - tradePrice: no close yet, the price of its last trade;
 * - backfilled: no close (rate) yet nor a trade price, the first close (rate) after it;
 * - unpriced: none at all, valued at 0.
 * Weekends and US market holidays are not gaps (nothing trades, the last session's close is the value).
 */
export interface PriceGap {
  /** A symbol, or a currency code for its rate. */
  subject: string;
  kind: 'carried' | 'tradePrice' | 'backfilled' | 'unpriced';
  from: string;
  to: string;
}

export interface CurrencySnapshot {
  currency: string;
  /** What is held in it at the day's end, in it: shares at their close, and the cash where recorded (20 decimals). */
  exposure: bigint;
  /** Base units per unit, 10 decimals (1 for the base currency). */
  rate: bigint;
  /** Since the start: what came into its exposure other than by a price change, in it (20) and in base (30). */
  localFlows: bigint;
  baseFlows: bigint;
}

/** The exact state at a day's end; the sums are since the start, in base money (30 decimals). */
export interface ExactSnapshot {
  value: bigint;
  flows: bigint;
  dividends: bigint;
  interest: bigint;
  /** Negative: what was paid. `fees` holds every fee, `tradeFees` those of trades and transfers among them. */
  fees: bigint;
  tradeFees: bigint;
  taxes: bigint;
  realized: bigint;
  currencies: CurrencySnapshot[];
}

export interface ValuationHistory {
  /** Index 0 is the day before the first activity (nothing held). */
  dates: readonly string[];
  /** At each day's end, in the base currency. */
  value: Float64Array;
  /**
   * External flows of the day: those counted at its start (deposits, buys and transfers in: positive) and those
   * counted at its end, as money out (positive; a fee paid from outside is negative).
   */
  inflow: Float64Array;
  outflow: Float64Array;
  /** The sum of external flows up to the day's end. */
  netInvested: Float64Array;
  /** Recorded cash in base units; null when no currency has a deposit or withdrawal recorded. */
  cash: Float64Array | null;
  /** The time-weighted index: 1 on day 0, times (1 + each day's return). */
  twrIndex: Float64Array;
  snapshots: Map<string, ExactSnapshot>;
  gaps: PriceGap[];
}

export type ValuationOutcome =
  | { ok: true; history: ValuationHistory; run: ValuationRun }
  | {
      ok: false;
      code: 'NO_HISTORY' | 'NO_FX_RATES' | 'INSUFFICIENT_SHARES' | 'CURRENCY_MISMATCH';
      message: string;
    };

const RATE_DECIMALS = 10;
const TEN_TO_THE_10 = 10n ** 10n;
const TEN_TO_THE_20 = 10n ** 20n;
/**
 * Money as a number, cut at the 10th decimal first (a bigint division): a round amount stays round, where
 * Number(10^33) / 1e30 need not be exactly 1000.
 */
const baseMoneyNumber = (value: bigint) => Number(value / TEN_TO_THE_20) / 1e10;
const localMoneyNumber = (value: bigint) => Number(value / TEN_TO_THE_10) / 1e10;
/**
 * Money that comes in to be invested counts at the start of its day (it earns the day's return); everything else
 * at its end: money taken out, income paid out, and a fee or tax paid from outside (an outflow below zero: it
 * lowers the day's return, and is no return at all on a day with nothing invested, rather than a loss of all).
 */
const FLOWS_AT_DAY_START: ReadonlySet<ActivityType> = new Set(['deposit', 'buy', 'transfer_in']);
/** A day whose value before it plus its inflows is below this (a millionth of a unit) has a return of 0. */
const NOTHING_INVESTED = 1e-6;

/** A number's exact value at 10 decimals (its decimal text, cut there). */
const exactAt10 = (value: number) => scaled(value.toFixed(RATE_DECIMALS), RATE_DECIMALS);

/** Something whose value can have gaps: a held symbol, or a currency for its rate. */
interface GapSubject {
  /** The run of gaps it is in, if any. */
  gap: PriceGap | null;
}

/** Records the kind of value `subject` had on a weekday: extends its run, or ends it and starts another. */
function noteGap(
  subject: GapSubject,
  name: string,
  kind: PriceGap['kind'] | 'own',
  date: string,
  gaps: PriceGap[],
): void {
  if (subject.gap?.kind === kind) {
    subject.gap.to = date;
    return;
  }
  subject.gap = kind === 'own' ? null : { subject: name, kind, from: date, to: date };
  if (subject.gap) gaps.push(subject.gap);
}

export interface Holding extends GapSubject {
  symbol: string;
  currency: Book;
  closes: DayTable | null;
  quantity: bigint;
  quantityNumber: number;
  /** Average cost of the shares held, in base money (30): what they cost, or their value when transferred in. */
  cost: bigint;
  lastTradePrice: number;
}

export interface Book extends GapSubject {
  currency: string;
  /** Null for the base currency (rate 1). */
  rates: DayTable | null;
  /** Cash is recorded (a deposit or withdrawal in this currency): trades and income move it, not the flows. */
  hasCash: boolean;
  cash: bigint;
  localFlows: bigint;
  baseFlows: bigint;
  /** Whether anything was held in it on the day being valued (for its rate's gaps). */
  isHeld: boolean;
}

function rateNumberOf(book: Book, day: number): number {
  if (!book.rates) return 1;
  const rate = book.rates.values[day] as number;
  return Number.isNaN(rate) ? book.rates.first : rate;
}

function priceNumberOf(holding: Holding, day: number): number {
  const close = holding.closes ? (holding.closes.values[day] as number) : Number.NaN;
  if (!Number.isNaN(close)) return close;
  if (!Number.isNaN(holding.lastTradePrice)) return holding.lastTradePrice;
  const first = holding.closes ? holding.closes.first : Number.NaN;
  return Number.isNaN(first) ? 0 : first;
}

function priceKindOf(holding: Holding, day: number): PriceGap['kind'] | 'own' {
  if (holding.closes && !Number.isNaN(holding.closes.values[day]))
    return holding.closes.own[day] ? 'own' : 'carried';
  if (!Number.isNaN(holding.lastTradePrice)) return 'tradePrice';
  return holding.closes && !Number.isNaN(holding.closes.first) ? 'backfilled' : 'unpriced';
}

function rateKindOf(book: Book, day: number): PriceGap['kind'] | 'own' {
  if (!book.rates) return 'own';
  if (Number.isNaN(book.rates.values[day])) return 'backfilled';
  return book.rates.own[day] ? 'own' : 'carried';
}

/**
 * Values a history day by day. `snapshotDates` are the days whose exact state is kept (outside the history's days
 * they are ignored). Refuses a currency without any rate, a sale of more than is held, or one symbol in two
 * currencies, naming them. Given the `run` of an earlier valuation of the same history, it starts from the last
 * state that nothing changed since (valuation-resume.ts); the result is the same.
 */
export function valueHistoryDaily(
  input: PerformanceInput,
  snapshotDates: readonly string[],
  previous?: ValuationRun,
): ValuationOutcome {
  const valued = valuedDaysOf(input.activities, input.asOf);
  if (!valued) {
    return { ok: false, code: 'NO_HISTORY', message: `No activity on or before ${input.asOf}.` };
  }
  const { activities, dates } = valued;
  const firstDay = toDayNumber(dates[0] as string);
  const dayCount = dates.length;

  const books = new Map<string, Book>();
  const cashCurrencies = new Set(
    activities.filter((a) => a.type === 'deposit' || a.type === 'withdrawal').map((a) => a.currency),
  );
  for (const activity of activities) {
    if (books.has(activity.currency)) continue;
    const isBase = activity.currency === input.baseCurrency;
    const rates = isBase ? null : layOnDays(input.fxRates.get(activity.currency), dates);
    if (!isBase && (!rates || Number.isNaN(rates.first))) {
      return {
        ok: false,
        code: 'NO_FX_RATES',
        message: `No ${activity.currency} to ${input.baseCurrency} rate is known: the activities in ${activity.currency} cannot be valued.`,
      };
    }
    books.set(activity.currency, {
      currency: activity.currency,
      rates,
      hasCash: cashCurrencies.has(activity.currency),
      cash: 0n,
      localFlows: 0n,
      baseFlows: 0n,
      isHeld: false,
      gap: null,
    });
  }
  const bookList = [...books.values()];
  const cashBooks = bookList.filter((book) => book.hasCash);
  const snapshotDays = new Set(snapshotDates);
  const closeTables = new Map<string, DayTable | null>();
  const closesOf = (symbol: string) => {
    let table = closeTables.get(symbol);
    if (table === undefined) {
      table = layOnDays(input.closes.get(symbol), dates);
      closeTables.set(symbol, table);
    }
    return table;
  };
  const baseCurrency = input.baseCurrency;
  const resumed = previous
    ? resumeFrom(previous, { baseCurrency, activities, dates, books, closesOf, snapshotDays })
    : null;
  const checkpoints = resumed
    ? (previous as ValuationRun).checkpoints.filter(({ day }) => day <= resumed.checkpoint.day)
    : [];
  const holdings = resumed?.holdings ?? new Map<string, Holding>();
  const snapshots = resumed?.snapshots ?? new Map<string, ExactSnapshot>();
  const gaps = resumed?.gaps ?? [];
  const totals: Totals = resumed
    ? { ...resumed.checkpoint.totals }
    : { flows: 0n, dividends: 0n, interest: 0n, fees: 0n, tradeFees: 0n, taxes: 0n, realized: 0n };

  // The days before the resumed state's are the earlier valuation's.
  const daysOf = (series: Float64Array | null | undefined) => {
    const days = new Float64Array(dayCount);
    if (resumed && series) days.set(series.subarray(0, resumed.checkpoint.day + 1));
    return days;
  };
  const old = previous?.history;
  const value = daysOf(old?.value);
  const inflow = daysOf(old?.inflow);
  const outflow = daysOf(old?.outflow);
  const netInvested = daysOf(old?.netInvested);
  const cash = cashBooks.length > 0 ? daysOf(old?.cash) : null;
  const twrIndex = daysOf(old?.twrIndex);

  let next = resumed?.checkpoint.applied ?? 0;
  let invested = resumed?.checkpoint.invested ?? 0;
  for (let day = resumed ? resumed.checkpoint.day + 1 : 0; day < dayCount; day++) {
    const date = dates[day] as string;
    const firstOfDay = next;
    for (; next < activities.length && (activities[next] as LedgerActivity).date === date; next++) {
      const activity = activities[next] as LedgerActivity;
      const book = books.get(activity.currency) as Book;
      const rate = book.rates ? exactAt10(rateNumberOf(book, day)) : TEN_TO_THE_10;
      const applied = applyActivity(activity, book, rate, day, holdings, closesOf, totals);
      if (typeof applied !== 'bigint') return { ok: false, ...applied };
      // The activity's external flow (positive in), counted at the day's start or end by what it is.
      const flow = baseMoneyNumber(applied);
      if (FLOWS_AT_DAY_START.has(activity.type)) inflow[day] = (inflow[day] as number) + flow;
      else outflow[day] = (outflow[day] as number) - flow;
    }

    // Weekends and US market holidays are not gaps: nothing trades, the last session's close is the value.
    const isSession = isTradingDayNumber(firstDay + day);
    let total = 0;
    for (const book of bookList) book.isHeld = false;
    for (const holding of holdings.values()) {
      if (holding.quantity === 0n) {
        holding.gap = null;
        continue;
      }
      total += holding.quantityNumber * priceNumberOf(holding, day) * rateNumberOf(holding.currency, day);
      holding.currency.isHeld = true;
      if (isSession && (holding.gap || !holding.closes?.own[day]))
        noteGap(holding, holding.symbol, priceKindOf(holding, day), date, gaps);
    }
    let cashTotal = 0;
    for (const book of cashBooks) {
      if (book.cash !== 0n) book.isHeld = true;
      cashTotal += localMoneyNumber(book.cash) * rateNumberOf(book, day);
    }
    for (const book of bookList) {
      if (!book.isHeld) book.gap = null;
      else if (isSession) noteGap(book, book.currency, rateKindOf(book, day), date, gaps);
    }
    total += cashTotal;
    value[day] = total;
    if (cash) cash[day] = cashTotal;
    if (next !== firstOfDay) invested = baseMoneyNumber(totals.flows);
    netInvested[day] = invested;
    if (day === 0) twrIndex[0] = 1;
    else {
      // Inflows at the start of the day, outflows at its end (Portfolio Performance's convention).
      const atStart = (value[day - 1] as number) + (inflow[day] as number);
      const dailyReturn =
        Math.abs(atStart) < NOTHING_INVESTED ? 0 : (total + (outflow[day] as number)) / atStart - 1;
      twrIndex[day] = (twrIndex[day - 1] as number) * (1 + dailyReturn);
    }
    if (snapshotDays.has(date)) snapshots.set(date, snapshotOf(day, holdings, books, totals));
    if (day % CHECKPOINT_DAYS === CHECKPOINT_DAYS - 1)
      checkpoints.push(checkpointOf(day, next, invested, totals, holdings, books, gaps.length));
  }
  const history = { dates, value, inflow, outflow, netInvested, cash, twrIndex, snapshots, gaps };
  const rates = new Map(bookList.map((book) => [book.currency, book.rates]));
  return {
    ok: true,
    history,
    run: {
      baseCurrency,
      activities,
      books: booksKeyOf(books),
      rates,
      closes: closeTables,
      history,
      checkpoints,
      firstDayValued: resumed ? resumed.checkpoint.day + 1 : 0,
    },
  };
}

/** The exact state at the end of `day`. */
function snapshotOf(
  day: number,
  holdings: ReadonlyMap<string, Holding>,
  books: ReadonlyMap<string, Book>,
  totals: Omit<ExactSnapshot, 'value' | 'currencies'>,
): ExactSnapshot {
  const exposures = new Map<Book, bigint>();
  for (const book of books.values()) exposures.set(book, book.hasCash ? book.cash : 0n);
  for (const holding of holdings.values()) {
    if (holding.quantity === 0n) continue;
    const shares = holding.quantity * exactAt10(priceNumberOf(holding, day));
    exposures.set(holding.currency, (exposures.get(holding.currency) as bigint) + shares);
  }
  let value = 0n;
  const currencies: CurrencySnapshot[] = [];
  for (const [book, exposure] of exposures) {
    const rate = book.rates ? exactAt10(rateNumberOf(book, day)) : TEN_TO_THE_10;
    value += exposure * rate;
    currencies.push({
      currency: book.currency,
      exposure,
      rate,
      localFlows: book.localFlows,
      baseFlows: book.baseFlows,
    });
  }
  return { value, ...totals, currencies };
}

interface Refusal {
  code: 'INSUFFICIENT_SHARES' | 'CURRENCY_MISMATCH';
  message: string;
}

export type Totals = Omit<ExactSnapshot, 'value' | 'currencies'>;

/**
 * Applies one activity to the holdings, the book of its currency and the totals; answers its external flow in
 * base money (positive in), or why it cannot be applied. `rate` is its currency's on its day (10 decimals).
 *
 * In a currency with recorded cash, trades and income move the cash; only deposits, withdrawals and transfers are
 * external flows. In one without, the cash of every activity comes from or goes to outside: a buy is a flow in of
 * its cost, a sale a flow out of its proceeds, a dividend a flow out (paid out), a fee a flow in (paid from
 * outside). Transfers are valued at the day's close.
 */
function applyActivity(
  activity: LedgerActivity,
  book: Book,
  rate: bigint,
  day: number,
  holdings: Map<string, Holding>,
  closesOf: (symbol: string) => DayTable | null,
  totals: Totals,
): bigint | Refusal {
  const amount = activity.amount === null ? 0n : scaled(activity.amount, MONEY_DECIMALS);
  const fee = activity.fee === null ? 0n : scaled(activity.fee, MONEY_DECIMALS);
  switch (activity.type) {
    case 'deposit':
    case 'withdrawal': {
      const signed = activity.type === 'deposit' ? amount : -amount;
      book.cash += signed;
      return settle(book, rate, totals, 0n, signed, signed * rate);
    }
    case 'dividend':
      totals.dividends += amount * rate;
      return settle(book, rate, totals, amount, 0n, 0n);
    case 'interest':
      totals.interest += amount * rate;
      return settle(book, rate, totals, amount, 0n, 0n);
    case 'fee':
      totals.fees -= amount * rate;
      return settle(book, rate, totals, -amount, 0n, 0n);
    case 'tax':
      totals.taxes -= amount * rate;
      return settle(book, rate, totals, -amount, 0n, 0n);
    default:
      break;
  }

  const symbol = activity.symbol as string;
  const quantity = scaled(activity.quantity as string, QUANTITY_DECIMALS);
  let holding = holdings.get(symbol);
  if (!holding) {
    holding = {
      symbol,
      currency: book,
      closes: closesOf(symbol),
      quantity: 0n,
      quantityNumber: 0,
      cost: 0n,
      lastTradePrice: Number.NaN,
      gap: null,
    };
    holdings.set(symbol, holding);
  }
  if (activity.type !== 'split' && holding.currency !== book) {
    return {
      code: 'CURRENCY_MISMATCH',
      message: `The ${activity.type.replace('_', ' ')} of ${symbol} on ${activity.date} is in ${activity.currency}, but ${symbol} is traded in ${holding.currency.currency}.`,
    };
  }
  if (activity.price !== null && activity.type !== 'transfer_out')
    holding.lastTradePrice = Number(activity.price);

  if (activity.type === 'split') {
    // As the ledger: the quantity times the ratio, back to 10 decimals; the cost stays.
    setQuantity(holding, divideRounded(holding.quantity * quantity, QUANTITY_UNIT));
    return 0n;
  }
  if ((activity.type === 'sell' || activity.type === 'transfer_out') && quantity > holding.quantity) {
    return {
      code: 'INSUFFICIENT_SHARES',
      message: `Cannot take ${activity.quantity} ${symbol} out on ${activity.date}: fewer are held then.`,
    };
  }
  // A trade's shares at its price; a transfer's at the day's close (a transfer moves value, its price is a cost).
  const isTrade = activity.type === 'buy' || activity.type === 'sell';
  const gross =
    quantity *
    (isTrade ? scaled(activity.price as string, QUANTITY_DECIMALS) : exactAt10(priceNumberOf(holding, day)));
  const isIncoming = activity.type === 'buy' || activity.type === 'transfer_in';
  if (isIncoming) {
    holding.cost += (gross + fee) * rate;
    setQuantity(holding, holding.quantity + quantity);
  } else {
    const taken =
      quantity === holding.quantity ? holding.cost : divideRounded(holding.cost * quantity, holding.quantity);
    holding.cost -= taken;
    totals.realized += (gross - fee) * rate - taken;
    setQuantity(holding, holding.quantity - quantity);
  }
  if (fee !== 0n) {
    const feeInBase = fee * rate;
    totals.fees -= feeInBase;
    totals.tradeFees -= feeInBase;
  }
  const signedGross = isIncoming ? gross : -gross;
  // A trade in a currency with recorded cash pays for its shares from the cash (or into it): nothing crosses the
  // edge. Otherwise the shares come from outside (or go there): a flow, and local money into the exposure.
  if (isTrade && book.hasCash) {
    book.cash -= signedGross;
    return settle(book, rate, totals, -fee, 0n, 0n);
  }
  return settle(book, rate, totals, -fee, signedGross, signedGross * rate);
}

function setQuantity(holding: Holding, quantity: bigint): void {
  holding.quantity = quantity;
  holding.quantityNumber = Number(quantity) / Number(QUANTITY_UNIT);
}

/**
 * The end of an activity: `cash` (local; negative when paid) goes into the recorded cash and the exposure, or
 * else crosses the portfolio's edge (a flow the other way); `entering` (local) enters the exposure with the
 * external `flow` (base) it came with. Answers the activity's whole external flow (base, positive in).
 */
function settle(
  book: Book,
  rate: bigint,
  totals: Totals,
  cash: bigint,
  entering: bigint,
  flow: bigint,
): bigint {
  let local = entering;
  let external = flow;
  if (cash !== 0n) {
    if (book.hasCash) {
      book.cash += cash;
      local += cash;
    } else external -= cash * rate;
  }
  if (local !== 0n) {
    book.localFlows += local;
    book.baseFlows += local * rate;
  }
  totals.flows += external;
  return external;
}
