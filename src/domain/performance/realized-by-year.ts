/**
 * Realised gains by calendar year, short and long term (issue 28 item 6), read from the ledger's own lot matching
 * (`replayActivities`, src/domain/activities/ledger.ts): FIFO or average cost as the portfolio's method, a sale
 * long term when its shares were held more than one year. Nothing is matched again here; this groups the ledger's
 * realised parts (per holding, year and term) by year and currency. Under average cost the ledger dates the shares
 * sold first-in first-out for the holding period (docs/performance.md, "Realised gains by year").
 *
 * In the holding's currency (`realizedGainsByYear`) one year's figures are given per currency, never added across
 * currencies. In the base currency (`realizedGainsInBase`) each trade counts at the rate of its own day: a lot's
 * cost at its acquisition's rate, a sale's proceeds at the sale's, so the gain includes what the currency did
 * while the shares were held. An unknown cost makes its term's gain, and the year's total, null; a missing rate
 * makes the holding's base figures null and names its currency: never a guess.
 */
import type { ActivityType } from '../activities/activity';
import {
  replayActivities,
  sumRealized,
  type Ledger,
  type LedgerActivity,
  type RealizedPart,
} from '../activities/ledger';
import { Decimal } from '../paper-trading';
import type { RateOf } from './daily-rates';

export interface RealizedFigures {
  proceeds: Decimal;
  /** Null when any share sold had an unknown cost. */
  costBasis: Decimal | null;
  shortTerm: Decimal | null;
  longTerm: Decimal | null;
  total: Decimal | null;
}

export interface RealizedHoldingYear extends RealizedFigures {
  symbol: string;
}

export interface RealizedYear extends RealizedFigures {
  year: number;
  currency: string;
  /** By symbol. */
  holdings: RealizedHoldingYear[];
}

/** Proceeds, cost basis and the gains by term of some realised parts (the ledger's sums). */
function figuresOf(parts: readonly RealizedPart[]): RealizedFigures {
  let proceeds = new Decimal(0);
  let costBasis: Decimal | null = new Decimal(0);
  for (const part of parts) {
    proceeds = proceeds.plus(part.proceeds);
    costBasis = costBasis === null || part.costBasis === null ? null : costBasis.plus(part.costBasis);
  }
  return { proceeds, costBasis, ...sumRealized(parts) };
}

