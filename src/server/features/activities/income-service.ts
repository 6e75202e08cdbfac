/**
 * A portfolio's dividend income and realised gains by year (issue 28 items 4 and 6): the history read as
 * GET /api/holdings reads it (`readHistory`: the same access rules, plan gates and 404s), replayed by the ledger,
 * and given to the pure rules of src/domain/performance (dividend-income.ts, realized-by-year.ts). Today's prices
 * come from the market-data pricing surface, as the holdings' do. USD only in this step: a payment in another
 * currency has no USD figure and its currency is named (`missingRates`), never converted at a guessed rate.
 */
import {
  FORWARD_ESTIMATE_NOTE,
  type DividendIncomeResponse,
  type RealizedByYearResponse,
} from '../../../contracts/income';
import type { LedgerHolding } from '../../../domain/activities/ledger';
import { Decimal } from '../../../domain/paper-trading';
import { computeDividendIncome, type IncomeAmount } from '../../../domain/performance/dividend-income';
import { realizedGainsByYear, type RealizedFigures } from '../../../domain/performance/realized-by-year';
import { latestToday, readHistory, replayOrThrow, type UserRequest } from './service';

const BASE_CURRENCY = 'USD';

const money = (value: Decimal) => value.toDecimalPlaces(2).toNumber();
const moneyOrNull = (value: Decimal | null) => (value === null ? null : money(value));
const fraction = (value: Decimal | null) => (value === null ? null : value.toDecimalPlaces(8).toNumber());

function amountOf(amount: IncomeAmount) {
  return {
    amount: moneyOrNull(amount.base),
    byCurrency: amount.local.map((part) => ({ currency: part.currency, amount: money(part.amount) })),
  };
}

/** GET /api/holdings/income: dividends by month, year and holding; T12M yields; the forward estimate. */
export async function getDividendIncome(
  options: UserRequest & { portfolio: string },
): Promise<DividendIncomeResponse> {
  const { key, activities, method, hasHistory } = await readHistory(options);
  const ledger = replayOrThrow(activities, method);
  const held = ledger.holdings.filter((holding) => holding.quantity.gt(0));
  const { prices: quotes, sources } = await options.marketData.getUsdPrices(
    held.map((holding) => holding.symbol),
    { userId: options.user.id },
  );
  // Each held holding's price in its own currency, as GET /api/holdings values it.
  const prices = new Map<string, Decimal>();
  for (const holding of held) {
    const price = priceOf(holding, quotes[holding.symbol]);
    if (price !== null) prices.set(holding.symbol, new Decimal(price));
  }
  const asOf = latestToday(options.now());
  const income = computeDividendIncome({
    activities,
    ledger,
    prices,
    asOf,
    baseCurrency: BASE_CURRENCY,
    rateOf: () => null,
  });
  return {
    portfolio: key,
    currency: BASE_CURRENCY,
    asOf,
    trailingFrom: income.trailingFrom,
    hasHistory,
    total: amountOf(income.total),
    trailing12m: amountOf(income.trailing12m),
    byMonth: income.byMonth.map((month) => ({ period: month.period, ...amountOf(month) })),
    byYear: income.byYear.map((year) => ({ period: year.period, ...amountOf(year) })),
    holdings: income.byHolding.map((row) => ({
      symbol: row.symbol,
      currency: row.currency,
      quantity: row.quantity.toNumber(),
      total: money(row.total),
      trailing12m: money(row.trailing12m),
      costBasis: moneyOrNull(row.costBasis),
      marketValue: moneyOrNull(row.marketValue),
      yieldOnCost: fraction(row.yieldOnCost),
      yieldOnValue: fraction(row.yieldOnValue),
      forward12m: { ...row.forward12m, amount: money(row.forward12m.amount) },
    })),
    yield: {
      onCost: fraction(income.yield.onCost),
      onValue: fraction(income.yield.onValue),
      costBasis: moneyOrNull(income.yield.costBasis),
      marketValue: moneyOrNull(income.yield.marketValue),
      unknownCost: income.yield.unknownCost,
      unpriced: income.yield.unpriced,
    },
    forward12m: { kind: 'estimate', note: FORWARD_ESTIMATE_NOTE, ...amountOf(income.forward12m) },
    missingRates: income.missingRates,
    sources,
  };
}

/** A quote's price in the holding's currency: USD's own, or the listing's local price in that currency. */
function priceOf(
  holding: LedgerHolding,
  quote: { price: number; local?: { currency: string; price: number } } | undefined,
): number | null {
  if (!quote) return null;
  if (holding.currency === 'USD') return quote.price;
  return quote.local?.currency === holding.currency ? quote.local.price : null;
}

function figuresOf(figures: RealizedFigures) {
  return {
    proceeds: money(figures.proceeds),
    costBasis: moneyOrNull(figures.costBasis),
    shortTerm: moneyOrNull(figures.shortTerm),
    longTerm: moneyOrNull(figures.longTerm),
    total: moneyOrNull(figures.total),
  };
}

/** GET /api/holdings/realized-by-year: the ledger's realised gains by year and term, newest year first. */
export async function getRealizedByYear(
  options: UserRequest & { portfolio: string },
): Promise<RealizedByYearResponse> {
  const { key, activities, method, hasHistory } = await readHistory(options);
  // Newest year first; within a year, currencies in order (the sort is stable).
  const years = realizedGainsByYear(replayOrThrow(activities, method)).sort((a, b) => b.year - a.year);
  return {
    portfolio: key,
    costBasisMethod: method,
    hasHistory,
    years: years.map((year) => ({
      year: year.year,
      currency: year.currency,
      ...figuresOf(year),
      holdings: year.holdings.map((holding) => ({ symbol: holding.symbol, ...figuresOf(holding) })),
    })),
  };
}
