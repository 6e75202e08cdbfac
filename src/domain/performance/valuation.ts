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
import type { LedgerActivity } from '../activities/ledger';
import { compareActivities } from '../activities/ledger';
import { divideRounded, MONEY_DECIMALS, QUANTITY_DECIMALS, QUANTITY_UNIT, scaled } from '../activities/ledger-numbers';
import { dayOfWeek, fromDayNumber, toDayNumber } from '../calendar';

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
 * Weekends are not gaps (nothing trades, the Friday close is the value).
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
  dates: string[];
  /** At each day's end, in the base currency. */
  value: Float64Array;
  /** External flows of the day: in (counted at its start) and out (at its end), both positive. */
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
  | { ok: true; history: ValuationHistory }
  | {
      ok: false;
      code: 'NO_HISTORY' | 'NO_FX_RATES' | 'INSUFFICIENT_SHARES' | 'CURRENCY_MISMATCH';
      message: string;
    };

const RATE_DECIMALS = 10;
const BASE_MONEY_UNIT = 1e30;
const LOCAL_MONEY_UNIT = 1e20;
/** A day whose value before it plus its inflows is below this (a millionth of a unit) has a return of 0. */
const NOTHING_INVESTED = 1e-6;

/** A series laid on the history's days: the value of each day (carried forward; NaN before the first point). */
export interface DayTable {
  values: Float64Array;
  /** 1 where the series has a point of its own on that day. */
  own: Uint8Array;
  /** The first point, for the days before it (NaN when the series is empty). */
  first: number;
}

export function layOnDays(series: DailySeries | undefined, dates: readonly string[]): DayTable | null {
  if (!series) return null;
  const values = new Float64Array(dates.length).fill(Number.NaN);
  const own = new Uint8Array(dates.length);
  let carried = Number.NaN;
  let next = 0;
  for (let day = 0; day < dates.length; day++) {
    const date = dates[day] as string;
    while (next < series.dates.length && (series.dates[next] as string) <= date) {
      carried = series.values[next] as number;
      if (series.dates[next] === date) own[day] = 1;
      next++;
    }
    values[day] = carried;
  }
  return { values, own, first: series.values[0] ?? Number.NaN };
}

/** A number's exact value at 10 decimals (its decimal text, cut there). */
const exactAt10 = (value: number) => scaled(value.toFixed(RATE_DECIMALS), RATE_DECIMALS);

/** Runs of gaps per subject, extended weekday by weekday. */
class GapRecorder {
  readonly closed: PriceGap[] = [];
  private readonly open = new Map<string, PriceGap>();

  /** Records that `subject` had a value of kind `kind` ('own' ends its run) on a weekday. */
  note(subject: string, kind: PriceGap['kind'] | 'own', date: string): void {
    const run = this.open.get(subject);
    if (run && run.kind === kind) {
      run.to = date;
      return;
    }
    if (run) this.end(subject);
    if (kind !== 'own') this.open.set(subject, { subject, kind, from: date, to: date });
  }

  end(subject: string): void {
    const run = this.open.get(subject);
    if (!run) return;
    this.closed.push(run);
    this.open.delete(subject);
  }

  finish(): PriceGap[] {
    for (const subject of [...this.open.keys()]) this.end(subject);
    return this.closed.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.subject < b.subject ? -1 : 1));
  }
}

interface Holding {
  symbol: string;
  currency: Book;
  closes: DayTable | null;
  quantity: bigint;
  quantityNumber: number;
  /** Average cost of the shares held, in base money (30): what they cost, or their value when transferred in. */
  cost: bigint;
  lastTradePrice: number;
}

interface Book {
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
  if (holding.closes && !Number.isNaN(holding.closes.values[day] as number))
    return holding.closes.own[day] ? 'own' : 'carried';
  if (!Number.isNaN(holding.lastTradePrice)) return 'tradePrice';
  return holding.closes && !Number.isNaN(holding.closes.first) ? 'backfilled' : 'unpriced';
}

function rateKindOf(book: Book, day: number): PriceGap['kind'] | 'own' {
  if (!book.rates) return 'own';
  if (Number.isNaN(book.rates.values[day] as number)) return 'backfilled';
  return book.rates.own[day] ? 'own' : 'carried';
}

