/**
 * Dividends and splits a history may lack (issue 27 item 4): given a portfolio's activities and a listing's
 * corporate actions from a vendor, the cash dividends paid on shares the history holds at their ex-dates that it
 * records no dividend for, and the splits of shares it holds that it does not record. Pure and exact
 * (decimal.js); the person is asked before any of them is added.
 *
 * - Shares held at an ex-date are those held before that session: the ledger's replay (`replayActivities`) of
 *   the activities dated before the ex-date (a buy on the ex-date is not paid, a sell on it still is).
 * - The splits the history lacks count in the shares held after them: 100 shares before AAPL's 4-for-1 are paid
 *   on 400 at the next ex-date, whether or not the split is recorded yet.
 * - A dividend is recorded when the history has a dividend of that symbol dated from its ex-date (or a few days
 *   before its pay date, if earlier) to a few days after its pay date; without a pay date, up to 60 days after
 *   the ex-date. Each recorded dividend answers for one of the vendor's only (the closest), so a monthly payer's
 *   dividends are not all taken as recorded by one activity.
 * - A split is recorded when the history has a split of that symbol within a few days of its date (brokers date
 *   them by the record date, the pay date or the first session).
 * - `amount` is the exact product of the shares and the amount per share, unrounded (a broker pays it rounded
 *   to the cent, which the person sees when asked).
 * - A history the ledger refuses before a date (more sold than held) holds nothing there: no offer is made on it.
 */
import { addDays, toDayNumber } from '../calendar/iso-dates';
import type { CorporateActions, Dividend } from '../corporate-actions';
import { Decimal } from '../paper-trading';
import type { ActivityDraft } from './activity';
import { replayActivities, type LedgerActivity } from './ledger';

/** How far from a pay date (or a split's date) a recorded one may be dated and still be that one. */
export const RECORDED_WITHIN_DAYS = 5;
/** Without a pay date, how long after the ex-date a recorded dividend may be dated. */
export const UNKNOWN_PAY_DATE_DAYS = 60;

export interface DividendOffer {
  symbol: string;
  exDate: string;
  payDate?: string;
  currency: string;
  /** Per share, as declared. */
  perShare: string;
  /** Shares held before the ex-date's session. */
  sharesHeld: string;
  /** sharesHeld × perShare, exact. */
  amount: string;
}

export interface SplitOffer {
  symbol: string;
  date: string;
  /** Shares after per share before. */
  ratio: string;
  sharesBefore: string;
  sharesAfter: string;
}

export interface CorporateActionOffers {
  /** Oldest first. */
  dividends: DividendOffer[];
  /** Oldest first. */
  splits: SplitOffer[];
}

const bySymbol = (symbol: string) => (activity: ActivityDraft) =>
  activity.symbol !== null && activity.symbol.trim().toUpperCase() === symbol;

/** Days from `a` to `b` (negative when `b` is earlier). */
function daysBetween(a: string, b: string): number {
  return toDayNumber(b) - toDayNumber(a);
}

/**
 * The dividends and splits of `symbol` in `actions` that `history` lacks, on the shares it holds (see the file
 * comment). Activities of other symbols are left aside.
 */
export function findCorporateActionOffers(
  history: readonly ActivityDraft[],
  symbol: string,
  actions: CorporateActions,
): CorporateActionOffers {
  const key = symbol.trim().toUpperCase();
  const own = history.filter(bySymbol(key));

  const missingSplits = unrecorded(
    [...actions.splits].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    own.filter((activity) => activity.type === 'split').map((activity) => activity.date),
    (split) => ({
      from: addDays(split.date, -RECORDED_WITHIN_DAYS),
      to: addDays(split.date, RECORDED_WITHIN_DAYS),
      at: split.date,
    }),
  );

  // The history as the ledger replays it, with the splits it lacks recorded (in its currency).
  const currency = own[0]?.currency ?? 'USD';
  const replayed: LedgerActivity[] = [
    ...own,
    ...missingSplits.map((split): ActivityDraft => ({
      type: 'split',
      date: split.date,
      symbol: key,
      quantity: split.ratio,
      price: null,
      fee: null,
      amount: null,
      currency,
      note: null,
    })),
  ].map((activity, index) => ({
    ...activity,
    symbol: key,
    id: String(index),
    sequence: index,
  }));
  const sharesBefore = (date: string) => sharesHeldBefore(replayed, key, date);

  const splits: SplitOffer[] = [];
  for (const split of missingSplits) {
    const before = sharesBefore(split.date);
    if (!before.gt(0)) continue;
    splits.push({
      symbol: key,
      date: split.date,
      ratio: split.ratio,
      sharesBefore: before.toFixed(),
      sharesAfter: before.times(split.ratio).toFixed(),
    });
  }

  const paid = [...actions.dividends]
    .sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0))
    .map((dividend) => ({ dividend, shares: sharesBefore(dividend.exDate) }))
    .filter(({ shares }) => shares.gt(0));
  const recordedDates = own
    .filter((activity) => activity.type === 'dividend')
    .map((activity) => activity.date);
  const missingDividends = unrecorded(paid, recordedDates, ({ dividend }) => dividendWindow(dividend));

  return {
    dividends: missingDividends.map(({ dividend, shares }) => ({
      symbol: key,
      exDate: dividend.exDate,
      ...(dividend.payDate ? { payDate: dividend.payDate } : {}),
      currency: dividend.currency,
      perShare: dividend.amount,
      sharesHeld: shares.toFixed(),
      amount: shares.times(dividend.amount).toFixed(),
    })),
    splits,
  };
}

/** Where a recorded dividend may be dated, and the date it is expected on (the closest one is taken). */
function dividendWindow(dividend: Dividend): { from: string; to: string; at: string } {
  if (!dividend.payDate) {
    return {
      from: dividend.exDate,
      to: addDays(dividend.exDate, UNKNOWN_PAY_DATE_DAYS),
      at: dividend.exDate,
    };
  }
  const early = addDays(dividend.payDate, -RECORDED_WITHIN_DAYS);
  return {
    from: early < dividend.exDate ? early : dividend.exDate,
    to: addDays(dividend.payDate, RECORDED_WITHIN_DAYS),
    at: dividend.payDate,
  };
}

/**
 * The events no recorded date answers for, in their order: each event takes the closest recorded date within its
 * window that no earlier event took.
 */
function unrecorded<T>(
  events: readonly T[],
  recordedDates: readonly string[],
  windowOf: (event: T) => { from: string; to: string; at: string },
): T[] {
  const taken = new Set<number>();
  return events.filter((event) => {
    const { from, to, at } = windowOf(event);
    let closest: number | undefined;
    recordedDates.forEach((date, index) => {
      if (taken.has(index) || date < from || date > to) return;
      const current = closest === undefined ? undefined : recordedDates[closest];
      if (current === undefined || Math.abs(daysBetween(at, date)) < Math.abs(daysBetween(at, current))) {
        closest = index;
      }
    });
    if (closest === undefined) return true;
    taken.add(closest);
    return false;
  });
}

/** Shares of `symbol` held before the session of `date`: the ledger's replay of the activities dated earlier. */
function sharesHeldBefore(activities: readonly LedgerActivity[], symbol: string, date: string): Decimal {
  const outcome = replayActivities(
    activities.filter((activity) => activity.date < date),
    'fifo',
  );
  if (!outcome.ok) return new Decimal(0);
  return outcome.ledger.holdings.find((holding) => holding.symbol === symbol)?.quantity ?? new Decimal(0);
}
