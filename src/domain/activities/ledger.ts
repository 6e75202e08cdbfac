/**
 * The ledger: a portfolio's holdings, realised gains, income and cash, replayed from its activities. Pure and
 * exact, never floats. Inside the replay, quantities are integers of 10^-10 and money integers of 10^-20 (bigint:
 * an activity's numbers have at most 10 decimals, so sums and quantity × price are exact, and a 10,000-activity
 * history replays in a few milliseconds, where decimal.js objects took tens); a pro-rata share (part of a lot's
 * cost, a sale's proceeds split by term) is rounded half away from zero at the 20th decimal, and the last part
 * takes what is left, so parts always add up to the whole. What it answers is the paper ledger's Decimal,
 * unrounded; amounts are rounded where they are shown.
 *
 * Conventions (docs/decisions/036-activity-ledger.md):
 * - Order: by date, then within a day splits first (a split's date is its ex-date: that day's trades are at the
 *   new quantity), then what comes in (deposit, transfer in, buy, dividend, interest), then what goes out (sell,
 *   transfer out, fee, tax, withdrawal), then by entry order (`sequence`). So a day trade entered sell first is
 *   still a buy then a sell, and nothing of a day is sold before it arrived.
 * - Cost: a buy's lot costs quantity × price + fee; a sale's proceeds are quantity × price − fee. A transfer in
 *   with a price is a lot at that cost per share (plus its fee); without one, a lot of unknown cost. Opening
 *   positions (a map's rows) are transfers in without a price.
 * - Method: FIFO sells the oldest lots first. Average cost pools the cost of every share held (a sale takes
 *   average × quantity) and, as US rules for average basis say, dates the shares sold first-in first-out for
 *   the holding period. A pool that took in a lot of unknown cost stays unknown until the position is closed.
 * - Unknown cost is never a guess: a holding with such a lot has no cost basis (null), and a sale that takes
 *   from one has no realised gain (null) for its term.
 * - Term: long when sold more than one year after the lot's acquisition, that is after the same day a year
 *   later (bought 2023-03-15: sold 2024-03-15 is short, 2024-03-16 long); a transfer's lot is acquired on the
 *   transfer's date.
 * - A split multiplies each lot's quantity by its ratio (to 10 decimals) and keeps its cost and date.
 * - One holding has one currency (its trades'); income and cash are kept per currency. Cash is the balance of
 *   every activity's cash in a currency, given only for currencies with a deposit or withdrawal recorded.
 * - Selling or transferring out more than is held then is refused, naming the date and the symbol.
 */
import { Decimal } from '../paper-trading';
import type { ActivityDraft, ActivityType } from './activity';

export const COST_BASIS_METHODS = ['fifo', 'average'] as const;
export type CostBasisMethod = (typeof COST_BASIS_METHODS)[number];

/** A stored, validated activity as the replay reads it. */
export interface LedgerActivity extends ActivityDraft {
  id: string;
  /** Entry order: the last key of the replay's order. */
  sequence: number;
}

const DAY_ORDER: Readonly<Record<ActivityType, number>> = {
  split: 0,
  deposit: 1,
  transfer_in: 2,
  buy: 3,
  dividend: 4,
  interest: 5,
  sell: 6,
  transfer_out: 7,
  fee: 8,
  tax: 9,
  withdrawal: 10,
};

/** The replay's order: date, then DAY_ORDER, then entry order. */
export function compareActivities(a: LedgerActivity, b: LedgerActivity): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return DAY_ORDER[a.type] - DAY_ORDER[b.type] || a.sequence - b.sequence;
}

// --------------------------------------------------------------------------------- scaled integers

const QUANTITY_DECIMALS = 10;
const MONEY_DECIMALS = 20;
/** 10^10: a quantity's unit, and what a price times a quantity must be divided by to stay money. */
const QUANTITY_UNIT = 10n ** BigInt(QUANTITY_DECIMALS);

const ZEROS = '0'.repeat(MONEY_DECIMALS);

/**
 * `12.5` -> 125000000000n at 10 decimals: one parse of the digits with the point moved. The text is a validated
 * plain decimal with at most 10 decimals (or a numeric column's, padded with zeros), so nothing is cut but zeros.
 */
