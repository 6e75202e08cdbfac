/**
 * Corporate actions of a listing as vendors report them: cash dividends and splits. Pure, exact (decimal.js):
 * amounts and ratios are decimal strings, never floats, since the activity ledger adds them up.
 *
 * - A dividend is dated by its ex-date (who holds the shares at the start of that session is paid), with its
 *   pay date when the vendor gives it; `amount` is per share held on the ex-date, in `currency`, as declared
 *   (not adjusted for later splits).
 * - A split is dated by its first session on the new share count; `ratio` is shares after per share before
 *   (`4` for AAPL's 4-for-1, `0.1` for a 1-for-10 reverse split), the same number an activity of type `split`
 *   carries as its quantity.
 */
import { Decimal as BaseDecimal } from 'decimal.js';
import { ACTIVITY_LIMITS } from './activities/validate';
import { isIsoDate } from './calendar';

/** A private Decimal (40 significant digits, half away from zero): the global settings do not apply. */
const Decimal = BaseDecimal.clone({ precision: 40, rounding: BaseDecimal.ROUND_HALF_UP });

export interface Dividend {
  /** YYYY-MM-DD. */
  exDate: string;
  /** YYYY-MM-DD, when the vendor gives it. */
  payDate?: string;
  /** Per share held on the ex-date, a decimal string. */
  amount: string;
  /** ISO 4217 code (`GBX` for London pence). */
  currency: string;
}

export interface Split {
  /** YYYY-MM-DD: the first session on the new share count. */
  date: string;
  /** Shares after per share before, a decimal string. */
  ratio: string;
}

export interface CorporateActions {
  /** Oldest first. */
  dividends: Dividend[];
  /** Oldest first. */
  splits: Split[];
}

/** A number as vendors write it in text: `0.2500`, `-1`, `2.5E-3` (no hex, no `Infinity`, no `None`). */
const NUMERIC_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A vendor's number or numeric text as a plain decimal string (`1e-7` -> `0.0000001`); undefined if not one. */
export function decimalString(value: number | string): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value).toFixed() : undefined;
  const text = value.trim();
  return NUMERIC_TEXT.test(text) ? new Decimal(text).toFixed() : undefined;
}

/**
 * A split's ratio from its share counts (`4` and `1` -> `4`; `1` and `10` -> `0.1`), rounded half away from zero
 * to the 10 decimals an activity's quantity has when the quotient does not end (1-for-3: `0.3333333333`), so that
 * it can be recorded as a split activity. Undefined for counts that are not positive numbers, and for a ratio of
 * 1 (no split at all).
 */
export function splitRatio(sharesAfter: number | string, sharesBefore: number | string): string | undefined {
  const after = decimalString(sharesAfter);
  const before = decimalString(sharesBefore);
  if (after === undefined || before === undefined) return undefined;
  const a = new Decimal(after);
  const b = new Decimal(before);
  if (!a.gt(0) || !b.gt(0)) return undefined;
  const ratio = a.div(b).toDecimalPlaces(ACTIVITY_LIMITS.maxDecimals);
  return ratio.eq(1) ? undefined : ratio.toFixed();
}

/** Whether a decimal string is a positive amount (vendors list zero dividends for some funds). */
export function isPositiveAmount(amount: string): boolean {
  return new Decimal(amount).gt(0);
}

const byDate = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Dividends and splits with dates from `from` to `to` inclusive, oldest first, each once: a dividend listed twice
 * (same ex-date, currency and amount) or a split listed twice (same date) is kept once; a regular and a special
 * dividend of one ex-date are two.
 */
export function corporateActionsWithin(
  actions: CorporateActions,
  from: string,
  to: string,
): CorporateActions {
  const dividends = new Map<string, Dividend>();
  for (const dividend of actions.dividends) {
    const key = `${dividend.exDate}|${dividend.currency}|${dividend.amount}`;
    if (dividend.exDate >= from && dividend.exDate <= to && !dividends.has(key)) dividends.set(key, dividend);
  }
  const splits = new Map<string, Split>();
  for (const split of actions.splits) {
    if (split.date >= from && split.date <= to && !splits.has(split.date)) splits.set(split.date, split);
  }
  return {
    dividends: [...dividends.values()].sort((a, b) => byDate(a.exDate, b.exDate)),
    splits: [...splits.values()].sort((a, b) => byDate(a.date, b.date)),
  };
}

