/**
 * Valuation, weights, daily change and the historical value of a portfolio.
 *
 * Historical behaviour is modelled as buy-and-hold of TODAY's quantities: the value on day t is
 * Σ quantity_i × close_i(t), and the daily return is V(t) / V(t−1) − 1, which equals Σ w_i(t−1) · r_i(t) with
 * weights that drift with prices, as they do in an account nobody trades. This answers "how would this
 * portfolio, as it is now, have behaved", gives the max drawdown directly on a value series, and needs no
 * rebalancing assumption. (Constant weights rebalanced daily would overstate diversification of a drifting
 * account and its drawdown is that of a fictitious series.)
 */
import { simpleReturns } from './returns';

/** The quote-side description of one holding. `change` is the quote's change per unit since the previous close. */
export interface PositionInput {
  readonly symbol: string;
  readonly quantity: number;
  readonly price: number | null | undefined;
  readonly change?: number | null | undefined;
}

export interface ValuedPosition {
  readonly symbol: string;
  readonly quantity: number;
  /** null when no finite, positive price is known. */
  readonly price: number | null;
  /** quantity × price, 0 when the price is unknown. */
  readonly value: number;
  /** value / totalValue (0-1), 0 when the total is 0. */
  readonly weight: number;
  readonly priced: boolean;
}

export interface Valuation {
  readonly totalValue: number;
  readonly positions: readonly ValuedPosition[];
}

function validPrice(price: number | null | undefined): number | null {
  return typeof price === 'number' && Number.isFinite(price) && price > 0 ? price : null;
}

/**
 * Holdings split by whether they have a price. One without a finite, positive price is a symbol no source
 * could find (or price): it cannot be weighed, so it is left out of every figure (value, weights, counts,
 * exposure, health and diversification checks, risk) and only named, in input order.
 */
export function separateUnpriced<
  T extends { readonly symbol: string; readonly price: number | null | undefined },
>(holdings: readonly T[]): { priced: T[]; unpricedSymbols: string[] } {
  const priced: T[] = [];
  const unpricedSymbols: string[] = [];
  for (const h of holdings) {
    if (validPrice(h.price) === null) unpricedSymbols.push(h.symbol);
    else priced.push(h);
  }
  return { priced, unpricedSymbols };
}

/** Values and weights, in input order. Positions are long (quantity > 0); an unpriced position has value 0. */
export function valuePositions(positions: readonly PositionInput[]): Valuation {
  let totalValue = 0;
  const values = positions.map((p) => {
    const price = validPrice(p.price);
    const value = price === null ? 0 : p.quantity * price;
    totalValue += value;
    return { price, value };
  });
  return {
    totalValue,
    positions: positions.map((p, i) => {
      const { price, value } = values[i] as { price: number | null; value: number };
      return {
        symbol: p.symbol,
        quantity: p.quantity,
        price,
        value,
        weight: totalValue > 0 ? value / totalValue : 0,
        priced: price !== null,
      };
    }),
  };
}

export interface PositionChange {
  readonly symbol: string;
  /** quantity × change; null when the price or the change is unknown. */
  readonly changeValue: number | null;
  /** change / (price − change) × 100, in percent; null when unknown. */
  readonly changePercent: number | null;
}

export interface DailyChange {
  readonly totalValue: number;
  /** totalValue − totalChange: yesterday's value of today's quantities. */
  readonly previousValue: number;
  readonly totalChange: number;
  /** totalChange / previousValue × 100, in PERCENT (5.01 means +5.01 %), as the spec's valuation reports it; null when previousValue ≤ 0. */
  readonly totalChangePercent: number | null;
  readonly positions: readonly PositionChange[];
  /** Priced positions whose quote gave no change: counted as unchanged. */
  readonly withoutChange: readonly string[];
}

/**
 * Today's change from each quote's change per unit. A priced position without a known change counts as
 * unchanged (its value is in both today's and yesterday's totals) and is listed in `withoutChange`.
 */
export function dailyChange(positions: readonly PositionInput[]): DailyChange {
  let totalValue = 0;
  let totalChange = 0;
  const withoutChange: string[] = [];
  const changes = positions.map((p): PositionChange => {
    const price = validPrice(p.price);
    if (price === null) return { symbol: p.symbol, changeValue: null, changePercent: null };
    totalValue += p.quantity * price;
    const change = p.change;
    if (typeof change !== 'number' || !Number.isFinite(change)) {
      withoutChange.push(p.symbol);
      return { symbol: p.symbol, changeValue: null, changePercent: null };
    }
    const changeValue = p.quantity * change;
    totalChange += changeValue;
    const previousPrice = price - change;
    return {
      symbol: p.symbol,
      changeValue,
      changePercent: previousPrice > 0 ? (change / previousPrice) * 100 : null,
    };
  });
  const previousValue = totalValue - totalChange;
  return {
    totalValue,
    previousValue,
    totalChange,
    totalChangePercent: previousValue > 0 ? (totalChange / previousValue) * 100 : null,
    positions: changes,
    withoutChange,
  };
}

/**
 * Buy-and-hold value series: values[t] = Σ quantities[i] × closes[i][t]. All `closes` arrays have the same
 * length (aligned on common dates). O(holdings × dates), one pass over each typed array.
 */
export function buyAndHoldValues(
  closes: readonly ArrayLike<number>[],
  quantities: readonly number[],
): Float64Array {
  const length = closes[0]?.length ?? 0;
  const values = new Float64Array(length);
  closes.forEach((series, i) => {
    if (series.length !== length) throw new RangeError('Series are not aligned: lengths differ');
    const q = quantities[i] ?? 0;
    for (let t = 0; t < length; t++) values[t] = (values[t] as number) + q * (series[t] as number);
  });
  return values;
}

/** Daily returns of a buy-and-hold portfolio: the simple returns of its value series. */
export function buyAndHoldReturns(
  closes: readonly ArrayLike<number>[],
  quantities: readonly number[],
): Float64Array {
  return simpleReturns(buyAndHoldValues(closes, quantities));
}