function scaled(text: string, decimals: number): bigint {
  const point = text.indexOf('.');
  if (point < 0) return BigInt(text + ZEROS.slice(0, decimals));
  const fraction = text.slice(point + 1, point + 1 + decimals);
  return BigInt(text.slice(0, point) + fraction + ZEROS.slice(0, decimals - fraction.length));
}

/** a / b rounded half away from zero (b > 0). */
function divideRounded(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  const twiceRest = (a % b) * 2n;
  if (twiceRest >= b) return quotient + 1n;
  if (-twiceRest >= b) return quotient - 1n;
  return quotient;
}

function toDecimal(value: bigint, decimals: number): Decimal {
  return new Decimal(value.toString()).dividedBy(new Decimal(10).pow(decimals));
}

const quantityOf = (value: bigint) => toDecimal(value, QUANTITY_DECIMALS);
const moneyOf = (value: bigint) => toDecimal(value, MONEY_DECIMALS);
const knownMoneyOf = (value: bigint | null) => (value === null ? null : moneyOf(value));

// ------------------------------------------------------------------------------------------ answers

export interface Lot {
  /** The date the shares came in (buy or transfer). */
  acquired: string;
  quantity: Decimal;
  /** The lot's cost (null: unknown). Under average cost, its share of the pool. */
  cost: Decimal | null;
}

export type GainTerm = 'short' | 'long';

/** A holding's sales of one calendar year and one term, summed. */
export interface RealizedPart {
  year: number;
  term: GainTerm;
  quantity: Decimal;
  proceeds: Decimal;
  /** Null when any share of it had an unknown cost. */
  costBasis: Decimal | null;
  gain: Decimal | null;
}

export interface LedgerHolding {
  symbol: string;
  currency: string;
  quantity: Decimal;
  /** Oldest first. */
  lots: Lot[];
  /** Null when a lot's cost is unknown. */
  costBasis: Decimal | null;
  averageCost: Decimal | null;
  /** By year, short term first. */
  realized: RealizedPart[];
}

/** Totals of a currency's cash activities and trade fees. */
export interface CurrencyTotals {
  currency: string;
  dividends: Decimal;
  interest: Decimal;
  /** Fee activities and the fees of trades and transfers. */
  fees: Decimal;
  taxes: Decimal;
  deposits: Decimal;
  withdrawals: Decimal;
  /** The balance of every activity's cash; null unless a deposit or withdrawal is recorded in this currency. */
  cash: Decimal | null;
}

export interface Ledger {
  method: CostBasisMethod;
  /** By symbol; closed positions (quantity 0) are kept for their realised gains. */
  holdings: LedgerHolding[];
  currencies: CurrencyTotals[];
}

export type LedgerOutcome =
  | { ok: true; ledger: Ledger }
  | { ok: false; code: 'INSUFFICIENT_SHARES' | 'CURRENCY_MISMATCH'; message: string; activityId: string };

// -------------------------------------------------------------------------------------------- state

interface OpenLot {
  acquired: string;
  /** The first day a sale of it is long term (the day after its first anniversary). */
  longFrom: string;
  quantity: bigint;
  cost: bigint | null;
}

interface RealizedSum {
  year: number;
  term: GainTerm;
  quantity: bigint;
  proceeds: bigint;
  cost: bigint | null;
}

interface Position {
  symbol: string;
  currency: string;
  lots: OpenLot[];
  /** The first lot still held (sold lots are skipped, not shifted out: a long history stays linear). */
  head: number;
  quantity: bigint;
  /** Average cost's pool (null: unknown); unused by FIFO. */
  pool: bigint | null;
  realized: Map<string, RealizedSum>;
}

interface CashBook {
  currency: string;
  dividends: bigint;
  interest: bigint;
  fees: bigint;
  taxes: bigint;
  deposits: bigint;
  withdrawals: bigint;
  /** Gross amounts of buys (paid) and sells (received), fees apart. */
  bought: bigint;
  sold: bigint;
  hasExternalFlow: boolean;
}