/**
 * Dividends as declared, from amounts a vendor has divided by every later split (Yahoo's chart does: AAPL's
 * $3.29 of 2014-05-08 is listed as 0.47, after the 7-for-1 split of 2014-06-09). `splits` must hold every split
 * from the first dividend's ex-date to today.
 *
 * The vendor rounded the adjusted amount (to 6 decimals, say), and multiplying it back multiplies that
 * rounding: 2.65 / 28 = 0.0946428..., sent as 0.094643, times 28 is 2.650004. The product is therefore rounded
 * to the decimals the adjusted amount had less the digits of the factor (6 - 2 = 4: 2.6500), which undoes
 * the vendor's rounding whenever the declared amount had no more decimals than that. A reverse split (a factor
 * under 1) adds decimals instead: 0.9 after a 1-for-10 is 0.09.
 */
export function undoSplitAdjustment(dividends: readonly Dividend[], splits: readonly Split[]): Dividend[] {
  return dividends.map((dividend) => {
    const factor = splits
      .filter((split) => split.date > dividend.exDate)
      .reduce((product, split) => product.times(split.ratio), new Decimal(1));
    if (factor.eq(1)) return dividend;
    const adjusted = new Decimal(dividend.amount);
    const decimals = Math.max(0, adjusted.decimalPlaces() - Math.ceil(Math.log10(factor.toNumber())));
    return { ...dividend, amount: adjusted.times(factor).toDecimalPlaces(decimals).toFixed() };
  });
}

/** A dividend as a vendor lists it: the amount a number or numeric text, the pay date missing, blank or `None`. */
export interface ListedDividend {
  exDate: string;
  payDate?: string | null | undefined;
  amount: number | string;
  currency: string;
}

/** A split as a vendor lists it: its first session on the new share count, and the share counts after and before. */
export interface ListedSplit {
  date: string;
  sharesAfter: number | string;
  sharesBefore: number | string;
}

/** A vendor's dividends and splits of one listing, mapped field for field from its answer. */
export interface CorporateActionListing {
  dividends: readonly ListedDividend[];
  splits: readonly ListedSplit[];
}

/**
 * The corporate actions from `from` to `to` of what a vendor lists (see `corporateActionsWithin`): a dividend whose
 * amount is not a positive number and a split with no ratio (`splitRatio`) are left out, and a pay date that is not
 * a date is dropped. When the vendor divides past dividends by every later split (`amountsSplitAdjusted`: Yahoo),
 * each amount is given as declared (`undoSplitAdjustment`), so the listed splits must then reach today.
 */
export function corporateActionsOfListing(
  listing: CorporateActionListing,
  from: string,
  to: string,
  { amountsSplitAdjusted = false }: { amountsSplitAdjusted?: boolean } = {},
): CorporateActions {
  const dividends: Dividend[] = [];
  for (const { exDate, payDate, amount: listedAmount, currency } of listing.dividends) {
    const amount = decimalString(listedAmount);
    if (amount === undefined || !isPositiveAmount(amount)) continue;
    dividends.push({ exDate, ...(payDate && isIsoDate(payDate) ? { payDate } : {}), amount, currency });
  }
  const splits: Split[] = [];
  for (const { date, sharesAfter, sharesBefore } of listing.splits) {
    const ratio = splitRatio(sharesAfter, sharesBefore);
    if (ratio !== undefined) splits.push({ date, ratio });
  }
  return corporateActionsWithin(
    { dividends: amountsSplitAdjusted ? undoSplitAdjustment(dividends, splits) : dividends, splits },
    from,
    to,
  );
}