/** A ledger's realised gains by year (oldest first), then currency; in each, the holdings that sold. */
export function realizedGainsByYear(ledger: Ledger): RealizedYear[] {
  const groups = new Map<string, { year: number; currency: string; bySymbol: Map<string, RealizedPart[]> }>();
  for (const holding of ledger.holdings) {
    for (const part of holding.realized) {
      const key = `${part.year}\u0000${holding.currency}`;
      let group = groups.get(key);
      if (!group) {
        group = { year: part.year, currency: holding.currency, bySymbol: new Map() };
        groups.set(key, group);
      }
      const parts = group.bySymbol.get(holding.symbol) ?? [];
      parts.push(part);
      group.bySymbol.set(holding.symbol, parts);
    }
  }
  return [...groups.values()]
    .sort((a, b) => a.year - b.year || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
    .map(({ year, currency, bySymbol }): RealizedYear => {
      const symbols = [...bySymbol.keys()].sort();
      return {
        year,
        currency,
        ...figuresOf(symbols.flatMap((symbol) => bySymbol.get(symbol) ?? [])),
        holdings: symbols.map((symbol) => ({ symbol, ...figuresOf(bySymbol.get(symbol) ?? []) })),
      };
    });
}

// ------------------------------------------------------------------------------------- base currency

export interface RealizedInBaseInput {
  /** The validated activities of the history, in any order. */
  activities: readonly LedgerActivity[];
  /** `replayActivities` of the same activities: its method matches the sales again in the base currency. */
  ledger: Ledger;
  baseCurrency: string;
  rateOf: RateOf;
}

export interface RealizedHoldingInBase {
  symbol: string;
  /** The holding's own currency. */
  currency: string;
  /** Null when one of its trades has no rate (its currency is in `missingRates`). */
  inBase: RealizedFigures | null;
}

export interface RealizedYearInBase {
  year: number;
  /** Null when a holding sold that year has no base figures. */
  inBase: RealizedFigures | null;
  /** The same year in each holding currency (`realizedGainsByYear`): what shows when a rate is missing. */
  byCurrency: RealizedYear[];
  /** By symbol. */
  holdings: RealizedHoldingInBase[];
}

export interface RealizedInBase {
  /** Oldest first. */
  years: RealizedYearInBase[];
  /** Currencies of sold holdings with a trade on a day without a rate. */
  missingRates: string[];
}

/** Only the figures of a year or a holding. */
const figuresIn = ({
  proceeds,
  costBasis,
  shortTerm,
  longTerm,
  total,
}: RealizedFigures): RealizedFigures => ({
  proceeds,
  costBasis,
  shortTerm,
  longTerm,
  total,
});

/** The activities that move shares: all the ledger's lots and sales are made of. */
const SHARE_TYPES: ReadonlySet<ActivityType> = new Set([
  'buy',
  'sell',
  'split',
  'transfer_in',
  'transfer_out',
]);

/** Whether an activity's cost or proceeds are money (a buy, a sale, a transfer in at a known cost). */
const hasMoney = (activity: LedgerActivity) =>
  activity.type === 'buy' ||
  activity.type === 'sell' ||
  (activity.type === 'transfer_in' && activity.price !== null);

/**
 * An activity with its price and fee in the base currency at `rate` (10 decimals). The fee stays exact (at most 20
 * decimals: money to the ledger); the price is rounded to the 10 decimals the ledger reads a price at, so a lot's
 * cost or a sale's proceeds can differ from quantity × price × rate by at most quantity × 5·10^-11.
 */
function convertedActivity(activity: LedgerActivity, rate: Decimal, baseCurrency: string): LedgerActivity {
  const times = (value: string | null, places?: number) => {
    if (value === null) return null;
    const product = new Decimal(value).times(rate);
    return (places === undefined ? product : product.toDecimalPlaces(places)).toFixed();
  };
  return { ...activity, currency: baseCurrency, price: times(activity.price, 10), fee: times(activity.fee) };
}

/**
 * A ledger's realised gains by year in the base currency, each trade at its day's rate, beside the same years in
 * each holding's currency. The sales are matched again by the ledger's method on the converted trades (the same
 * shares, dates and order, so the same lots and terms): under average cost the pool is kept in the base currency.
 */
export function realizedGainsInBase(input: RealizedInBaseInput): RealizedInBase {
  const { ledger, baseCurrency } = input;
  const currencyOf = new Map<string, string>();
  for (const holding of ledger.holdings) {
    if (holding.realized.length > 0) currencyOf.set(holding.symbol, holding.currency);
  }
  const trades = input.activities.filter(
    (activity) =>
      activity.symbol !== null && currencyOf.has(activity.symbol) && SHARE_TYPES.has(activity.type),
  );
  const rates = new Map<LedgerActivity, Decimal>();
  const unconverted = new Set<string>();
  const missing = new Set<string>();
  for (const activity of trades) {
    if (activity.currency === baseCurrency || !hasMoney(activity)) continue;
    const rate = input.rateOf(activity.currency, activity.date);
    if (rate !== null) rates.set(activity, rate);
    else {
      unconverted.add(activity.symbol as string);
      missing.add(activity.currency);
    }
  }
  const converted = trades
    .filter((activity) => !unconverted.has(activity.symbol as string))
    .map((activity) => {
      const rate = rates.get(activity);
      if (rate) return convertedActivity(activity, rate, baseCurrency);
      return activity.currency === baseCurrency ? activity : { ...activity, currency: baseCurrency };
    });
  const outcome = replayActivities(converted, ledger.method);
  // The same shares on the same days as the ledger's own replay, which passed.
  if (!outcome.ok) throw new Error(`realizedGainsInBase: ${outcome.message}`);
  const baseYears = new Map(realizedGainsByYear(outcome.ledger).map((year) => [year.year, year]));

  const local = realizedGainsByYear(ledger);
  const years = [...new Set(local.map((year) => year.year))].map((year): RealizedYearInBase => {
    const byCurrency = local.filter((group) => group.year === year);
    const inBase = baseYears.get(year);
    const holdings = byCurrency
      .flatMap((group) => group.holdings.map((holding) => holding.symbol))
      .sort()
      .map((symbol): RealizedHoldingInBase => {
        const found = inBase?.holdings.find((holding) => holding.symbol === symbol);
        return {
          symbol,
          currency: currencyOf.get(symbol) as string,
          inBase: found ? figuresIn(found) : null,
        };
      });
    return {
      year,
      inBase: inBase && holdings.every((holding) => holding.inBase !== null) ? figuresIn(inBase) : null,
      byCurrency,
      holdings,
    };
  });
  return { years, missingRates: [...missing].sort() };
}
