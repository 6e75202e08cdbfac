/**
 * Resuming a daily valuation (issue 28 item 9: an edit recomputes only from its date onward). A valuation keeps
 * its exact state every CHECKPOINT_DAYS days; the next valuation of the same history starts from the last
 * checkpoint before the first day on which anything it reads differs (an activity, a close, a rate, or a snapshot
 * it was not asked for), and copies the days before. Its result is the same, bit for bit, as a valuation from the
 * first day (valuation-resume.test.ts compares them on random histories and edits).
 */
import type { LedgerActivity } from '../activities/ledger';
import { toDayNumber } from '../calendar';
import type { Book, ExactSnapshot, Holding, PriceGap, Totals, ValuationHistory } from './valuation';
import type { DayTable } from './valuation-days';

/** Days between checkpoints: about 115 over ten years, each the size of the holdings. */
export const CHECKPOINT_DAYS = 32;

interface HeldGap {
  /** The run as it is in the valuation's list (later days may have extended it). */
  gap: PriceGap;
  /** Its last day at the checkpoint. */
  to: string;
}

interface HoldingState {
  holding: Omit<Holding, 'currency' | 'closes' | 'gap'>;
  currency: string;
  gap: HeldGap | null;
}

interface BookState {
  cash: bigint;
  localFlows: bigint;
  baseFlows: bigint;
  gap: HeldGap | null;
}

/** The state at the end of `day` (an index into the valuation's dates). */
export interface Checkpoint {
  day: number;
  /** How many of the (ordered) activities were applied by then. */
  applied: number;
  invested: number;
  totals: Totals;
  holdings: HoldingState[];
  books: Map<string, BookState>;
  gapCount: number;
}

/** What a valuation leaves for the next one of the same history. */
export interface ValuationRun {
  baseCurrency: string;
  /** The activities valued, in the ledger's order. */
  activities: readonly LedgerActivity[];
  /** The currencies' books in order, each with whether its cash is recorded: `USD:1,EUR:0`. */
  books: string;
  rates: ReadonlyMap<string, DayTable | null>;
  closes: ReadonlyMap<string, DayTable | null>;
  history: ValuationHistory;
  checkpoints: Checkpoint[];
  /** The first day this valuation computed (0: all of them; later: the days before came from an earlier one). */
  firstDayValued: number;
}

const heldGap = (gap: PriceGap | null): HeldGap | null => (gap ? { gap, to: gap.to } : null);

export function checkpointOf(
  day: number,
  applied: number,
  invested: number,
  totals: Totals,
  holdings: ReadonlyMap<string, Holding>,
  books: ReadonlyMap<string, Book>,
  gapCount: number,
): Checkpoint {
  return {
    day,
    applied,
    invested,
    totals: { ...totals },
    holdings: [...holdings.values()].map(({ currency, closes: _closes, gap, ...holding }) => ({
      holding,
      currency: currency.currency,
      gap: heldGap(gap),
    })),
    books: new Map(
      [...books].map(([currency, book]) => [
        currency,
        { cash: book.cash, localFlows: book.localFlows, baseFlows: book.baseFlows, gap: heldGap(book.gap) },
      ]),
    ),
    gapCount,
  };
}

export const booksKeyOf = (books: ReadonlyMap<string, Book>) =>
  [...books.values()].map((book) => `${book.currency}:${book.hasCash ? 1 : 0}`).join(',');

/** The first day on which two tables of the same days differ (`limit` when they agree before it). */
function firstDifference(a: DayTable | null, b: DayTable | null, limit: number): number {
  if (a === b) return limit;
  if (!a || !b) return a === b ? limit : 0;
  if (!Object.is(a.first, b.first)) return 0;
  for (let day = 0; day < limit; day++) {
    if (!Object.is(a.values[day], b.values[day]) || a.own[day] !== b.own[day]) return day;
  }
  return limit;
}

const sameActivity = (a: LedgerActivity, b: LedgerActivity) =>
  a.date === b.date &&
  a.type === b.type &&
  a.symbol === b.symbol &&
  a.quantity === b.quantity &&
  a.price === b.price &&
  a.fee === b.fee &&
  a.amount === b.amount &&
  a.currency === b.currency;