/**
 * Values a history day by day. `snapshotDates` are the days whose exact state is kept (outside the history's days
 * they are ignored). Refuses a currency without any rate, a sale of more than is held, or one symbol in two
 * currencies, naming them.
 */
export function valueHistoryDaily(input: PerformanceInput, snapshotDates: readonly string[]): ValuationOutcome {
  const activities = input.activities.filter((activity) => activity.date <= input.asOf).sort(compareActivities);
  const firstActivity = activities[0];
  if (!firstActivity) {
    return { ok: false, code: 'NO_HISTORY', message: `No activity on or before ${input.asOf}.` };
  }
  const firstDay = toDayNumber(firstActivity.date) - 1;
  const dayCount = toDayNumber(input.asOf) - firstDay + 1;
  const dates = Array.from({ length: dayCount }, (_, day) => fromDayNumber(firstDay + day));

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
    });
  }
  const cashBooks = [...books.values()].filter((book) => book.hasCash);
  const holdings = new Map<string, Holding>();
  const snapshotDays = new Set(snapshotDates);

  const value = new Float64Array(dayCount);
  const inflow = new Float64Array(dayCount);
  const outflow = new Float64Array(dayCount);
  const netInvested = new Float64Array(dayCount);
  const cash = cashBooks.length > 0 ? new Float64Array(dayCount) : null;
  const twrIndex = new Float64Array(dayCount);
  const snapshots = new Map<string, ExactSnapshot>();
  const gaps = new GapRecorder();
  const totals = { flows: 0n, dividends: 0n, interest: 0n, fees: 0n, tradeFees: 0n, taxes: 0n, realized: 0n };

  let next = 0;
  for (let day = 0; day < dayCount; day++) {
    const date = dates[day] as string;
    for (; next < activities.length && (activities[next] as LedgerActivity).date === date; next++) {
      const activity = activities[next] as LedgerActivity;
      const book = books.get(activity.currency) as Book;
      const rate = book.rates ? exactAt10(rateNumberOf(book, day)) : 10n ** BigInt(RATE_DECIMALS);
      const applied = applyActivity(activity, book, rate, day, holdings, input.closes, dates, totals);
      if (typeof applied !== 'bigint') return { ok: false, ...applied };
      // The activity's external flow, positive in: counted at the day's start when in, at its end when out.
      const flow = Number(applied) / BASE_MONEY_UNIT;
      if (flow > 0) inflow[day] = (inflow[day] as number) + flow;
      else outflow[day] = (outflow[day] as number) - flow;
    }

    const isWeekday = dayOfWeek(firstDay + day) % 6 !== 0;
    let total = 0;
    for (const book of books.values()) book.isHeld = false;
    for (const holding of holdings.values()) {
      if (holding.quantity === 0n) {
        gaps.end(holding.symbol);
        continue;
      }
      total += holding.quantityNumber * priceNumberOf(holding, day) * rateNumberOf(holding.currency, day);
      holding.currency.isHeld = true;
      if (isWeekday) gaps.note(holding.symbol, priceKindOf(holding, day), date);
    }
    let cashTotal = 0;
    for (const book of cashBooks) {
      if (book.cash !== 0n) book.isHeld = true;
      cashTotal += (Number(book.cash) / LOCAL_MONEY_UNIT) * rateNumberOf(book, day);
    }
    for (const book of books.values()) {
      if (!book.isHeld) gaps.end(book.currency);
      else if (isWeekday) gaps.note(book.currency, rateKindOf(book, day), date);
    }
    total += cashTotal;
    value[day] = total;
    if (cash) cash[day] = cashTotal;
    netInvested[day] = Number(totals.flows) / BASE_MONEY_UNIT;
    if (day === 0) twrIndex[0] = 1;
    else {
      // Inflows at the start of the day, outflows at its end (Portfolio Performance's convention).
      const invested = (value[day - 1] as number) + (inflow[day] as number);
      const dailyReturn =
        Math.abs(invested) < NOTHING_INVESTED ? 0 : (total + (outflow[day] as number)) / invested - 1;
      twrIndex[day] = (twrIndex[day - 1] as number) * (1 + dailyReturn);
    }
    if (snapshotDays.has(date)) snapshots.set(date, snapshotOf(day, holdings, books, totals));
  }
  return {
    ok: true,
    history: { dates, value, inflow, outflow, netInvested, cash, twrIndex, snapshots, gaps: gaps.finish() },
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
    const rate = book.rates ? exactAt10(rateNumberOf(book, day)) : 10n ** BigInt(RATE_DECIMALS);
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

type Totals = Omit<ExactSnapshot, 'value' | 'currencies'>;

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
  closes: ReadonlyMap<string, DailySeries>,
  dates: readonly string[],
  totals: Totals,
): bigint | Refusal {
  const amount = activity.amount === null ? 0n : scaled(activity.amount, MONEY_DECIMALS);
  const fee = activity.fee === null ? 0n : scaled(activity.fee, MONEY_DECIMALS);
  /** Moves local money into (positive) or out of the currency's exposure, other than by a price change. */
  const enter = (local: bigint) => {
    book.localFlows += local;
    book.baseFlows += local * rate;
  };
  /** Cash of the activity: into the recorded cash, or else across the portfolio's edge (a flow the other way). */
  let flow = 0n;
  const settle = (local: bigint) => {
    if (book.hasCash) book.cash += local;
    else flow -= local * rate;
  };
  const payFee = (paid: bigint, isTradeFee: boolean) => {
    totals.fees -= paid * rate;
    if (isTradeFee) totals.tradeFees -= paid * rate;
    settle(-paid);
    if (book.hasCash) enter(-paid);
  };
  switch (activity.type) {
    case 'deposit':
    case 'withdrawal': {
      const signed = activity.type === 'deposit' ? amount : -amount;
      book.cash += signed;
      enter(signed);
      flow += signed * rate;
      totals.flows += flow;
      return flow;
    }
    case 'dividend':
    case 'interest':
      totals[activity.type === 'dividend' ? 'dividends' : 'interest'] += amount * rate;
      settle(amount);
      if (book.hasCash) enter(amount);
      totals.flows += flow;
      return flow;
    case 'fee':
    case 'tax':
      if (activity.type === 'fee') payFee(amount, false);
      else {
        totals.taxes -= amount * rate;
        settle(-amount);
        if (book.hasCash) enter(-amount);
      }
      totals.flows += flow;
      return flow;
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
      closes: layOnDays(closes.get(symbol), dates),
      quantity: 0n,
      quantityNumber: 0,
      cost: 0n,
      lastTradePrice: Number.NaN,
    };
    holdings.set(symbol, holding);
  }
  if (activity.type !== 'split' && holding.currency !== book) {
    return {
      code: 'CURRENCY_MISMATCH',
      message: `The ${activity.type.replace('_', ' ')} of ${symbol} on ${activity.date} is in ${activity.currency}, but ${symbol} is traded in ${holding.currency.currency}.`,
    };
  }
  if (activity.price !== null && activity.type !== 'transfer_out') holding.lastTradePrice = Number(activity.price);
  const setQuantity = (next: bigint) => {
    holding.quantity = next;
    holding.quantityNumber = Number(next) / Number(QUANTITY_UNIT);
  };

  if (activity.type === 'split') {
    // As the ledger: the quantity times the ratio, back to 10 decimals; the cost stays.
    setQuantity(divideRounded(holding.quantity * quantity, QUANTITY_UNIT));
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
  const gross = quantity * (isTrade ? scaled(activity.price as string, QUANTITY_DECIMALS) : exactAt10(priceNumberOf(holding, day)));
  const isIncoming = activity.type === 'buy' || activity.type === 'transfer_in';
  if (isIncoming) {
    holding.cost += (gross + fee) * rate;
    setQuantity(holding.quantity + quantity);
  } else {
    const taken = quantity === holding.quantity ? holding.cost : divideRounded(holding.cost * quantity, holding.quantity);
    holding.cost -= taken;
    totals.realized += (gross - fee) * rate - taken;
    setQuantity(holding.quantity - quantity);
  }
  const signedGross = isIncoming ? gross : -gross;
  if (isTrade) {
    // The shares are paid from (or into) the cash, or from outside; either way they enter the exposure.
    if (book.hasCash) book.cash -= signedGross;
    else {
      flow += signedGross * rate;
      enter(signedGross);
    }
  } else {
    flow += signedGross * rate;
    enter(signedGross);
  }
  if (fee !== 0n) payFee(fee, true);
  totals.flows += flow;
  return flow;
}
