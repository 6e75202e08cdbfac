/**
 * A period's money rounded to the cent so that the breakdown still adds up (issue 28 item 1: "these add up to the
 * change exactly"). Rounding each part on its own can miss the rounded change by a cent or two; here the start
 * value, the end value and the net flows are rounded to the nearest cent, and the parts share the rounded change
 * by the largest remainder. docs/performance.md, "The change in value, split".
 */
import { Decimal } from '../paper-trading';
import type { ValueBreakdown } from './performance';

const CENT_DECIMALS = 2;

/**
 * `values` rounded to multiples of 10^-decimals that add up to `total` (itself such a multiple), by the largest
 * remainder (Hamilton's method): each value is rounded down, then the units still missing go one each to the values
 * with the largest remainders, ties in the order given. A value already whole keeps its value: should more units be
 * missing than there are values with a remainder (or fewer than none), they go round those values again, added
 * from the largest remainder and taken from the smallest; only when every value is whole does the first take them.
 */
export function roundToTotal(values: readonly Decimal[], total: Decimal, decimals: number): Decimal[] {
  if (values.length === 0) throw new Error('roundToTotal needs at least one value');
  const unit = new Decimal(10).pow(-decimals);
  const floors = values.map((value) => value.toDecimalPlaces(decimals, Decimal.ROUND_FLOOR));
  const missing = total.minus(Decimal.sum(...floors)).div(unit);
  if (!missing.isInteger())
    throw new Error(`roundToTotal: ${total.toString()} is not a multiple of ${unit.toString()}`);
  const ranked = values
    .map((value, index) => ({ index, remainder: value.minus(floors[index] as Decimal) }))
    .filter((entry) => !entry.remainder.isZero())
    .sort((a, b) => b.remainder.comparedTo(a.remainder) || a.index - b.index)
    .map((entry) => entry.index);
  const takers = ranked.length > 0 ? ranked : [0];
  // Every taker gets `round` units (negative when units are taken), the first `extra` of them one more.
  const round = missing.div(takers.length).floor();
  const extra = missing.minus(round.times(takers.length)).toNumber();
  const units = values.map(() => new Decimal(0));
  takers.forEach((index, rank) => {
    units[index] = rank < extra ? round.plus(1) : round;
  });
  return floors.map((floor, index) => floor.plus((units[index] as Decimal).times(unit)));
}

export interface PeriodMoney {
  startValue: Decimal;
  endValue: Decimal;
  netFlows: Decimal;
  breakdown: ValueBreakdown;
}

/**
 * A period's start and end values, net flows and breakdown in whole cents, with both identities of the breakdown
 * kept to the cent:
 * - end value − start value − net flows = price + dividends + interest + fees + taxes + currency;
 * - realized + unrealized = price + currency + trade fees.
 * The values and flows are rounded to the nearest cent (half away from zero), and the parts of the change share what
 * is left by the largest remainder. Trade fees (not shown on their own) and the other fees then share the rounded
 * fees, and realized and unrealized the rounded price + currency + trade fees, the same way.
 */
export function roundMoneyToCents(money: PeriodMoney): PeriodMoney {
  const cents = (value: Decimal) => value.toDecimalPlaces(CENT_DECIMALS, Decimal.ROUND_HALF_UP);
  const startValue = cents(money.startValue);
  const endValue = cents(money.endValue);
  const netFlows = cents(money.netFlows);
  const b = money.breakdown;
  // Price first: when every part is already whole, the rest of the change goes to it, as the domain's price is.
  const [price, dividends, interest, fees, taxes, currency] = roundToTotal(
    [b.price, b.dividends, b.interest, b.fees, b.taxes, b.currency],
    endValue.minus(startValue).minus(netFlows),
    CENT_DECIMALS,
  ) as [Decimal, Decimal, Decimal, Decimal, Decimal, Decimal];
  const [tradeFees] = roundToTotal([b.tradeFees, b.fees.minus(b.tradeFees)], fees, CENT_DECIMALS) as [
    Decimal,
  ];
  const [realized, unrealized] = roundToTotal(
    [b.realized, b.unrealized],
    price.plus(currency).plus(tradeFees),
    CENT_DECIMALS,
  ) as [Decimal, Decimal];
  return {
    startValue,
    endValue,
    netFlows,
    breakdown: { price, dividends, interest, fees, taxes, currency, tradeFees, realized, unrealized },
  };
}
