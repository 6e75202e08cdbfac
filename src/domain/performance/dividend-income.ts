/**
 * Dividend income of a history (issue 28 item 4): by month, by year and by holding, in each payment's currency and
 * in a base currency; the trailing-12-month yield on cost and on value; and a forward-12-month estimate from the
 * last 12 months' payments. Pure and exact (the paper ledger's Decimal); the rates of exchange are an input.
 * Conventions (docs/performance.md, "Dividend income"):
 *
 * - A payment is a `dividend` activity, dated its date (the pay date); one after `asOf` is left out of everything.
 * - The trailing 12 months (T12M) are the days after the same day 12 months before `asOf`, up to `asOf`.
 * - In the base currency a payment counts at the rate of its own day; a cost basis and a market value at the rate
 *   of `asOf`. A rate the input does not know makes every base figure that needs it null, and its currency is
 *   named in `missingRates`: never a silent wrong number.
 * - Yield on cost = a holding's T12M dividends / the cost basis of what is held now; yield on value = the same /
 *   quantity held × today's price; fractions (0.031 for 3.1 %). A holding sold out has no yield. The portfolio's
 *   yields add the held holdings' T12M dividends and divide by the held holdings' cost basis (value), in the base
 *   currency; a holding of unknown cost (unknown price) is left out of both sides of that yield and named.
 * - The forward estimate is an estimate and typed so: each T12M payment of a symbol held now, scaled by the shares
 *   held now over the shares it was paid on (the dividend's own quantity when it says one, else the shares held at
 *   the end of the day before it), both counted in today's shares (splits since then applied). A payment made on no
 *   shares at all is taken as paid, unscaled, and counted apart (`unscaled`).
 */
import { addDays, addMonths } from '../calendar';
import type { Ledger, LedgerActivity, LedgerHolding } from '../activities/ledger';
import { replayOrder } from '../activities/ledger';
import { Decimal } from '../paper-trading';
import type { RateOf } from './daily-rates';

export interface DividendIncomeInput {
  /** The validated activities of the history, in any order. */
  activities: readonly LedgerActivity[];
  /** `replayActivities` of the same activities: what is held now and its cost basis. */
  ledger: Ledger;
  /** Today's price of each held symbol, in its holding's currency; absent when there is none. */
  prices: ReadonlyMap<string, Decimal>;
  /** The last day counted (today). */
  asOf: string;
  baseCurrency: string;
  /** Base-currency units per unit of `currency` on `date`; null when not known. Not asked for the base currency. */
  rateOf: RateOf;
}

export interface MoneyInCurrency {
  currency: string;
  amount: Decimal;
}

/** Amounts in each payment's currency (sorted by currency) and their sum in the base currency (null: a rate missing). */
export interface IncomeAmount {
  local: MoneyInCurrency[];
  base: Decimal | null;
}

/** A month (`2024-03`) or a year (`2024`) of payments. */
export interface IncomePeriod extends IncomeAmount {
  period: string;
}

/** An estimate, never a record: the type says so, and so must every screen that shows it. */
export interface ForwardEstimate {
  kind: 'estimate';
  amount: Decimal;
  /** The T12M payments it is built from. */
  payments: number;
  /** Of those, the ones paid on no shares: counted as paid. */
  unscaled: number;
}

/** One symbol's payments in one currency (nearly always its holding's). */
export interface HoldingIncome {
  symbol: string;
  currency: string;
  /** Held now (0 for a holding sold out). */
  quantity: Decimal;
  total: Decimal;
  trailing12m: Decimal;
  /** The cost basis and value of what is held now, in its holding's currency; null when unknown or not held. */
  costBasis: Decimal | null;
  marketValue: Decimal | null;
  /** Fractions; null without a held cost basis (value), or when the payments are in another currency than it. */
  yieldOnCost: Decimal | null;
  yieldOnValue: Decimal | null;
  forward12m: ForwardEstimate;
  /**
   * The same in the base currency: the payments each at its day's rate, the estimate at the rate of `asOf`; null
   * when a rate is missing.
   */
  inBase: { total: Decimal | null; trailing12m: Decimal | null; forward12m: Decimal | null };
}