/**
 * The first anniversary of `acquired` (a leap day's is 28 February, as addMonths clamps): a sale after it is long
 * term. Written out, not through Date: it runs for every lot of a long history.
 */
function longTermFrom(acquired: string): string {
  const monthDay = acquired.slice(4);
  return `${String(Number(acquired.slice(0, 4)) + 1).padStart(4, '0')}${monthDay === '-02-29' ? '-02-28' : monthDay}`;
}

/** Whether shares acquired on `acquired` and sold on `sold` were held more than one year. */
export function isLongTerm(acquired: string, sold: string): boolean {
  return sold > longTermFrom(acquired);
}

function formatQuantity(value: bigint): string {
  return quantityOf(value).toString();
}

interface TakenPart {
  quantity: bigint;
  cost: bigint | null;
}

/** Takes `quantity` from the oldest lots; the shares per term with their FIFO cost (null when unknown). */
function takeShares(
  position: Position,
  quantity: bigint,
  date: string,
): { short?: TakenPart; long?: TakenPart } {
  const taken: { short?: TakenPart; long?: TakenPart } = {};
  let left = quantity;
  while (left > 0n) {
    const lot = position.lots[position.head];
    if (!lot) throw new Error('takeShares: fewer shares than checked');
    const part = left < lot.quantity ? left : lot.quantity;
    let partCost: bigint | null = null;
    if (lot.cost !== null) {
      // The last shares of a lot take what is left of its cost, so the parts add up to the lot exactly.
      partCost = part === lot.quantity ? lot.cost : divideRounded(lot.cost * part, lot.quantity);
      lot.cost -= partCost;
    }
    lot.quantity -= part;
    if (lot.quantity === 0n) position.head += 1;
    const term: GainTerm = date > lot.longFrom ? 'long' : 'short';
    const sum = taken[term];
    if (sum) {
      sum.quantity += part;
      sum.cost = sum.cost === null || partCost === null ? null : sum.cost + partCost;
    } else {
      taken[term] = { quantity: part, cost: partCost };
    }
    left -= part;
  }
  return taken;
}

function addRealized(position: Position, date: string, term: GainTerm, part: RealizedSum): void {
  const year = Number(date.slice(0, 4));
  const key = `${year}|${term}`;
  const sum = position.realized.get(key);
  if (!sum) {
    position.realized.set(key, { ...part, year, term });
    return;
  }
  sum.quantity += part.quantity;
  sum.proceeds += part.proceeds;
  sum.cost = sum.cost === null || part.cost === null ? null : sum.cost + part.cost;
}

/**
 * Replays a history into holdings, realised gains, income and cash by `method`. The activities must each have
 * passed `validateActivity`; their order does not matter (the replay sorts a copy). Refuses a history that sells
 * or transfers out more than is held then, or trades one symbol in two currencies, naming the activity.
 */
