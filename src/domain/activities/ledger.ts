/**
 * The ledger: a portfolio's holdings, realised gains, income and cash, replayed from its activities. Pure and
 * exact, never floats. Inside the replay, quantities are integers of 10^-10 and money integers of 10^-20 (bigint:
 * an activity's numbers have at most 10 decimals, so sums and quantity × price are exact; ledger-numbers.ts); dates
 * are compared as numbers (dateKey), the order is sorted by index on numeric keys, and a sale allocates little, so
 * a 10,000-activity history replays in tens of milliseconds of CPU at most; a pro-rata share (part of a lot's
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
import {
  divideRounded,
  knownMoneyOf,
  MONEY_DECIMALS,
  moneyOf,
  QUANTITY_DECIMALS,
  QUANTITY_UNIT,
  quantityOf,
  scaled,
} from './ledger-numbers';

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

/**
 * `2024-03-15` -> 20240315: a validated date as a number in the same order as its text, read digit by digit
 * (the replay compares dates of every activity and every lot; numbers compare without touching strings).
 */
function dateKey(date: string): number {
  return (
    (date.charCodeAt(0) - 48) * 10_000_000 +
    (date.charCodeAt(1) - 48) * 1_000_000 +
    (date.charCodeAt(2) - 48) * 100_000 +
    (date.charCodeAt(3) - 48) * 10_000 +
    (date.charCodeAt(5) - 48) * 1_000 +
    (date.charCodeAt(6) - 48) * 100 +
    (date.charCodeAt(8) - 48) * 10 +
    (date.charCodeAt(9) - 48)
  );
}

/** The date (a dateKey) and DAY_ORDER as one number: the replay's order but for entry order. */
const orderKeyOf = (date: number, type: ActivityType) => date * 16 + DAY_ORDER[type];

/** The replay's order: date, then DAY_ORDER, then entry order. */
export function compareActivities(a: LedgerActivity, b: LedgerActivity): number {
  return orderKeyOf(dateKey(a.date), a.type) - orderKeyOf(dateKey(b.date), b.type) || a.sequence - b.sequence;
}

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
  /** The last day a sale of it is short term (its first anniversary), as a dateKey. */
  shortUntil: number;
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
  /** By year × 2 + (0 short, 1 long): in the answer's order. */
  realized: Map<number, RealizedSum>;
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
 * The first anniversary of the date `acquired` (a dateKey; a leap day's is 28 February, as addMonths clamps): a
 * sale after it is long term.
 */
function shortTermUntil(acquired: number): number {
  return acquired + (acquired % 10_000 === 229 ? 9_999 : 10_000);
}

/** Whether shares acquired on `acquired` and sold on `sold` were held more than one year. */
export function isLongTerm(acquired: string, sold: string): boolean {
  return dateKey(sold) > shortTermUntil(dateKey(acquired));
}

function formatQuantity(value: bigint): string {
  return quantityOf(value).toString();
}

/** What a sale took from the lots, per term (one per replay, reset by each sale: a long history allocates less). */
interface TakenShares {
  hasShort: boolean;
  shortQuantity: bigint;
  /** Null when unknown. */
  shortCost: bigint | null;
  hasLong: boolean;
  longQuantity: bigint;
  longCost: bigint | null;
}

/** Takes `quantity` from the oldest lots into `taken`: the shares per term with their FIFO cost. */
function takeShares(position: Position, quantity: bigint, date: number, taken: TakenShares): void {
  taken.hasShort = false;
  taken.shortQuantity = 0n;
  taken.shortCost = 0n;
  taken.hasLong = false;
  taken.longQuantity = 0n;
  taken.longCost = 0n;
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
    if (date > lot.shortUntil) {
      taken.longCost = taken.longCost === null || partCost === null ? null : taken.longCost + partCost;
      taken.longQuantity += part;
      taken.hasLong = true;
    } else {
      taken.shortCost = taken.shortCost === null || partCost === null ? null : taken.shortCost + partCost;
      taken.shortQuantity += part;
      taken.hasShort = true;
    }
    left -= part;
  }
}

function addRealized(
  position: Position,
  year: number,
  term: GainTerm,
  quantity: bigint,
  proceeds: bigint,
  cost: bigint | null,
): void {
  const key = year * 2 + (term === 'short' ? 0 : 1);
  const sum = position.realized.get(key);
  if (!sum) {
    position.realized.set(key, { year, term, quantity, proceeds, cost });
    return;
  }
  sum.quantity += quantity;
  sum.proceeds += proceeds;
  sum.cost = sum.cost === null || cost === null ? null : sum.cost + cost;
}