export interface PortfolioYield {
  /** The held holdings' T12M dividends over their cost basis (value), in the base currency. */
  onCost: Decimal | null;
  onValue: Decimal | null;
  costBasis: Decimal | null;
  marketValue: Decimal | null;
  /** Held holdings left out of the yield on cost (their cost is unknown) and of the yield on value (no price). */
  unknownCost: string[];
  unpriced: string[];
}

export interface DividendIncome {
  asOf: string;
  baseCurrency: string;
  /** The first day of the trailing 12 months. */
  trailingFrom: string;
  total: IncomeAmount;
  trailing12m: IncomeAmount;
  /** Oldest first; only months and years with a payment. */
  byMonth: IncomePeriod[];
  byYear: IncomePeriod[];
  /** By symbol, then currency. */
  byHolding: HoldingIncome[];
  yield: PortfolioYield;
  forward12m: { kind: 'estimate'; local: MoneyInCurrency[]; base: Decimal | null };
  /** Currencies whose rate was missing for some base figure. */
  missingRates: string[];
}

// ---------------------------------------------------------------------------------------- internals

const ZERO = new Decimal(0);

/** Sums in each currency and in the base currency (null once a rate was missing). */
class AmountSum {
  private readonly local = new Map<string, Decimal>();
  private base: Decimal | null = ZERO;

  add(currency: string, amount: Decimal, baseAmount: Decimal | null): void {
    this.local.set(currency, (this.local.get(currency) ?? ZERO).plus(amount));
    this.base = this.base === null || baseAmount === null ? null : this.base.plus(baseAmount);
  }

  toAmount(): IncomeAmount {
    const local = [...this.local.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([currency, amount]) => ({ currency, amount }));
    return { local, base: this.base };
  }
}

/** A dividend as the income reads it: its amount, and the shares it was paid on in today's shares (null: none). */
interface Payment {
  symbol: string;
  currency: string;
  date: string;
  amount: Decimal;
  /** In today's shares (splits since applied); null when it was paid on no shares. */
  shares: Decimal | null;
}

interface ShareCount {
  held: Decimal;
  /** The product of the splits so far. */
  factor: Decimal;
  /** `held` and `factor` at the end of the day before `day` (the last day a share activity was read). */
  day: string;
  heldBefore: Decimal;
  factorBefore: Decimal;
}

/**
 * The history's payments up to `asOf` with the shares each was paid on, counted in today's shares: one pass in the
 * ledger's order that counts the shares of each symbol (splits multiply them, as the ledger does).
 */
