/**
 * Paper trading: the rules of the virtual ledger, pure (no I/O), exact (decimal.js, never floats for money).
 *
 * Units and rounding (a newcomer would ask):
 * - Money (cash, order totals, market values, profit and loss) is kept in cents: 2 decimal places.
 * - Prices and average costs are kept to 6 decimal places (the `numeric(18,6)` columns).
 * - Every rounding is ROUND_HALF_UP, that is half away from zero: $1.005 -> $1.01 and -$1.005 -> -$1.01,
 *   what a person checking with a calculator expects. An order's total is rounded once, to the cent, and the
 *   very same rounded total moves the cash, so `cash = initial - Σ buy totals + Σ sell totals` holds exactly.
 * - Average cost is the weighted average of the buys (rounded to 6 places), unchanged by sells.
 * - Realised P&L of a sell = (price - averageCost) × quantity, rounded to the cent.
 * - Unrealised P&L of a holding = (market price - averageCost) × quantity, rounded to the cent.
 *
 * Limits and messages are spec 001 §5 and §9, word for word. The minimum order value is ours (decision 012):
 * with totals rounded to the cent, orders worth a fraction of a cent would turn rounding into free cash.
 */
import { Decimal as BaseDecimal } from 'decimal.js';
import { fromDayNumber, toDayNumber } from './calendar/iso-dates';
import { displaySymbol } from './symbol-kind';

/** A private Decimal: 40 significant digits, half away from zero; the global Decimal settings do not apply. */
export const Decimal = BaseDecimal.clone({ precision: 40, rounding: BaseDecimal.ROUND_HALF_UP });
export type Decimal = InstanceType<typeof Decimal>;
export type DecimalInput = Decimal | string | number;

export const MONEY_DECIMALS = 2;
export const PRICE_DECIMALS = 6;

export const PAPER_PORTFOLIO_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 500,
  minInitialBalance: 1000,
  maxInitialBalance: 1_000_000,
  defaultInitialBalance: 10_000,
} as const;

export const PAPER_TRADE_LIMITS = {
  symbolMaxLength: 10,
  minQuantity: 1,
  maxQuantity: 10_000,
  /** Dollars: an order's total (to the cent) must reach it; a sell of the whole holding needs only a cent. */
  minOrderValue: 1,
} as const;

export const PAPER_TRADE_SIDES = ['buy', 'sell'] as const;
export type PaperTradeSide = (typeof PAPER_TRADE_SIDES)[number];

export const PAPER_TRADING_MESSAGES = {
  nameRequired: 'Portfolio name is required',
  nameTooLong: 'Name too long',
  descriptionTooLong: 'Description too long',
  balanceTooLow: 'Minimum balance is $1,000',
  balanceTooHigh: 'Maximum balance is $1,000,000',
  balanceNotANumber: 'Starting balance must be a number',
  symbolRequired: 'Stock symbol is required',
  symbolTooLong: 'Symbol too long',
  symbolInvalid: 'Stock symbol may contain only letters, digits and . - ^ = : /',
  sideInvalid: 'Order type must be buy or sell',
  kindInvalid: 'Market must be stock or crypto',
  quantityTooLow: 'Quantity must be at least 1',
  quantityTooHigh: 'Quantity too large',
  quantityNotWhole: 'Quantity must be a whole number',
  noPortfolioSelected: 'No portfolio selected',
  portfolioNotFound: 'Portfolio not found',
} as const;

/** Money to the cent (half away from zero). */
export function roundMoney(value: DecimalInput): Decimal {
  return new Decimal(value).toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_HALF_UP);
}

/** A price to 6 places; a number is read through its shortest decimal spelling (215.1 -> "215.1"). */
export function roundPrice(value: DecimalInput): Decimal {
  const price = new Decimal(value);
  if (!price.isFinite()) throw new RangeError(`Not a price: ${String(value)}`);
  return price.toDecimalPlaces(PRICE_DECIMALS, Decimal.ROUND_HALF_UP);
}

export const moneyString = (value: DecimalInput): string => roundMoney(value).toFixed(MONEY_DECIMALS);
export const priceString = (value: DecimalInput): string => roundPrice(value).toFixed(PRICE_DECIMALS);