/** The first day (an index into `dates`) whose activities differ between two ordered histories. */
function firstChangedDay(
  before: readonly LedgerActivity[],
  after: readonly LedgerActivity[],
  firstDay: number,
  limit: number,
): number {
  if (before === after) return limit;
  const length = Math.min(before.length, after.length);
  let index = 0;
  while (index < length && sameActivity(before[index] as LedgerActivity, after[index] as LedgerActivity))
    index++;
  const dates = [before[index]?.date, after[index]?.date].filter(
    (date): date is string => date !== undefined,
  );
  if (dates.length === 0) return limit;
  return Math.min(limit, ...dates.map((date) => toDayNumber(date) - firstDay));
}

export interface Resumed {
  checkpoint: Checkpoint;
  holdings: Map<string, Holding>;
  gaps: PriceGap[];
  snapshots: Map<string, ExactSnapshot>;
}

/**
 * Where a valuation of `activities` can start from `previous`: the state at its last checkpoint before anything
 * differs, restored into `books` (this valuation's, their rates laid on its days), or null to start afresh.
 */
export function resumeFrom(
  previous: ValuationRun,
  current: {
    baseCurrency: string;
    activities: readonly LedgerActivity[];
    dates: readonly string[];
    books: ReadonlyMap<string, Book>;
    closesOf: (symbol: string) => DayTable | null;
    snapshotDays: ReadonlySet<string>;
  },
): Resumed | null {
  const { dates, books } = current;
  const old = previous.history;
  if (
    previous.baseCurrency !== current.baseCurrency ||
    old.dates[0] !== dates[0] ||
    previous.books !== booksKeyOf(books)
  )
    return null;
  const firstDay = toDayNumber(dates[0] as string);
  let limit = Math.min(old.dates.length, dates.length);
  limit = firstChangedDay(previous.activities, current.activities, firstDay, limit);
  for (const book of books.values())
    limit = firstDifference(previous.rates.get(book.currency) ?? null, book.rates, limit);
  // A snapshot asked for on a day before is taken again unless the last valuation kept it.
  for (const date of current.snapshotDays) {
    const day = toDayNumber(date) - firstDay;
    if (day >= 0 && day < limit && !old.snapshots.has(date)) limit = day;
  }
  const priceChange = new Map<string, number>();
  const priceChangeOf = (symbol: string) => {
    let day = priceChange.get(symbol);
    if (day === undefined) {
      day = firstDifference(previous.closes.get(symbol) ?? null, current.closesOf(symbol), limit);
      priceChange.set(symbol, day);
    }
    return day;
  };
  // The last checkpoint whose state reads nothing that changed: ended before `limit` and before its holdings'
  // first changed close.
  const checkpoint = previous.checkpoints.findLast(
    (candidate) =>
      candidate.day < limit &&
      candidate.holdings.every(({ holding }) => priceChangeOf(holding.symbol) > candidate.day),
  );
  if (!checkpoint) return null;
  return { checkpoint, ...restore(checkpoint, old, current) };
}

function restore(
  checkpoint: Checkpoint,
  old: ValuationHistory,
  current: Parameters<typeof resumeFrom>[1],
): Omit<Resumed, 'checkpoint'> {
  // Runs of gaps still open at the checkpoint were extended later: they go back to their last day then.
  const reopened = new Map<PriceGap, PriceGap>();
  const reopen = (held: HeldGap | null) => {
    if (!held) return null;
    const gap = { ...held.gap, to: held.to };
    reopened.set(held.gap, gap);
    return gap;
  };
  for (const [currency, state] of checkpoint.books) {
    const book = current.books.get(currency) as Book;
    book.cash = state.cash;
    book.localFlows = state.localFlows;
    book.baseFlows = state.baseFlows;
    book.gap = reopen(state.gap);
  }
  const holdings = new Map<string, Holding>();
  for (const state of checkpoint.holdings) {
    holdings.set(state.holding.symbol, {
      ...state.holding,
      currency: current.books.get(state.currency) as Book,
      closes: current.closesOf(state.holding.symbol),
      gap: reopen(state.gap),
    });
  }
  const gaps = old.gaps.slice(0, checkpoint.gapCount).map((gap) => reopened.get(gap) ?? gap);
  const lastDate = current.dates[checkpoint.day] as string;
  const snapshots = new Map<string, ExactSnapshot>();
  for (const [date, snapshot] of old.snapshots) {
    if (date <= lastDate && current.snapshotDays.has(date)) snapshots.set(date, snapshot);
  }
  return { holdings, gaps, snapshots };
}