function paymentsOf(activities: readonly LedgerActivity[], asOf: string): Payment[] {
  const counts = new Map<string, ShareCount>();
  const countOf = (symbol: string, date: string): ShareCount => {
    let count = counts.get(symbol);
    if (!count) {
      count = {
        held: ZERO,
        factor: new Decimal(1),
        day: date,
        heldBefore: ZERO,
        factorBefore: new Decimal(1),
      };
      counts.set(symbol, count);
    } else if (count.day !== date) {
      count.day = date;
      count.heldBefore = count.held;
      count.factorBefore = count.factor;
    }
    return count;
  };
  const raw: { payment: Payment; shares: Decimal; factor: Decimal }[] = [];
  for (const index of replayOrder(activities).order) {
    const activity = activities[index] as LedgerActivity;
    if (activity.date > asOf || activity.symbol === null) continue;
    const count = countOf(activity.symbol, activity.date);
    const quantity = new Decimal(activity.quantity ?? 0);
    switch (activity.type) {
      case 'buy':
      case 'transfer_in':
        count.held = count.held.plus(quantity);
        break;
      case 'sell':
      case 'transfer_out':
        count.held = count.held.minus(quantity);
        break;
      case 'split':
        count.held = count.held.times(quantity);
        count.factor = count.factor.times(quantity);
        break;
      case 'dividend': {
        const given = activity.quantity !== null;
        raw.push({
          payment: {
            symbol: activity.symbol,
            currency: activity.currency,
            date: activity.date,
            amount: new Decimal(activity.amount ?? 0),
            shares: null,
          },
          shares: given ? quantity : count.heldBefore,
          factor: given ? count.factor : count.factorBefore,
        });
        break;
      }
      default:
        break;
    }
  }
  // Today's shares: the splits after the count, that is the symbol's whole factor over the factor then.
  return raw.map(({ payment, shares, factor }) => {
    const now = (counts.get(payment.symbol) as ShareCount).factor;
    return { ...payment, shares: shares.isZero() ? null : shares.times(now).dividedBy(factor) };
  });
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// --------------------------------------------------------------------------------------------- answer

/** The dividend income of a history: see the conventions above. */
export function computeDividendIncome(input: DividendIncomeInput): DividendIncome {
  const { asOf, baseCurrency } = input;
  const missing = new Set<string>();
  const toBase = (currency: string, date: string, amount: Decimal): Decimal | null => {
    if (currency === baseCurrency) return amount;
    const rate = input.rateOf(currency, date);
    if (rate === null) {
      missing.add(currency);
      return null;
    }
    return amount.times(rate);
  };
  const trailingFrom = addDays(addMonths(asOf, -12), 1);
  const held = new Map<string, LedgerHolding>();
  for (const holding of input.ledger.holdings) if (holding.quantity.gt(0)) held.set(holding.symbol, holding);

  const total = new AmountSum();
  const trailing = new AmountSum();
  const months = new Map<string, AmountSum>();
  const years = new Map<string, AmountSum>();
  interface Row {
    symbol: string;
    currency: string;
    total: Decimal;
    totalBase: Decimal | null;
    trailing: Decimal;
    trailingBase: Decimal | null;
    forward: Decimal;
    payments: number;
    unscaled: number;
  }
  const rows = new Map<string, Row>();
  const plus = (a: Decimal | null, b: Decimal | null) => (a === null || b === null ? null : a.plus(b));
  const sumIn = (map: Map<string, AmountSum>, key: string) => {
    let sum = map.get(key);
    if (!sum) map.set(key, (sum = new AmountSum()));
    return sum;
  };

  for (const payment of paymentsOf(input.activities, asOf)) {
    const base = toBase(payment.currency, payment.date, payment.amount);
    total.add(payment.currency, payment.amount, base);
    sumIn(months, payment.date.slice(0, 7)).add(payment.currency, payment.amount, base);
    sumIn(years, payment.date.slice(0, 4)).add(payment.currency, payment.amount, base);
    const key = `${payment.symbol}\u0000${payment.currency}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        symbol: payment.symbol,
        currency: payment.currency,
        total: ZERO,
        totalBase: ZERO,
        trailing: ZERO,
        trailingBase: ZERO,
        forward: ZERO,
        payments: 0,
        unscaled: 0,
      };
      rows.set(key, row);
    }
    row.total = row.total.plus(payment.amount);
    row.totalBase = plus(row.totalBase, base);
    if (payment.date < trailingFrom) continue;
    trailing.add(payment.currency, payment.amount, base);
    row.trailing = row.trailing.plus(payment.amount);
    row.trailingBase = plus(row.trailingBase, base);
    const holding = held.get(payment.symbol);
    if (!holding) continue;
    row.payments += 1;
    if (payment.shares === null) {
      row.unscaled += 1;
      row.forward = row.forward.plus(payment.amount);
    } else {
      row.forward = row.forward.plus(payment.amount.times(holding.quantity).dividedBy(payment.shares));
    }
  }

  const priceOf = (holding: LedgerHolding) => input.prices.get(holding.symbol) ?? null;
  const ratio = (a: Decimal, b: Decimal | null) => (b === null || b.isZero() ? null : a.dividedBy(b));
  const sortedRows = [...rows.values()].sort(
    (a, b) => compareText(a.symbol, b.symbol) || compareText(a.currency, b.currency),
  );
  // The estimate in the base currency at the rate of asOf (nothing to convert without a payment in the window).
  const forwardBaseOf = (row: Row) => (row.payments > 0 ? toBase(row.currency, asOf, row.forward) : ZERO);
  const byHolding = sortedRows.map((row): HoldingIncome => {
    const holding = held.get(row.symbol);
    const price = holding ? priceOf(holding) : null;
    const costBasis = holding?.costBasis ?? null;
    const marketValue = holding && price !== null ? holding.quantity.times(price) : null;
    const sameCurrency = holding?.currency === row.currency;
    return {
      symbol: row.symbol,
      currency: row.currency,
      quantity: holding?.quantity ?? ZERO,
      total: row.total,
      trailing12m: row.trailing,
      costBasis,
      marketValue,
      yieldOnCost: sameCurrency ? ratio(row.trailing, costBasis) : null,
      yieldOnValue: sameCurrency ? ratio(row.trailing, marketValue) : null,
      forward12m: { kind: 'estimate', amount: row.forward, payments: row.payments, unscaled: row.unscaled },
      inBase: { total: row.totalBase, trailing12m: row.trailingBase, forward12m: forwardBaseOf(row) },
    };
  });

  // The portfolio's yields: the held holdings', in the base currency (cost and value at the rate of asOf).
  const unknownCost: string[] = [];
  const unpriced: string[] = [];
  let costBasis: Decimal | null = ZERO;
  let marketValue: Decimal | null = ZERO;
  let costIncome: Decimal | null = ZERO;
  let valueIncome: Decimal | null = ZERO;
  const trailingOf = (symbol: string) =>
    sortedRows
      .filter((row) => row.symbol === symbol)
      .reduce<Decimal | null>((sum, row) => plus(sum, row.trailingBase), ZERO);
  for (const holding of held.values()) {
    const income = trailingOf(holding.symbol);
    if (holding.costBasis === null) unknownCost.push(holding.symbol);
    else {
      costBasis = plus(costBasis, toBase(holding.currency, asOf, holding.costBasis));
      costIncome = plus(costIncome, income);
    }
    const price = priceOf(holding);
    if (price === null) unpriced.push(holding.symbol);
    else {
      marketValue = plus(marketValue, toBase(holding.currency, asOf, holding.quantity.times(price)));
      valueIncome = plus(valueIncome, income);
    }
  }
  const forward = new AmountSum();
  for (const row of sortedRows) {
    if (row.payments > 0) forward.add(row.currency, row.forward, forwardBaseOf(row));
  }

  const periods = (map: Map<string, AmountSum>) =>
    [...map.entries()]
      .sort(([a], [b]) => compareText(a, b))
      .map(([period, sum]): IncomePeriod => ({ period, ...sum.toAmount() }));
  const knownCost = held.size > unknownCost.length ? costBasis : null;
  const knownValue = held.size > unpriced.length ? marketValue : null;
  return {
    asOf,
    baseCurrency,
    trailingFrom,
    total: total.toAmount(),
    trailing12m: trailing.toAmount(),
    byMonth: periods(months),
    byYear: periods(years),
    byHolding,
    yield: {
      onCost: costIncome === null ? null : ratio(costIncome, knownCost),
      onValue: valueIncome === null ? null : ratio(valueIncome, knownValue),
      costBasis: knownCost,
      marketValue: knownValue,
      unknownCost: unknownCost.sort(compareText),
      unpriced: unpriced.sort(compareText),
    },
    forward12m: { kind: 'estimate', ...forward.toAmount() },
    missingRates: [...missing].sort(compareText),
  };
}