/** `$1,234.50`, `-$12.00`: US dollars, cents always, thousands grouped; exact (no float on the way). */
export function formatUsd(value: DecimalInput): string {
  const fixed = roundMoney(value).toFixed(MONEY_DECIMALS);
  const negative = fixed.startsWith('-') && !/^-0\.00$/.test(fixed);
  const [whole = '0', cents = '00'] = fixed.replace('-', '').split('.');
  return `${negative ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** A share price for messages: at least 2 decimals, up to 6 when the price has them (`$215.00`, `$0.1234`). */
export function formatSharePrice(value: DecimalInput): string {
  const price = roundPrice(value);
  const decimals = Math.max(MONEY_DECIMALS, price.decimalPlaces());
  const fixed = price.toFixed(decimals);
  const [whole = '0', fraction = '00'] = fixed.replace('-', '').split('.');
  return `${fixed.startsWith('-') ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

export interface Holding {
  quantity: number;
  averageCost: Decimal;
}

export interface TradeOrder {
  symbol: string;
  side: PaperTradeSide;
  quantity: number;
  /** The fill price (from the quote source, never from the client). */
  price: DecimalInput;
}

export type TradeRefusalCode = 'INSUFFICIENT_CASH' | 'INSUFFICIENT_SHARES' | 'ORDER_TOO_SMALL';

export type TradeOutcome =
  | {
      ok: true;
      cash: Decimal;
      /** The holding after the trade; quantity 0 when a sell closed it. */
      holding: Holding;
      price: Decimal;
      /** quantity × price, to the cent: what left (buy) or entered (sell) the cash. */
      totalValue: Decimal;
      /** Sells only; null for buys. */
      realizedPnl: Decimal | null;
    }
  | { ok: false; code: TradeRefusalCode; message: string };

export function insufficientCashMessage(cost: DecimalInput, available: DecimalInput): string {
  return `Insufficient cash: this order costs ${formatUsd(cost)} but the portfolio has ${formatUsd(available)} available.`;
}

/** `Minimum order value is $1.00: this order is worth $0.45.` */
export function orderTooSmallMessage(total: DecimalInput): string {
  return `Minimum order value is ${formatUsd(PAPER_TRADE_LIMITS.minOrderValue)}: this order is worth ${formatUsd(total)}.`;
}

export function insufficientSharesMessage(held: number, symbol: string, requested: number): string {
  return `Insufficient shares: you hold ${held} ${displaySymbol(symbol)} but tried to sell ${requested}.`;
}

/**
 * One fill against a portfolio's cash and its holding of the symbol (undefined when none). Pure: returns
 * the new state, or a refusal with the spec-style message; the caller writes it (under a row lock).
 *
 * An order whose total is under `minOrderValue` is refused: every total is rounded to the cent, so orders
 * of a fraction of a cent would fill for $0.00 (free shares) or gain up to half a cent each. A sell of the
 * whole holding is the one exception, so a position whose value fell under the minimum can still be closed,
 * but never for $0.00.
 */
export function applyTrade(
  state: { cash: DecimalInput; holding: Holding | undefined },
  order: TradeOrder,
): TradeOutcome {
  if (!Number.isSafeInteger(order.quantity) || order.quantity < 1) {
    throw new RangeError(`Quantity must be a positive integer, got ${order.quantity}`);
  }
  const cash = new Decimal(state.cash);
  const price = roundPrice(order.price);
  if (price.lte(0)) throw new RangeError(`Price must be positive, got ${price.toString()}`);
  const held = state.holding?.quantity ?? 0;
  const averageCost = state.holding?.averageCost ?? new Decimal(0);
  const totalValue = roundMoney(price.times(order.quantity));
  const closesHolding = order.side === 'sell' && order.quantity === held;
  if (totalValue.isZero() || (totalValue.lt(PAPER_TRADE_LIMITS.minOrderValue) && !closesHolding)) {
    return { ok: false, code: 'ORDER_TOO_SMALL', message: orderTooSmallMessage(totalValue) };
  }

  if (order.side === 'buy') {
    if (totalValue.gt(cash)) {
      return { ok: false, code: 'INSUFFICIENT_CASH', message: insufficientCashMessage(totalValue, cash) };
    }
    const quantity = held + order.quantity;
    const newAverage = averageCost
      .times(held)
      .plus(price.times(order.quantity))
      .dividedBy(quantity)
      .toDecimalPlaces(PRICE_DECIMALS, Decimal.ROUND_HALF_UP);
    return {
      ok: true,
      cash: cash.minus(totalValue),
      holding: { quantity, averageCost: newAverage },
      price,
      totalValue,
      realizedPnl: null,
    };
  }

  if (order.quantity > held) {
    return {
      ok: false,
      code: 'INSUFFICIENT_SHARES',
      message: insufficientSharesMessage(held, order.symbol, order.quantity),
    };
  }
  return {
    ok: true,
    cash: cash.plus(totalValue),
    holding: { quantity: held - order.quantity, averageCost },
    price,
    totalValue,
    realizedPnl: roundMoney(price.minus(averageCost).times(order.quantity)),
  };
}

/** quantity × price, to the cent. */
export function marketValueOf(quantity: number, price: DecimalInput): Decimal {
  return roundMoney(new Decimal(price).times(quantity));
}

/** (market - averageCost) × quantity, to the cent. */
export function unrealizedPnlOf(holding: Holding, marketPrice: DecimalInput): Decimal {
  return roundMoney(new Decimal(marketPrice).minus(holding.averageCost).times(holding.quantity));
}

/** totalValue - initial, and that as a percent of initial (2 places); 0 % for a zero initial. */
export function returnOf(
  initial: DecimalInput,
  totalValue: DecimalInput,
): { totalReturn: Decimal; totalReturnPercent: Decimal } {
  const base = new Decimal(initial);
  const totalReturn = roundMoney(new Decimal(totalValue).minus(base));
  const totalReturnPercent = base.isZero()
    ? new Decimal(0)
    : totalReturn.dividedBy(base).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { totalReturn, totalReturnPercent };
}

/** `Bought 10 AAPL at $215.00.` / `Sold 5 MSFT at $410.25.` */
export function tradeExecutedMessage(trade: {
  side: PaperTradeSide;
  quantity: number;
  symbol: string;
  price: DecimalInput;
}): string {
  const verb = trade.side === 'buy' ? 'Bought' : 'Sold';
  return `${verb} ${trade.quantity} ${displaySymbol(trade.symbol)} at ${formatSharePrice(trade.price)}.`;
}

/** `Portfolio "Growth" created with $10,000.00 virtual cash.` */
export function portfolioCreatedMessage(name: string, initialBalance: DecimalInput): string {
  return `Portfolio "${name}" created with ${formatUsd(initialBalance)} virtual cash.`;
}

// ---------------------------------------------------------------------------------------------------------
// Performance: the value of a portfolio day by day, replayed from its trades and daily closes.

export interface ReplayTrade {
  /** UTC calendar date of the fill, YYYY-MM-DD. */
  date: string;
  symbol: string;
  side: PaperTradeSide;
  quantity: number;
  price: DecimalInput;
  totalValue: DecimalInput;
}

export interface DailyClose {
  date: string;
  close: number | string;
}

export interface PerformancePoint {
  date: string;
  value: string;
  cash: string;
}

export interface PerformanceSeries {
  points: PerformancePoint[];
  totalReturn: string;
  totalReturnPercent: string;
  /** Last point minus the one before (0 with a single point). */
  dailyReturn: string;
  dailyReturnPercent: string;
}

// The replay runs in integers (bigint): cents for money, micro-dollars for prices, the same values and the same
// half-away-from-zero rounding as the Decimal rules above, at a fraction of the cost per day.
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/** value × 10^scale, rounded half away from zero: exact, through the value's decimal spelling. */
function toScaled(value: DecimalInput, scale: number): bigint {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) {
    return BigInt(
      new Decimal(value)
        .times(new Decimal(10).pow(scale))
        .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
        .toFixed(0),
    );
  }
  const [, sign = '', whole = '0', fraction = ''] = match;
  let units = BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
  if ((fraction.charCodeAt(scale) || 0) >= 53 /* '5' */) units += 1n;
  return sign === '-' ? -units : units;
}

/** n / 10^k, rounded half away from zero. */
function divideRounded(n: bigint, divisor: bigint): bigint {
  const half = divisor / 2n;
  return n < 0n ? -((-n + half) / divisor) : (n + half) / divisor;
}

function centsString(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

const MICROS_PER_CENT = 10_000n;

interface SymbolState {
  quantity: number;
  closes: readonly DailyClose[];
  next: number;
  /** The price in force, in micro-dollars: last close on or before the day, else the last fill price so far. */
  micros: bigint | undefined;
  hasClose: boolean;
  /** quantity × price, to the cent, as counted in `heldCents`. */
  valueCents: bigint;
}

/**
 * One point per calendar day from `startDate` to `endDate` (UTC, both included): the cash after every trade
 * of that day and before, and value = cash + Σ quantity × price, each term to the cent. The price of a symbol
 * on a day is its last close on or before the day (forward-filled over weekends, holidays and gaps); before
 * its first close, the last fill price; on `endDate`, `latestPrices` when given (the live quote).
 *
 * One pass over the days with a cursor in the date-sorted trades and one in each symbol's date-sorted closes;
 * a holding's value is recomputed only when its quantity or price changes. O(days × held symbols + trades +
 * closes), in integer arithmetic.
 */
export function buildPerformanceSeries(input: {
  startDate: string;
  endDate: string;
  initialCash: DecimalInput;
  trades: readonly ReplayTrade[];
  closes: ReadonlyMap<string, readonly DailyClose[]>;
  latestPrices?: ReadonlyMap<string, DecimalInput>;
}): PerformanceSeries {
  const first = toDayNumber(input.startDate);
  const last = Math.max(first, toDayNumber(input.endDate));
  const isSorted = input.trades.every((t, i, all) => i === 0 || (all[i - 1] as ReplayTrade).date <= t.date);
  const trades = isSorted
    ? input.trades
    : [...input.trades].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const initialCents = toScaled(input.initialCash, MONEY_DECIMALS);
  let cash = initialCents;
  let heldCents = 0n;
  const states = new Map<string, SymbolState>();
  const stateOf = (symbol: string): SymbolState => {
    let state = states.get(symbol);
    if (!state) {
      const closes = input.closes.get(symbol) ?? [];
      state = { quantity: 0, closes, next: 0, micros: undefined, hasClose: false, valueCents: 0n };
      states.set(symbol, state);
    }
    return state;
  };
  const revalue = (state: SymbolState) => {
    const value =
      state.micros === undefined ? 0n : divideRounded(BigInt(state.quantity) * state.micros, MICROS_PER_CENT);
    heldCents += value - state.valueCents;
    state.valueCents = value;
  };

  const points: PerformancePoint[] = [];
  let t = 0;
  for (let day = first; day <= last; day++) {
    const date = fromDayNumber(day);
    for (; t < trades.length; t++) {
      const trade = trades[t] as ReplayTrade;
      if (trade.date > date) break;
      const total = toScaled(trade.totalValue, MONEY_DECIMALS);
      const state = stateOf(trade.symbol);
      cash += trade.side === 'buy' ? -total : total;
      state.quantity += trade.side === 'buy' ? trade.quantity : -trade.quantity;
      if (!state.hasClose) state.micros = toScaled(trade.price, PRICE_DECIMALS);
      revalue(state);
    }

    for (const state of states.values()) {
      if (state.quantity === 0) continue;
      let advanced = false;
      while (state.next < state.closes.length) {
        const bar = state.closes[state.next] as DailyClose;
        if (bar.date > date) break;
        state.next++;
        advanced = true;
      }
      if (advanced) {
        state.micros = toScaled((state.closes[state.next - 1] as DailyClose).close, PRICE_DECIMALS);
        state.hasClose = true;
        revalue(state);
      }
    }

    let value = cash + heldCents;
    if (day === last && input.latestPrices) {
      for (const [symbol, state] of states) {
        const live = input.latestPrices.get(symbol);
        if (state.quantity === 0 || live === undefined) continue;
        const liveCents = divideRounded(
          BigInt(state.quantity) * toScaled(live, PRICE_DECIMALS),
          MICROS_PER_CENT,
        );
        value += liveCents - state.valueCents;
      }
    }
    points.push({ date, value: centsString(value), cash: centsString(cash) });
  }

  const lastPoint = points[points.length - 1] as PerformancePoint;
  const previous = points.length > 1 ? (points[points.length - 2] as PerformancePoint) : lastPoint;
  const { totalReturn, totalReturnPercent } = returnOf(centsString(initialCents), lastPoint.value);
  const daily = returnOf(previous.value, lastPoint.value);
  return {
    points,
    totalReturn: totalReturn.toFixed(2),
    totalReturnPercent: totalReturnPercent.toFixed(2),
    dailyReturn: daily.totalReturn.toFixed(2),
    dailyReturnPercent: daily.totalReturnPercent.toFixed(2),
  };
}