export function replayActivities(
  activities: readonly LedgerActivity[],
  method: CostBasisMethod,
): LedgerOutcome {
  const ordered = [...activities].sort(compareActivities);
  const positions = new Map<string, Position>();
  const books = new Map<string, CashBook>();

  for (const activity of ordered) {
    let book = books.get(activity.currency);
    if (!book) {
      book = {
        currency: activity.currency,
        dividends: 0n,
        interest: 0n,
        fees: 0n,
        taxes: 0n,
        deposits: 0n,
        withdrawals: 0n,
        bought: 0n,
        sold: 0n,
        hasExternalFlow: false,
      };
      books.set(activity.currency, book);
    }
    const fee = activity.fee === null ? 0n : scaled(activity.fee, MONEY_DECIMALS);
    book.fees += fee;
    const amount = activity.amount === null ? 0n : scaled(activity.amount, MONEY_DECIMALS);
    switch (activity.type) {
      case 'deposit':
        book.deposits += amount;
        book.hasExternalFlow = true;
        continue;
      case 'withdrawal':
        book.withdrawals += amount;
        book.hasExternalFlow = true;
        continue;
      case 'dividend':
        book.dividends += amount;
        continue;
      case 'interest':
        book.interest += amount;
        continue;
      case 'fee':
        book.fees += amount;
        continue;
      case 'tax':
        book.taxes += amount;
        continue;
      default:
        break;
    }

    // The types that move shares: buy, sell, split, transfer in and out (each has a symbol and a quantity).
    const symbol = activity.symbol as string;
    const quantity = scaled(activity.quantity as string, QUANTITY_DECIMALS);
    let position = positions.get(symbol);
    if (activity.type === 'split') {
      if (position) {
        // The ratio is read at 10 decimals like a quantity: each lot × ratio, back to 10 decimals.
        let held = 0n;
        for (let i = position.head; i < position.lots.length; i++) {
          const lot = position.lots[i] as OpenLot;
          lot.quantity = divideRounded(lot.quantity * quantity, QUANTITY_UNIT);
          held += lot.quantity;
        }
        position.quantity = held;
      }
      continue;
    }
    if (!position) {
      position = {
        symbol,
        currency: activity.currency,
        lots: [],
        head: 0,
        quantity: 0n,
        pool: 0n,
        realized: new Map(),
      };
      positions.set(symbol, position);
    } else if (position.currency !== activity.currency) {
      return {
        ok: false,
        code: 'CURRENCY_MISMATCH',
        message: `The ${activity.type.replace('_', ' ')} of ${symbol} on ${activity.date} is in ${activity.currency}, but ${symbol} is traded in ${position.currency}: one holding keeps one currency.`,
        activityId: activity.id,
      };
    }
    // quantity (10 decimals) × price (10 decimals): money at 20 decimals, exactly.
    const gross = activity.price === null ? null : quantity * scaled(activity.price, QUANTITY_DECIMALS);

    if (activity.type === 'buy' || activity.type === 'transfer_in') {
      const cost = gross === null ? null : gross + fee;
      if (activity.type === 'buy') book.bought += gross as bigint;
      if (position.quantity === 0n) position.pool = 0n; // a closed position starts a new pool
      position.lots.push({ acquired: activity.date, longFrom: longTermFrom(activity.date), quantity, cost });
      position.quantity += quantity;
      position.pool = position.pool === null || cost === null ? null : position.pool + cost;
      continue;
    }

    // sell, transfer_out
    if (quantity > position.quantity) {
      return {
        ok: false,
        code: 'INSUFFICIENT_SHARES',
        message: `Cannot ${activity.type === 'sell' ? 'sell' : 'transfer out'} ${formatQuantity(quantity)} ${symbol} on ${activity.date}: only ${formatQuantity(position.quantity)} held then.`,
        activityId: activity.id,
      };
    }
    const heldBefore = position.quantity;
    const poolBefore = position.pool;
    const taken = takeShares(position, quantity, activity.date);
    position.quantity -= quantity;
    let poolTaken: bigint | null = null;
    if (method === 'average' && poolBefore !== null) {
      poolTaken = quantity === heldBefore ? poolBefore : divideRounded(poolBefore * quantity, heldBefore);
      position.pool = poolBefore - poolTaken;
    }
    if (activity.type === 'transfer_out') continue;

    book.sold += gross as bigint;
    const proceeds = (gross as bigint) - fee;
    // Proceeds and average cost are split between the terms by quantity; the long part takes the remainder.
    const short = taken.short;
    const shortProceeds = short ? divideRounded(proceeds * short.quantity, quantity) : 0n;
    const shortPool = short && poolTaken !== null ? divideRounded(poolTaken * short.quantity, quantity) : 0n;
    if (short) {
      const cost = method === 'fifo' ? short.cost : poolTaken === null ? null : shortPool;
      addRealized(position, activity.date, 'short', {
        ...short,
        proceeds: shortProceeds,
        cost,
        year: 0,
        term: 'short',
      });
    }
    const long = taken.long;
    if (long) {
      const cost = method === 'fifo' ? long.cost : poolTaken === null ? null : poolTaken - shortPool;
      addRealized(position, activity.date, 'long', {
        ...long,
        proceeds: proceeds - shortProceeds,
        cost,
        year: 0,
        term: 'long',
      });
    }
  }

  const holdings = [...positions.values()]
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
    .map((position) => toHolding(position, method));
  const currencies = [...books.values()]
    .sort((a, b) => (a.currency < b.currency ? -1 : 1))
    .map((book): CurrencyTotals => ({
      currency: book.currency,
      dividends: moneyOf(book.dividends),
      interest: moneyOf(book.interest),
      fees: moneyOf(book.fees),
      taxes: moneyOf(book.taxes),
      deposits: moneyOf(book.deposits),
      withdrawals: moneyOf(book.withdrawals),
      cash: book.hasExternalFlow
        ? moneyOf(
            book.deposits -
              book.withdrawals -
              book.bought +
              book.sold +
              book.dividends +
              book.interest -
              book.fees -
              book.taxes,
          )
        : null,
    }));
  return { ok: true, ledger: { method, holdings, currencies } };
}

