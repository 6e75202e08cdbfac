/**
 * The activities a person adds by accepting the dividends and splits offered to them (issue 27 item 4): each
 * offer's key, and the dividend or split activity it becomes. Pure and exact (decimal.js).
 *
 * - A dividend is dated its pay date (the cash arrives then), or its ex-date when the vendor gives none; its
 *   amount is the shares held times the amount per share, rounded half away from zero to the cent (brokers pay
 *   cents); it keeps the shares as its quantity and the amount per share as its price, for the record.
 * - An amount in pence (`GBX`, as London's listings declare them) is recorded in pounds (GBP), the ISO 4217
 *   currency the ledger keeps.
 * - A split is dated by its first session on the new share count, its ratio as the quantity.
 */
import { fxCurrencyOf, unitsPerMajor } from '../listings';
import { Decimal } from '../paper-trading';
import type { ActivityDraft } from './activity';
import type { DividendOffer, SplitOffer } from './dividend-offers';

/** The key of a dividend offer: the listing, ex-date, currency and amount per share (a special dividend differs). */
export function dividendOfferId(offer: DividendOffer): string {
  return `dividend:${offer.symbol}:${offer.exDate}:${offer.currency}:${offer.perShare}`;
}

/** The key of a split offer: the listing and its date. */
export function splitOfferId(offer: SplitOffer): string {
  return `split:${offer.symbol}:${offer.date}`;
}

/** The dividend activity of an offer (see the file comment), with `note` saying where it came from. */
export function dividendActivity(offer: DividendOffer, note: string): ActivityDraft {
  const perShare = new Decimal(offer.perShare).div(unitsPerMajor(offer.currency));
  const amount = new Decimal(offer.sharesHeld).times(perShare).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return {
    type: 'dividend',
    date: offer.payDate ?? offer.exDate,
    symbol: offer.symbol,
    quantity: offer.sharesHeld,
    price: perShare.toFixed(),
    fee: null,
    amount: amount.toFixed(),
    currency: fxCurrencyOf(offer.currency),
    note,
  };
}

/** The split activity of an offer in the holding's `currency`, with `note` saying where it came from. */
export function splitActivity(offer: SplitOffer, currency: string, note: string): ActivityDraft {
  return {
    type: 'split',
    date: offer.date,
    symbol: offer.symbol,
    quantity: offer.ratio,
    price: null,
    fee: null,
    amount: null,
    currency,
    note,
  };
}
