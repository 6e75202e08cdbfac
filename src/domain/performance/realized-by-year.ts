/**
 * Realised gains by calendar year, short and long term (issue 28 item 6), read from the ledger's own lot matching
 * (`replayActivities`, src/domain/activities/ledger.ts): FIFO or average cost as the portfolio's method, a sale
 * long term when its shares were held more than one year. Nothing is matched again here; this groups the ledger's
 * realised parts (per holding, year and term) by year and currency. Under average cost the ledger dates the shares
 * sold first-in first-out for the holding period (docs/performance.md, "Realised gains by year").
 *
 * Amounts are in the holding's currency: one year's figures are given per currency and never added across
 * currencies (the ledger sums a year's sales per holding, so the rate of each sale's day is not known here).
 * An unknown cost makes its term's gain, and the year's total, null: never a guess.
 */
import { sumRealized, type Ledger, type RealizedPart } from '../activities/ledger';
import { Decimal } from '../paper-trading';

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