function toHolding(position: Position, method: CostBasisMethod): LedgerHolding {
  const held = position.lots.slice(position.head).filter((lot) => lot.quantity > 0n);
  let costBasis: bigint | null;
  let lots: Lot[];
  if (method === 'average') {
    costBasis = position.quantity === 0n ? 0n : position.pool;
    const pool = costBasis;
    lots = held.map((lot) => ({
      acquired: lot.acquired,
      quantity: quantityOf(lot.quantity),
      cost: pool === null ? null : moneyOf(divideRounded(pool * lot.quantity, position.quantity)),
    }));
  } else {
    costBasis = 0n;
    for (const lot of held) costBasis = costBasis === null || lot.cost === null ? null : costBasis + lot.cost;
    lots = held.map((lot) => ({
      acquired: lot.acquired,
      quantity: quantityOf(lot.quantity),
      cost: knownMoneyOf(lot.cost),
    }));
  }
  const quantity = quantityOf(position.quantity);
  const basis = knownMoneyOf(costBasis);
  const realized = [...position.realized.values()]
    .sort((a, b) => a.year - b.year || (a.term === b.term ? 0 : a.term === 'short' ? -1 : 1))
    .map((sum): RealizedPart => ({
      year: sum.year,
      term: sum.term,
      quantity: quantityOf(sum.quantity),
      proceeds: moneyOf(sum.proceeds),
      costBasis: knownMoneyOf(sum.cost),
      gain: sum.cost === null ? null : moneyOf(sum.proceeds - sum.cost),
    }));
  return {
    symbol: position.symbol,
    currency: position.currency,
    quantity,
    lots,
    costBasis: basis,
    averageCost: basis === null || quantity.isZero() ? null : basis.dividedBy(quantity),
    realized,
  };
}

export interface RealizedGainTotals {
  /** Null when any part's cost is unknown. */
  total: Decimal | null;
  shortTerm: Decimal | null;
  longTerm: Decimal | null;
}

/** The sum of realised parts (a holding's, a year's): a term with an unknown part is unknown, and so is the total. */
export function sumRealized(parts: readonly RealizedPart[]): RealizedGainTotals {
  let shortTerm: Decimal | null = new Decimal(0);
  let longTerm: Decimal | null = new Decimal(0);
  for (const part of parts) {
    if (part.term === 'short')
      shortTerm = shortTerm === null || part.gain === null ? null : shortTerm.plus(part.gain);
    else longTerm = longTerm === null || part.gain === null ? null : longTerm.plus(part.gain);
  }
  return {
    total: shortTerm === null || longTerm === null ? null : shortTerm.plus(longTerm),
    shortTerm,
    longTerm,
  };
}

/** A holding at a price (in its currency): market value and unrealised gain; null gain when cost is unknown. */
export function unrealizedGainOf(
  holding: Pick<LedgerHolding, 'quantity' | 'costBasis'>,
  price: Decimal | null,
): { marketValue: Decimal | null; gain: Decimal | null; gainPercent: Decimal | null } {
  if (price === null) return { marketValue: null, gain: null, gainPercent: null };
  const marketValue = holding.quantity.times(price);
  if (holding.costBasis === null) return { marketValue, gain: null, gainPercent: null };
  const gain = marketValue.minus(holding.costBasis);
  return {
    marketValue,
    gain,
    gainPercent: holding.costBasis.isZero() ? null : gain.dividedBy(holding.costBasis).times(100),
  };
}