/** Indexes below this fit beside an order key in one exact double (an order key is below 2^27: the sum below 2^51). */
const INDEX_SLOTS = 2 ** 24;

/** `dateKey` folded to year·512 + month·32 + day: the same order in 23 bits (years up to 9999). */
const compactDate = (key: number) =>
  Math.floor(key / 10_000) * 512 + (Math.floor(key / 100) % 100) * 32 + (key % 100);

/**
 * The activities' indexes in the replay's order (compareActivities, ties in the order given), and their dates.
 * Given in entry order (as the database reads a history), the order is one numeric sort of the order key and the
 * index packed in a double, which the engine sorts natively (a comparator sort of 10,000 activities runs the
 * comparator 130,000 times, slowly before it is compiled: a fresh process's first request); otherwise, by the
 * comparator.
 */
export function replayOrder(activities: readonly LedgerActivity[]): { order: number[]; dates: Float64Array } {
  const count = activities.length;
  const dates = new Float64Array(count);
  const keys = new Float64Array(count);
  const sequences = new Float64Array(count);
  let inEntryOrder = count < INDEX_SLOTS;
  for (let index = 0; index < count; index++) {
    const activity = activities[index] as LedgerActivity;
    const date = dateKey(activity.date);
    dates[index] = date;
    keys[index] = orderKeyOf(compactDate(date), activity.type);
    sequences[index] = activity.sequence;
    if (index > 0 && activity.sequence < (sequences[index - 1] as number)) inEntryOrder = false;
  }
  if (inEntryOrder) {
    // Equal sequences keep the order given, as the comparator's last key does.
    const packed = new Float64Array(count);
    for (let index = 0; index < count; index++) packed[index] = (keys[index] as number) * INDEX_SLOTS + index;
    packed.sort();
    return { order: Array.from(packed, (value) => value % INDEX_SLOTS), dates };
  }
  const order = Array.from({ length: count }, (_, index) => index);
  order.sort(
    (a, b) =>
      (keys[a] as number) - (keys[b] as number) ||
      (sequences[a] as number) - (sequences[b] as number) ||
      a - b,
  );
  return { order, dates };
}

function newCashBook(currency: string): CashBook {
  return {
    currency,
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
}

/**
 * Replays a history into holdings, realised gains, income and cash by `method`. The activities must each have
 * passed `validateActivity`; their order does not matter (the replay sorts their indexes). Refuses a history that
 * sells or transfers out more than is held then, or trades one symbol in two currencies, naming the activity.
 */
export function replayActivities(
  activities: readonly LedgerActivity[],
  method: CostBasisMethod,
): LedgerOutcome {
  const positions = new Map<string, Position>();
  const books = new Map<string, CashBook>();
  const taken: TakenShares = {
    hasShort: false,
    shortQuantity: 0n,
    shortCost: 0n,
    hasLong: false,
    longQuantity: 0n,
    longCost: 0n,
  };
  let book: CashBook | undefined;

  const { order, dates } = replayOrder(activities);
  for (const index of order) {
    const activity = activities[index] as LedgerActivity;
    const date = dates[index] as number;
    // Histories are mostly in one currency: the last book is checked before the map.
    if (book?.currency !== activity.currency) {
      book = books.get(activity.currency);
      if (!book) {
        book = newCashBook(activity.currency);
        books.set(activity.currency, book);
      }
    }
    const fee = activity.fee === null ? 0n : scaled(activity.fee, MONEY_DECIMALS);
    if (activity.fee !== null) book.fees += fee;
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
      position.lots.push({ acquired: activity.date, shortUntil: shortTermUntil(date), quantity, cost });
      // Average cost's pool (FIFO reads the lots alone); a closed position starts a new one.
      if (method === 'average') {
        if (position.quantity === 0n) position.pool = 0n;
        position.pool = position.pool === null || cost === null ? null : position.pool + cost;
      }
      position.quantity += quantity;
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
    takeShares(position, quantity, date, taken);
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
    const year = Math.floor(date / 10_000);
    const shortProceeds = taken.hasShort ? divideRounded(proceeds * taken.shortQuantity, quantity) : 0n;
    const shortPool =
      taken.hasShort && poolTaken !== null ? divideRounded(poolTaken * taken.shortQuantity, quantity) : 0n;
    if (taken.hasShort) {
      const cost = method === 'fifo' ? taken.shortCost : poolTaken === null ? null : shortPool;
      addRealized(position, year, 'short', taken.shortQuantity, shortProceeds, cost);
    }
    if (taken.hasLong) {
      const cost = method === 'fifo' ? taken.longCost : poolTaken === null ? null : poolTaken - shortPool;
      addRealized(position, year, 'long', taken.longQuantity, proceeds - shortProceeds, cost);
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
